"""Discord: a discord.py client around the quiz service.

Named `discord_bot` so that it cannot shadow the `discord` library.
"""
