"""The `quizbot` command: wires settings, quizzes, the store and an adapter together."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from adapters import console_review, import_command, run_command
from adapters.console import CHAT_ID, ConsoleGame, console_player, default_language, default_name
from adapters.platform_ids import TERMINAL_CHAT
from adapters.web import commands as web_commands  # the organiser's report: serve, report
from bot.catalog.field_reader import Problem
from bot.catalog.installed import load_served, skipped_lines
from bot.catalog.loader import validate
from bot.config import Settings, database_setting, load_settings
from bot.domain.entities import PERIODS
from bot.domain.models import LANGUAGES, Language, Quiz
from bot.health.versions import quizbot_version
from bot.play.service import QuizService, UnknownQuizError
from bot.storage.interface import Store, StoreError
from bot.storage.opening import describe, open_store
from bot.text import boards, quiz_texts
from bot.text.export import write_csv
from bot.text.i18n import t


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="quizbot",
        description="Quizzes for study groups: in the terminal, on Discord and on Telegram.",
    )
    parser.add_argument("--version", action="version", version=f"quizbot {quizbot_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_terminal_commands(commands)
    console_review.add_parser(commands)  # spaced review (adapters/console_review.py)
    _add_platform_commands(commands)
    web_commands.add_commands(commands)
    _add_doctor_command(commands)
    return parser


def _add_doctor_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    doctor = commands.add_parser(
        "doctor", help="check the deployment (database, quizzes, tokens) and say what to fix"
    )
    doctor.add_argument(
        "--webhook",
        metavar="URL",
        help="the Telegram webhook this deployment serves (default: it polls)",
    )
    doctor.add_argument("--lang", choices=LANGUAGES)


def _add_terminal_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """What works on the local database with no token: play, list, boards, checks, export."""
    play = commands.add_parser(
        "play",
        help="play a quiz in the terminal",
        description=f"Play a quiz in the terminal. The answers are kept in the local database "
        f"under the chat {TERMINAL_CHAT}: quizbot export --chat {TERMINAL_CHAT} and quizbot "
        f"report --chat {TERMINAL_CHAT} read them.",
    )
    play.add_argument("quiz", metavar="QUIZ", help="quiz id, e.g. parallelism")
    play.add_argument("--lang", choices=LANGUAGES, help="language (default: the terminal's)")
    play.add_argument("--name", help="your name on the leaderboard (default: your login)")
    play.add_argument("--questions", type=int, metavar="N", help="play N questions only")

    listing = commands.add_parser("list", help="list the installed quizzes")
    listing.add_argument("--lang", choices=LANGUAGES)

    board = commands.add_parser("leaderboard", help="show the terminal leaderboard")
    board.add_argument("--period", choices=PERIODS, default="all")
    board.add_argument("--quiz", help="only this quiz")
    board.add_argument("--lang", choices=LANGUAGES)

    check = commands.add_parser("validate", help="check quiz files (default: the quizzes folder)")
    check.add_argument("paths", nargs="*", type=Path, metavar="PATH")
    check.add_argument(
        "--strict", action="store_true", help="fail on warnings too (e.g. French typography)"
    )
    import_command.add_parser(commands)

    export = commands.add_parser("export", help="write a chat's results for its organiser")
    export.add_argument(
        "--chat",
        required=True,
        metavar="ID",
        help=f"the chat as stored: tg:-100123 (a Telegram group), dc:123 (a Discord server), "
        f"or {TERMINAL_CHAT} for quizbot play's answers (--chat {TERMINAL_CHAT})",
    )
    export.add_argument("--format", choices=("csv",), default="csv")
    export.add_argument("--output", type=Path, metavar="FILE", help="default: standard output")


def _add_platform_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Running the bots, and their set-up tasks."""
    run = commands.add_parser("run", help="run the bot on a chat platform")
    platforms = run.add_subparsers(dest="platform", required=True, metavar="PLATFORM")
    telegram = platforms.add_parser("telegram", help="run the Telegram bot (TELEGRAM_TOKEN)")
    telegram.add_argument(
        "--webhook",
        metavar="URL",
        help="receive updates on this public HTTPS URL instead of polling",
    )
    telegram.add_argument("--listen", default="0.0.0.0", help="webhook address to listen on")
    telegram.add_argument("--port", type=int, default=8443, help="webhook port to listen on")
    telegram.add_argument(
        "--secret",
        help="webhook secret Telegram must send back; better in TELEGRAM_WEBHOOK_SECRET, as a "
        "command line is visible to the machine's other users (default: derived from the token)",
    )
    discord_run = platforms.add_parser("discord", help="run the Discord bot (DISCORD_TOKEN)")
    discord_run.add_argument(
        "--shards", metavar="auto|N", help="run every shard here: auto (Discord's advice) or N"
    )
    discord_run.add_argument(
        "--shard-ids", metavar="0,1", help="only these shards (spread shards over processes)"
    )
    discord_run.add_argument("--shard-count", type=int, metavar="N", help="shards in all")

    database = commands.add_parser("db", help="database tasks")
    database_tasks = database.add_subparsers(dest="task", required=True, metavar="TASK")
    copy = database_tasks.add_parser(
        "copy", help="copy a database into an empty one (SQLite <-> PostgreSQL), then verify"
    )
    copy.add_argument("source", metavar="SOURCE", help="a SQLite file or postgresql:// URL")
    copy.add_argument("target", metavar="TARGET", help="a SQLite file or postgresql:// URL")

    discord_cli = commands.add_parser("discord", help="Discord set-up tasks")
    discord_tasks = discord_cli.add_subparsers(dest="task", required=True, metavar="TASK")
    sync = discord_tasks.add_parser("sync", help="publish the slash commands now")
    sync.add_argument("--guild", type=int, metavar="ID", help="only this server (instant)")


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    settings = load_settings()
    try:
        if args.command == "validate":
            return run_validate(args.paths or [settings.quizzes], args.strict)
        if args.command == "import":
            return import_command.run_import(args, settings)
        if args.command == "db":
            return asyncio.run(run_db_copy(args.source, args.target))
        if args.command == "doctor":
            from adapters.doctor import run_doctor

            doctor = run_doctor(settings, args.lang or default_language(), args.webhook)
            return asyncio.run(doctor)
        catalog = load_served(settings.quizzes, settings.cache)  # a broken file is skipped
        quizzes, skipped = catalog.quizzes, catalog.problems
        language: Language = getattr(args, "lang", None) or default_language()
        if args.command not in ("run", "serve"):  # those log them once their logging is set
            for line in skipped_lines(skipped, language):
                print(f"quizbot: {line}", file=sys.stderr)
            skipped = []
        if args.command == "list":
            return run_list(quizzes, language)
        if args.command in ("run", "discord"):
            return run_command.run_platform(args, settings, quizzes, language, skipped)
        if args.command in ("serve", "report"):
            return web_commands.run(args, settings, quizzes, skipped)
        return asyncio.run(run_with_store(args, settings, quizzes, language))
    except StoreError as error:
        print(f"quizbot: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `quizbot export ... | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def run_validate(paths: list[Path], strict: bool = False) -> int:
    """Problems fail; warnings are shown and fail only with --strict."""
    warnings: list[Problem] = []
    quizzes, problems = validate(paths, warnings)
    for problem in problems:
        print(problem, file=sys.stderr)
    for warning in warnings:
        where = f"question '{warning.question_id}': " if warning.question_id else ""
        print(f"{warning.file}:{warning.line}: warning: {where}{warning.message}", file=sys.stderr)
    if not quizzes and not problems:
        print("no quiz files found in: " + ", ".join(map(str, paths)), file=sys.stderr)
        return 1
    for quiz in quizzes:
        print(t(default_language(), "cli.validated", id=quiz.id, count=len(quiz.questions)))
    if strict and warnings:
        print(t(default_language(), "cli.strict_warnings"), file=sys.stderr)
    return 1 if problems or (strict and warnings) else 0


async def run_db_copy(source: str, target: str) -> int:
    from adapters.progress import copy_progress
    from bot.storage.db_copy import CopyError, copy_database

    bars = copy_progress(default_language())
    try:
        with bars or contextlib.nullcontext():
            report = await copy_database(database_setting(source), database_setting(target), bars)
    except CopyError as error:
        print(f"quizbot: {error}", file=sys.stderr)
        return 1
    print("\n".join(report.lines()))
    return 0 if report.equal else 1


def run_list(quizzes: dict[str, Quiz], language: Language) -> int:
    if not quizzes:
        print(t(language, "quiz.none"))
    for quiz in sorted(quizzes.values(), key=lambda quiz: quiz.id):
        print(quiz_texts.quiz_line(quiz, language))
    return 0


async def run_with_store(
    args: argparse.Namespace, settings: Settings, quizzes: dict[str, Quiz], language: Language
) -> int:
    store = await open_store(settings.database)
    try:
        service = QuizService(store, quizzes)
        if args.command == "export":
            return await run_export(args, store)
        if args.command == "leaderboard":
            if args.quiz:
                service.quiz(args.quiz)
            board = await service.leaderboard(CHAT_ID, args.period, quiz_id=args.quiz)
            quiz = quizzes.get(args.quiz) if args.quiz else None
            print(boards.leaderboard(board, quiz, language))
            return 0
        if args.command == "review":
            return await console_review.run_review(args, service, language)
        return await run_play(args, service, language, settings.database)
    except UnknownQuizError as error:
        print(quiz_texts.unknown_quiz(error.name, error.known, language), file=sys.stderr)
        return 1
    finally:
        await store.close()


async def run_export(args: argparse.Namespace, store: Store) -> int:
    rows = await store.export_chat(args.chat)
    if not rows:
        known = ", ".join(await store.chats()) or "none yet"
        print(
            f"quizbot: no answers stored for chat {args.chat!r}. Chats with answers: {known}",
            file=sys.stderr,
        )
        return 1
    if args.output is None:
        write_csv(rows, sys.stdout)
    else:
        with args.output.open("w", encoding="utf-8", newline="") as stream:
            write_csv(rows, stream)
        written = t(default_language(), "cli.exported", count=len(rows), path=args.output)
        print(written, file=sys.stderr)
    return 0


async def run_play(
    args: argparse.Namespace, service: QuizService, language: Language, database: Path | str
) -> int:
    quiz = service.quiz(args.quiz)
    if args.questions is not None and not 1 <= args.questions <= len(quiz.questions):
        print(t(language, "cli.bad_questions", max=len(quiz.questions)), file=sys.stderr)
        return 2
    player = console_player(args.name or default_name(), language)
    game = ConsoleGame(service, player, language, sys.stdin, sys.stdout)
    await game.play(quiz.id, args.questions)
    game.view.paragraph(t(language, "console.saved_to", path=describe(database)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
