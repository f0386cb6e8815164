"""Platform adapters: the terminal, Telegram and Discord, around the neutral quiz engine."""
