"""A formula as MathML for the report: browsers draw it with no script (latex2mathml).

latex2mathml copies `\\text{…}` into the markup unescaped, so its output is parsed and
checked against a whitelist of MathML elements and attributes, then serialised again (which
escapes every text). Anything else, or a formula it cannot read, is None: the caller shows
the formula's Unicode, escaped.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from functools import lru_cache

from latex2mathml.converter import convert

NAMESPACE = "http://www.w3.org/1998/Math/MathML"
_ELEMENT_NAMES = (
    "math mrow mi mn mo mtext ms mspace mfrac msub msup msubsup munder mover munderover msqrt"
    " mroot mtable mtr mtd mstyle menclose mpadded mphantom merror semantics"
)
_ATTRIBUTE_NAMES = (
    "display mathvariant stretchy fence separator lspace rspace width height depth"
    " columnalign rowspacing columnspacing columnlines rowlines linethickness accent"
    " accentunder movablelimits minsize maxsize form displaystyle scriptlevel notation largeop"
    " symmetric align frame"
)
ELEMENTS = frozenset(_ELEMENT_NAMES.split())
ATTRIBUTES = frozenset(_ATTRIBUTE_NAMES.split())
ElementTree.register_namespace("", NAMESPACE)


@lru_cache(maxsize=2048)
def to_mathml(latex: str, *, display: bool = False) -> str | None:
    """The formula's <math> element, or None when it cannot be converted safely."""
    try:
        converted = convert(latex, display="block" if display else "inline")
        root = ElementTree.fromstring(converted)
    except Exception:  # latex2mathml raises its own errors, and more: all mean "no MathML"
        return None
    if not all(_allowed(element) for element in root.iter()):
        return None
    return ElementTree.tostring(root, encoding="unicode", short_empty_elements=False)


def _allowed(element: ElementTree.Element) -> bool:
    namespace, _, name = element.tag.rpartition("}")
    return (
        namespace == "{" + NAMESPACE and name in ELEMENTS and element.attrib.keys() <= ATTRIBUTES
    )
