"""The parallelism-3d quiz (issue 31), beyond what tests/test_bundled_quizzes.py checks of
every bundled quiz: the type mix the issue asks for, every number answer recomputed from its
prompt's figures, the schedules its picture shows simulated, and the picture as the script
draws it (scripts/draw_pipeline_schedules.py), so that it can be redrawn."""

from __future__ import annotations

import importlib.util
import io
import sys
from collections import Counter
from types import ModuleType

import pytest
from PIL import Image, ImageChops

from bot.domain.models import Quiz
from bot.domain.question_types import NumberKey
from tests.support.paths import QUIZZES, ROOT

SCRIPT = ROOT / "scripts" / "draw_pipeline_schedules.py"
PICTURE = QUIZZES / "parallelism-3d" / "gpipe-vs-1f1b.png"
CHANGED_AT_MOST = 0.01
"""Share of pixels a redraw may change: room for another FreeType's antialiasing of the
labels, far below a moved box (one box is about 0.2 % of the picture)."""


def draw_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("draw_pipeline_schedules", SCRIPT)
    assert spec
    assert spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def draw() -> ModuleType:
    return draw_module()


@pytest.fixture
def quiz(quizzes: dict[str, Quiz]) -> Quiz:
    return quizzes["parallelism-3d"]


def test_the_mix_of_types_is_the_issues(quiz: Quiz) -> None:
    types = Counter(question.type for question in quiz.questions)
    assert len(quiz.questions) >= 12
    assert types["number"] >= 4
    assert types["text"] >= 2
    assert types["multiple"] >= 2
    assert types["order"] >= 1
    assert [q.id for q in quiz.questions if q.image is not None] == ["gpipe-vs-1f1b-picture"]
    assert quiz.difficulty == "hard"
    assert quiz.languages == ("en", "fr")


def test_every_question_teaches_in_both_languages(quiz: Quiz) -> None:
    for question in quiz.questions:
        assert question.explanation is not None, question.id
        for language in ("en", "fr"):
            assert len(question.explanation.get(language)) >= 200, (question.id, language)


def test_every_number_answer_is_the_arithmetic_of_its_prompt(quiz: Quiz, draw: ModuleType) -> None:
    p, global_batch, micro_batch, replicas = 8, 1024, 1, 64
    m = global_batch // (micro_batch * replicas)
    one_f_one_b = draw.simulate(draw.one_f_one_b_order, 4, 8)
    params, data_parallel = 7.5e9, 64
    tokens, hidden, gpus = 4096, 4096, 8
    expected = {
        "batch-size-bubble": (p - 1) / (m + p - 1),
        "gpipe-vs-1f1b-picture": draw.peak_in_flight(one_f_one_b, 0),
        "lm-head-imbalance": 128_256 / (12 * 4096),
        "zb-h1-factor": (1 + 1 + 1) / (1 + 1 - 1),  # (T_F + T_B + T_W) / (T_F + T_B - T_W)
        "zero2-memory": (2 * params + 14 * params / data_parallel) / 1e9,
        "moe-dispatch-volume": tokens * 2 * (gpus - 1) / gpus * hidden * 2 / 2**20,
    }
    keys = {q.id: q.key for q in quiz.questions if q.type == "number"}
    assert set(keys) == set(expected)
    for key_id, key in keys.items():
        assert isinstance(key, NumberKey)
        assert key.low <= expected[key_id] <= key.high, (key_id, key, expected[key_id])


def test_both_schedules_have_the_same_bubble_and_1f1b_bounds_memory(draw: ModuleType) -> None:
    p, m = draw.STAGES, draw.MICRO_BATCHES
    slot = draw.FORWARD + draw.BACKWARD
    gpipe = draw.simulate(draw.gpipe_order, p, m)
    one_f_one_b = draw.simulate(draw.one_f_one_b_order, p, m)
    for ops in (gpipe, one_f_one_b):
        assert max(op.end for op in ops) == (m + p - 1) * slot  # 33: bubble 9/33 = 3/11
        for stage in range(p):
            assert sum(op.end - op.start for op in ops if op.stage == stage) == m * slot
    assert [draw.peak_in_flight(gpipe, stage) for stage in range(p)] == [m] * p
    assert [draw.peak_in_flight(one_f_one_b, stage) for stage in range(p)] == [4, 3, 2, 1]


def test_the_question_shows_the_committed_picture(quiz: Quiz) -> None:
    (question,) = [q for q in quiz.questions if q.image is not None]
    picture = question.image
    assert picture is not None
    assert picture.name == "parallelism-3d/gpipe-vs-1f1b.png"
    assert picture.media_type == "image/png"
    committed = Image.open(PICTURE)
    assert (picture.width, picture.height) == committed.size
    assert Image.open(io.BytesIO(picture.data)).size == committed.size
    assert "1F1B" in picture.alt.get("en")
    assert "1F1B" in picture.alt.get("fr")


def test_the_committed_picture_is_what_the_script_draws(draw: ModuleType) -> None:
    committed = Image.open(PICTURE)
    assert committed.format == "PNG"
    assert PICTURE.stat().st_size <= 1_000_000
    try:
        drawn = draw.draw()
    except SystemExit as missing_font:
        pytest.skip(str(missing_font))
    assert drawn.size == committed.size
    changed = ImageChops.difference(drawn, committed.convert("RGB")).convert("L").point(bool)
    assert changed.histogram()[1] <= CHANGED_AT_MOST * drawn.size[0] * drawn.size[1]
