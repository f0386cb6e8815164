"""bot.catalog.yaml_nodes: the values it reads are PyYAML's safe ones, with lines added."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bot.catalog.yaml_nodes import Entry, Node, YamlError, parse, parse_document, parse_entries

SCALARS = st.one_of(
    st.text(),
    st.sampled_from(["yes", "no", "on", "1.5", "0x1f", "2024-01-02", "~", "null", "&a", "*a"]),
    st.integers(),
    st.floats(allow_nan=False),
    st.booleans(),
    st.none(),
)
DOCUMENTS = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


def plain(node: Node) -> Any:
    if isinstance(node.value, list):
        return [plain(item) for item in node.value]
    if isinstance(node.value, dict):
        return {key: plain(item) for key, item in node.value.items()}
    return node.value


@settings(max_examples=300)
@given(DOCUMENTS, st.booleans())
def test_values_are_what_the_safe_loader_reads(document: Any, flow: bool) -> None:
    text = yaml.safe_dump(document, allow_unicode=True, default_flow_style=flow)
    loaded = yaml.safe_load(text)
    # PyYAML's emitter writes some keys it cannot round-trip (a NEL, U+0085, becomes a space,
    # so two keys can come back as one, which the loader silently merges and parse refuses as
    # a duplicate): compare only documents PyYAML reads back as it wrote them.
    assume(loaded == document)
    assert plain(parse(text)) == loaded


def test_lines_and_raw_text_are_kept() -> None:
    root = parse("a: yes\nb:\n  - 'no'\n  - 3\n")
    assert isinstance(root.value, dict)
    assert root.value["a"] == Node(True, 1, "yes")
    items = root.value["b"].value
    assert items == [Node("no", 3, "no"), Node(3, 4, "3")]


@pytest.mark.parametrize("text", ["[" * 5000, "- " * 3000 + "a", "{a: " * 3000])
def test_values_nested_too_deeply_are_a_yaml_error_not_a_crash(text: str) -> None:
    with pytest.raises(YamlError) as raised:
        parse(text)
    assert (raised.value.line, raised.value.message) == (1, "values are nested too deeply")


def test_the_top_level_keys_keep_their_lines() -> None:
    root, lines = parse_document("a: 1\n# note\nb:\n  - x\n  - y\n")
    assert lines == {"a": 1, "b": 3}
    assert root.value["b"].line == 4  # type: ignore[index]


def test_entries_keep_a_repeated_top_level_key_each_time_with_its_line() -> None:
    line, entries = parse_entries("# list\na: [1]\nb: x\na:\n  - 2\n")
    assert line == 2
    assert entries == [
        Entry("a", 2, Node([Node(1, 2, "1")], 2)),
        Entry("b", 3, Node("x", 3, "x")),
        Entry("a", 4, Node([Node(2, 5, "2")], 5)),
    ]
    assert parse_entries("- a\n- b\n") == (1, None)
    with pytest.raises(YamlError):
        parse_entries("a:\n  b: 1\n  b: 2\n")  # below the top, a repeat is still an error


@pytest.mark.parametrize(
    "text",
    [
        'a: !!python/object/apply:os.system ["true"]\n',
        "a: !!python/object/new:dict {x: 1}\n",
        "a: !custom [1, 2]\n",
    ],
)
def test_a_tag_of_another_language_is_refused_by_line_on_lists_and_maps_too(text: str) -> None:
    """A sequence or mapping tagged for Python is not constructed either way; refusing it
    keeps a Red list's entry from being read as answers ["true"]."""
    with pytest.raises(YamlError) as raised:
        parse(text)
    assert raised.value.line == 1
    assert "unsupported YAML tag" in raised.value.message
