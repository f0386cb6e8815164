"""`quizbot export`: a chat's results as CSV, safe to open in a spreadsheet."""

from __future__ import annotations

import asyncio
import csv
import io
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from bot.domain.entities import ExportRow, Player
from bot.play.service import QuizService
from bot.text.export import write_csv
from tests.support.paths import ROOT


async def test_export_command_writes_the_chats_answers(
    service: QuizService, database: Path | str, tmp_path: Path
) -> None:
    hostile = Player("tg:9", '=HYPERLINK("http://x")', "en")
    started = await service.start_round(
        chat_id="tg:-1",
        player=hostile,
        quiz_id="parallelism",
        mode="group",
        questions=1,
        seconds=30,
    )
    view = await service.post_next(started.round_id)
    assert view is not None
    await service.press(
        chat_id="tg:-1",
        player=hostile,
        post_id=view.post.post_id,
        letter_index=view.post.correct_letter_index(view.question),
    )
    env = {**os.environ, "QUIZBOT_DB": str(database)}
    result = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "adapters.cli", "export", "--chat", "tg:-1", "--format", "csv"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 1
    assert rows[0]["name"] == '\'=HYPERLINK("http://x")'
    assert rows[0]["correct"] == "1"
    assert rows[0]["choice"] == "ABCD"[view.question.answer]
    assert rows[0]["question"] == view.question.id
    missing = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "adapters.cli", "export", "--chat", "tg:-2"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert missing.returncode == 1
    assert missing.stderr.strip() == (
        "quizbot: no answers stored for chat 'tg:-2'. Chats with answers: tg:-1"
    )


def test_csv_columns() -> None:
    stream = io.StringIO()
    row = ExportRow(
        datetime(2026, 3, 2, 9, tzinfo=UTC), "dc:1", "Ana", "parallelism", "q1", 2, False, 1500
    )
    assert write_csv([row], stream) == 1
    assert stream.getvalue().splitlines() == [
        "answered_at,user_id,name,quiz,question,choice,correct,seconds",
        "2026-03-02T09:00:00.000+00:00,dc:1,Ana,parallelism,q1,C,0,1.500",
    ]
