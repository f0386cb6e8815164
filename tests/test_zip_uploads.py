"""A chat's `.zip` upload (service.chat_quizzes on both stores): a quiz file and its pictures
become the chat's quiz, its pictures stored cleaned and read back by another worker; a hostile
zip is refused with its own message in both languages, and nothing is stored."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.catalog.chat_shelf import ChatQuizShelf
from bot.catalog.uploads import ReadUpload, read_upload
from bot.catalog.zip_upload import MAX_ENTRIES, read_zip
from bot.domain import uploads
from bot.domain.models import Quiz
from bot.domain.pictures import MAX_PICTURE_BYTES, MAX_QUIZ_PICTURES, MAX_ZIP_BYTES
from bot.domain.uploads import Uploaded, UploadFailed, UploadRefusal, UploadRefused
from bot.pictures.clean import clean
from bot.play.service import QuizService
from bot.storage.interface import Store
from bot.text import upload_texts
from tests.support import picture_zips as zips
from tests.support.clocks import FakeClock
from tests.support.uploads import RecordingFetch

CHAT = "tg:-100"
ADMIN = "tg:1"


@pytest.fixture
def service(store: Store, quizzes: dict[str, Quiz], clock: FakeClock) -> QuizService:
    return QuizService(store, quizzes, clock=clock, rng=random.Random(3))


async def upload(
    service: QuizService, data: bytes, name: str = "pics.zip", declared: int | None = None
) -> uploads.UploadOutcome:
    return await service.chat_quizzes.upload(CHAT, ADMIN, name, declared, RecordingFetch(data))


async def nothing_stored(store: Store) -> bool:
    counts = [await store.count_rows(table) for table in ("chat_quizzes", "pictures")]  # type: ignore[attr-defined]
    return counts == [0, 0]


async def test_a_zip_s_quiz_is_stored_with_its_picture_cleaned_and_read_back_elsewhere(
    service: QuizService, store: Store
) -> None:
    outcome = await upload(service, zips.quiz_zip({"pics/unused.png": zips.png("blue")}))
    assert isinstance(outcome, Uploaded), outcome
    image = outcome.quiz.questions[0].image
    assert image is not None
    assert image.data == clean(zips.png(), "square.png").data
    assert outcome.unused_pictures == ("pics/unused.png",)
    reply = upload_texts.upload_reply(outcome, "en")
    assert "not kept: pics/unused.png" in reply
    assert "pics/unused.png" in upload_texts.upload_reply(outcome, "fr")
    serial = uploads.key_serial(outcome.quiz.id)
    assert serial is not None
    stored = await store.chat_quiz(serial)
    assert stored is not None
    assert [picture.name for picture in stored.pictures] == [
        "pics/square.png"
    ]  # not the unused one
    assert await store.count_rows("pictures") == 1  # type: ignore[attr-defined]
    elsewhere = await ChatQuizShelf(store).by_key(outcome.quiz.id)  # another worker's shelf
    assert elsewhere is not None
    shown = elsewhere.questions[0].image
    assert shown is not None
    assert (shown.digest, shown.name) == (image.digest, "pics/square.png")
    assert shown.alt.get("fr") == "Un carré rouge"


async def test_a_stored_jpeg_is_read_back_as_stored_not_encoded_again(
    service: QuizService, store: Store
) -> None:
    """Its digest names it in the store and on the platforms: every worker must agree."""
    files = {
        "pics.yaml": zips.picture_quiz(files=("photo.jpg",)).encode(),
        "photo.jpg": zips.jpeg(),
    }
    outcome = await upload(service, zips.zipped(files))
    assert isinstance(outcome, Uploaded), outcome
    uploaded = outcome.quiz.questions[0].image
    assert uploaded is not None
    assert clean(uploaded.data, "again.jpg").data != uploaded.data  # JPEG: not idempotent
    [row] = await store.read_rows("pictures", ["digest", "media_type"])  # type: ignore[attr-defined]
    assert row == (uploaded.digest, "image/jpeg")
    elsewhere = await ChatQuizShelf(store).by_key(outcome.quiz.id)
    assert elsewhere is not None
    image = elsewhere.questions[0].image
    assert image is not None
    assert (image.digest, image.data, image.width, image.height) == (
        uploaded.digest, uploaded.data, 64, 48,
    )  # fmt: skip


async def test_a_replacement_without_pictures_leaves_none_stored(
    service: QuizService, store: Store
) -> None:
    assert isinstance(await upload(service, zips.quiz_zip()), Uploaded)
    plain = zips.picture_quiz(files=()).replace("questions:\n", "questions:\n" + _PLAIN)
    replaced = await upload(service, plain.encode(), "pics.yaml")
    assert isinstance(replaced, Uploaded), replaced
    assert replaced.replaced
    assert await store.count_rows("pictures") == 0  # type: ignore[attr-defined]
    assert await service.chat_quizzes.remove(CHAT, "pics") is not None
    assert await store.count_rows("chat_quiz_pictures") == 0  # type: ignore[attr-defined]


_PLAIN = """  - id: q1
    prompt: {en: Two?, fr: Deux ?}
    choices: [{en: '2', fr: '2'}, {en: '3', fr: '3'}]
    answer: A
    explanation: {en: Two., fr: Deux.}
"""


async def test_a_quiz_file_alone_naming_a_picture_says_to_send_a_zip(
    service: QuizService, store: Store
) -> None:
    outcome = await upload(service, zips.picture_quiz().encode(), "pics.yaml")
    assert isinstance(outcome, UploadFailed)
    assert "send a .zip" in upload_texts.upload_reply(outcome, "en")
    assert await nothing_stored(store)


async def test_a_zip_up_to_5_mb_may_be_declared_a_bigger_one_is_not_fetched(
    service: QuizService,
) -> None:
    fetch = RecordingFetch(zips.quiz_zip())
    refused = await service.chat_quizzes.upload(CHAT, ADMIN, "a.zip", MAX_ZIP_BYTES + 1, fetch)
    assert refused == UploadRefused(UploadRefusal.TOO_BIG, MAX_ZIP_BYTES)
    assert fetch.calls == 0
    taken = await upload(service, zips.quiz_zip(), declared=uploads.MAX_UPLOAD_BYTES + 1)
    assert isinstance(taken, Uploaded)
    lying = await upload(service, b"PK\x03\x04" + bytes(MAX_ZIP_BYTES), declared=10)
    assert lying == UploadRefused(UploadRefusal.TOO_BIG, MAX_ZIP_BYTES)


HOSTILE: dict[str, tuple[Callable[[], bytes], UploadRefusal, str]] = {
    "zip bomb": (lambda: zips.bomb(200_000_000), UploadRefusal.ZIP_MEMBER_TOO_BIG, "huge.png"),
    "declared size lies (smaller)": (
        lambda: zips.lying_size(2_000_000, 1_000),
        UploadRefusal.ZIP_DAMAGED,
        "pics/lie.png",
    ),
    "declared size lies (larger)": (
        lambda: zips.lying_size(1_000, 3_000_000),
        UploadRefusal.ZIP_MEMBER_TOO_BIG,
        "pics/lie.png",
    ),
    "overlapping entries": (zips.overlapping, UploadRefusal.ZIP_OVERLAPPING, ""),
    "nested zip": (zips.nested, UploadRefusal.ZIP_NESTED, "more.zip"),
    "zip named as a picture": (
        zips.nested_in_disguise,
        UploadRefusal.ZIP_NESTED,
        "pics/inner.png",
    ),
    "50 pictures": (zips.too_many_pictures, UploadRefusal.ZIP_TOO_MANY_PICTURES, "20"),
    "path traversal": (zips.traversal, UploadRefusal.ZIP_BAD_NAME, "../../etc/evil.png"),
    "absolute path": (lambda: zips.traversal("/etc/evil.png"), UploadRefusal.ZIP_BAD_NAME, ""),
    "same name twice": (zips.duplicated, UploadRefusal.ZIP_DUPLICATE_NAME, "PICS/Square.png"),
    "encrypted": (zips.encrypted, UploadRefusal.ZIP_ENCRYPTED, "pics/square.png"),
    "bzip2": (zips.packed_with_bzip2, UploadRefusal.ZIP_PACKING, "pics.yaml"),
    "not a zip": (lambda: b"PK\x03\x04 but nothing else", UploadRefusal.ZIP_UNREADABLE, ""),
    "pictures only": (
        lambda: zips.zipped({"a.png": zips.png()}),
        UploadRefusal.ZIP_NO_QUIZ,
        "",
    ),
    "two quiz files": (
        lambda: zips.quiz_zip({"other.gift": b"::q1:: A? {=a ~b}"}),
        UploadRefusal.ZIP_SEVERAL_QUIZZES,
        "other.gift",
    ),
}


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
async def test_a_hostile_zip_is_refused_with_its_message_and_nothing_stored(
    case: str, service: QuizService, store: Store
) -> None:
    make, reason, named = HOSTILE[case]
    data = make()
    assert len(data) <= MAX_ZIP_BYTES
    started = time.perf_counter()
    outcome = await upload(service, data)
    assert isinstance(outcome, UploadRefused), outcome
    assert outcome.reason is reason
    assert time.perf_counter() - started < 5  # nothing was expanded (a generous bound)
    english, french = (upload_texts.upload_reply(outcome, lang) for lang in ("en", "fr"))
    assert english != french
    for text in (english, french):
        assert "{" not in text
        assert named in text
    assert "Nothing was kept" in english
    assert "Rien n’a été gardé" in french
    assert await nothing_stored(store)


def test_the_bomb_is_small_and_expands_far_past_every_limit() -> None:
    data = zips.bomb(200_000_000)
    assert len(data) < MAX_ZIP_BYTES
    refused = read_zip(data)
    assert isinstance(refused, UploadRefused)
    assert refused.limit == MAX_PICTURE_BYTES


def test_entries_are_counted_before_any_is_read() -> None:
    data = zips.zipped({f"d{number}/": b"" for number in range(MAX_ENTRIES + 1)})
    assert read_zip(data) == UploadRefused(UploadRefusal.ZIP_TOO_MANY_PICTURES, MAX_QUIZ_PICTURES)


def test_a_mac_s_extra_files_and_folders_are_ignored() -> None:
    data = zips.quiz_zip({"__MACOSX/._pics.yaml": b"junk", "pics/.DS_Store": b"junk"})
    contents = read_zip(data)
    assert not isinstance(contents, UploadRefused), contents
    assert contents.quiz_name == "pics.yaml"
    assert list(contents.pictures) == ["pics/square.png"]


GOOD = zips.quiz_zip({"__MACOSX/._pics.yaml": b"junk", "pics/": b""})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(GOOD) - 1), st.integers(0, 255)), max_size=6))
def test_a_damaged_zip_is_refused_or_read_never_an_error(changes: list[tuple[int, int]]) -> None:
    """Bytes changed anywhere (headers, sizes, names, data): a refusal, the file's problems, or
    a quiz; never an exception out of the reader (zipfile raises a dozen kinds)."""
    data = bytearray(GOOD)
    for offset, value in changes:
        data[offset] = value
    outcome = read_upload("pics.zip", bytes(data))
    assert isinstance(outcome, UploadRefused | UploadFailed | ReadUpload)


def test_a_member_without_a_name_is_refused() -> None:
    data = zips.quiz_zip().replace(b"pics/square.png", b"\0ics/square.png")
    assert read_zip(data) == UploadRefused(UploadRefusal.ZIP_BAD_NAME, 0)


def test_pictures_are_named_from_the_quiz_file_s_folder() -> None:
    """A zip of a folder: `my-quiz/pics.yaml` names `pics/square.png`, which the zip holds
    as `my-quiz/pics/square.png`; a picture outside the folder cannot be named, even when it
    has a name the quiz gives (`pics/square.png` at the top)."""
    files = {
        "my-quiz/pics.yaml": zips.picture_quiz().encode(),
        "my-quiz/pics/square.png": zips.png(),
        "elsewhere/x.png": zips.png("blue"),
        "pics/square.png": zips.png("blue"),
    }
    contents = read_zip(zips.zipped(files))
    assert not isinstance(contents, UploadRefused), contents
    assert sorted(contents.pictures) == [
        "../elsewhere/x.png",
        "../pics/square.png",
        "pics/square.png",
    ]
    assert contents.pictures["pics/square.png"] == zips.png()
    read = read_upload("my-quiz.zip", zips.zipped(files))
    assert isinstance(read, ReadUpload), read
    assert list(read.pictures) == ["pics/square.png"]
    assert read.unused_pictures == ("../elsewhere/x.png", "../pics/square.png")
