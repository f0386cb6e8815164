"""Two processes polling one bot token: Telegram answers the older getUpdates 409 Conflict.

PTB would retry for ever, logging a traceback every few seconds. The first Conflict instead
stops this process with one line on stderr and exit status 1 (systemd then reports a failed
unit rather than a running one that serves nothing).
"""

from __future__ import annotations

import logging
import sys
from typing import Any

from telegram.error import Conflict
from telegram.ext import Application

CONFLICT_LINE = (
    "quizbot: another process is polling Telegram with this TELEGRAM_TOKEN (409 Conflict); "
    "stop it, or run every worker with --webhook."
)
_EXIT_STATUS = "quizbot.exit_status"
_UPDATER_LOG = "telegram.ext.Updater"


class _WithoutConflicts(logging.Filter):
    """PTB's own log of the Conflict (with a traceback) would repeat the line."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], Conflict))


def stop_on_conflict(application: Application[Any, Any, Any, Any, Any, Any]) -> None:
    """Say it once, then stop polling; `exit_status` becomes 1."""
    if application.bot_data.get(_EXIT_STATUS):
        return
    application.bot_data[_EXIT_STATUS] = 1
    logging.getLogger(_UPDATER_LOG).addFilter(_WithoutConflicts())
    print(CONFLICT_LINE, file=sys.stderr, flush=True)
    application.stop_running()


def exit_status(application: Application[Any, Any, Any, Any, Any, Any]) -> int:
    """1 after a polling conflict, else 0."""
    return int(application.bot_data.get(_EXIT_STATUS, 0))
