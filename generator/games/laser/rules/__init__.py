"""Laser circuits: pure rules (model, notation, engine, search, check, solve, difficulty, generate, explain)."""
