"""An Anki package's media: the `media` map from file names to numbered zip members.

Anki up to 2.1.49 (and 2.1.50+ exporting for older versions) writes `media` as JSON,
`{"0": "diagram.png", …}`, each file stored as the member named by its number. Anki 2.1.50+
(the package's `meta` says version 3, "latest") writes it as a zstd-compressed protobuf list
(`MediaEntries { repeated MediaEntry entries = 1 }`, an entry being `name = 1, size = 2,
sha1 = 3, legacy_zip_filename = 255`): the entry's index names its member unless
`legacy_zip_filename` does, and every member is zstd-compressed too. Everything is bounded: the
map's size before it is read, a member's declared size before it is read and its real size
while it is, so a package cannot make a picture bigger than it said.
"""

from __future__ import annotations

import json
import lzma
import unicodedata
import zipfile
import zlib
from collections.abc import Iterator
from typing import IO, Any

from bot.catalog.picture_files import checked_name
from bot.domain.pictures import MAX_PICTURE_BYTES
from bot.pictures.clean import PictureError

MAX_MAP_BYTES = 5_000_000
"""The media map (file names): ~100,000 entries of a big deck."""
MAX_ENTRIES = 100_000
_LATEST = 3
"""`PackageMetadata.version` LATEST: zstd map and members, protobuf map."""
_ZIP_ERRORS = (
    zipfile.BadZipFile,
    zlib.error,
    lzma.LZMAError,
    OSError,
    EOFError,
    ValueError,
    NotImplementedError,
)


class PackageMedia:
    """The pictures a package holds, read one at a time, each bounded (PictureFiles)."""

    def __init__(self, archive: zipfile.ZipFile, members: dict[str, str], zstd: bool) -> None:
        self.archive = archive
        self.members = members
        """File name (NFC) → the zip member that holds it."""
        self.zstd = zstd

    def __len__(self) -> int:
        return len(self.members)

    def read(self, name: str) -> bytes:
        member = self.members.get(unicodedata.normalize("NFC", checked_name(name)))
        if member is None:
            raise PictureError(f"there is no file '{name}' in the package's media")
        try:
            info = self.archive.getinfo(member)
            if info.file_size > MAX_PICTURE_BYTES and not self.zstd:
                raise PictureError(
                    f"the picture is {info.file_size:,} bytes; at most {MAX_PICTURE_BYTES:,}"
                )
            with self.archive.open(info) as stored:
                if self.zstd:
                    return _unzstd(stored, MAX_PICTURE_BYTES, "the picture")
                return _bounded(stored.read(MAX_PICTURE_BYTES + 1), "the picture")
        except KeyError:
            raise PictureError(f"the package names '{name}' but does not hold it") from None
        except _ZIP_ERRORS as error:
            if isinstance(error, PictureError):
                raise
            raise PictureError(f"the package's copy of '{name}' is damaged") from None


def package_media(archive: zipfile.ZipFile) -> PackageMedia:
    """The package's media map; an unreadable map is an empty one (the notes still import,
    and each picture they name is reported missing)."""
    names = set(archive.namelist())
    zstd = _version(archive) >= _LATEST if "meta" in names else False
    if "media" not in names:
        return PackageMedia(archive, {}, zstd)
    try:
        info = archive.getinfo("media")
        if info.file_size > MAX_MAP_BYTES:
            return PackageMedia(archive, {}, zstd)
        with archive.open(info) as stored:
            data = _unzstd(stored, MAX_MAP_BYTES, "the media map") if zstd else stored.read()
        members = dict(_protobuf_map(data) if zstd else _json_map(data))
    except (*_ZIP_ERRORS, KeyError, TypeError):
        members = {}
    return PackageMedia(archive, members, zstd)


def _version(archive: zipfile.ZipFile) -> int:
    """`PackageMetadata.version` (field 1, a varint); 0 when unreadable."""
    try:
        if archive.getinfo("meta").file_size > 1000:
            return 0
        found = [value for number, value in _fields(archive.read("meta")) if number == 1]
        return found[0] if found and isinstance(found[0], int) else 0
    except (*_ZIP_ERRORS, KeyError):
        return 0


def _json_map(data: bytes) -> Iterator[tuple[str, str]]:
    """`{"0": "diagram.png", …}`: name → member."""
    found: Any = json.loads(data.decode("utf-8"))
    if not isinstance(found, dict):
        raise ValueError("not a map")
    for count, (member, name) in enumerate(found.items()):
        if count >= MAX_ENTRIES:
            break
        if isinstance(member, str) and isinstance(name, str):
            yield unicodedata.normalize("NFC", name), member


def _protobuf_map(data: bytes) -> Iterator[tuple[str, str]]:
    """`MediaEntries`: each entry's name → its member (its index, or legacy_zip_filename)."""
    for index, (number, value) in enumerate(_fields(data)):
        if index >= MAX_ENTRIES:
            break
        if number != 1 or not isinstance(value, bytes):
            continue
        name, member = "", str(index)
        for field, item in _fields(value):
            if field == 1 and isinstance(item, bytes):
                name = item.decode("utf-8", "replace")
            elif field == 255 and isinstance(item, int):
                member = str(item)
        if name:
            yield unicodedata.normalize("NFC", name), member


def _fields(data: bytes) -> Iterator[tuple[int, int | bytes]]:
    """(field number, value) of a protobuf message: varints and length-delimited values;
    ValueError on anything else or on a message cut short."""
    position = 0
    while position < len(data):
        key, position = _varint(data, position)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, position = _varint(data, position)
            yield number, value
        elif wire == 2:
            length, position = _varint(data, position)
            if position + length > len(data):
                raise ValueError("cut short")
            yield number, data[position : position + length]
            position += length
        elif wire in (1, 5):
            position += 8 if wire == 1 else 4
        else:
            raise ValueError(f"wire type {wire}")


def _varint(data: bytes, position: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if position >= len(data) or shift > 63:
            raise ValueError("bad varint")
        byte = data[position]
        position += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, position


def _bounded(data: bytes, what: str) -> bytes:
    if len(data) > MAX_PICTURE_BYTES:
        raise PictureError(f"{what} is over {MAX_PICTURE_BYTES:,} bytes")
    return data


def _unzstd(stored: IO[bytes], limit: int, what: str) -> bytes:
    """A zstd stream decompressed, refused as soon as it grows past `limit`."""
    import zstandard

    try:
        reader = zstandard.ZstdDecompressor().stream_reader(stored)
        chunks, size = [], 0
        while chunk := reader.read(1 << 16):
            size += len(chunk)
            if size > limit:
                raise PictureError(f"{what} is over {limit:,} bytes")
            chunks.append(chunk)
    except zstandard.ZstdError:
        raise PictureError(f"{what} cannot be decompressed: the package is damaged") from None
    return b"".join(chunks)
