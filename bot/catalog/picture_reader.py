"""Reading a question's `image: {file, alt}` (format 3): the file found, cleaned and counted.

Every problem names the line: a missing alt text, a file not beside the quiz, a picture
Pillow refuses (bot/pictures/clean.py says why), a quiz over its picture budget.
"""

from __future__ import annotations

from bot.catalog.field_reader import FieldReader
from bot.catalog.picture_files import cleaned_picture
from bot.catalog.yaml_nodes import Node
from bot.domain.models import Picture
from bot.domain.pictures import MAX_ALT, MAX_QUIZ_PICTURES
from bot.pictures.clean import PictureError

PICTURE_KEYS = {"file", "alt"}


def read_picture(reader: FieldReader, node: Node, what: str) -> Picture | None:
    """The picture `node` describes (`what` is its key, for messages), or None with problems."""
    values = reader.mapping(node, what, PICTURE_KEYS)
    if values is None:
        return None
    file_node = reader.required(values, "file", node)
    alt_node = values.get("alt")
    if alt_node is None:
        reader.report(
            node.line,
            f"{what} needs 'alt': a description of the picture for those who cannot see it",
        )
    alt = reader.text(alt_node, f"{what} alt", MAX_ALT) if alt_node is not None else None
    name = reader.string(file_node, f"{what} file") if file_node is not None else None
    if name is None or file_node is None:
        return None
    cleaned = reader.cleaned.get(name)
    if cleaned is None:
        if len(reader.cleaned) >= MAX_QUIZ_PICTURES:
            reader.report(file_node.line, f"a quiz may show at most {MAX_QUIZ_PICTURES} pictures")
            return None
        try:
            cleaned = cleaned_picture(reader.pictures, name)
        except PictureError as error:
            reader.report(file_node.line, f"{what} '{name}': {error}")
            return None
        reader.cleaned[name] = cleaned
    return None if alt is None else cleaned.picture(alt, name)
