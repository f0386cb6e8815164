"""Language codes, and the version of something in a player's language.

Quiz texts (`models.Text`) and typed answers (`question_types.TextKey`) are both kept per
language and picked the same way; this module lets them share that without importing each
other.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def primary(code: str) -> str:
    """The primary subtag of a language code: "pt" for "pt-BR"."""
    return code.split("-", 1)[0].lower()


def version_in(versions: tuple[tuple[str, T], ...], language: str) -> T:
    """The version in `language` (or a regional variant of it), else the first one."""
    for code, value in versions:
        if code == language:
            return value
    if len(versions) > 1:
        for code, value in versions:
            if primary(code) == language:
                return value
    return versions[0][1]
