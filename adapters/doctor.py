"""`quizbot doctor`: checks a deployment and says what to fix, one line each.

Versions, the database, the quiz files, then Telegram and Discord when their tokens are set
(each platform's checks live in its adapter and load its library only then). Exit status 0
when nothing failed, 1 otherwise. No token is ever printed: every line is passed through the
same redaction the bots' logs use, whatever a library put in an error message.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

from adapters.logs import RedactSecrets
from adapters.terminal_view import make_console, print_wrapped
from bot.config import Settings
from bot.domain.models import Language
from bot.health.findings import Finding, Status, healthy, skip
from bot.health.local_checks import database_findings, quiz_findings, version_findings
from bot.text.doctor_texts import doctor_summary, finding_line

COLOURS = {Status.OK: "green", Status.NOTE: "yellow", Status.FAIL: "bold red", Status.SKIP: "dim"}


async def platform_findings(settings: Settings, webhook: str | None) -> list[Finding]:
    """Telegram and Discord, each only when its token is set."""
    found: list[Finding] = []
    if settings.telegram_token is None:
        found.append(skip("doctor.tg_skipped"))
    else:
        from adapters.telegram_bot.doctor import telegram_findings

        token = settings.telegram_token.reveal()
        found += await telegram_findings(token, settings.telegram_api_url, webhook)
    if settings.discord_token is None:
        found.append(skip("doctor.dc_skipped"))
    else:
        from adapters.discord_bot.doctor import TEST_API_ENV, discord_findings

        api_url = os.environ.get(TEST_API_ENV) or None
        found += await discord_findings(settings.discord_token.reveal(), api_url)
    return found


async def run_doctor(
    settings: Settings, language: Language, webhook: str | None, stream: TextIO | None = None
) -> int:
    """Every check, printed as it is done; 0 if nothing failed, else 1."""
    secrets = [s.reveal() for s in (settings.telegram_token, settings.discord_token) if s]
    printer = _Printer(stream or sys.stdout, language, RedactSecrets(secrets))
    findings = printer.show(version_findings())
    findings += printer.show(await database_findings(settings.database))
    findings += printer.show(quiz_findings(settings.quizzes))
    findings += printer.show(await platform_findings(settings, webhook))
    printer.summary(findings)
    return 0 if healthy(findings) else 1


class _Printer:
    """Lines wrapped to the terminal with a hanging indent, coloured by status."""

    def __init__(self, stream: TextIO, language: Language, redactor: RedactSecrets) -> None:
        self.console = make_console(stream)
        self.language = language
        self.redactor = redactor

    def show(self, findings: list[Finding]) -> list[Finding]:
        for finding in findings:
            line = self.redactor.redact(finding_line(finding, self.language))
            self._print(line, COLOURS[finding.status])
        return findings

    def summary(self, findings: list[Finding]) -> None:
        self.console.print()
        style = "bold green" if healthy(findings) else "bold red"
        self._print(doctor_summary(findings, self.language), style)

    def _print(self, text: str, style: str) -> None:
        print_wrapped(self.console, text, style, indent="  ")
