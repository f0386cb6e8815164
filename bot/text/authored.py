"""An author's text (prompt, choice, explanation, note) written for a platform's markup.

Plain text is escaped by the `Style`; formulas are written in Unicode (bot/text/math_unicode.py:
faithful or pylatexenc's best effort, until the adapters post the picture of those that need
one); code goes through the style's own code markup. A text with no `$` or backtick costs one
`in` test more than escaping it.
"""

from __future__ import annotations

from bot.domain import spans
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


def pictured(text: str) -> tuple[Span, ...]:
    """The formulas of a text that Unicode cannot show faithfully: they need a picture."""
    return tuple(
        span
        for span in spans.formulas(text)
        if not to_unicode(span.text, display=span.kind == "display").faithful
    )


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
