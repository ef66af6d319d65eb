"""Shared vocabulary on the standard library only: units, seeded randomness, errors, atomic files."""
