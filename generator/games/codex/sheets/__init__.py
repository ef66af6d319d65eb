"""Codex (secret agents) printables: the Master's sheet, the agent strips, the public roles card."""
