"""The line each question of a JSON list starts on: `json` itself gives no positions.

Called once the text is known to be valid JSON, it walks the top level only (an object's
`results` array, or the array itself) with the standard decoder, one element at a time.
"""

from __future__ import annotations

import json

_DECODER = json.JSONDecoder()
_SPACE = " \t\n\r"


def item_lines(text: str) -> list[int]:
    """1-based start lines of the elements of the questions array of `text`."""
    index = _skip(text, 0)
    if text.startswith("{", index):
        index = _find_results(text, index + 1)
        if index < 0:
            return []
    if not text.startswith("[", index):
        return []
    return _element_lines(text, index + 1)


def _skip(text: str, index: int) -> int:
    while index < len(text) and text[index] in _SPACE:
        index += 1
    return index


def _find_results(text: str, index: int) -> int:
    """Where the value of the top-level "results" key starts, or -1."""
    while True:
        index = _skip(text, index)
        if index >= len(text) or text[index] == "}":
            return -1
        key, index = _DECODER.raw_decode(text, index)
        index = _skip(text, _skip(text, index) + 1)  # past the colon
        if key == "results":
            return index
        _, index = _DECODER.raw_decode(text, index)
        index = _skip(text, index)
        if text.startswith(",", index):
            index += 1


def _element_lines(text: str, index: int) -> list[int]:
    lines: list[int] = []
    line, counted = 1, 0
    while True:
        index = _skip(text, index)
        if index >= len(text) or text[index] == "]":
            return lines
        line += text.count("\n", counted, index)
        counted = index
        lines.append(line)
        _, index = _DECODER.raw_decode(text, index)
        index = _skip(text, index)
        if text.startswith(",", index):
            index += 1
