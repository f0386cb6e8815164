"""The SQLite backend (aiosqlite): one file, WAL, answers group-committed by one writer."""
