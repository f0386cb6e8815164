"""YAML to plain values that remember their line, for error messages that point at the file.

PyYAML's own loader forgets positions, silently keeps the last of two duplicate keys, and
expands aliases without bound; composing nodes ourselves fixes all three.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, cast

import yaml

MAX_NODES = 50_000
"""More values than any honest quiz needs; stops alias bombs ("billion laughs")."""

_BOOL_WORDS = {"yes", "no", "on", "off"}

Value = str | int | float | bool | None | list["Node"] | dict[str, "Node"]


class Node(NamedTuple):
    """A value and the line it starts on; a named tuple, the cheapest immutable record."""

    value: Value
    line: int
    """1-based line where the value starts."""
    raw: str = ""
    """The scalar as written, to explain surprises such as `no` read as false."""

    @property
    def is_yes_no_trap(self) -> bool:
        return isinstance(self.value, bool) and self.raw.lower() in _BOOL_WORDS


_new_node = cast(Callable[[type[Node], tuple[Value, int, str]], Node], tuple.__new__)
"""Node(value, line, raw) without the Python-level __new__: a fifth of the time, for the
hundreds of thousands of nodes of a catalog."""

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml when PyYAML has it: ~10x faster to parse, with the same nodes and line marks."""


def _compose(text: str) -> yaml.Node | None:
    """libyaml first; on an error, the pure-Python parser, whose messages the corpus pins."""
    try:
        node: yaml.Node | None = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    return node


_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
_COLLECTIONS = {f"tag:yaml.org,2002:{kind}" for kind in ("seq", "map", "set", "omap", "pairs")}
"""YAML's own lists and mappings; any other tag on one (a language's objects, such as
!!python/object/apply) is refused, never constructed. Scalars: SafeConstructor refuses them."""


class YamlError(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def parse(text: str) -> Node:
    """Parse one YAML document into `Node`s, raising YamlError with the line at fault."""
    return parse_document(text)[0]


def parse_document(text: str) -> tuple[Node, dict[str, int]]:
    """parse(), and the line of each key of the top-level mapping (values only know their
    own line, and a block list starts on the line after its key)."""
    root = _root(text)
    try:
        converted = _Converter().convert(root)
    except RecursionError:
        raise YamlError(1, "values are nested too deeply") from None
    keys: dict[str, int] = {}
    if isinstance(root, yaml.MappingNode):
        for key_node, _ in root.value:
            keys.setdefault(str(key_node.value), key_node.start_mark.line + 1)
    return converted, keys


class Entry(NamedTuple):
    """One key of a top-level mapping, the line it is on, and its value."""

    key: str
    line: int
    value: Node


def parse_entries(text: str) -> tuple[int, list[Entry] | None]:
    """The top-level mapping's entries in the file's order, a repeated key kept each time
    (for formats whose own reader tolerates one, such as Red's trivia lists), with the
    document's first line; None instead of the entries when the document is no mapping."""
    root = _root(text)
    line = root.start_mark.line + 1
    if not isinstance(root, yaml.MappingNode):
        return line, None
    converter = _Converter()
    entries: list[Entry] = []
    try:
        for key_node, value_node in root.value:
            converter.check_key(key_node)
            key_line = key_node.start_mark.line + 1
            entries.append(Entry(str(key_node.value), key_line, converter.convert(value_node)))
    except RecursionError:
        raise YamlError(1, "values are nested too deeply") from None
    return line, entries


def _root(text: str) -> yaml.Node:
    """The document's node tree, or YamlError with the line at fault."""
    try:
        root = _compose(text)
    except RecursionError:
        raise YamlError(1, "values are nested too deeply") from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        column = mark.column + 1 if mark else 1
        problem = error.problem or error.context or "invalid YAML"
        raise YamlError(line, f"YAML syntax error at column {column}: {problem}") from None
    except yaml.YAMLError as error:
        raise YamlError(1, f"YAML error: {error}") from None
    if root is None:
        raise YamlError(1, "the file is empty")
    return root


class _Converter:
    def __init__(self) -> None:
        self.count = 0
        self.constructor = yaml.constructor.SafeConstructor()

    def convert(self, node: yaml.Node) -> Node:
        self.count += 1
        line = node.start_mark.line + 1
        if self.count > MAX_NODES:
            raise YamlError(
                line,
                f"the file holds more than {MAX_NODES} values (are aliases repeating a block?)",
            )
        if isinstance(node, yaml.ScalarNode):
            if node.tag == _STR:  # most values: SafeConstructor would return the text as is
                return _new_node(Node, (node.value, line, node.value))
            return self._scalar(node, line)
        if node.tag not in _COLLECTIONS:  # e.g. !!python/object/apply on a list
            shown = node.tag.replace("tag:yaml.org,2002:", "!!")
            raise YamlError(line, f"unsupported YAML tag {shown}: only plain values are read")
        if isinstance(node, yaml.MappingNode):
            return _new_node(Node, (self._mapping(node), line, ""))
        if isinstance(node, yaml.SequenceNode):
            return _new_node(Node, ([self.convert(item) for item in node.value], line, ""))
        raise YamlError(line, "unsupported YAML value")

    def _scalar(self, node: yaml.ScalarNode, line: int) -> Node:
        try:
            value = self.constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError) as error:
            raise YamlError(line, f"cannot read value {node.value!r}: {error}") from None
        if not isinstance(value, str | int | float | bool | type(None)):
            # Dates and timestamps: keep them as written, the schema will say what it expects.
            value = str(node.value)
        return Node(value, line, raw=str(node.value))

    def check_key(self, key_node: yaml.Node) -> None:
        if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == _MERGE:
            raise YamlError(key_node.start_mark.line + 1, "keys must be plain words")

    def _mapping(self, node: yaml.MappingNode) -> dict[str, Node]:
        result: dict[str, Node] = {}
        for key_node, value_node in node.value:
            self.check_key(key_node)
            key = str(key_node.value)
            if key in result:
                raise YamlError(
                    key_node.start_mark.line + 1,
                    f"duplicate key '{key}' (first given on line {_line_of(node, key)})",
                )
            result[key] = self.convert(value_node)
        return result


def _line_of(node: yaml.MappingNode, key: str) -> int:
    """The line of the first `key` in a mapping (looked up only to word a duplicate)."""
    line: int = next(k.start_mark.line for k, _ in node.value if str(k.value) == key)
    return line + 1
