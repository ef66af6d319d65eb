"""pnpgen: a print-and-play content generator (card sheets, game setups, puzzle checkers)."""

__version__ = "0.1.0"
