"""CODEX (the dungeon crawl) rules: the deck model and checks, chapter deals, the saved campaign (pure)."""
