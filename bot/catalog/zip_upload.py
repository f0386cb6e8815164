"""A chat's `.zip` upload: one quiz file and its pictures, read without trusting the archive.

A zip says how big each member is, where it starts and how it is packed; all of it may lie.
So the archive is bounded as a whole (MAX_ZIP_BYTES, checked before the download too), members are
counted before any is read, each member's declared size is checked against its own limit and
then its real size while it is read (never more than the limit and one byte), members whose
bytes overlap (a zip bomb's way to make 1 MB expand many times) are refused from their local
headers, and so are encrypted members, compressions other than stored and deflate, nested
archives and names that are absolute, climb with `..`, or repeat once normalised. Nothing is
written anywhere: the members are returned in memory. CPU work: callers run this in a thread.
"""

from __future__ import annotations

import io
import posixpath
import struct
import unicodedata
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import PurePosixPath

from bot.catalog.picture_files import checked_name
from bot.domain.pictures import (
    MAX_PICTURE_BYTES,
    MAX_QUIZ_PICTURES,
    MAX_ZIP_BYTES,
    NAME_SUFFIXES,
)
from bot.domain.uploads import MAX_UPLOAD_BYTES, UploadRefusal, UploadRefused
from bot.pictures.clean import PictureError

MAX_ENTRIES = 2 * MAX_QUIZ_PICTURES + 10
"""Entries of every kind (folders, a Mac's `__MACOSX` copies): bounds the work before reading."""
PICTURE_SUFFIXES = frozenset(NAME_SUFFIXES) | {".svg", ".svgz"}
"""Files taken as pictures: an SVG one too, so that the loader says why it is refused."""
PACKINGS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
_LOCAL_HEADER = struct.Struct("<4s22xHH")
"""A member's local header: signature, then (after 22 bytes) its name's and extra's lengths."""
_LOCAL_SIGNATURE = b"PK\x03\x04"
_ARCHIVE_MAGIC = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")
_ZIP_ERRORS = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    zlib.error,
    EOFError,
    ValueError,
    OSError,
    NotImplementedError,  # a zip version or feature zipfile does not have
)
_ENCRYPTED = 0x1 | 0x40
"""General purpose flags: encrypted, strongly encrypted."""
_ARCHIVE_SUFFIXES = (".zip", ".apkg", ".colpkg", ".xlsx", ".jar", ".7z", ".rar", ".gz", ".tgz")


@dataclass(frozen=True, slots=True)
class ZipContents:
    """The zip's quiz file and its pictures by the name the quiz file gives them (relative
    to its folder in the zip, `checked_name`)."""

    quiz_name: str
    quiz_data: bytes
    pictures: dict[str, bytes]


def is_zip_upload(filename: str) -> bool:
    return PurePosixPath(filename.lower()).suffix == ".zip"


def read_zip(data: bytes) -> ZipContents | UploadRefused:
    """The quiz file and pictures of an uploaded zip, or why it is refused."""
    if len(data) > MAX_ZIP_BYTES:
        return _refused(UploadRefusal.TOO_BIG, MAX_ZIP_BYTES)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return _read(archive, data)
    except _RefusedError as refusal:
        return refusal.refused
    except _ZIP_ERRORS:
        return _refused(UploadRefusal.ZIP_UNREADABLE)


class _RefusedError(Exception):
    """A refusal found deep in the reading, carried out of it."""

    def __init__(self, refused: UploadRefused) -> None:
        self.refused = refused


def _refused(reason: UploadRefusal, limit: int = 0, name: str = "") -> UploadRefused:
    return UploadRefused(reason, limit, name=name[:80])


def _read(archive: zipfile.ZipFile, data: bytes) -> ZipContents | UploadRefused:
    members = archive.infolist()
    if len(members) > MAX_ENTRIES:
        return _refused(UploadRefusal.ZIP_TOO_MANY_PICTURES, MAX_QUIZ_PICTURES)
    _check_layout(members, data, archive.start_dir)
    files = [member for member in members if not _skipped(member)]
    pictures = [member for member in files if _is_picture(member.filename)]
    others = [member for member in files if not _is_picture(member.filename)]
    if len(pictures) > MAX_QUIZ_PICTURES:
        return _refused(UploadRefusal.ZIP_TOO_MANY_PICTURES, MAX_QUIZ_PICTURES)
    if not others:
        return _refused(UploadRefusal.ZIP_NO_QUIZ)
    if len(others) > 1:
        names = ", ".join(member.filename for member in others[:5])
        return _refused(UploadRefusal.ZIP_SEVERAL_QUIZZES, name=names)
    quiz = others[0]
    quiz_data = _member(archive, quiz, MAX_UPLOAD_BYTES)
    folder = PurePosixPath(quiz.filename).parent
    read = {_beside(folder, member.filename): _member(archive, member, MAX_PICTURE_BYTES)
            for member in pictures}  # fmt: skip
    return ZipContents(PurePosixPath(quiz.filename).name, quiz_data, read)


def _beside(folder: PurePosixPath, name: str) -> str:
    """A picture's name as the quiz file would give it: relative to the quiz file's folder (a
    zip of a folder puts both in it). One elsewhere starts with `..`, which no quiz can name."""
    return posixpath.relpath(checked_name(name), str(folder))


def _check_layout(members: list[zipfile.ZipInfo], data: bytes, directory: int) -> None:
    """Every member's name, packing and place: each refusal raised as _RefusedError."""
    seen: set[str] = set()
    spans = []
    for member in members:
        name = member.filename
        try:
            if not name.rstrip("/"):
                raise PictureError("no name")
            checked = checked_name(name.rstrip("/"))
        except PictureError:
            raise _RefusedError(_refused(UploadRefusal.ZIP_BAD_NAME, name=name)) from None
        normal = unicodedata.normalize("NFC", checked).casefold()
        if normal in seen:
            raise _RefusedError(_refused(UploadRefusal.ZIP_DUPLICATE_NAME, name=name))
        seen.add(normal)
        if member.flag_bits & _ENCRYPTED:
            raise _RefusedError(_refused(UploadRefusal.ZIP_ENCRYPTED, name=name))
        if member.compress_type not in PACKINGS:
            raise _RefusedError(_refused(UploadRefusal.ZIP_PACKING, name=name))
        if name.lower().endswith(_ARCHIVE_SUFFIXES):
            raise _RefusedError(_refused(UploadRefusal.ZIP_NESTED, name=name))
        spans.append(_span(member, data))
    spans.sort()
    end = 0
    for start, stop in spans:
        if start < end or stop > directory:
            raise _RefusedError(_refused(UploadRefusal.ZIP_OVERLAPPING))
        end = stop


def _span(member: zipfile.ZipInfo, data: bytes) -> tuple[int, int]:
    """Where the member's local header and packed bytes lie in the archive, from the header
    itself (its name and extra field may be longer than the central directory says)."""
    start = member.header_offset
    header = data[start : start + _LOCAL_HEADER.size]
    if len(header) < _LOCAL_HEADER.size:
        raise _RefusedError(_refused(UploadRefusal.ZIP_UNREADABLE))
    signature, name_length, extra_length = _LOCAL_HEADER.unpack(header)
    if signature != _LOCAL_SIGNATURE:
        raise _RefusedError(_refused(UploadRefusal.ZIP_UNREADABLE))
    return start, start + _LOCAL_HEADER.size + name_length + extra_length + member.compress_size


def _member(archive: zipfile.ZipFile, member: zipfile.ZipInfo, limit: int) -> bytes:
    """A member's bytes: its declared size checked first, its real size while it is read."""
    if member.file_size > limit:
        raise _RefusedError(_refused(UploadRefusal.ZIP_MEMBER_TOO_BIG, limit, member.filename))
    try:
        with archive.open(member) as stream:
            read = stream.read(limit + 1)
    except _ZIP_ERRORS:
        raise _RefusedError(_refused(UploadRefusal.ZIP_DAMAGED, name=member.filename)) from None
    if len(read) > limit:
        raise _RefusedError(_refused(UploadRefusal.ZIP_MEMBER_TOO_BIG, limit, member.filename))
    if read.startswith(_ARCHIVE_MAGIC):
        raise _RefusedError(_refused(UploadRefusal.ZIP_NESTED, name=member.filename))
    return read


def _skipped(member: zipfile.ZipInfo) -> bool:
    """Folders and what a Mac adds (`__MACOSX/…`, `.DS_Store`, `._name`): never read."""
    path = PurePosixPath(member.filename)
    return member.is_dir() or path.parts[:1] == ("__MACOSX",) or path.name.startswith(".")


def _is_picture(name: str) -> bool:
    return PurePosixPath(name).suffix.lower() in PICTURE_SUFFIXES
