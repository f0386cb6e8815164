"""Zips a chat uploads, built in tests: a quiz file with its pictures, and hostile ones, each
made the way an attacker would (sizes that lie, entries that share bytes, a bomb, a nest)."""

from __future__ import annotations

import io
import struct
import zipfile

from PIL import Image

from bot.domain.uploads import StoredChatQuiz


def png(colour: str = "red", size: tuple[int, int] = (30, 20)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def picture_quiz(quiz_id: str = "pics", files: tuple[str, ...] = ("pics/square.png",)) -> str:
    """A format 3 quiz with a question per picture file, each with its alt text."""
    questions = "".join(
        f"""  - id: q{number}
    prompt: {{en: What colour is picture {number}?, fr: Quelle couleur a l'image {number} ?}}
    choices:
      - {{en: Red, fr: Rouge}}
      - {{en: Blue, fr: Bleu}}
    answer: A
    explanation: {{en: It is red., fr: Elle est rouge.}}
    image:
      file: {name}
      alt: {{en: A red square, fr: Un carré rouge}}
"""
        for number, name in enumerate(files, start=1)
    )
    return f"""format: 3
id: {quiz_id}
languages: [en, fr]
title: {{en: Pictures, fr: Images}}
difficulty: easy
questions:
{questions}"""


def zipped(files: dict[str, bytes], packing: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", packing) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return out.getvalue()


def quiz_zip(extra: dict[str, bytes] | None = None, quiz_id: str = "pics") -> bytes:
    """A good upload: the quiz file and the picture it shows (and `extra` files)."""
    files = {"pics.yaml": picture_quiz(quiz_id).encode(), "pics/square.png": png()}
    return zipped(files | (extra or {}))


def bomb(size: int) -> bytes:
    """One member of `size` zero bytes, deflated to about a thousandth of it, its size told."""
    return quiz_zip({"pics/huge.png": bytes(size)})


def lying_size(real: int, told: int) -> bytes:
    """A picture member whose sizes (local header and central directory) say `told` bytes
    while its deflated data holds `real`: the bytes are rewritten after zipfile wrote them."""
    data = quiz_zip({"pics/lie.png": bytes(real)})
    return _patch_sizes(data, b"pics/lie.png", told)


def _patch_sizes(data: bytes, name: bytes, told: int) -> bytes:
    patched = bytearray(data)
    local = data.rindex(b"PK\x03\x04", 0, data.index(name))
    struct.pack_into("<I", patched, local + 22, told)  # uncompressed size
    central = data.rindex(b"PK\x01\x02", 0, data.rindex(name))
    struct.pack_into("<I", patched, central + 24, told)
    return bytes(patched)


def _central_records(data: bytes) -> list[bytes]:
    """The central directory's records, as written."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        offset, count = archive.start_dir, len(archive.infolist())
    records = []
    for _ in range(count):
        name, extra, comment = struct.unpack_from("<3H", data, offset + 28)
        size = 46 + name + extra + comment
        records.append(data[offset : offset + size])
        offset += size
    return records


def overlapping(copies: int = 10) -> bytes:
    """The quiz file and its picture, then `copies` more central directory records that all
    point at the picture's local header and data: each would read as a picture of its own
    while the bytes are stored once (a zip bomb's trick, many times over)."""
    good = quiz_zip()
    with zipfile.ZipFile(io.BytesIO(good)) as archive:
        directory = archive.start_dir
    records = _central_records(good)
    picture = next(record for record in records if b"square.png" in record)
    for number in range(copies):
        name = f"pics/copy{number:02}.png".encode()
        renamed = bytearray(picture[:46]) + name
        struct.pack_into("<3H", renamed, 28, len(name), 0, 0)
        records.append(bytes(renamed))
    body = b"".join(records)
    end = struct.pack("<4s4H2IH", b"PK\x05\x06", 0, 0, len(records), len(records),
                      len(body), directory, 0)  # fmt: skip
    return good[:directory] + body + end


def nested() -> bytes:
    return quiz_zip({"more.zip": quiz_zip()})


def nested_in_disguise() -> bytes:
    """A zip inside, named as a picture: found by its bytes, not its name."""
    return quiz_zip({"pics/inner.png": quiz_zip()})


def too_many_pictures(count: int = 50) -> bytes:
    return quiz_zip({f"pics/p{number:02}.png": png() for number in range(count)})


def traversal(name: str = "../../etc/evil.png") -> bytes:
    return quiz_zip({name: png()})


def encrypted() -> bytes:
    """A member flagged as encrypted (zipfile writes no encryption: the flag bit is set)."""
    data = bytearray(quiz_zip())
    name = b"pics/square.png"
    local = bytes(data).rindex(b"PK\x03\x04", 0, bytes(data).index(name))
    central = bytes(data).rindex(b"PK\x01\x02", 0, bytes(data).rindex(name))
    for offset in (local + 6, central + 8):
        (flags,) = struct.unpack_from("<H", data, offset)
        struct.pack_into("<H", data, offset, flags | 0x1)
    return bytes(data)


def packed_with_bzip2() -> bytes:
    return zipped({"pics.yaml": picture_quiz().encode(), "pics/square.png": png()},
                  zipfile.ZIP_BZIP2)  # fmt: skip


def duplicated() -> bytes:
    return quiz_zip({"PICS/Square.png": png("blue")})


def by_name(stored: StoredChatQuiz) -> dict[str, bytes]:
    """A stored chat quiz's pictures: name → bytes."""
    return {picture.name: picture.data for picture in stored.pictures}


def jpeg(size: tuple[int, int] = (64, 48)) -> bytes:
    """A photo-like JPEG (a gradient): re-encoding it again would change its bytes."""
    image = Image.linear_gradient("L").resize(size).convert("RGB")
    out = io.BytesIO()
    image.save(out, "JPEG", quality=95)
    return out.getvalue()
