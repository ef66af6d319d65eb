"""Codenames rules: grids and compositions of key cards, distinct random keys, their codes (pure)."""
