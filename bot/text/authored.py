"""An author's text (prompt, choice, explanation, note) written for a platform's markup.

Plain text is escaped by the `Style`; formulas are written in Unicode (bot/text/math_unicode.py:
faithful or pylatexenc's best effort, until the adapters post the picture of those that need
one); code goes through the style's own code markup. A text with no `$` or backtick costs one
`in` test more than escaping it.
"""

from __future__ import annotations

from bot.domain import spans
from bot.domain.models import Language, Question
from bot.domain.spans import Span
from bot.text.markup import PLAIN, Style
from bot.text.math_unicode import to_unicode


def authored(text: str, style: Style) -> str:
    """The text as `style` shows it: escaped, formulas in Unicode, code as code."""
    if not spans.has_markup(text):
        return style.escape(text)
    return "".join(_written(span, style) for span in spans.split(text))


def shown(text: str) -> str:
    """The text as a reader sees it, no markup: for a text set inside a catalog message."""
    return authored(text, PLAIN)


def authored_length(text: str, style: Style) -> int:
    """The longest the text gets in `style`, alone (`authored`) or in a message (`shown`, then
    escaped): the limit bounds' measure, cheap when the text has no markup."""
    if not spans.has_markup(text):
        return style.escaped_length(text)
    return max(len(authored(text, style)), style.escaped_length(shown(text)))


def pictured(*texts: str) -> tuple[Span, ...]:
    """The formulas of these texts that Unicode cannot show faithfully, each once, in order:
    the pictures to post with them (bot/text/math_picture.py draws each)."""
    found: dict[str, Span] = {}
    for text in texts:
        for span in spans.formulas(text):
            if not to_unicode(span.text, display=span.kind == "display").faithful:
                found.setdefault(span.text, span)
    return tuple(found.values())


def question_pictures(question: Question, language: Language) -> tuple[Span, ...]:
    """The formula pictures a question's message needs: its prompt's and its choices'."""
    return pictured(
        question.prompt.get(language), *(choice.get(language) for choice in question.choices)
    )


def explanation_pictures(question: Question, language: Language) -> tuple[Span, ...]:
    """The formula pictures a verdict or a closed question needs besides the question's."""
    if question.explanation is None:
        return ()
    notes = (note.get(language) for note in question.notes.values())
    return pictured(question.explanation.get(language), *notes)


def _written(span: Span, style: Style) -> str:
    if span.kind == "plain":
        return style.escape(span.text)
    if span.kind == "code":
        return style.code(span.text)
    if span.kind == "block":
        return style.code_block(span.text, span.language)
    formula = style.escape(to_unicode(span.text).text)
    if span.kind == "display":
        return f"\n{formula}\n"
    return formula
