"""Cheap upper bounds on the texts limits.py measures, so only texts near a limit are drawn.

Rendering every question in both languages and both markups was most of a cold start
(docs/performance.md, `python bench/startup.py`). A
rendered text is at most its fixed parts plus its author texts escaped, so its length is
bounded by a linear form in the lengths of the question's texts, built once per quiz and kind
of text. It is evaluated first with every character at its worst (`Style.growth`), then, if
that is not enough, on the texts really escaped. limits.py renders a text (and words its
problem) only when no bound proves that it fits. Each form follows the bot/text/render.py function
it is named after, piece by piece; tests/test_limit_bounds.py checks on hostile texts that no
bound is below the real length.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from string import Formatter

from bot.domain import payload, spans
from bot.domain.models import MAX_CHOICES, Language, Question, Quiz, ui_language
from bot.text.authored import authored_length
from bot.text.i18n import CATALOGS
from bot.text.markup import Style

UNBOUNDED = 10**9
"""The fixed part of a message whose placeholders have no cheap bound: it gets rendered."""

LETTER = 1
"""A choice letter (A-J) is one character."""

PARAGRAPH = len("\n\n")


@cache
def answer_button_bytes(post_id: int) -> int:
    """The longest answer button data render.question_card makes for `post_id`."""
    return max(
        len(payload.encode(payload.AnswerPress(post_id, index)).encode())
        for index in range(MAX_CHOICES)
    )


@dataclass(frozen=True, slots=True)
class Template:
    """What a message adds to its values, over every form `t` may pick (plural or not)."""

    fixed: int
    """The longest fixed text."""
    uses: dict[str, int]
    """How many times at most each placeholder appears."""

    def use(self, name: str) -> int:
        return self.uses.get(name, 0)

    def fixed_with(self, growth: int, **values: int) -> int:
        """The fixed text escaped at `growth`, plus placeholders of known length (escaped)."""
        if any(name not in values for name in self.uses):
            return UNBOUNDED
        return growth * self.fixed + sum(uses * values[name] for name, uses in self.uses.items())


@cache
def template(language: Language, *keys: str) -> Template:
    """The messages `t` makes for any of `keys` in `language`."""
    english = CATALOGS["en"]
    fixed, uses = 0, dict[str, int]()
    for name in (form for key in keys for form in (key, f"{key}.one", f"{key}.other")):
        if name not in english:
            continue
        literal, counts = 0, dict[str, int]()
        for before, field, spec, conversion in Formatter().parse(
            CATALOGS[ui_language(language)].get(name) or english[name]
        ):
            literal += len(before)
            if field is not None and (spec or conversion or not field.isidentifier()):
                return Template(UNBOUNDED, {})  # e.g. {count:>5}: not worth a formula
            if field is not None:
                counts[field] = counts.get(field, 0) + 1
        fixed = max(fixed, literal)
        uses = {field: max(uses.get(field, 0), counts.get(field, 0)) for field in uses | counts}
    return Template(fixed, uses)


def _raw(text: str) -> int:
    """A text's length, or UNBOUNDED when it holds code or math: markup grows a text more than
    `Style.growth` allows (`&` in code is `<code>&amp;</code>`), so it is measured for real."""
    return UNBOUNDED if spans.has_markup(text) else len(text)


@dataclass(frozen=True, slots=True)
class Lengths:
    """A question's author texts in one language: as written, or escaped by a style."""

    prompt: int
    choices: int
    """All of them."""
    correct: int
    explanation: int
    note: int
    """The longest; 0 without notes."""
    titles: int
    """Of every reference."""
    urls: int
    """Of every reference, as link URLs."""

    @classmethod
    def raw(cls, question: Question, language: Language) -> Lengths:
        choices = 0
        for choice in question.choices:
            choices += _raw(choice.get(language))
        note = 0
        for text in question.notes.values():
            note = max(note, _raw(text.get(language)))
        titles = urls = 0
        for reference in question.references:
            titles += len(reference.title)
            urls += len(reference.url)
        return cls(
            _raw(question.prompt.get(language)),
            choices,
            _raw(question.choices[question.answer].get(language)),
            _raw(question.explanation.get(language)) if question.explanation else 0,
            note,
            titles,
            urls,
        )

    @classmethod
    def escaped(cls, question: Question, language: Language, style: Style) -> Lengths:
        def length(text: str) -> int:
            return authored_length(text, style)

        return cls(
            length(question.prompt.get(language)),
            sum(length(choice.get(language)) for choice in question.choices),
            length(question.choices[question.answer].get(language)),
            length(question.explanation.get(language)) if question.explanation else 0,
            max((length(note.get(language)) for note in question.notes.values()), default=0),
            sum(style.escaped_length(reference.title) for reference in question.references),
            style.url_growth * sum(len(reference.url) for reference in question.references),
        )


@dataclass(frozen=True, slots=True)
class Linear:
    """A bound on one text: `fixed` plus so many times each of a question's escaped lengths."""

    fixed: int
    prompt: int = 0
    choices: int = 0
    correct: int = 0
    explanation: int = 0
    note: int = 0
    titles: int = 0
    urls: int = 0

    def of(self, texts: Lengths) -> int:
        """The bound, given the question's texts escaped."""
        return (
            self.fixed
            + self.prompt * texts.prompt
            + self.choices * texts.choices
            + self.correct * texts.correct
            + self.explanation * texts.explanation
            + self.note * texts.note
            + self.titles * texts.titles
            + self.urls * texts.urls
        )

    def at_worst(self, style: Style) -> Linear:
        """The same bound on raw lengths: every character escaped at its worst by `style`."""
        growth = style.growth
        return Linear(
            self.fixed,
            growth * self.prompt,
            growth * self.choices,
            growth * self.correct,
            growth * self.explanation,
            growth * self.note,
            growth * self.titles,
            style.url_growth * self.urls,
        )


@dataclass(frozen=True, slots=True)
class Bound:
    """One kind of text's bound in `style`: on escaped lengths, and on raw ones at their worst."""

    style: Style
    escaped: Linear
    worst: Linear

    @classmethod
    def on(cls, style: Style, escaped: Linear) -> Bound:
        return cls(style, escaped, escaped.at_worst(style))


def fit(
    checks: list[tuple[Bound, int]], question: Question, language: Language, raw: Lengths
) -> bool:
    """Every bound (all in one style) is within its limit: at worst, else really escaped."""
    for bound, limit in checks:
        if bound.worst.of(raw) > limit:
            break
    else:
        return True
    texts = Lengths.escaped(question, language, checks[0][0].style)
    return all(bound.escaped.of(texts) <= limit for bound, limit in checks)


class QuizBounds:
    """The forms for one quiz's texts; the parts no question changes are counted once."""

    def __init__(self, quiz: Quiz, number: int, total: int, answered: int, closes: str) -> None:
        """`number`, `total`, `answered` and `closes` as limits.py renders every question."""
        self.quiz = quiz
        self.number, self.total = number, total
        self.answered, self.closes = answered, closes
        self._cards: dict[tuple[Language, Style, int], Bound] = {}
        self._closed: dict[tuple[Language, Style, int], Bound] = {}

    def header(self, language: Language, style: Style) -> int:
        """render's bold question header: title, number, total."""
        growth = style.growth
        return len(style.bold("")) + template(language, "question.header").fixed_with(
            growth,
            title=len(style.escape(self.quiz.title.get(language))),
            number=growth * len(str(self.number)),
            total=growth * len(str(self.total)),
        )

    def question_card(self, language: Language, style: Style, choices: int) -> Bound:
        """render.question_card's text, with both footers."""
        key = (language, style, choices)
        if key not in self._cards:
            letters = choices * (len(style.bold("")) + LETTER + len(". ")) + choices - 1
            footer = template(language, "question.answered").fixed_with(
                1, count=len(str(self.answered))
            )
            footer += len(" · ")
            footer += template(language, "question.closes").fixed_with(1, when=len(self.closes))
            fixed = self.header(language, style) + 3 * PARAGRAPH + letters
            fixed += len(style.italic("")) + style.growth * footer
            self._cards[key] = Bound.on(style, Linear(fixed, prompt=1, choices=1))
        return self._cards[key]

    def closed_card(self, language: Language, style: Style, vote_bars: int) -> Bound:
        """render.closed_card's text, given the length of its vote bars."""
        key = (language, style, vote_bars)
        if key not in self._closed:
            answer = template(language, "closed.answer")
            fixed = self.header(language, style) + 4 * PARAGRAPH + len(style.bold(""))
            fixed += vote_bars
            fixed += answer.fixed_with(style.growth, letter=style.growth * LETTER, choice=0)
            form = Linear(fixed, prompt=1, correct=answer.use("choice"), explanation=1)
            self._closed[key] = Bound.on(style, form)
        return self._closed[key]


def _verdict_line(language: Language, style: Style) -> Linear:
    line = template(language, "verdict.right", "verdict.wrong")
    fixed = line.fixed_with(style.growth, letter=style.growth * LETTER, choice=0)
    return Linear(fixed, correct=line.use("choice"))


@cache
def verdict_line(language: Language, style: Style) -> Bound:
    """render.verdict_line (right or wrong), escaped by `style` (PLAIN: as in alerts)."""
    return Bound.on(style, _verdict_line(language, style))


@cache
def verdict(language: Language, style: Style, notes: bool, references: int) -> Bound:
    """render.verdict for any answer: the longest note, every reference."""
    growth = style.growth
    line = _verdict_line(language, style)
    fixed = len(style.bold("")) + line.fixed + PARAGRAPH
    note = template(language, "verdict.note")
    if notes:
        fixed += PARAGRAPH + note.fixed_with(growth, letter=growth * LETTER, note=0)
    if references:
        fixed += PARAGRAPH + template(language, "verdict.references").fixed_with(growth)
        fixed += references * (len("\n• ") + len(style.link("", "")))
    form = Linear(
        fixed,
        correct=line.correct,
        explanation=1,
        note=note.use("note") if notes else 0,
        titles=1,
        urls=1,
    )
    return Bound.on(style, form)
