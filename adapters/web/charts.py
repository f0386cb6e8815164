"""The report's charts: inline SVG drawn on the server by pygal, safe under the page's CSP.

pygal (a maintained SVG charting library, no browser code needed to draw) gives axes, labels,
scales and accessible titles for free. Its SVG carries a config script and a tooltip layer
for its optional JavaScript; the page runs no script, so an XML filter removes both, and
gives its one <style> element the response's CSP nonce. Drawn charts are cached by their
figures (pygal takes ~10-40 ms a chart here), the nonce filled in per response. Nothing in
the result loads from anywhere: no script, no link, fonts from the reader's system.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import date
from typing import Any
from xml.etree.ElementTree import Comment, Element

import pygal
from markupsafe import Markup
from pygal.style import Style

from bot.domain.models import Language
from bot.domain.report import Day, Week
from bot.text.report_tables import share_text

CACHED = 256
"""Charts kept, by their figures: pygal takes ~10-40 ms a chart, a page view of unchanged
figures (a reload, a language switch back) then costs none of it."""
INK = "#1f2937"
STYLE = Style(
    background="transparent",
    plot_background="transparent",
    foreground=INK,
    foreground_strong=INK,
    foreground_subtle="#d1d5db",
    colors=("#2563eb", "#16a34a", "#dc2626"),
    font_family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    label_font_size=14,
    major_label_font_size=14,
    value_font_size=14,
    title_font_size=16,
)


def _without_scripts(nonce: str) -> Any:
    """The XML filter: no script, no tooltip layer (it needs script), no comments (they name
    pygal's site), a nonce on <style>."""

    def strip(svg: Element) -> Element:
        for parent in list(svg.iter()):
            for child in list(parent):
                tag = child.tag if isinstance(child.tag, str) else ""
                dropped = child.tag is Comment or tag == "script"  # type: ignore[comparison-overlap]
                if dropped or "tooltip-overlay" in child.get("class", ""):
                    parent.remove(child)
                elif tag == "style":
                    child.set("nonce", nonce)
        return svg

    return strip


NONCE_MARK = "nonce-placeholder-7f3a"
"""Charts are cached with this in place of the nonce, which each response fills in."""


def _render(chart: Any, title: str) -> str:
    chart.add_xml_filter(_without_scripts(NONCE_MARK))
    svg: str = chart.render(is_unicode=True)
    # pygal escapes every label it draws (ElementTree); the title is ours, escaped too.
    return svg.replace("<svg ", f'<svg role="img" aria-label="{Markup.escape(title)}" ', 1)


Size = tuple[int, int]
WIDE: Size = (960, 320)
"""Drawn for a desktop column (the page's 60rem at 16 px): text at its size, not scaled up."""
NARROW: Size = (420, 280)
"""Drawn for a phone: at 360-420 px its labels stay ~13-14 px instead of shrinking to 6."""


def _both(draw: Any, nonce: str) -> Markup:
    """The chart drawn wide and narrow; report.css shows the one that fits the screen, so
    a chart fills its column at 1280 px and stays legible at 390 px."""
    wide, narrow = draw(WIDE), draw(NARROW)
    return Markup(
        f'<div class="chart-wide">{wide}</div><div class="chart-narrow">{narrow}</div>'
    ).replace(NONCE_MARK, nonce)


def _config(size: Size, **extra: Any) -> dict[str, Any]:
    return {
        "width": size[0],
        "height": size[1],
        "style": STYLE,
        "js": [],
        "show_legend": False,
        "disable_xml_declaration": True,
        "explicit_size": False,
        "truncate_label": -1,
        "margin": 8,
        "margin_right": 28,
        "print_values": False,
        "show_minor_x_labels": False,
        **extra,
    }


def days_chart(days: Sequence[Day], title: str, nonce: str) -> Markup:
    """Members who answered each day: one bar a day, a label every week."""
    points = tuple((d.day, d.members) for d in days)
    return _both(lambda size: _days_svg(points, title, size), nonce)


@functools.lru_cache(maxsize=CACHED)
def _days_svg(days: tuple[tuple[date, int], ...], title: str, size: Size) -> str:
    chart = pygal.Bar(**_config(size, x_label_rotation=0, min_scale=1, max_scale=5))
    chart.x_labels = [day.strftime("%d/%m") for day, _ in days]
    chart.x_labels_major = chart.x_labels[::7]
    chart.add(title, [members for _, members in days])
    return _render(chart, title)


def weeks_chart(weeks: Sequence[Week], language: Language, title: str, nonce: str) -> Markup:
    """Share right per week, on a 0-100 % scale so that weeks compare at a glance."""
    points = tuple((week.start, _percent(week.tally.accuracy)) for week in weeks)
    return _both(lambda size: _weeks_svg(points, language, title, size), nonce)


@functools.lru_cache(maxsize=CACHED)
def _weeks_svg(
    weeks: tuple[tuple[date, float | None], ...], language: Language, title: str, size: Size
) -> str:
    chart = pygal.Line(**_config(size, range=(0, 100), show_dots=True, dots_size=4))
    chart.x_labels = [start.strftime("%d/%m") for start, _ in weeks]
    chart.x_labels_major = chart.x_labels[:: max(1, len(weeks) // 6)]
    chart.value_formatter = lambda value: share_text(value / 100, language)
    chart.add(title, [percent for _, percent in weeks])
    return _render(chart, title)


def _percent(value: float | None) -> float | None:
    return None if value is None else round(value * 100, 1)
