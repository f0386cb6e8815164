"""Format 3's `image: {file, alt}`: a picture beside the quiz, read, cleaned, counted, cached."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.catalog import codec
from bot.catalog.cache import validate_cached
from bot.catalog.loader import QuizError, load_quiz, load_source
from bot.catalog.picture_files import PicturesGiven, checked_name
from bot.pictures.clean import PictureError


def png(colour: str = "red", size: tuple[int, int] = (30, 20)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def quiz_text(image: str, extra: str = "") -> str:
    return f"""format: 3
id: pics
languages: [en, fr]
title: {{en: Pictures, fr: Images}}
difficulty: easy
questions:
  - id: q1
    prompt: {{en: What colour?, fr: Quelle couleur ?}}
    choices:
      - {{en: Red, fr: Rouge}}
      - {{en: Blue, fr: Bleu}}
    answer: A
{image}{extra}"""


IMAGE = """    image:
      file: pics/square.png
      alt: {en: A red square, fr: Un carré rouge}
"""


def write(folder: Path, text: str, pictures: dict[str, bytes]) -> Path:
    for name, data in pictures.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    path = folder / "pics.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(QuizError) as raised:
        load_quiz(path)
    return [str(problem) for problem in raised.value.problems]


def test_a_picture_beside_the_quiz_is_read_and_cleaned(tmp_path: Path) -> None:
    path = write(tmp_path, quiz_text(IMAGE), {"pics/square.png": png()})
    question = load_quiz(path).questions[0]
    assert question.image is not None
    assert question.image.alt.get("fr") == "Un carré rouge"
    assert (question.image.width, question.image.height) == (30, 20)
    assert question.image.name == "pics/square.png"
    assert question.explanation_image is None


def test_the_alt_text_is_required(tmp_path: Path) -> None:
    image = "    image:\n      file: pics/square.png\n"
    path = write(tmp_path, quiz_text(image), {"pics/square.png": png()})
    assert problems(path) == [
        f"{path}:14: question 'q1': image needs 'alt': a description of the picture for those "
        "who cannot see it"
    ]


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("pics/missing.png", "there is no file 'pics/missing.png' beside the quiz"),
        ("../secret.png", "is not a picture file beside the quiz"),
        ("/etc/passwd.png", "is not a picture file beside the quiz"),
        ("https://example.com/a.png", "the bot fetches nothing from the web"),
        ("pics/evil.svg", "SVG pictures are refused"),
        ("pics/fake.png", "the file holds a JPEG picture, not the PNG its name says"),
    ],
)
def test_a_picture_it_cannot_have_is_named_by_line(tmp_path: Path, name: str, reason: str) -> None:
    jpeg = io.BytesIO()
    Image.new("RGB", (4, 4)).save(jpeg, "JPEG")
    (tmp_path / "secret.png").write_bytes(png())
    image = f"    image:\n      file: {name}\n      alt: {{en: A, fr: B}}\n"
    files = {"pics/evil.svg": b"<svg onload='x'/>", "pics/fake.png": jpeg.getvalue()}
    path = write(tmp_path / "quizzes", quiz_text(image), files)
    (found,) = problems(path)
    assert found.startswith(f"{path}:14: question 'q1': image '{name}': ")
    assert reason in found


def test_over_twenty_pictures_is_refused_and_one_used_twice_counts_once(tmp_path: Path) -> None:
    questions = "".join(
        f"""  - id: q{n}
    prompt: {{en: P{n}, fr: P{n}}}
    choices: [{{en: A, fr: A}}, {{en: B, fr: B}}]
    answer: A
    image: {{file: p/{n % 21}.png, alt: {{en: x, fr: x}}}}
"""
        for n in range(2, 24)
    )
    files = {f"p/{n}.png": png(size=(n + 1, 2)) for n in range(21)}
    path = write(tmp_path, quiz_text("", questions), files)
    found = problems(path)
    assert len(found) == 1
    assert "a quiz may show at most 20 pictures" in found[0]
    files_20 = {f"p/{n}.png": png(size=(n + 1, 2)) for n in range(20)}
    fewer = questions.replace("p/20.png", "p/0.png")
    quiz = load_quiz(write(tmp_path / "ok", quiz_text("", fewer), files_20))
    digests = {q.image.digest for q in quiz.questions if q.image is not None}
    assert len(digests) == 20


def test_format_2_has_no_pictures() -> None:
    text = quiz_text(IMAGE).replace("format: 3", "format: 2")
    with pytest.raises(QuizError, match="unknown key 'image'"):
        load_source("pics.yaml", None, text.encode(), pictures=PicturesGiven({}))


def test_a_quiz_that_came_alone_names_no_picture() -> None:
    with pytest.raises(QuizError, match=r"no picture 'pics/square.png' with the quiz \(send a"):
        load_source("pics.yaml", None, quiz_text(IMAGE).encode())
    given = PicturesGiven({"pics/square.png": png("blue")})
    quiz = load_source("pics.yaml", None, quiz_text(IMAGE).encode(), pictures=given)
    assert quiz.questions[0].image is not None


def test_names_are_checked_before_anything_is_read() -> None:
    assert checked_name("a/b.png") == "a/b.png"
    for name in ["..\\x.png", "a/../../x.png", "~/x.png", "data:image/png;base64,AAAA", "x\0.png"]:
        with pytest.raises(PictureError):
            checked_name(name)


def test_the_codec_keeps_pictures_and_the_cache_rereads_them(tmp_path: Path) -> None:
    folder = tmp_path / "quizzes"
    path = write(folder, quiz_text(IMAGE), {"pics/square.png": png("red")})
    quiz = load_quiz(path)
    again = codec.decode(codec.encode(quiz))
    assert again == quiz
    assert again.questions[0].image is not None
    assert again.questions[0].image.data == quiz.questions[0].image.data  # type: ignore[union-attr]
    cache = tmp_path / "cache"
    (first,), _ = validate_cached(folder, cache)
    (folder / "pics/square.png").write_bytes(png("blue"))  # the picture changes, the file not
    (second,), _ = validate_cached(folder, cache)
    assert first.questions[0].image != second.questions[0].image
