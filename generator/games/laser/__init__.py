"""Laser circuits: the rules model, simulator, exact checker, solver, difficulty and generator."""
