"""CODEX (the dungeon crawl): rules, card data, card sheets and the `pnpgen dungeon` commands."""
