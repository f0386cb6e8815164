"""Importing Moodle GIFT: questions per second, next to a bare parse of the same text.

10,000 generated GIFT questions (~1.6 MB) of every kind the importer meets: multiple choice
with per-answer feedback and general feedback, weights, true/false, titles, [html] texts,
escapes, comments, $CATEGORY blocks, and one in ten of the kinds it skips (short answer,
numeric, matching, essay). Timed, each the median of 5 runs, interleaved:

- bare parse (the baseline): what any GIFT reader does at least, split into blank-line
  blocks, cut each at its braces and split the answers on = and ~ with one regex; no
  comments, escapes, formats, feedback, types or line numbers;
- gift.parse: the importer itself, every question a draft with its line, every skipped
  one with its reason;
- import_file: what `quizbot import` does with a file, in quizzes of 500 questions (the
  most a quiz holds): parse, check each draft against the loader's rules and the platforms'
  limits, write the YAML and load it back through the loader.

    python bench/import.py [--quick]
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from _common import arguments, median, table

from bot.catalog.importers import Options, import_file
from bot.catalog.importers import gift as gift_importer
from bot.catalog.importers.common import MAX_QUESTIONS

REPEATS = 5
_ANSWERS = re.compile(r"[=~][^=~]*")


def generate(count: int) -> str:
    """`count` questions, the kinds cycling so that every tenth one is skipped."""
    blocks = ["// generated for bench/import.py", "$CATEGORY: $course$/top/Bench/Generated"]
    for number in range(count):
        kind = number % 10
        if kind == 9:
            blocks.append(_skipped(number))
        elif kind == 8:
            blocks.append(f"::tf {number}::Statement {number} is true.{{T#No: it is.#Yes.}}")
        elif kind == 7:
            blocks.append(
                f"::html {number}::[html]Which <b>tag</b> number {number} \\{{bold\\}}?"
                f"{{=&lt;b&gt; #right ~&lt;i&gt; #italic ~&lt;u&gt; #underline ####Bold is b.}}"
            )
        else:
            blocks.append(
                f"// question {number}\n::Question {number}::What is {number} + {kind}?\n{{\n"
                f"  ={number + kind} # right: {number} and {kind} make {number + kind}\n"
                f"  ~{number + kind + 1} # one too many\n"
                f"  ~%50%{number + kind - 1} # one too few, half credit\n"
                f"  ~{number + kind + 10}\n"
                f"  ####Adding {kind} to {number} counts {kind} on from {number}.\n}}"
            )
        if number % 1000 == 999:
            blocks.append(f"$CATEGORY: Bench/Part {number // 1000}")
    return "\n\n".join(blocks) + "\n"


def _skipped(number: int) -> str:
    kinds = (
        f"Who wrote question {number}?{{=nobody =no one}}",
        f"How many is {number}?{{#{number}:1}}",
        f"Match {number}. {{=a -> 1 =b -> 2 =c -> 3}}",
        f"Write about {number}. {{}}",
    )
    return kinds[(number // 10) % len(kinds)]


def bare_parse(text: str) -> int:
    """The baseline: blocks, braces, answers; the count of questions with answers."""
    found = 0
    for block in text.split("\n\n"):
        start, end = block.find("{"), block.rfind("}")
        if start >= 0 and end > start and _ANSWERS.findall(block[start + 1 : end]):
            found += 1
    return found


def importer(data: bytes) -> int:
    return len(gift_importer.parse(data, Options()).questions)


def whole_import(chunks: list[bytes]) -> int:
    return sum(len(import_file("bench.gift", chunk).quiz.questions) for chunk in chunks)


def timed(action: Callable[[], int]) -> tuple[float, int]:
    began = time.perf_counter()
    count = action()
    return time.perf_counter() - began, count


def main() -> None:
    quick = arguments(__doc__ or "").quick
    count, repeats = (1_000, 2) if quick else (10_000, REPEATS)
    text = generate(count)
    data = text.encode()
    per_quiz = MAX_QUESTIONS * 10 // 9  # 500 imported, the skipped tenth on top
    chunks = [generate(per_quiz).encode() for _ in range(max(1, count // MAX_QUESTIONS))]
    runs: dict[str, list[tuple[float, int]]] = {}
    for _ in range(repeats):  # interleaved, so that the machine's load weighs on all alike
        for name, action in (
            ("bare", lambda: bare_parse(text)),
            ("parse", lambda: importer(data)),
            ("import", lambda: whole_import(chunks)),
        ):
            runs.setdefault(name, []).append(timed(action))
    rates = {name: _rate(results) for name, results in runs.items()}
    rows = [
        ("bare parse (baseline)", *_shown(runs["bare"], rates["bare"], rates["bare"])),
        ("gift.parse (the importer)", *_shown(runs["parse"], rates["parse"], rates["bare"])),
        ("import_file (500 a quiz)", *_shown(runs["import"], rates["import"], rates["bare"])),
    ]
    headers = ["what", "questions", "median s", "questions/s", "× slower than bare"]
    print(table(headers, rows))
    print(f"\n{count:,} GIFT questions, {len(data) / 2**20:.1f} MB; median of {repeats} runs.")


def _rate(results: list[tuple[float, int]]) -> float:
    seconds = median([elapsed for elapsed, _ in results])
    return results[0][1] / seconds


def _shown(results: list[tuple[float, int]], rate: float, bare: float) -> tuple[object, ...]:
    seconds = median([elapsed for elapsed, _ in results])
    return (f"{results[0][1]:,}", f"{seconds:.3f}", f"{rate:,.0f}", f"{bare / rate:.1f}")


if __name__ == "__main__":
    main()
