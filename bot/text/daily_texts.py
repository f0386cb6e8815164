"""Texts of daily questions: the post, its results, a schedule; from the catalogs only."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.domain.daily import EVERY_DAY, DailyPost, RuleProblem, Schedule
from bot.domain.entities import WEAK_ROUND, Answer, Post
from bot.domain.models import Language, Question, Quiz, pick_language
from bot.domain.views import ClosedView, QuestionView
from bot.text.answer_buttons import letter_buttons
from bot.text.answer_texts import right_answer
from bot.text.authored import authored, shown
from bot.text.i18n import has_message, t
from bot.text.markup import PLAIN, Card, Style, clean_name
from bot.text.render import choice_lines, closed_card, hint_part


def daily_card(
    quiz: Quiz,
    question: Question,
    post: Post,
    language: Language,
    style: Style = PLAIN,
    previous: tuple[Question, Post, Sequence[Answer]] | None = None,
) -> Card:
    """The day's question with letter buttons, and the previous question's answer."""
    parts = [
        style.bold(style.escape(t(language, "daily.header", title=quiz.title.get(language)))),
        authored(question.prompt.get(language), style),
        *(["\n".join(choice_lines(question, post, language, style))] if question.choices else []),
        *hint_part(question, language, style),
        style.italic(style.escape(t(language, "daily.open_until"))),
    ]
    if previous is not None:
        parts.append(style.escape(previous_line(*previous, language)))
    return Card("\n\n".join(parts), letter_buttons(post))


def daily_post_card(
    daily_post: DailyPost, view: QuestionView, previous: ClosedView | None, style: Style
) -> Card:
    """A daily post's card in its channel's language, with the previous question's answer."""
    earlier = None
    if previous is not None:
        earlier = (previous.view.question, previous.view.post, previous.answers)
    language = pick_language(daily_post.language)
    return daily_card(view.quiz, view.question, view.post, language, style, earlier)


def previous_line(
    question: Question, post: Post, answers: Sequence[Answer], language: Language
) -> str:
    """ "Last question: the answer was B. … (2/3 right)", for a question of any type."""
    values = {"answer": shown(right_answer(question, post, language))}
    if not answers:
        return t(language, "daily.previous_nobody", **values)
    right = sum(answer.correct for answer in answers)
    return t(language, "daily.previous", count=right, total=len(answers), **values)


def daily_closed_card(closed: ClosedView, language: Language, style: Style = PLAIN) -> Card:
    """A closed daily question: correct answer, how the channel voted, the explanation."""
    view = closed.view
    header = t(language, "daily.header", title=view.quiz.title.get(language))
    return closed_card(
        view.quiz, view.question, view.post, closed.answers, language, style, header=header
    )


def schedule_summary(
    schedule: Schedule, quizzes: Sequence[Quiz], language: Language, style: Style = PLAIN
) -> str:
    """ "Question of the day here: every day at 09:00 (Europe/Paris), from …. Next one: …"."""
    rule = schedule.rule
    if rule.weekdays == EVERY_DAY:
        days = t(language, "daily.every_day")
    else:
        days = ", ".join(t(language, f"weekday.{day}") for day in sorted(rule.weekdays))
    text = t(
        language,
        "daily.summary",
        days=days,
        time=rule.at.strftime("%H:%M"),
        zone=rule.zone,
        quizzes=", ".join(source_titles(schedule, quizzes, language)),
        next=local_moment(schedule.next_run_at, rule.zone),
    )
    return style.escape(text)


def source_titles(schedule: Schedule, quizzes: Sequence[Quiz], language: Language) -> list[str]:
    """What a schedule draws from: its quizzes' titles, and the chat's weak spots if named."""
    titles = [quiz.title.get(language) for quiz in quizzes]
    return [*titles, t(language, "weak.title")] if WEAK_ROUND in schedule.quiz_ids else titles


def paused_line(reason: str, language: Language) -> str:
    """Why a schedule is paused (its chat was gone) and how it comes back (plain text): the
    bot's own reasons in the reader's language, a platform's error as the platform said it."""
    own = f"daily.pause_reason.{reason}"
    shown = t(language, own) if has_message(own) else clean_name(reason)
    return t(language, "daily.paused", reason=shown)


def local_moment(moment: datetime, zone: str) -> str:
    return moment.astimezone(ZoneInfo(zone)).strftime("%Y-%m-%d %H:%M")


def rule_problem(problem: RuleProblem, language: Language, example: str) -> str:
    """What is wrong with a typed daily rule, with an example of a right one."""
    value = clean_name(problem.value)
    if problem.part == "days":
        return t(language, "daily.bad_days", value=value)
    return t(language, f"daily.bad_{problem.part}", value=value, example=example)
