"""Codex (secret agents): deals of identities and code fragments, their sheets and the `pnpgen codex` commands."""
