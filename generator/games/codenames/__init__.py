"""Codenames: key cards (classic 5x5, Pictures 5x4) with shareable codes, and word cards."""
