"""An author's text as HTML for the organiser's report: formulas in MathML, code highlighted
by Pygments (classes, styled by `code_css` in the report's stylesheet), no script anywhere.

The result is safe HTML: every text is escaped, MathML comes checked (bot/text/mathml.py),
Pygments escapes the code it highlights.
"""

from __future__ import annotations

import base64
import html
from functools import lru_cache

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pygments.lexers.special import TextLexer
from pygments.util import ClassNotFound

from bot.domain import spans
from bot.domain.models import Language, Picture
from bot.domain.spans import Span
from bot.text.math_unicode import to_unicode
from bot.text.mathml import to_mathml

CODE_CLASS = "highlight"
_FORMATTER = HtmlFormatter(cssclass=CODE_CLASS)


def authored_html(text: str) -> str:
    """`text` as HTML: escaped prose (line breaks kept by the page's CSS), MathML, code."""
    return "".join(_html(span) for span in spans.split(text))


@lru_cache(maxsize=1)
def code_css() -> str:
    """The highlighting's colours, for the report's stylesheet (a light page)."""
    return str(_FORMATTER.get_style_defs(f".{CODE_CLASS}"))  # type: ignore[no-untyped-call]


def _html(span: Span) -> str:
    if span.kind == "plain":
        return html.escape(span.text)
    if span.kind == "code":
        return f"<code>{html.escape(span.text)}</code>"
    if span.kind == "block":
        return highlight(span.text, _lexer(span.language), _FORMATTER)
    display = span.kind == "display"
    mathml = to_mathml(span.text, display=display)
    return mathml if mathml is not None else html.escape(to_unicode(span.text).text)


def _lexer(language: str) -> Lexer:
    try:
        return get_lexer_by_name(language) if language else TextLexer()
    except ClassNotFound:
        return TextLexer()


def picture_html(picture: Picture, language: Language) -> str:
    """An author's picture inline: the cleaned bytes as a data: URI (the page needs no second
    request, and so no route holding the link's token), its alt text, its size in pixels so the
    page does not jump while it loads (the stylesheet scales it down to the column)."""
    data = base64.b64encode(picture.data).decode("ascii")
    return (
        f'<img class="picture" src="data:{html.escape(picture.media_type)};base64,{data}" '
        f'alt="{html.escape(picture.alt.get(language))}" '
        f'width="{picture.width}" height="{picture.height}">'
    )
