"""Products as pages: one module per product turns content and a template into cards or sheets (no backend)."""
