"""Error log records caught during an end-to-end test (see the `error_logs` fixture)."""

from __future__ import annotations

import logging


class ErrorLogs(logging.Handler):
    """Keeps every ERROR record; the fixture fails the test on those left unclaimed."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def claim(self) -> list[logging.LogRecord]:
        """Take the errors logged so far: the test has checked them."""
        claimed, self.records = self.records, []
        return claimed
