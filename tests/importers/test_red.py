"""Red-DiscordBot trivia lists as Red ships them: its own keys, a question asked twice, every
answer Red accepts typed (issue 26, items 3 and 5; issue 27)."""

from __future__ import annotations

from bot.domain.models import Question
from bot.domain.question_types import TextKey
from tests.importers.helpers import imported, skipped

LIST = """\
AUTHOR: JennJenn
DESCRIPTION: >-
  A trivia about music
  and its history.
$schema: https://example.org/trivia.schema.json
CONFIG:
  max_score: 10
Which pop band had a hit single with 'Open Your Heart' in 1981?:
- The Human League
Who had a hit in 1982 with 'Maneater'?:
- Hall And Oates
Which pop band had a hit single with 'Open Your Heart' in 1981?:
- the human league
Who won the FIFA Young Player award in 2010 South Africa?:
- Thomas Müller
- Müller
Who won the FIFA Young Player award in 2010 South Africa?:
- Enzo Fernández
"""


def accepted(question: Question) -> list[str]:
    """A text question's accepted answers, the one shown first."""
    assert question.type == "text"
    assert isinstance(question.key, TextKey)
    return [answer.spelling for answer in question.key.accepted]


def test_red_metadata_keys_are_no_questions_and_the_description_is_the_quizs() -> None:
    result = imported("music.yaml", LIST.encode())
    assert result.quiz.description is not None
    assert result.quiz.description.versions[0][1] == "A trivia about music and its history."
    assert result.quiz.credit is not None
    assert result.quiz.credit.name == "JennJenn"
    prompts = [question.prompt.versions[0][1] for question in result.quiz.questions]
    assert not {"AUTHOR", "DESCRIPTION", "CONFIG", "$schema"} & set(prompts)
    assert "description: A trivia about music and its history.\n" in result.yaml


def test_a_question_asked_again_is_skipped_by_line_and_the_rest_imported() -> None:
    result = imported("music.yaml", LIST.encode())
    assert [(q.prompt.versions[0][1], accepted(q)) for q in result.quiz.questions] == [
        ("Which pop band had a hit single with 'Open Your Heart' in 1981?", ["The Human League"]),
        ("Who had a hit in 1982 with 'Maneater'?", ["Hall And Oates"]),
        ("Who won the FIFA Young Player award in 2010 South Africa?", ["Thomas Müller", "Müller"]),
    ]
    assert skipped(result) == [(12, "skip.red_repeated"), (17, "skip.red_repeated_answer")]
    assert result.skipped[0].reason.arguments() == {"first": 8}
    assert result.skipped[1].reason.arguments() == {"first": 14, "answer": "Enzo Fernández"}


def test_a_long_description_is_cut_at_a_word_to_the_loaders_limit() -> None:
    text = f"DESCRIPTION: {'word ' * 100}\nQ?:\n- a\nR?:\n- b\n"
    description = imported("long.yaml", text.encode()).quiz.description
    assert description is not None
    assert len(description.versions[0][1]) <= 300
    assert description.versions[0][1].endswith("word…")


YES_NO = """\
Does money exist in the 24th century?:
- No
High Priest Thekal dropped the Raptor Mount? (T/F):
- False
- F
How many legs does a spider have?:
- 8
- eight
What is the stardate?:
- 41153.7
"""


def test_every_answer_red_accepts_is_accepted_typed_as_written() -> None:
    result = imported("trek.yaml", YES_NO.encode())
    assert [accepted(q) for q in result.quiz.questions] == [
        ["No"],  # as written, where Red's YAML reads False
        ["False", "F"],
        ["8", "eight"],
        ["41153.7"],
    ]
    assert [note.key for note in result.notes] == ["note.red_as_written"]
    assert "  type: text\n" in result.yaml
    assert result.yaml.splitlines()[2] == "format: 3"


def test_answers_the_loader_cannot_take_are_left_out_and_said() -> None:
    many = "".join(f"- answer {n}\n" for n in range(25))
    text = f"Long?:\n- {'x' * 101}\n- short\nMany?:\n{many}Only long?:\n- {'y' * 101}\n"
    text += "Dots?:\n- '...'\n- Ellipsis\n"
    result = imported("l.yaml", text.encode())
    long_one, many_one, dots = result.quiz.questions
    assert accepted(long_one) == ["short"]
    assert accepted(many_one) == [f"answer {n}" for n in range(20)]  # the first 20
    assert accepted(dots) == ["Ellipsis"]
    assert skipped(result) == [(30, "skip.long_answer")]
    assert [note.key for note in result.notes] == ["note.typed_trimmed"]
