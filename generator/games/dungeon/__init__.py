"""CODEX, the co-operative dungeon crawl: the deck model and checks, chapter deals, the saved campaign."""
