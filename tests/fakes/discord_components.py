"""Discord's documented limits on message components and modals, as the loopback Discord
(discord_routes.py) checks them on every message, edit and interaction response it is sent,
and what a member's select or modal submission sends back.

A request past a limit is answered 400 50035 Invalid Form Body, as Discord does: button labels
80, custom_ids 100, 5 rows of 5 buttons or one select, select options 1-25 with labels and
values of 100, placeholders 150, min/max values within the options; a modal's title 45, 1-5
rows of one text input each, labels 45, max_length 1-4000.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

JSONDict = dict[str, Any]
BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4


def message_problems(body: Any) -> list[str]:
    """What Discord would refuse in a message body's components."""
    if not isinstance(body, dict):
        return []
    return list(_rows(body.get("components") or []))


def modal_problems(data: JSONDict) -> list[str]:
    """What Discord would refuse in a modal (interaction response type 9)."""
    problems = []
    if not 1 <= len(data.get("title") or "") <= 45:
        problems.append("data.title: 1 to 45 characters")
    problems += _custom_id("data", data)
    rows = data.get("components") or []
    if not 1 <= len(rows) <= 5:
        problems.append("data.components: 1 to 5 rows")
    for index, row in enumerate(rows):
        inputs = row.get("components") or []
        if len(inputs) != 1 or inputs[0].get("type") != TEXT_INPUT:
            problems.append(f"data.components.{index}: one text input a row")
            continue
        problems += _text_input(f"data.components.{index}.components.0", inputs[0])
    return problems


def _rows(rows: list[JSONDict]) -> Iterator[str]:
    if len(rows) > 5:
        yield "components: at most 5 rows"
    for index, row in enumerate(rows):
        children = row.get("components") or []
        where = f"components.{index}.components"
        kinds = {child.get("type") for child in children}
        if (kinds == {STRING_SELECT} and len(children) != 1) or not 1 <= len(children) <= 5:
            yield f"{where}: 1 to 5 buttons, or one select"
        for position, child in enumerate(children):
            if child.get("type") == STRING_SELECT:
                yield from _select(f"{where}.{position}", child)
            else:
                yield from _button(f"{where}.{position}", child)


def _button(where: str, button: JSONDict) -> Iterator[str]:
    if len(button.get("label") or "") > 80:
        yield f"{where}.label: at most 80 characters"
    if button.get("style") != 5:  # a link button has a url instead
        yield from _custom_id(where, button)


def _select(where: str, select: JSONDict) -> Iterator[str]:
    yield from _custom_id(where, select)
    options = select.get("options") or []
    if not 1 <= len(options) <= 25:
        yield f"{where}.options: 1 to 25 options"
    for index, option in enumerate(options):
        for field in ("label", "value"):
            if not 1 <= len(option.get(field) or "") <= 100:
                yield f"{where}.options.{index}.{field}: 1 to 100 characters"
    if len(select.get("placeholder") or "") > 150:
        yield f"{where}.placeholder: at most 150 characters"
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= high <= len(options):
        yield f"{where}: min_values and max_values must fit the options"


def _text_input(where: str, field: JSONDict) -> list[str]:
    problems = _custom_id(where, field)
    if not 1 <= len(field.get("label") or "") <= 45:
        problems.append(f"{where}.label: 1 to 45 characters")
    if not 1 <= field.get("max_length", 4000) <= 4000:
        problems.append(f"{where}.max_length: 1 to 4000")
    return problems


def _custom_id(where: str, item: JSONDict) -> list[str]:
    if not 1 <= len(item.get("custom_id") or "") <= 100:
        return [f"{where}.custom_id: 1 to 100 characters"]
    return []


def find(message: JSONDict, custom_id: str) -> JSONDict:
    """The component of a message with this custom_id (a member can only use what is shown)."""
    for row in message.get("components") or []:
        for child in row.get("components") or []:
            if child.get("custom_id") == custom_id:
                return dict(child)
    raise LookupError(f"no component {custom_id!r} on message {message['id']}")


def picked(select: JSONDict, values: list[str]) -> list[str]:
    """The values a member can pick in a select: offered ones, as many as it allows."""
    offered = [option["value"] for option in select.get("options") or []]
    if any(value not in offered for value in values) or len(set(values)) != len(values):
        raise ValueError(f"{values} are not distinct options of {offered}")
    if not select.get("min_values", 1) <= len(values) <= select.get("max_values", 1):
        raise ValueError(f"{len(values)} values: the select takes min_values to max_values")
    return values


def submitted(modal: JSONDict, values: dict[str, str]) -> JSONDict:
    """MODAL_SUBMIT's data: the modal's custom_id and each text input with what was typed."""
    rows = []
    for row in modal.get("components") or []:
        field = row["components"][0]
        value = values.get(field["custom_id"], "")
        if field.get("required", True) and not value:
            raise ValueError(f"the modal's {field['custom_id']!r} is required")
        typed = {"type": TEXT_INPUT, "custom_id": field["custom_id"], "value": value}
        rows.append({"type": 1, "components": [typed]})
    return {"custom_id": modal["custom_id"], "components": rows}
