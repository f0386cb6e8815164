"""Message catalogs, one module per language, with the same keys and placeholders."""
