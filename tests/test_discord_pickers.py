"""The Discord pieces of the question types (adapters/discord_bot/pickers.py and
answer_forms.py) fit Discord's limits, and their custom_ids parse back to what was picked."""

from __future__ import annotations

import dataclasses
import re
from datetime import UTC, datetime
from typing import Any

import pytest

from adapters.discord_bot import answer_forms, pickers
from bot.catalog.loader import load_quiz
from bot.domain import payload
from bot.domain.entities import Post
from bot.domain.models import LETTERS, Text
from bot.domain.payload import LARGEST_POST_ID
from bot.domain.platform_limits import (
    DISCORD_CUSTOM_ID,
    DISCORD_MODAL_TITLE,
    DISCORD_SELECT_OPTION_LABEL,
    DISCORD_SELECT_PLACEHOLDER,
    DISCORD_TEXT_INPUT_LABEL,
)
from bot.domain.views import QuestionView
from bot.text.i18n import CATALOGS
from tests.support.paths import TYPES

QUIZ = load_quiz(TYPES / "every-type.yaml")


def parsed(item: Any, custom_id: str) -> pickers.Pick:
    """What discord.py rebuilds from a custom_id (after a restart too): the item's pick."""
    match = re.fullmatch(item.__discord_ui_compiled_template__, custom_id)
    assert match is not None, custom_id
    pick: pickers.Pick = item.parsed(match).pick
    return pick


def test_the_longest_custom_ids_fit_and_parse_back_to_the_same_pick() -> None:
    post = LARGEST_POST_ID
    every_letter = tuple(range(len(LETTERS)))
    made: list[Any] = [
        pickers.TypedButton(post, number=True),
        pickers.TypedButton(post, number=False),
        pickers.PickButton(post),
        pickers.PickSelect(post),
        pickers.OrderButton(post),
        pickers.OrderButton(post, len(LETTERS) - 1, every_letter),
        pickers.OrderButton(post, 3, ()),
    ]
    for item in made:
        custom_id = item.item.custom_id
        assert custom_id is not None
        assert len(custom_id) <= DISCORD_CUSTOM_ID
        assert parsed(type(item), custom_id) == item.pick


@pytest.mark.parametrize(
    "custom_id",
    ["v1:t:0", "v1:x:5", "v1:o:5:A:K", "v1:o:5:B", "v1:ps:5:A", "v1:p:01", "v1:k:5:A"],
)
def test_a_custom_id_no_picker_made_matches_none_of_them(custom_id: str) -> None:
    templates = [item.__discord_ui_compiled_template__ for item in pickers.ITEMS]
    assert not any(template.fullmatch(custom_id) for template in templates)


def test_the_modal_and_select_texts_fit_in_both_languages() -> None:
    for language, catalog in CATALOGS.items():
        assert len(catalog["discord.modal_title"]) <= DISCORD_MODAL_TITLE, language
        for kind in ("text", "number"):
            label = catalog[f"discord.modal_label.{kind}"]
            assert len(label) <= DISCORD_TEXT_INPUT_LABEL, language
        assert len(catalog["discord.pick_placeholder"]) <= DISCORD_SELECT_PLACEHOLDER, language


def multiple_view(choices: tuple[Text, ...]) -> QuestionView:
    question = next(q for q in QUIZ.questions if q.type == "multiple")
    question = dataclasses.replace(question, choices=choices)
    opened = datetime(2026, 1, 1, tzinfo=UTC)
    post = Post("dc:1", QUIZ.id, question.id, (3, 1, 0, 2), 1, 1, opened, None, 1, post_id=7)
    return QuestionView(QUIZ, question, post)


def test_a_choice_longer_than_an_option_label_is_cut_and_keeps_its_letter() -> None:
    long = "x" * 200  # the longest choice a quiz file may have
    view = multiple_view((Text("2"), Text("4"), Text("7"), Text(long)))
    rows = answer_forms.pick_select(view, "en").to_components()
    select = rows[0]["components"][0]  # as sent to Discord
    labels = [option["label"] for option in select["options"]]
    assert [option["value"] for option in select["options"]] == ["A", "B", "C", "D"]
    assert labels[0] == f"A. {long[: DISCORD_SELECT_OPTION_LABEL - 4]}…"
    assert len(labels[0]) == DISCORD_SELECT_OPTION_LABEL
    assert labels[1:] == ["B. 4", "C. 2", "D. 7"]
    assert (select["min_values"], select["max_values"]) == (1, 4)
    assert select["placeholder"] == "Pick every right answer"


def test_no_picker_id_is_a_payload_and_no_payload_is_a_picker_id() -> None:
    """Discord's pickers and bot/domain/payload.py share one namespace of tags (v1:<tag>:…):
    a tag used twice once sent a flag's sentence to the typed-number modal's handler."""
    post = 123456789
    payloads = [
        payload.AnswerPress(post, 2), payload.RevealPress(post), payload.SubmitPress(post),
        payload.StartPress("parallelism"), payload.ForgetPress("42", True),
        payload.FlagPress(post), payload.FlagReasonPress(post, "w"), payload.FlagNote(post),
    ]  # fmt: skip
    templates = [item.__discord_ui_compiled_template__ for item in pickers.ITEMS]
    for encoded in map(payload.encode, payloads):
        assert not any(template.fullmatch(encoded) for template in templates), encoded
    picker_ids = [
        pickers.typed_id(post, False), pickers.typed_id(post, True),
        pickers.order_id(post, 1, (0, 1)), pickers.PickButton(post).item.custom_id,
        pickers.PickSelect(post).item.custom_id,
    ]  # fmt: skip
    for custom_id in picker_ids:
        assert any(template.fullmatch(custom_id) for template in templates), custom_id
        with pytest.raises(payload.PayloadError):
            payload.decode(custom_id)
