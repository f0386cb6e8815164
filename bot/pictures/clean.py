"""Untrusted picture bytes made safe to store and post: decoded and re-encoded with Pillow.

Re-encoding keeps the pixels and drops everything else (EXIF with its GPS position, comments,
ICC tricks, trailing data). The header is checked before any pixel is decoded, so a
decompression bomb costs a header read; a truncated file fails its decode; SVG is refused
outright (it can hold scripts) and the content must be the format its name says.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from PIL import Image, ImageFile, ImageOps, UnidentifiedImageError

from bot.domain.models import Picture, Text
from bot.domain.pictures import MAX_PICTURE_BYTES, MAX_PICTURE_SIDE, MEDIA_TYPES, NAME_SUFFIXES

MAX_FRAMES = 50
"""Frames of an animated GIF or WebP: each is decoded, so the count is bounded too."""
JPEG_QUALITY = 90
KEPT_INFO = ("transparency", "duration", "loop", "background", "disposal")
"""What a re-encode carries over: how the pixels show, never text, EXIF or ICC data."""
ImageFile.LOAD_TRUNCATED_IMAGES = False  # Pillow's default, stated: a cut file is refused


class PictureError(ValueError):
    """A picture refused; the message says why, in words an uploader can act on."""


@dataclass(frozen=True, slots=True)
class Cleaned:
    """Re-encoded bytes and what Pillow read of them."""

    data: bytes
    media_type: str
    width: int
    height: int

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    def picture(self, alt: Text, name: str = "") -> Picture:
        return Picture(self.digest, self.media_type, self.width, self.height, alt, self.data, name)


def expected_format(name: str) -> str:
    """The format a file of this name must hold; PictureError for SVG or any other ending."""
    suffix = PurePosixPath(name).suffix.lower()
    if suffix in {".svg", ".svgz"}:
        raise PictureError("SVG pictures are refused: they can hold scripts (use PNG)")
    if suffix not in NAME_SUFFIXES:
        raise PictureError(
            f"'{suffix or name}' is not a picture type the bot shows (PNG, JPEG, WebP or GIF)"
        )
    return NAME_SUFFIXES[suffix]


def clean(data: bytes, name: str) -> Cleaned:
    """The picture `name` re-encoded, or PictureError saying why it is refused."""
    wanted = expected_format(name)
    if len(data) > MAX_PICTURE_BYTES:
        raise PictureError(f"the picture is {len(data):,} bytes; at most {MAX_PICTURE_BYTES:,}")
    try:
        with Image.open(io.BytesIO(data), formats=list(MEDIA_TYPES)) as image:
            _check_header(image, wanted)
            return _reencode(image)
    except UnidentifiedImageError:
        raise PictureError(
            f"the file is not a {_format_name(wanted)} picture, or it is damaged"
        ) from None
    except Image.DecompressionBombError:
        raise PictureError("the picture expands to too many pixels (a bomb)") from None
    except (OSError, SyntaxError, ValueError, EOFError) as error:
        if isinstance(error, PictureError):
            raise
        raise PictureError("the picture is damaged or cut short; save it again") from None


def _check_header(image: Image.Image, wanted: str) -> None:
    if image.format != wanted:
        raise PictureError(
            f"the file holds a {_format_name(image.format)} picture, not the "
            f"{_format_name(wanted)} its name says"
        )
    width, height = image.size
    if width > MAX_PICTURE_SIDE or height > MAX_PICTURE_SIDE:
        raise PictureError(
            f"the picture is {width} × {height} pixels; at most "
            f"{MAX_PICTURE_SIDE} × {MAX_PICTURE_SIDE}"
        )
    if getattr(image, "n_frames", 1) > MAX_FRAMES:
        raise PictureError(f"the picture has over {MAX_FRAMES} frames")


def _reencode(image: Image.Image) -> Cleaned:
    """Pixels only, in the same format; JPEG turned upright first, as its EXIF said."""
    media_type = MEDIA_TYPES[str(image.format)]
    animated = getattr(image, "n_frames", 1) > 1
    out = io.BytesIO()
    if image.format == "JPEG":
        upright = ImageOps.exif_transpose(image)
        if upright.mode not in {"RGB", "L", "CMYK"}:
            upright = upright.convert("RGB")
        upright.save(out, "JPEG", quality=JPEG_QUALITY)
        size = upright.size
    elif animated:
        image.load()
        image.info = _kept(image.info)
        image.save(out, str(image.format), save_all=True)
        size = image.size
    else:
        image.load()
        frame = image.copy()
        frame.info = _kept(image.info)
        frame.save(out, str(image.format), **_lossless(str(image.format)))
        size = frame.size
    data = out.getvalue()
    if len(data) > MAX_PICTURE_BYTES:
        raise PictureError(
            f"the picture is {len(data):,} bytes once cleaned; at most {MAX_PICTURE_BYTES:,}"
        )
    return Cleaned(data, media_type, *size)


def _kept(info: dict[str | tuple[int, int], Any]) -> dict[str | tuple[int, int], Any]:
    return {key: info[key] for key in KEPT_INFO if key in info}


def _lossless(format_name: str) -> dict[str, object]:
    return {"lossless": True} if format_name == "WEBP" else {}


def _format_name(format_name: str | None) -> str:
    return {"JPEG": "JPEG", "PNG": "PNG", "WEBP": "WebP", "GIF": "GIF"}.get(
        format_name or "", "different"
    )
