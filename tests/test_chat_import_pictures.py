"""A chat's upload of another tool's file with pictures (issue 28), on both stores: an Anki
deck's media and a zipped GIFT file's pictures are stored with the quiz made of them, and
another worker reads them back as stored."""

from __future__ import annotations

import random

import pytest

from bot.catalog.chat_shelf import ChatQuizShelf
from bot.domain import uploads
from bot.domain.models import Quiz
from bot.domain.uploads import Uploaded
from bot.play.service import QuizService
from bot.storage.interface import Store
from tests.importers.packages import BASIC, apkg
from tests.support import picture_zips as zips
from tests.support.clocks import FakeClock
from tests.support.uploads import RecordingFetch

CHAT = "tg:-100"
ADMIN = "tg:1"
DECK = (
    (BASIC, ('Which flag? <img src="flag.png" alt="A red flag">', "Red"), "flags"),
    (BASIC, ("Capital of Austria?", 'Vienna <img src="vienna.jpg">'), "flags"),
    (BASIC, ("Capital of Italy?", "Rome"), "flags"),
)


@pytest.fixture
def service(store: Store, quizzes: dict[str, Quiz], clock: FakeClock) -> QuizService:
    return QuizService(store, quizzes, clock=clock, rng=random.Random(3))


async def test_an_anki_deck_s_pictures_are_stored_and_read_back_elsewhere(
    service: QuizService, store: Store
) -> None:
    package = apkg(True, DECK, {"flag.png": zips.png(), "vienna.jpg": zips.jpeg()})
    outcome = await service.chat_quizzes.upload(
        CHAT, ADMIN, "Flags.apkg", None, RecordingFetch(package)
    )
    assert isinstance(outcome, Uploaded), outcome
    assert outcome.unused_pictures == ()
    image = outcome.quiz.questions[0].image
    explained = outcome.quiz.questions[1].explanation_image
    assert image is not None
    assert explained is not None
    serial = uploads.key_serial(outcome.quiz.id)
    assert serial is not None
    stored = await store.chat_quiz(serial)
    assert stored is not None
    assert sorted(picture.name for picture in stored.pictures) == [
        "flags/flag.png",
        "flags/vienna.jpg",
    ]
    elsewhere = await ChatQuizShelf(store).by_key(outcome.quiz.id)  # another worker's shelf
    assert elsewhere is not None
    shown, again = elsewhere.questions[0].image, elsewhere.questions[1].explanation_image
    assert shown is not None
    assert again is not None
    assert (shown.digest, shown.alt.versions) == (image.digest, (("en", "A red flag"),))
    assert again.digest == explained.digest  # a JPEG is not encoded again on the way


async def test_a_zipped_gift_file_s_pictures_are_stored(
    service: QuizService, store: Store
) -> None:
    gift = 'Which square? <img src\\="@@PLUGINFILE@@/square.png"> {=red ~blue}\n\n'
    gift += "Other? {=yes ~no}\n"
    data = zips.zipped({"bank.gift": gift.encode(), "square.png": zips.png()})
    fetch = RecordingFetch(data)
    outcome = await service.chat_quizzes.upload(CHAT, ADMIN, "bank.zip", None, fetch)
    assert isinstance(outcome, Uploaded), outcome
    assert outcome.unused_pictures == ()
    elsewhere = await ChatQuizShelf(store).by_key(outcome.quiz.id)
    assert elsewhere is not None
    image = elsewhere.questions[0].image
    assert image is not None
    assert image.name == "bank/square.png"
