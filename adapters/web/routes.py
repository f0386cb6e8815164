"""The report's pages and downloads, each behind a signed link's check.

Every page lives under `/r/<token>/`; the token is checked (signature, expiry, revocation)
before anything is read, and a refusal is the same 403 page whatever the reason, so a guess
learns nothing. Pages link to each other with relative URLs, so the app works behind a
reverse proxy under any path prefix.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from aiohttp import web
from markupsafe import Markup

from adapters.web import charts, downloads, teaching
from adapters.web.context import NONCE, REPORT, Report
from bot.domain.models import LANGUAGES, LETTERS, Language, Picture, pick_language
from bot.domain.question_types import TYPED
from bot.domain.report_links import Grant, Refusal, parse_revoked_before, revocation_key
from bot.domain.wrong_answers import common_wrong
from bot.text import report_items as items_text
from bot.text import report_tables as tables
from bot.text.i18n import t
from bot.text.report_markup import authored_html, picture_html

DAYS_SHOWN = 30
ROUNDS_SHOWN = 20
_TOKEN = r"/r/{token:[A-Za-z0-9._-]+}"
_QUIZ = r"{quiz_id:[a-z0-9][a-z0-9-]{0,23}(?:@[0-9]{1,18})?}"  # a chat quiz: its key


def add_routes(app: web.Application) -> None:
    add = app.router.add_get
    add(_TOKEN, with_slash, name="report.bare")
    add(f"{_TOKEN}/", overview, name="report.overview")
    add(f"{_TOKEN}/members", members, name="report.members")
    add(f"{_TOKEN}/rounds", rounds, name="report.rounds")
    add(f"{_TOKEN}/quiz/{_QUIZ}", quiz_page, name="report.quiz")
    add(f"{_TOKEN}/{{table:days|quizzes|members|progress|rounds}}.{{ext:csv|xlsx}}", download,
        name="report.download")  # fmt: skip
    add(f"{_TOKEN}/quiz/{_QUIZ}.{{ext:csv|xlsx}}", download, name="report.quiz_download")


def language_of(request: web.Request) -> Language:
    """`?lang=` when given, else the browser's first language, else English."""
    asked = request.query.get("lang", "")
    if asked in LANGUAGES:
        return asked
    first = request.headers.get("Accept-Language", "").split(",")[0].split(";")[0]
    return pick_language(first.strip() or None)


def _render(report: Report, name: str, **context: Any) -> str:
    return report.templates.get_template(name).render(**context)


async def _grant(request: web.Request) -> Grant:
    """The link's grant, or a 403 page (the same for every reason) and nothing read."""
    report = request.app[REPORT]
    token = request.match_info["token"]
    found = report.signer.read(token)
    revoked = None
    if isinstance(found, Grant):
        revoked = parse_revoked_before(await report.store.get_meta(revocation_key(found.chat_id)))
    checked = report.signer.check(token, report.clock.now(), revoked)
    if isinstance(checked, Refusal):
        language = language_of(request)
        page = _render(report, "forbidden.html", lang=language, t=_translator(language))
        raise web.HTTPForbidden(text=page, content_type="text/html")
    return checked


def _translator(language: Language) -> Any:
    return lambda key, **values: t(language, key, **values)


def _context(request: web.Request, grant: Grant, page: str, depth: int) -> dict[str, Any]:
    """What every page's layout needs; `depth`: path segments below the report's root."""
    language = language_of(request)
    up = "../" * depth
    platform = grant.chat_id.split(":", 1)[0]
    return {
        "lang": language,
        "other": t(language, "report.other_language.code"),
        "t": _translator(language),
        "cell": lambda value, kind: tables.cell_text(value, kind, language),
        "cells": lambda table: tables.cells(table, language),
        "base": up or "./",
        "root": f"{up}../../",
        "page": page,
        "platform": t(language, f"report.platform.{platform}")
        if platform in ("tg", "dc")
        else t(language, "report.platform.unknown"),
        "valid_until": grant.expires_at.strftime("%Y-%m-%d %H:%M UTC"),
        "nonce": request[NONCE],
    }


def _page(text: str) -> web.Response:
    return web.Response(text=text, content_type="text/html", charset="utf-8")


def _today(report: Report) -> date:
    return report.clock.now().date()


async def with_slash(request: web.Request) -> web.Response:
    """`/r/<token>` to `/r/<token>/`, so relative links resolve under the report."""
    await _grant(request)
    raise web.HTTPFound(location=f"{request.match_info['token']}/")


async def overview(request: web.Request) -> web.Response:
    grant, report = await _grant(request), request.app[REPORT]
    context = _context(request, grant, "overview", 0)
    language, nonce = context["lang"], context["nonce"]
    today = _today(report)
    found = await report.store.overview(grant.chat_id, today - timedelta(DAYS_SHOWN - 1), today)
    quizzes = await report.quizzes_in(grant.chat_id)
    days_title = t(language, "report.chart.days", count=DAYS_SHOWN)
    weeks_title = t(language, "report.chart.weeks")
    context |= {
        "overview": found,
        "days_chart": charts.days_chart(found.days, days_title, nonce),
        "weeks_chart": charts.weeks_chart(found.weeks, language, weeks_title, nonce)
        if found.weeks
        else None,
        "quizzes": tables.quizzes_table(found, quizzes, language),
        "quiz_links": [
            f"{context['base']}quiz/{q.quiz_id}?lang={language}" for q in found.quizzes
        ],
        "days": tables.days_table(found, language),
    }
    return _page(_render(report, "overview.html", **context))


async def members(request: web.Request) -> web.Response:
    grant, report = await _grant(request), request.app[REPORT]
    context = _context(request, grant, "members", 0)
    period = teaching.period_in(request)
    found = await teaching.member_progress(report.store, grant.chat_id, period, report.clock.now())
    context["members"] = tables.members_table([p.line for p in found], context["lang"])
    context |= teaching.members_sections(found, period, context["lang"])
    return _page(_render(report, "members.html", **context))


async def rounds(request: web.Request) -> web.Response:
    grant, report = await _grant(request), request.app[REPORT]
    context = _context(request, grant, "rounds", 0)
    lines = await report.store.rounds(grant.chat_id, ROUNDS_SHOWN)
    quizzes = await report.quizzes_in(grant.chat_id)
    context["rounds"] = tables.rounds_table(lines, quizzes, context["lang"])
    context["shown"] = ROUNDS_SHOWN
    # With no group round, the answers the overview counts came from elsewhere: say so.
    context["elsewhere"] = 0 if lines else (await report.store.totals(grant.chat_id))[1].answered
    return _page(_render(report, "rounds.html", **context))


async def quiz_page(request: web.Request) -> web.Response:
    grant, report = await _grant(request), request.app[REPORT]
    context = _context(request, grant, "quiz", 1)
    language, quiz_id = context["lang"], request.match_info["quiz_id"]
    period = teaching.period_in(request)
    quizzes = await report.quizzes_in(grant.chat_id)
    quiz = quizzes.get(quiz_id)
    read = await report.store.question_figures(grant.chat_id, quiz_id)
    figures = {found.question_id: found for found in read}
    if quiz is None and not figures:
        raise web.HTTPNotFound(text=t(language, "report.not_found"))
    typed = [question for question in quiz.questions if question.type in TYPED] if quiz else []
    wrong = await report.store.wrong_typed(grant.chat_id, quiz_id, [q.id for q in typed])
    answered = [
        (number, question.id, figures[question.id])
        for number, question in enumerate(quiz.questions if quiz else (), start=1)
        if question.id in figures
    ]
    context |= {
        "quiz": quiz,
        "quiz_id": quiz_id,
        "quiz_title": tables.quiz_title(quizzes, quiz_id, language),
        "figures": figures,
        "letters": LETTERS,
        "plain": tables.plain,
        "authored": authored_markup,
        "picture": lambda found: picture_markup(found, language),
        "choice_share": tables.choice_share,
        "answered": answered,
        "common_wrong": {q.id: common_wrong(q, wrong.get(q.id, ())) for q in typed},
        **await teaching.quiz_sections(
            report.store, grant.chat_id, quiz_id, quiz, period, report.clock.now(), language
        ),
    }
    return _page(_render(report, "quiz.html", **context))


def picture_markup(picture: Picture | None, language: Language) -> Markup:
    """A question's or an explanation's picture, inline (nothing when it has none)."""
    return Markup(picture_html(picture, language) if picture is not None else "")


def authored_markup(text: str) -> Markup:
    """A quiz text for the page: formulas in MathML, code highlighted, the rest escaped."""
    return Markup(authored_html(tables.plain(text)))


async def download(request: web.Request) -> web.Response:
    """A page's table as CSV or XLSX, in the language of the page it was linked from."""
    grant, report = await _grant(request), request.app[REPORT]
    language, chat_id, today = language_of(request), grant.chat_id, _today(report)
    name = request.match_info.get("table")
    quizzes = await report.quizzes_in(chat_id)
    if name == "members":
        lines = await report.store.members(chat_id, report.clock.now())
        table = tables.members_table(lines, language)
    elif name == "progress":
        period, now = teaching.period_in(request), report.clock.now()
        members = await teaching.member_progress(report.store, chat_id, period, now)
        table = items_text.progress_table(members, period, language)
    elif name == "rounds":
        found = await report.store.rounds(chat_id, ROUNDS_SHOWN)
        table = tables.rounds_table(found, quizzes, language)
    elif name in ("days", "quizzes"):
        ov = await report.store.overview(chat_id, today - timedelta(DAYS_SHOWN - 1), today)
        table = (
            tables.days_table(ov, language)
            if name == "days"
            else tables.quizzes_table(ov, quizzes, language)
        )
    else:
        quiz = quizzes.get(request.match_info["quiz_id"])
        if quiz is None:
            raise web.HTTPNotFound(text=t(language, "report.not_found"))
        figures = await report.store.question_figures(chat_id, quiz.id)
        table = tables.questions_table(quiz, figures, language)
    return downloads.response(table, request.match_info["ext"], today, language)
