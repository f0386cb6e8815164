"""Storage, the source of truth: the Store interface, the schema, and its two backends."""
