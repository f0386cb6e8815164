"""Telegram: the python-telegram-bot Application around the quiz service.

Named `telegram_bot` so that it cannot shadow the `telegram` library.
"""
