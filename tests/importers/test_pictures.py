"""Pictures brought in by the importers (issue 28): an Anki package's media, GIFT's data URIs
and files beside it; the ones an import cannot have skipped by line, their questions kept."""

from __future__ import annotations

import base64
import io
import json
import time
import zipfile
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from bot.catalog.importers import Imported, ImportFailedError, Options, import_file
from bot.catalog.importers.anki_media import package_media
from bot.catalog.importers.picture_refs import find_pictures
from bot.catalog.importers.pictures import MAX_TRIES, FilesBeside
from bot.catalog.loader import load_source, validate
from bot.catalog.picture_files import PicturesGiven
from bot.catalog.uploads import ReadUpload, read_upload
from bot.domain.models import Picture, Question
from bot.domain.pictures import MAX_PICTURE_BYTES, MAX_QUIZ_PICTURES
from bot.pictures.clean import PictureError
from tests.importers.packages import BASIC, apkg, zip_of
from tests.support.paths import QUIZZES

SCHEMA = QUIZZES / "quiz.schema.json"

SVG = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'


def png(colour: str | tuple[int, int, int] = "red", size: tuple[int, int] = (30, 20)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def jpeg(colour: str = "blue") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (16, 16), colour).save(out, "JPEG")
    return out.getvalue()


def reasons(result: Imported) -> list[tuple[int, str, str]]:
    """(line, key, what the reason names) of every skipped item."""
    return [
        (item.line, item.reason.key, str(item.reason.arguments().get("name", "")))
        for item in result.skipped
    ]


def problem(result: Imported, line: int) -> str:
    found = [item for item in result.skipped if item.line == line]
    return str(found[0].reason.arguments()["problem"])


def picture(question: Question, explanation: bool = False) -> Picture:
    found = question.explanation_image if explanation else question.image
    assert found is not None, question.id
    return found


def alt(found: Picture) -> str:
    return found.alt.versions[0][1]


DECK = (
    (BASIC, ('Which country? <img src="flag.png" alt="A red flag">', "Austria"), "flags"),
    (BASIC, ("Capital of Austria?", 'Vienna <img src="vienna.jpg">'), "flags"),
    (BASIC, ('<img src="green.png">', "Ireland"), "flags"),  # a picture alone asks
    (BASIC, ('Two? <img src="flag.png"><img src="green.png">', "Both"), "flags"),
    (BASIC, ('Web? <img src="https://example.org/x.png">', "Nowhere"), "flags"),
    (BASIC, ('<img src="missing.png">', "Gone"), "flags"),  # nothing left to ask
    (BASIC, ('Vector? <img src="drawing.svg">', "Script"), "flags"),
)
MEDIA = {"flag.png": png("red"), "vienna.jpg": jpeg(), "green.png": png("green")}
MEDIA["drawing.svg"] = SVG


@pytest.mark.parametrize("schema_18", [False, True], ids=["json-map", "protobuf-zstd"])
def test_an_anki_package_keeps_its_pictures_front_and_back(schema_18: bool) -> None:
    result = import_file("Flags.apkg", apkg(schema_18, DECK, MEDIA))
    questions = {q.prompt.versions[0][1]: q for q in result.quiz.questions}
    assert list(questions) == [
        "Which country?",
        "Capital of Austria?",
        "What does the picture show?",  # the Front was only a picture
        "Two?",
        "Web?",
        "Vector?",
    ]
    flag = picture(questions["Which country?"])
    assert (alt(flag), flag.name, flag.media_type, flag.width) == (
        "A red flag",
        "flags/flag.png",
        "image/png",
        30,
    )
    vienna = questions["Capital of Austria?"]
    assert vienna.image is None
    assert picture(vienna, explanation=True).name == "flags/vienna.jpg"
    assert alt(picture(vienna, explanation=True)) == "Picture from Flags.apkg"
    assert picture(questions["What does the picture show?"]).name == "flags/green.png"
    assert picture(questions["Two?"]).name == flag.name  # the first kept, the same file once
    assert questions["Web?"].image is None
    assert questions["Vector?"].image is None
    assert reasons(result) == [
        (4, "skip.picture_extra_question", "green.png"),
        (5, "skip.picture", "https://example.org/x.png"),
        (6, "skip.picture", "missing.png"),
        (6, "skip.picture_only", ""),
        (7, "skip.picture", "drawing.svg"),
    ]
    assert "fetches nothing from the web" in problem(result, 5)
    assert "no file 'missing.png' in the package's media" in problem(result, 6)
    assert "SVG pictures are refused" in problem(result, 7)
    assert sorted(result.pictures) == ["flags/flag.png", "flags/green.png", "flags/vienna.jpg"]
    assert "image:\n    file: flags/flag.png\n    alt: A red flag\n" in result.yaml
    assert result.yaml.split("\n")[2] == "format: 3"
    jsonschema.validate(yaml.safe_load(result.yaml), json.loads(SCHEMA.read_text("utf-8")))
    files = PicturesGiven(result.pictures)
    again = load_source("flags.yaml", "flags", result.yaml.encode(), [], files)
    assert [q.image for q in again.questions] == [q.image for q in result.quiz.questions]


def test_the_real_sizes_of_package_members_are_bounded() -> None:
    """A member over the picture limit is refused from its size before it is read; a zstd one
    while it is decompressed (its declared size is the compressed one)."""
    large = png(size=(4000, 4000))  # noise-free, so small: pad it past the limit
    big = large + b"\0" * (MAX_PICTURE_BYTES + 1 - len(large))
    deck = ((BASIC, ('Big? <img src="big.png">', "Yes"), ""), (BASIC, ("Small?", "No"), ""))
    for schema_18 in (False, True):
        result = import_file("big.apkg", apkg(schema_18, deck, {"big.png": big}))
        assert [key for _, key, _ in reasons(result)] == ["skip.picture"]
        assert f"{MAX_PICTURE_BYTES:,}" in problem(result, 1)
        assert len(result.quiz.questions) == 2


def test_a_damaged_media_map_leaves_the_notes_and_names_each_picture_missing() -> None:
    data = apkg(False, (DECK[0], (BASIC, ("Capital?", "Vienna"), "")), {"flag.png": png()})
    members = {
        info.filename: zipfile.ZipFile(io.BytesIO(data)).read(info)
        for info in zipfile.ZipFile(io.BytesIO(data)).infolist()
    }
    members["media"] = b"{not json"
    result = import_file("deck.apkg", zip_of(members))
    assert [key for _, key, _ in reasons(result)] == ["skip.picture"]
    assert len(result.quiz.questions) == 2
    assert len(package_media(zipfile.ZipFile(io.BytesIO(zip_of(members))))) == 0


def test_at_most_20_pictures_a_quiz_the_rest_skipped_with_the_reason() -> None:
    count = MAX_QUIZ_PICTURES + 3
    deck = tuple(
        (BASIC, (f'Colour {n}? <img src="c{n}.png">', f"Colour {n}"), "") for n in range(count)
    )
    media = {f"c{n}.png": png((n, 100, 200)) for n in range(count)}
    result = import_file("colours.apkg", apkg(False, deck, media))
    assert len(result.quiz.questions) == count
    assert sum(q.image is not None for q in result.quiz.questions) == MAX_QUIZ_PICTURES
    assert len(result.pictures) == MAX_QUIZ_PICTURES
    assert [line for line, key, _ in reasons(result)] == [21, 22, 23]
    assert f"at most {MAX_QUIZ_PICTURES} pictures" in problem(result, 21)


def test_broken_pictures_cost_bounded_work() -> None:
    count = MAX_TRIES + 20
    deck = tuple((BASIC, (f'Q{n}? <img src="b{n}.png">', f"A{n}"), "") for n in range(count))
    media = {f"b{n}.png": b"\x89PNG\r\n\x1a\n" + bytes([n % 256]) * 50 for n in range(count)}
    result = import_file("broken.apkg", apkg(False, deck, media))
    assert len(result.quiz.questions) == count
    assert "damaged" in problem(result, 1)
    assert f"{MAX_TRIES} pictures were read already" in problem(result, count)


def test_pictures_left_out_where_they_cannot_go_are_said_once() -> None:
    result = import_file("Flags.apkg", apkg(False, DECK, MEDIA), Options(pictures=False))
    assert all(q.image is None and q.explanation_image is None for q in result.quiz.questions)
    assert result.pictures == {}
    assert "note.media" in [note.key for note in result.notes]
    assert [(line, key) for line, key, _ in reasons(result)] == [
        (3, "skip.media_only"),
        (6, "skip.media_only"),
    ]
    assert result.yaml.split("\n")[2] == "format: 2"


def data_uri(data: bytes, media_type: str = "image/png") -> str:
    return f"data:{media_type};base64,{base64.b64encode(data).decode()}"


def test_gift_pictures_come_from_data_uris_and_files_beside(tmp_path: Path) -> None:
    (tmp_path / "diagram.png").write_bytes(png("purple"))
    (tmp_path / "my map.png").write_bytes(png("orange"))
    big = base64.b64encode(b"\0" * (MAX_PICTURE_BYTES + 10)).decode()
    green = data_uri(png("green"))
    gift = f"""::inline:: What colour? <img src\\="{green}" alt\\="A green square"> {{
=green ~red ~blue }}

::moodle:: [html]Which diagram? <img src\\="@@PLUGINFILE@@/diagram.png?time\\=1"> {{
=this ~that ####<p>See <img src\\="@@PLUGINFILE@@/my%20map.png" role\\="presentation" alt\\=""></p>
}}

::web:: Remote? <img src\\="http\\://example.org/a.png"> {{ =yes ~no }}

::vector:: Vector? <img src\\="{data_uri(SVG, "image/svg+xml")}"> {{ =yes ~no }}

::huge:: Huge? <img src\\="data:image/png;base64,{big}"> {{ =yes ~no }}

::answer:: Which one? {{ =<img src\\="diagram.png">Diagram ~Text }}
"""
    source = tmp_path / "bank.gift"
    source.write_text(gift, encoding="utf-8")
    result = import_file("bank.gift", source.read_bytes(), None, FilesBeside(tmp_path))
    by_id = {q.id: q for q in result.quiz.questions}
    assert list(by_id) == ["inline", "moodle", "web", "vector", "huge", "answer"]
    green = picture(by_id["inline"])
    assert (alt(green), green.name) == ("A green square", "bank/picture.png")
    assert by_id["inline"].prompt.versions[0][1] == "What colour?"
    assert picture(by_id["moodle"]).name == "bank/diagram.png"
    assert alt(picture(by_id["moodle"])) == "Picture from bank.gift"
    assert picture(by_id["moodle"], explanation=True).name == "bank/my-map.png"
    assert [q.image for q in (by_id["web"], by_id["vector"], by_id["huge"])] == [None] * 3
    assert reasons(result) == [
        (8, "skip.picture", "http://example.org/a.png"),
        (10, "skip.picture", "data:image/svg+xml;base64,…"),
        (12, "skip.picture", "data:image/png;base64,…"),
        (14, "skip.picture_in_answer", "diagram.png"),
    ]
    assert "SVG pictures are refused" in problem(result, 10)
    assert f"over {MAX_PICTURE_BYTES:,} bytes" in problem(result, 12)
    assert sorted(result.pictures) == ["bank/diagram.png", "bank/my-map.png", "bank/picture.png"]


def test_a_gift_picture_never_reaches_outside_the_folder(tmp_path: Path) -> None:
    (tmp_path / "secret.png").write_bytes(png())
    inner = tmp_path / "bank"
    inner.mkdir()
    source = 'Escape? <img src\\="../secret.png"> { =yes ~no }\n\n'
    source += 'Absolute? <img src\\="/etc/x.png"> { =yes ~no }\n'
    result = import_file("bank.gift", source.encode(), None, FilesBeside(inner))
    assert [key for _, key, _ in reasons(result)] == ["skip.picture", "skip.picture"]
    assert "without '..'" in problem(result, 1)
    assert result.pictures == {}
    assert len(result.quiz.questions) == 2


def test_a_thousand_pictures_in_one_note_are_a_few_lines() -> None:
    """Three tried a side at most, the rest left out in one line: a hostile note cannot make
    the report (or the work) grow with its `<img>`s."""
    web = "".join(f'<img src="https://example.org/{n}.png">' for n in range(1000))
    deck = (
        (BASIC, (f"Many? {web}", "Yes"), ""),
        (BASIC, ("Other?", "No"), ""),
        DECK[2],  # a picture alone: the question is named after it
    )
    result = import_file("many.apkg", apkg(False, deck, MEDIA))
    assert [(line, key) for line, key, _ in reasons(result)] == [
        (1, "skip.picture"),
        (1, "skip.picture"),
        (1, "skip.picture"),
        (1, "skip.picture_extra_question"),
    ]
    extra = result.skipped[3].reason.arguments()
    assert (extra["name"], extra["count"]) == ("https://example.org/3.png", 997)
    assert [q.id for q in result.quiz.questions] == ["many", "other", "green"]


def test_a_chat_upload_keeps_a_deck_s_pictures_and_a_zip_s_beside_a_gift_file() -> None:
    """A chat stores the pictures a quiz shows with its file: an Anki deck's, and in a .zip
    those beside a GIFT file, which the import names anew (so they are not 'unused'); a GIFT
    file alone names none ('send a .zip')."""
    read = read_upload("Flags.apkg", apkg(True, DECK, MEDIA))
    assert isinstance(read, ReadUpload)
    assert sorted(read.pictures) == ["flags/flag.png", "flags/green.png", "flags/vienna.jpg"]
    assert "  image:\n    file: flags/flag.png\n" in read.source
    assert read.unused_pictures == ()
    gift = 'Which diagram? <img src\\="@@PLUGINFILE@@/diagram.png"> {=this ~that}\n'
    gift += "\nOther? {=yes ~no}\n"
    files = {"bank.gift": gift.encode(), "diagram.png": png("purple"), "extra.png": png()}
    zipped = zip_of(files)
    read = read_upload("bank.zip", zipped)
    assert isinstance(read, ReadUpload), read
    assert sorted(read.pictures) == ["bank/diagram.png"]
    assert read.unused_pictures == ("extra.png",)
    alone = read_upload("bank.gift", gift.encode())
    assert isinstance(alone, ReadUpload)
    assert alone.pictures == {}
    assert [(w.line, w.key) for w in alone.warnings] == [(1, "import.skip.picture")]
    assert "send a .zip" in str(dict(alone.warnings[0].values)["problem"])


def lying(archive: bytes, member: str, size: int) -> bytes:
    """The zip with `member`'s uncompressed size rewritten to `size`, in its local header and
    in the central directory (what a crafted package does to look small)."""
    data = bytearray(archive)
    name = member.encode()
    local = data.find(b"PK\x03\x04")
    while local >= 0:
        if data[local + 30 : local + 30 + len(name)] == name:
            data[local + 22 : local + 26] = size.to_bytes(4, "little")
        local = data.find(b"PK\x03\x04", local + 4)
    central = data.find(b"PK\x01\x02")
    while central >= 0:
        if data[central + 46 : central + 46 + len(name)] == name:
            data[central + 24 : central + 28] = size.to_bytes(4, "little")
        central = data.find(b"PK\x01\x02", central + 4)
    return bytes(data)


def test_a_member_that_lies_about_its_size_is_refused_not_inflated() -> None:
    """A member declared 1,000 bytes that inflates to 3 MB: read to its declared size and
    refused (its checksum fails), never inflated whole."""
    deck = ((BASIC, ('Bomb? <img src="bomb.png">', "Yes"), ""), (BASIC, ("Other?", "No"), ""))
    bomb = b"\x89PNG\r\n\x1a\n" + bytes(3_000_000)
    package = lying(apkg(False, deck, {"bomb.png": bomb}), "0", 1000)
    media = package_media(zipfile.ZipFile(io.BytesIO(package)))
    with pytest.raises(PictureError, match="damaged"):
        media.read("bomb.png")
    result = import_file("bomb.apkg", package)
    assert [key for _, key, _ in reasons(result)] == ["skip.picture"]
    assert "damaged" in problem(result, 1)
    assert len(result.quiz.questions) == 2


def test_a_question_too_long_for_a_caption_is_kept_without_its_picture() -> None:
    """With a picture, Telegram posts the question card as a caption (1,024 characters): a
    long question keeps its text and leaves the picture out, saying why."""
    long_front = "Which answer fits? " + "word " * 95
    deck = (
        (BASIC, (f'{long_front}<img src="flag.png">', "A" + " answer" * 22), ""),
        *((BASIC, (f"Short {n}?", f"{n}" + " other" * 26), "") for n in range(4)),
    )
    result = import_file("long.apkg", apkg(False, deck, MEDIA))
    assert len(result.quiz.questions) == 5
    assert result.quiz.questions[0].image is None
    assert [(line, key) for line, key, _ in reasons(result)] == [(1, "skip.picture")]
    assert "Telegram caption, which holds 1024" in problem(result, 1)
    assert result.pictures == {}


@pytest.mark.parametrize(
    "tag",
    [
        "<img " + "a" * 1_000_000 + ">",  # one long name and no '=': was 8 s for 20,000
        "<img " + "a " * 500_000 + ">",
        "<img " + 'a="b ' * 200_000 + ">",
        "<img src=" + " " * 1_000_000 + ">",
        "<img " * 200_000,
    ],
    ids=["name", "names", "open-quotes", "spaces", "unclosed"],
)
def test_finding_pictures_in_a_hostile_tag_is_one_pass(tag: str) -> None:
    """A million characters in well under a second when the scan is linear; a pattern that
    backtracks takes hours (the margin is 50 times what a shared machine needs)."""
    started = time.perf_counter()
    assert find_pictures(tag) == []
    assert time.perf_counter() - started < 5


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_damaged_packages_with_media_import_what_validates(
    data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A package with pictures, damaged anywhere: questions with the pictures that came in
    (written beside the file, the quiz validates), or problems by line; nothing else."""
    original = PACKAGE_WITH_MEDIA
    position = data.draw(st.integers(0, len(original) - 1))
    junk = data.draw(st.binary(min_size=1, max_size=16))
    damaged = original[:position] + junk + original[position + len(junk) :]
    failed: ImportFailedError | None = None
    try:
        result = import_file("deck.apkg", damaged)
    except ImportFailedError as raised:
        failed = raised
    if failed is not None:
        assert all(problem.line >= 1 for problem in failed.problems)
        return
    folder = tmp_path_factory.mktemp("deck")
    for name, picture_data in result.pictures.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(picture_data)
    path = folder / f"{result.quiz.id}.yaml"
    path.write_text(result.yaml, encoding="utf-8")
    quizzes, problems = validate([path])
    assert problems == []
    assert [q.image for q in quizzes[0].questions] == [q.image for q in result.quiz.questions]


PACKAGE_WITH_MEDIA = apkg(True, DECK, MEDIA)


def test_a_gift_question_of_a_picture_alone_asks_what_it_shows_or_is_skipped_without_it(
    tmp_path: Path,
) -> None:
    (tmp_path / "bird.png").write_bytes(png("yellow"))
    gift = '<img src\\="bird.png" alt\\="A yellow bird"> {=canary ~crow}\n\nPlain? {=yes ~no}\n'
    result = import_file("birds.gift", gift.encode(), None, FilesBeside(tmp_path))
    first = result.quiz.questions[0]
    assert (first.id, first.prompt.versions[0][1]) == ("bird", "What does the picture show?")
    assert alt(picture(first)) == "A yellow bird"
    beside = FilesBeside(tmp_path)
    french = import_file("birds.gift", gift.encode(), Options(language="fr"), beside)
    assert french.quiz.questions[0].prompt.versions[0][1] == "Que montre l’image\u00a0?"
    left_out = import_file("birds.gift", gift.encode(), Options(pictures=False))
    assert [(line, key) for line, key, _ in reasons(left_out)] == [(1, "skip.empty_prompt")]
