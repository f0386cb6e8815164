"""`quizbot import SOURCE`: a quiz file made from another tool's export, and what was left out.

The work is bot.catalog.importers.import_file (the same a chat upload calls); this module reads
the file, chooses where to write, and prints the summary in the terminal's language. Pictures
go beside the quiz file (`--output out/deck.yaml`: `out/deck/<name>.png`, named so in the
file); to standard output they are left out, and the summary says how to keep them. Exit
status: 0 when a quiz was written, 1 when nothing could be imported or written, 2 for options
that cannot work.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import TextIO

from adapters.console import default_language
from adapters.progress import working
from bot.catalog.importers import (
    FORMATS,
    Imported,
    ImportFailedError,
    Options,
    check_options,
    import_file,
)
from bot.catalog.importers.anki_package import MAX_PACKAGE_BYTES
from bot.catalog.importers.build import MARKER
from bot.catalog.importers.common import Reason
from bot.catalog.importers.pictures import FilesBeside
from bot.catalog.importers.quizlet import separator
from bot.config import Settings
from bot.domain.models import Language
from bot.text import import_texts
from bot.text.i18n import t

STDOUT = Path("-")


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    command = commands.add_parser(
        "import",
        help="make a quiz file from Moodle GIFT, Anki, Kahoot, Quizlet, Open Trivia DB, "
        "Red trivia lists or CSV",
    )
    command.add_argument("source", type=Path, metavar="SOURCE", help="the file to import")
    command.add_argument("--format", choices=tuple(FORMATS), help="default: from name and content")
    command.add_argument("--id", dest="quiz_id", metavar="ID", help="quiz id (default: file name)")
    command.add_argument("--title", metavar="TEXT", help="quiz title (default: from the file)")
    command.add_argument(
        "--lang", dest="quiz_language", metavar="LANG", help="the quiz's language (default: en)"
    )
    command.add_argument(
        "--output",
        type=Path,
        metavar="FILE",
        help="where to write (default: the quizzes folder's ID.yaml; - for standard output)",
    )
    command.add_argument("--term-sep", metavar="S", help="Quizlet: between term and definition")
    command.add_argument("--row-sep", metavar="S", help="Quizlet: between cards")


def run_import(args: argparse.Namespace, settings: Settings) -> int:
    language = default_language()
    options = _options(args)
    problem = check_options(options)
    output: Path | None = args.output
    if problem is None and output not in (None, STDOUT) and options.quiz_id != output.stem:
        _say(t(language, "import.id_mismatch", id=options.quiz_id, stem=output.stem))
        return 2
    if problem is not None:
        _say(import_texts.reason_text(problem, language))
        return 2
    source: Path = args.source
    data = _read(source, language)
    if data is None:
        return 1
    try:
        with working(t(language, "import.working", file=source.name)):
            imported = import_file(source.name, data, options, FilesBeside(source.parent))
    except ImportFailedError as error:
        for line in import_texts.problem_lines(str(source), error.problems, error.unit, language):
            _say(line)
        _say(t(language, "import.nothing", file=source))
        return 1
    target = output or settings.quizzes / f"{imported.quiz.id}.yaml"
    return _write(source, target, imported, language)


def _options(args: argparse.Namespace) -> Options:
    output: Path | None = args.output
    quiz_id = args.quiz_id
    if quiz_id is None and output not in (None, STDOUT):
        quiz_id = output.stem if output is not None else None
    return Options(
        format=args.format,
        quiz_id=quiz_id,
        title=args.title,
        language=args.quiz_language,
        term_separator=separator(args.term_sep) if args.term_sep else None,
        row_separator=separator(args.row_sep) if args.row_sep else None,
        pictures=output != STDOUT,
    )


def _read(source: Path, language: Language) -> bytes | None:
    """The file's bytes, refusing one too large to be any export before reading it."""
    try:
        size = source.stat().st_size
        if size > MAX_PACKAGE_BYTES:
            reason = t(language, "import.error.too_large", size=size, limit=MAX_PACKAGE_BYTES)
            _say(t(language, "import.cannot_read", file=source, reason=reason))
            return None
        return source.read_bytes()
    except OSError as error:
        _say(t(language, "import.cannot_read", file=source, reason=error.strerror or error))
        return None


def _write(source: Path, target: Path, imported: Imported, language: Language) -> int:
    report = import_texts.summary(str(source), imported, language)
    if target == STDOUT:
        sys.stdout.write(imported.yaml)
        if Reason.of("note.media") in imported.notes:
            report.append(t(language, "import.pictures_stdout"))
        _say("\n".join(report))
        return 0
    ours = _written_by_import(target)
    if target.exists() and not ours:
        _say(t(language, "import.exists", path=target))
        return 1
    pictures = {target.parent / name: data for name, data in imported.pictures.items()}
    taken = [path for path, data in pictures.items() if _other_file(path, data, ours)]
    if taken:
        _say(t(language, "import.picture_exists", path=taken[0]))
        return 1
    try:
        for path, picture in pictures.items():
            _replace(path, picture)
        _replace(target, imported.yaml)
    except OSError as error:
        path = error.filename or target
        _say(t(language, "import.cannot_write", path=path, reason=error.strerror or error))
        return 1
    if pictures:
        folder = next(iter(pictures)).parent
        report.append(t(language, "import.wrote_pictures", count=len(pictures), folder=folder))
    report.append(t(language, "import.wrote", path=target, id=imported.quiz.id))
    print("\n".join(report))
    return 0


def _other_file(path: Path, data: bytes, ours: bool) -> bool:
    """A file already at a picture's path that is not this picture, and that an earlier
    import did not write (its quiz file says so): never overwritten."""
    try:
        return path.exists() and not ours and path.read_bytes() != data
    except OSError:
        return True


def _written_by_import(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8", errors="replace") as file:
            return file.readline().startswith(MARKER)
    except OSError:
        return False


def _replace(target: Path, content: str | bytes) -> None:
    """Write the whole file or leave the old one: a temporary file renamed over it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    data = content.encode() if isinstance(content, str) else content
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o644)  # a quiz file, readable like the others (mkstemp: 0600)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _say(text: str, stream: TextIO | None = None) -> None:
    """Problems (and the report when the quiz itself goes to standard output)."""
    print(text, file=stream or sys.stderr)
