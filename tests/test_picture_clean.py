"""bot/pictures/clean.py: what an untrusted picture becomes, or why it is refused."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.domain.models import Text
from bot.domain.spans import formulas
from bot.pictures.clean import PictureError, clean
from bot.pictures.for_messages import formula_card
from bot.text.math_picture import FormulaPictures

GPS = 0x8825


def encoded(image: Image.Image, format_name: str, **options: object) -> bytes:
    out = io.BytesIO()
    image.save(out, format_name, **options)
    return out.getvalue()


def test_a_jpeg_loses_its_exif_and_gps_and_keeps_its_pixels() -> None:
    exif = Image.Exif()
    exif[GPS] = {2: (48.0, 51.0, 24.0)}
    exif[0x010F] = "Camera maker"
    original = encoded(Image.new("RGB", (40, 30), "red"), "JPEG", exif=exif.tobytes())
    assert b"Exif" in original
    cleaned = clean(original, "photo.JPG")
    assert (cleaned.media_type, cleaned.width, cleaned.height) == ("image/jpeg", 40, 30)
    assert b"Exif" not in cleaned.data
    assert b"Camera maker" not in cleaned.data
    with Image.open(io.BytesIO(cleaned.data)) as image:
        assert not image.getexif()
        red, green, blue = image.convert("RGB").getpixel((20, 15))  # type: ignore[misc]
        assert red > 200
        assert green < 60
        assert blue < 60


def test_png_text_chunks_are_dropped_and_the_digest_names_the_cleaned_bytes() -> None:
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add_text("Comment", "secret location")
    original = encoded(Image.new("RGBA", (8, 8), (0, 0, 255, 128)), "PNG", pnginfo=info)
    cleaned = clean(original, "diagram.png")
    assert b"secret location" not in cleaned.data
    picture = cleaned.picture(Text("A blue square"), "diagram.png")
    assert picture.digest == cleaned.digest
    assert len(picture.digest) == 64
    assert picture.filename == f"{picture.digest[:16]}.png"
    assert clean(cleaned.data, "again.png").data == cleaned.data  # cleaning is stable


@pytest.mark.parametrize(
    ("name", "data", "reason"),
    [
        ("evil.svg", b"<svg onload='alert(1)'/>", "SVG pictures are refused"),
        ("notes.txt", b"hello", "not a picture type"),
        ("fake.png", b"GIF89a" + b"\0" * 40, "not a PNG picture"),
        ("cut.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 20, "not a PNG picture, or it is damaged"),
    ],
)
def test_what_is_refused_says_why(name: str, data: bytes, reason: str) -> None:
    with pytest.raises(PictureError, match=reason):
        clean(data, name)


def test_a_jpeg_named_png_is_refused() -> None:
    data = encoded(Image.new("RGB", (4, 4)), "JPEG")
    with pytest.raises(PictureError, match="holds a JPEG picture, not the PNG"):
        clean(data, "chart.png")


def test_a_truncated_png_is_refused() -> None:
    data = encoded(Image.effect_noise((300, 300), 64), "PNG")
    with pytest.raises(PictureError, match="damaged or cut short"):
        clean(data[: len(data) // 2], "noise.png")


@pytest.mark.parametrize("side", [5000, 20_000])
def test_a_picture_too_large_is_refused_from_its_header(side: int) -> None:
    data = encoded(Image.new("1", (side, side)), "PNG")  # a few kB that decode to side² pixels
    assert len(data) < 1_000_000
    with pytest.raises(PictureError, match="pixels"):
        clean(data, "bomb.png")


def test_over_a_megabyte_is_refused_before_decoding() -> None:
    with pytest.raises(PictureError, match="at most 1,000,000"):
        clean(b"\x89PNG" + b"\0" * 1_000_001, "big.png")


async def test_several_formulas_make_one_card_taller_than_each() -> None:
    pictures = FormulaPictures()
    spans = list(formulas(r"$\frac{p-1}{m+p-1}$ and $\sum_{i=1}^{n} x_i$"))
    one = await formula_card(spans[:1], "en", pictures)
    both = await formula_card(spans, "en", pictures)
    assert one is not None
    assert both is not None
    assert both.height > one.height
    assert both.media_type == "image/png"
    assert both.alt.get("en") == r"\frac{p-1}{m+p-1}; \sum_{i=1}^{n} x_i"
    assert await formula_card([], "en", pictures) is None
