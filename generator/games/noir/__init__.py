"""Noir: Killer vs Inspector: setups, the deck and setup sheets, and the `pnpgen noir` commands."""
