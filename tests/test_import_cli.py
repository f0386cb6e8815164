"""`quizbot import`, run as a user runs it: the real command in a subprocess, its files, its
words (English and French) and its exit status; then `validate` and `play` on what it wrote."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.catalog.loader import load_quiz
from tests.importers.packages import BASIC, apkg
from tests.support.paths import ROOT

IMPORTS = ROOT / "tests" / "corpus" / "imports"


def quizbot(
    tmp_path: Path, *args: str | Path, lang: str = "C.UTF-8", stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "LANG": lang,
        "LC_ALL": lang,
        "QUIZBOT_QUIZZES": str(tmp_path / "quizzes"),
        "QUIZBOT_DB": str(tmp_path / "quizbot.db"),
    }
    env.pop("LC_MESSAGES", None)
    return subprocess.run(
        [sys.executable, "-m", "adapters.cli", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        input=stdin,
        check=False,
        timeout=60,
    )


def test_a_gift_bank_becomes_a_quiz_that_validates_and_plays(tmp_path: Path) -> None:
    source = IMPORTS / "moodle.gift"
    result = quizbot(tmp_path, "import", source, "--id", "astro", "--title", "Astronomy")
    assert result.returncode == 0, result.stderr
    written = tmp_path / "quizzes" / "astro.yaml"
    lines = result.stdout.splitlines()
    assert lines[0] == f"11 questions imported from {source} (Moodle GIFT)."
    assert lines[1] == "4 items skipped:"
    assert lines[2] == f"{source}:46: a matching question: the bot does not ask matching questions"
    assert f"{source}:62: an answer block without its opening {{ or closing }}" in lines
    assert "Note: answers with partial credit (%50%…) became wrong choices" in lines
    assert lines[-1].startswith(f"Written to {written}. Check it: quizbot validate {written}")
    checked = quizbot(tmp_path, "validate", written)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout == "ok  astro: 11 questions\n"  # format 3: short answer, numeric…
    assert f"{written}:14: warning: question 'grant-s-tomb': no explanation" in checked.stderr
    assert quizbot(tmp_path, "validate", "--strict", written).returncode == 1
    played = quizbot(tmp_path, "play", "astro", "--questions", "1", stdin="a\n")
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith("Astronomy · medium · 1 question\n")
    assert "Astronomy · Question 1/1" in played.stdout


def test_the_quiz_goes_to_standard_output_and_the_report_to_stderr(tmp_path: Path) -> None:
    result = quizbot(tmp_path, "import", IMPORTS / "opentdb.json", "--output", "-")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("# Written by quizbot import from opentdb.json")
    assert "licence: CC BY-SA 4.0" in result.stdout
    assert "3 questions imported" in result.stderr
    assert f"{IMPORTS / 'opentdb.json'}:32: unknown question type “fill-in”" in result.stderr
    assert not (tmp_path / "quizzes").exists()


def test_nothing_to_import_is_status_1_with_every_problem_by_line(tmp_path: Path) -> None:
    source = tmp_path / "essays.gift"
    source.write_text("One? {}\n\nTwo? {#=2 =4}\n", encoding="utf-8")
    result = quizbot(tmp_path, "import", source)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"{source}:1: an essay question: no answer to check",
        f"{source}:3: numeric answers with gaps between them (in all: 2): a number question "
        "accepts one value or one range",
        f"Nothing could be imported from {source}.",
    ]
    assert "Traceback" not in result.stderr


def test_a_malformed_file_is_status_1_with_its_line_in_french(tmp_path: Path) -> None:
    source = tmp_path / "trivia.json"
    source.write_text('{"results": [\n  {"type": "multiple",\n  oops}\n]}', encoding="utf-8")
    result = quizbot(tmp_path, "import", source, lang="fr_FR.UTF-8")
    assert result.returncode == 1
    assert result.stderr.splitlines()[0].startswith(f"{source}:3: JSON invalide\u00a0: ")
    assert result.stderr.splitlines()[-1] == f"Rien n’a pu être importé de {source}."


def test_a_package_in_french_names_its_notes(tmp_path: Path) -> None:
    source = tmp_path / "Capitals.apkg"
    source.write_bytes(apkg(schema_18=True))
    result = quizbot(tmp_path, "import", source, "--lang", "fr", lang="fr_FR.UTF-8")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[:3] == [
        f"7 questions importées de {source} (Anki).",
        "3 éléments ignorés\u00a0:",
        f"{source}: note 5: la note n’a qu’un champ\u00a0: pas de réponse",
    ]
    assert (
        f"{source}: note 9: carte à trous c1\u00a0: elle cache plusieurs parties, pas de "
        "réponse unique à taper" in result.stdout.splitlines()
    )
    assert (tmp_path / "quizzes" / "capitals.yaml").is_file()


def test_quizlet_separators_come_from_the_command_line(tmp_path: Path) -> None:
    result = quizbot(
        tmp_path,
        "import",
        IMPORTS / "quizlet-custom.txt",
        "--term-sep",
        " - ",
        "--row-sep",
        ";;",
        "--output",
        tmp_path / "vokabeln.yaml",
        "--lang",
        "de",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("4 questions imported")
    assert "quizlet-custom.txt:2: no separator “ - ” between term and definition" in result.stdout
    assert "languages:\n- de\n" in (tmp_path / "vokabeln.yaml").read_text(encoding="utf-8")


def test_an_import_replaces_its_own_file_but_never_one_written_by_hand(tmp_path: Path) -> None:
    assert quizbot(tmp_path, "import", IMPORTS / "red.yaml", "--id", "trivia").returncode == 0
    again = quizbot(tmp_path, "import", IMPORTS / "red.yaml", "--id", "trivia")
    assert again.returncode == 0, again.stderr
    hand = tmp_path / "quizzes" / "parallelism.yaml"
    hand.write_text("format: 1\n", encoding="utf-8")
    refused = quizbot(tmp_path, "import", IMPORTS / "red.yaml", "--id", "parallelism")
    assert refused.returncode == 1
    assert refused.stderr.strip() == (
        f"This file already exists and was not written by quizbot import: {hand}. "
        "Choose another --id or --output."
    )
    assert hand.read_text(encoding="utf-8") == "format: 1\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--id", "Not An Id"], "--id must be 1-24 lowercase letters, digits or hyphens"),
        (["--lang", "german"], "--lang takes a language code such as en, fr, de or pt-BR"),
        (["--id", "a", "--output", "b.yaml"], "The quiz id “a” must match the output file"),
    ],
)
def test_options_that_cannot_work_are_status_2(
    tmp_path: Path, args: list[str], message: str
) -> None:
    result = quizbot(tmp_path, "import", IMPORTS / "quizbot.csv", *args)
    assert result.returncode == 2
    assert result.stderr.startswith(message)


def test_a_missing_file_is_status_1(tmp_path: Path) -> None:
    result = quizbot(tmp_path, "import", tmp_path / "nope.gift")
    assert result.returncode == 1
    assert (
        result.stderr.strip() == f"Cannot read {tmp_path / 'nope.gift'}: No such file or directory"
    )


def flags_package() -> bytes:
    """A deck whose notes show pictures: one from the Front, one from the Back, one on the
    web (left out, the question kept)."""
    out = io.BytesIO()
    Image.new("RGB", (30, 20), "red").save(out, "PNG")
    red = out.getvalue()
    out = io.BytesIO()
    Image.new("RGB", (16, 16), "blue").save(out, "JPEG")
    notes = (
        (BASIC, ('Which flag? <img src="Red Flag.png" alt="A red flag">', "Red"), "flags"),
        (BASIC, ("Capital of Austria?", 'Vienna <img src="vienna.jpg">'), "flags"),
        (BASIC, ('Web? <img src="https://example.org/a.png">', "Nowhere"), "flags"),
    )
    return apkg(True, notes, {"Red Flag.png": red, "vienna.jpg": out.getvalue()})


def test_pictures_are_written_beside_the_quiz_file_and_load_with_it(tmp_path: Path) -> None:
    source = tmp_path / "Flags.apkg"
    source.write_bytes(flags_package())
    target = tmp_path / "out" / "deck.yaml"
    result = quizbot(tmp_path, "import", source, "--output", target)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        f"3 questions imported from {source} (Anki).",
        "1 picture left out (its question is kept):",
        f"{source}: note 3: picture “https://example.org/a.png” left out, the question kept: "
        "a picture on the web: the bot fetches nothing from the web",
    ]
    assert f"2 pictures written to {tmp_path / 'out' / 'deck'}" in lines
    assert sorted(p.name for p in (tmp_path / "out" / "deck").iterdir()) == [
        "red-flag.png",
        "vienna.jpg",
    ]
    text = target.read_text(encoding="utf-8")
    assert "  image:\n    file: deck/red-flag.png\n    alt: A red flag\n" in text
    assert "  explanation_image:\n    file: deck/vienna.jpg\n" in text
    checked = quizbot(tmp_path, "validate", target)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout == "ok  deck: 3 questions\n"
    quiz = load_quiz(target)
    image = quiz.questions[0].image
    assert image is not None
    assert (image.name, image.media_type, image.width, image.alt.versions) == (
        "deck/red-flag.png",
        "image/png",
        30,
        (("en", "A red flag"),),
    )
    assert quiz.questions[1].explanation_image is not None
    again = quizbot(tmp_path, "import", source, "--output", target)  # its own files: replaced
    assert again.returncode == 0, again.stderr


def test_an_import_plays_from_the_quizzes_folder_with_its_pictures(tmp_path: Path) -> None:
    source = tmp_path / "Flags.apkg"
    source.write_bytes(flags_package())
    result = quizbot(tmp_path, "import", source, "--id", "flags")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "quizzes" / "flags" / "red-flag.png").is_file()
    played = quizbot(tmp_path, "play", "flags", "--questions", "1", stdin="a\n")
    assert played.returncode == 0, played.stderr
    assert "Question 1/1" in played.stdout


def test_a_picture_file_an_import_did_not_write_is_never_replaced(tmp_path: Path) -> None:
    source = tmp_path / "Flags.apkg"
    source.write_bytes(flags_package())
    mine = tmp_path / "out" / "deck" / "red-flag.png"
    mine.parent.mkdir(parents=True)
    mine.write_bytes(b"my own drawing")
    result = quizbot(tmp_path, "import", source, "--output", tmp_path / "out" / "deck.yaml")
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"This picture file exists and was not written by quizbot import: {mine}. Choose "
        "another --id or --output."
    ]
    assert mine.read_bytes() == b"my own drawing"
    assert not (tmp_path / "out" / "deck.yaml").exists()


def test_to_standard_output_pictures_are_left_out_saying_how_to_keep_them(
    tmp_path: Path,
) -> None:
    source = tmp_path / "Flags.apkg"
    source.write_bytes(flags_package())
    result = quizbot(tmp_path, "import", source, "--output", "-", lang="fr_FR.UTF-8")
    assert result.returncode == 0, result.stderr
    assert "image:" not in result.stdout
    assert "format: 2" in result.stdout
    assert result.stderr.splitlines()[-1] == (
        "Les images ont été laissées de côté\u00a0: le quiz est allé sur la sortie standard. "
        "Donnez --output FICHIER pour les écrire à côté."
    )
    assert not (tmp_path / "quizzes").exists()


def test_a_gift_file_brings_the_pictures_beside_it(tmp_path: Path) -> None:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "green").save(out, "PNG")
    (tmp_path / "diagram.png").write_bytes(out.getvalue())
    source = tmp_path / "bank.gift"
    source.write_text(
        'Which diagram? <img src\\="@@PLUGINFILE@@/diagram.png"> {=this ~that}\n\n'
        'Missing? <img src\\="gone.png"> {=yes ~no}\n',
        encoding="utf-8",
    )
    result = quizbot(tmp_path, "import", source, "--output", tmp_path / "bank.yaml")
    assert result.returncode == 0, result.stderr
    assert (
        f"{source}:3: picture “gone.png” left out, the question kept: there is no file "
        "'gone.png' beside the imported file" in result.stdout.splitlines()
    )
    assert (tmp_path / "bank" / "diagram.png").is_file()
    assert quizbot(tmp_path, "validate", tmp_path / "bank.yaml").returncode == 0
