"""`quizbot doctor`'s lines: each finding in the reader's language, after its status mark."""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain.models import Language
from bot.health.findings import Finding, Status
from bot.text.i18n import t

MARKS = {Status.OK: "✓", Status.NOTE: "!", Status.FAIL: "✗", Status.SKIP: "-"}
"""One symbol a status, so a line reads without colour too."""


def finding_line(finding: Finding, language: Language) -> str:
    return f"{MARKS[finding.status]} {t(language, finding.key, **finding.values)}"


def doctor_summary(findings: Sequence[Finding], language: Language) -> str:
    failed = sum(finding.status is Status.FAIL for finding in findings)
    if not failed:
        return t(language, "doctor.all_well")
    return t(language, "doctor.problems", count=failed)
