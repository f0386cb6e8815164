"""`quizbot import`, run as a user runs it: the real command in a subprocess, its files, its
words (English and French) and its exit status; then `validate` and `play` on what it wrote."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.importers.packages import apkg
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
