"""Hostile input on the readings issue 26 added: a quiz sheet with options and a correct-answer
column, and a headerless Anki export (tests/corpus/imports/options.csv, anki-headerless.txt),
cut or with junk put in, give questions or domain errors by line, detected as an upload is."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.importers.helpers import corpus
from tests.importers.test_hostile import import_or_problems, mutated, parse_or_domain_error

FIXTURES = {"options.csv": "csv", "anki-headerless.txt": "anki"}


@pytest.mark.parametrize("name", sorted(FIXTURES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_damaged_file_gives_questions_or_domain_errors(name: str, data: st.DataObject) -> None:
    text = data.draw(mutated(corpus(name).decode()))
    encoded = text.encode("utf-8", "surrogatepass")
    parse_or_domain_error(FIXTURES[name], encoded)
    import_or_problems(name, encoded)
