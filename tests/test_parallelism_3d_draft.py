"""The parallelism-3d draft (issue 31), checked before format 3 can load it: the type mix the
issue asks for, sources, clean French, a key that does not give itself away, every number
answer recomputed from its prompt's figures, and its schedule picture as the script draws it.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from types import ModuleType
from typing import Any

import pytest
import yaml
from PIL import Image, ImageChops

from bot.catalog.typography import typography_warnings
from bot.catalog.yaml_nodes import parse
from tests.support.paths import ROOT
from tests.support.quiz_checks import (
    LENGTH_PICK_AT_MOST,
    ONE_LETTER_AT_MOST,
    cites_a_paper_or_official_docs,
    longest_is_right,
    shortest_is_right,
)

DRAFT = ROOT / "docs" / "drafts" / "parallelism-3d.yaml"
SCRIPT = ROOT / "scripts" / "draw_pipeline_schedules.py"
LETTERS = "ABCDEFGHIJ"


def draw_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("draw_pipeline_schedules", SCRIPT)
    assert spec
    assert spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def draft() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(DRAFT.read_text(encoding="utf-8"))
    return loaded


@pytest.fixture(scope="module")
def by_id(draft: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {question["id"]: question for question in draft["questions"]}


def test_the_mix_of_types_is_the_issues(draft: dict[str, Any]) -> None:
    questions = draft["questions"]
    types = Counter(question.get("type", "choice") for question in questions)
    assert len(questions) >= 12
    assert types["number"] >= 4
    assert (types["text"], types["multiple"], types["order"]) == (2, 2, 1)
    assert [q["id"] for q in questions if "image" in q] == ["gpipe-vs-1f1b-picture"]


def test_every_question_teaches_and_cites_a_source(draft: dict[str, Any]) -> None:
    for question in draft["questions"]:
        urls = [reference["url"] for reference in question["references"]]
        assert cites_a_paper_or_official_docs(urls), (question["id"], urls)
        for language in ("en", "fr"):
            assert len(question["explanation"][language]) <= 700, question["id"]
            assert question["prompt"][language].strip(), question["id"]


def test_the_french_is_clean_as_strict_validation_checks_it() -> None:
    source = DRAFT.read_text(encoding="utf-8")
    assert [str(warning) for warning in typography_warnings(str(DRAFT), parse(source))] == []


def test_choice_questions_do_not_give_themselves_away(draft: dict[str, Any]) -> None:
    questions = [q for q in draft["questions"] if q.get("type", "choice") == "choice"]
    for language in ("en", "fr"):
        for pick in (longest_is_right, shortest_is_right):
            won = [
                q["id"]
                for q in questions
                if pick([len(c[language]) for c in q["choices"]], LETTERS.index(q["answer"]))
            ]
            assert len(won) <= LENGTH_PICK_AT_MOST * len(questions), (language, pick, won)
    letters = Counter(question["answer"] for question in questions)
    assert max(letters.values()) <= ONE_LETTER_AT_MOST * len(questions), letters


def test_every_number_answer_is_the_arithmetic_of_its_prompt(
    by_id: dict[str, dict[str, Any]],
) -> None:
    p, global_batch, micro_batch, replicas = 8, 1024, 1, 64
    m = global_batch // (micro_batch * replicas)
    one_f_one_b = draw_module().simulate(draw_module().one_f_one_b_order, 4, 8)
    params, data_parallel = 7.5e9, 64
    tokens, hidden, gpus = 4096, 4096, 8
    expected = {
        "batch-size-bubble": (p - 1) / (m + p - 1),
        "gpipe-vs-1f1b-picture": draw_module().peak_in_flight(one_f_one_b, 0),
        "lm-head-imbalance": 128_256 / (12 * 4096),
        "zb-h1-factor": (1 + 1 + 1) / (1 + 1 - 1),  # (T_F + T_B + T_W) / (T_F + T_B - T_W)
        "zero2-memory": (2 * params + 14 * params / data_parallel) / 1e9,
        "moe-dispatch-volume": tokens * 2 * (gpus - 1) / gpus * hidden * 2 / 2**20,
    }
    numbers = {key: q for key, q in by_id.items() if q.get("type") == "number"}
    assert set(numbers) == set(expected)
    for key, question in numbers.items():
        assert abs(question["answer"] - expected[key]) <= question["tolerance"], key


def test_both_schedules_have_the_same_bubble_and_1f1b_bounds_memory() -> None:
    draw = draw_module()
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


def test_the_committed_picture_is_what_the_script_draws(draft: dict[str, Any]) -> None:
    (question,) = [q for q in draft["questions"] if "image" in q]
    path = DRAFT.parent / question["image"]["file"]
    assert path.stat().st_size <= 1_000_000
    committed = Image.open(path)
    assert committed.format == "PNG"
    assert max(committed.size) <= 4096
    assert question["image"]["alt"]["en"].strip()
    assert question["image"]["alt"]["fr"].strip()
    try:
        drawn = draw_module().draw()
    except SystemExit as missing_font:
        pytest.skip(str(missing_font))
    assert drawn.size == committed.size
    changed = ImageChops.difference(drawn, committed.convert("RGB")).convert("L").point(bool)
    assert changed.histogram()[1] <= 0.01 * drawn.size[0] * drawn.size[1]
