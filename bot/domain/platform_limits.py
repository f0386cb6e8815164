"""What Telegram and Discord accept, defined once (GUIDE §2): rendering fits texts to these
limits, `quizbot validate` checks quiz files against them, adapters cut to them.

In the domain, not in bot/catalog/limits.py (which checks quizzes against them), because
bot/text/render.py needs them too and bot/catalog/limits.py imports render.
"""

from __future__ import annotations

TELEGRAM_ALERT = 200
"""Characters in an `answerCallbackQuery` alert (the private verdict in a group)."""
TELEGRAM_MESSAGE = 4096
TELEGRAM_CAPTION = 1024
"""Characters of a photo's caption after entities parsing (a question posted with its picture)."""
TELEGRAM_CALLBACK_DATA = 64
"""Bytes of button data: the tighter of the two platforms, so button payloads fit both."""
DISCORD_MESSAGE = 2000
DISCORD_EMBED_DESCRIPTION = 4096
DISCORD_BUTTON_LABEL = 80
DISCORD_CUSTOM_ID = 100
DISCORD_SELECT_OPTION_LABEL = 100
"""Characters of a string select's option label (a longer choice is cut, its letter kept)."""
DISCORD_SELECT_PLACEHOLDER = 150
DISCORD_MODAL_TITLE = 45
DISCORD_TEXT_INPUT_LABEL = 45
DISCORD_CHOICES = 25
"""Autocomplete suggestions Discord shows for one option."""
DISCORD_CHOICE_NAME = 100
