"""The limits and formats of a quiz's pictures (the picture itself: models.Picture).

Every picture the bot holds went through bot/pictures/clean.py (decoded and re-encoded with
Pillow), so `data` is what a platform receives and `digest` names it everywhere: the database
row of a chat's picture, the file_id Telegram gave for it, the file name of an attachment.
"""

from __future__ import annotations

MEDIA_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg", "WEBP": "image/webp", "GIF": "image/gif"}
"""Pillow's format name → media type: the four formats a quiz may show."""
NAME_SUFFIXES = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".webp": "WEBP", ".gif": "GIF"}
"""A picture's file name ending → the format its content must have."""
MAX_PICTURE_BYTES = 1_000_000
MAX_PICTURE_SIDE = 4096
MAX_QUIZ_PICTURES = 20
MAX_ZIP_BYTES = 5_000_000
MAX_ALT = 300
"""Characters of alt text: a sentence or two, as screen readers read it."""
