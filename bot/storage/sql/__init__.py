"""SQL both backends share, written with ? placeholders (PostgreSQL translates them to $n)."""
