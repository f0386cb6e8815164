"""Validated quizzes kept between starts, like .pyc files: nothing is validated twice.

A quiz is reused only if its file has the very bytes that were validated and the code that
validated it is the code running now (a fingerprint of the bot package's source, Python and
PyYAML); anything else is validated as if there were no cache. The cache is one file per
quizzes folder, written whole to a temporary file then renamed, checked by a checksum before
it is read: a missing, stale, corrupt or unwritable cache only costs a full validation.
"""

from __future__ import annotations

import hashlib
import logging
import marshal
import os
import sys
import tempfile
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from bot.catalog import codec as quiz_codec
from bot.catalog.field_reader import Problem
from bot.catalog.loader import (
    QuizError,
    load_source,
    quiz_files,
    read_file,
    shows_pictures,
    without_cycle_collection,
)
from bot.catalog.picture_files import FolderPictures
from bot.domain.models import Quiz

log = logging.getLogger(__name__)

MAGIC = b"quizbot validated quizzes 4\n"
PACKAGE = Path(__file__).resolve().parents[1]
"""The whole bot package: models, rules, limits and texts all shape a validated quiz."""

Entries = dict[str, tuple[bytes, quiz_codec.Encoded]]
"""By file name: the SHA-256 of the bytes validated, and the quiz they made."""


@cache
def code_fingerprint() -> str | None:
    """Changes whenever the code that validates could: None if its source cannot be read."""
    digest = hashlib.sha256()
    libyaml = getattr(getattr(yaml, "_yaml", None), "get_version_string", lambda: "none")()
    for part in (MAGIC.decode(), sys.version, yaml.__version__, libyaml):
        digest.update(f"{part}\0".encode())
    sources = sorted(PACKAGE.rglob("*.py"))
    if not sources:
        return None
    try:
        for path in sources:
            data = path.read_bytes()
            digest.update(f"{path.relative_to(PACKAGE).as_posix()}\0{len(data)}\0".encode())
            digest.update(data)
    except OSError:
        return None
    return digest.hexdigest()


def cache_file(cache_folder: Path, quizzes_folder: Path) -> Path:
    """Where the quizzes of one folder are kept (one file per folder)."""
    name = hashlib.sha256(str(quizzes_folder.resolve()).encode()).hexdigest()[:16]
    return cache_folder / f"quizzes-{name}.cache"


def validate_cached(folder: Path, cache_folder: Path) -> tuple[list[Quiz], list[Problem]]:
    """loader.validate([folder]), reusing what an earlier start validated; keeps the result."""
    fingerprint = code_fingerprint()
    path = cache_file(cache_folder, folder)
    known = _read(path, fingerprint) if fingerprint else {}
    kept: Entries = {}
    quizzes: list[Quiz] = []
    problems: list[Problem] = []
    with without_cycle_collection():
        for file in quiz_files([folder]):
            try:
                data = read_file(file)
                digest = hashlib.sha256(data).digest()
                quiz = _reuse(known.get(file.name), digest)
                if quiz is None:
                    quiz = load_source(str(file), file.stem, data, pictures=FolderPictures(folder))
                    if not shows_pictures(quiz):  # its pictures may change, its file not
                        kept[file.name] = (digest, quiz_codec.encode(quiz))
                else:
                    kept[file.name] = known[file.name]
            except QuizError as error:
                problems.extend(error.problems)
                continue
            quizzes.append(quiz)
    if fingerprint and kept != known:
        _write(path, fingerprint, kept)
    return quizzes, problems


def _reuse(entry: tuple[bytes, quiz_codec.Encoded] | None, digest: bytes) -> Quiz | None:
    if entry is None or entry[0] != digest:
        return None
    try:
        return quiz_codec.decode(entry[1])
    except (TypeError, ValueError):
        return None  # written by us (checksum), so never expected: validate the file again


def _read(path: Path, fingerprint: str) -> Entries:
    """The entries kept for this code, or none if the file is absent, stale or damaged."""
    header = MAGIC + fingerprint.encode() + b"\n"
    try:
        blob = path.read_bytes()
    except OSError:
        return {}
    checksum, body = blob[len(header) : len(header) + 65], blob[len(header) + 65 :]
    if not blob.startswith(header) or checksum != _checksum(body):
        return {}
    try:
        entries: Any = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(entries, dict):
        return {}
    return {
        name: entry
        for name, entry in entries.items()
        if isinstance(name, str)
        and isinstance(entry, tuple)
        and len(entry) == 2
        and isinstance(entry[0], bytes)
        and isinstance(entry[1], tuple)
    }


def _checksum(body: bytes) -> bytes:
    return hashlib.sha256(body).hexdigest().encode() + b"\n"


def _write(path: Path, fingerprint: str, entries: Entries) -> None:
    """Replace the cache file whole, or leave it as it was (a failure is only logged)."""
    body = marshal.dumps(entries)
    blob = MAGIC + fingerprint.encode() + b"\n" + _checksum(body) + body
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(blob)
            os.replace(temporary, path)
        except BaseException:
            with suppress(OSError):
                os.unlink(temporary)
            raise
    except OSError as error:
        log.info("quiz cache not written (%s): the next start validates every file again", error)
