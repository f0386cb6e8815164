"""Draw the GPipe and 1F1B pipeline schedules of the parallelism-3d quiz (issue 31) as one PNG.

p = 4 stages, m = 8 micro-batches, a backward pass twice as long as a forward pass (the usual
rule of thumb), both schedules flushed at the end of the batch. Each stage's row shows its
forward (blue) and backward (orange) boxes over time, numbered by micro-batch, and its idle
time (hatched grey): the bubble, the same (p - 1)/(m + p - 1) = 3/11 of the iteration in both
schedules, while 1F1B keeps at most p micro-batches' activations on a stage instead of m.

The times are computed, not drawn by hand: each stage runs its operations in its schedule's
order, and an operation starts when its stage is free and its input is there (a forward needs
the previous stage's forward of that micro-batch, a backward the next stage's backward).

The picture is a light card, so it reads in light and dark themes alike; its few words are
given in English and French, since one file serves both languages, in DejaVu Sans (Debian's
fonts-dejavu-core), whose accents Pillow's own font lacks.

    python scripts/draw_pipeline_schedules.py [--output PATH]

Needs Pillow. Default output: quizzes/parallelism-3d/gpipe-vs-1f1b.png, beside the quiz.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

STAGES, MICRO_BATCHES = 4, 8
FORWARD, BACKWARD = 1, 2
"""Durations in time units: a backward pass costs about twice a forward pass."""
DEFAULT_OUTPUT = Path(__file__).resolve().parents[1] / "quizzes/parallelism-3d/gpipe-vs-1f1b.png"

UNIT, ROW, GAP = 36, 44, 6
"""Pixels: one time unit, one stage's row, the space between rows."""
LEFT, RIGHT, TOP = 96, 28, 84
PANEL_TITLE, PANEL_GAP, AXIS = 40, 34, 46
INK, MUTED, CARD, BORDER = "#1f2328", "#57606a", "#ffffff", "#8c959f"
FORWARD_FILL, BACKWARD_FILL = "#2f6db5", "#f0a33a"
IDLE_FILL, HATCH = "#eceff2", "#b4bcc5"

Order = list[tuple[str, int]]


@dataclass(frozen=True, slots=True)
class Op:
    """One pass of one micro-batch (1-based) on one stage (0-based), from start to end."""

    kind: str
    micro_batch: int
    stage: int
    start: int
    end: int


def gpipe_order(stages: int, micro_batches: int, stage: int) -> Order:
    """GPipe: every forward pass, then every backward pass."""
    numbers = range(1, micro_batches + 1)
    return [("F", i) for i in numbers] + [("B", i) for i in numbers]


def one_f_one_b_order(stages: int, micro_batches: int, stage: int) -> Order:
    """1F1B with a flush (PipeDream-Flush): p - 1 - stage warm-up forwards, then one forward
    and one backward in turn, then the remaining backwards."""
    warm_up = min(stages - 1 - stage, micro_batches)
    order: Order = [("F", i) for i in range(1, warm_up + 1)]
    for done in range(micro_batches - warm_up):
        order += [("F", warm_up + done + 1), ("B", done + 1)]
    order += [("B", i) for i in range(micro_batches - warm_up + 1, micro_batches + 1)]
    return order


def simulate(
    schedule: Callable[[int, int, int], Order], stages: int, micro_batches: int
) -> list[Op]:
    """Each stage runs its order; an operation waits for its stage and for its input."""
    orders = [schedule(stages, micro_batches, stage) for stage in range(stages)]
    ends: dict[tuple[str, int, int], int] = {}
    free, heads, ops = [0] * stages, [0] * stages, []
    while any(heads[stage] < len(orders[stage]) for stage in range(stages)):
        progressed = False
        for stage in range(stages):
            if heads[stage] == len(orders[stage]):
                continue
            kind, number = orders[stage][heads[stage]]
            needs = _input_of(kind, number, stage, stages)
            if needs is not None and needs not in ends:
                continue
            start = max(free[stage], ends[needs] if needs else 0)
            end = start + (FORWARD if kind == "F" else BACKWARD)
            ops.append(Op(kind, number, stage, start, end))
            ends[(kind, number, stage)] = free[stage] = end
            heads[stage] += 1
            progressed = True
        if not progressed:
            raise ValueError("the schedule deadlocks")
    return ops


def _input_of(kind: str, number: int, stage: int, stages: int) -> tuple[str, int, int] | None:
    if kind == "F":
        return ("F", number, stage - 1) if stage > 0 else None
    return ("B", number, stage + 1) if stage < stages - 1 else ("F", number, stage)


def peak_in_flight(ops: list[Op], stage: int) -> int:
    """The most micro-batches whose activations the stage holds at once (forward done,
    backward not yet)."""
    held = peak = 0
    for op in sorted((op for op in ops if op.stage == stage), key=lambda op: op.start):
        held += 1 if op.kind == "F" else -1
        peak = max(peak, held)
    return peak


def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans, which has the French accents that Pillow's own font lacks."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    try:
        return ImageFont.truetype(name, size)
    except OSError:
        raise SystemExit(f"{name} not found: install DejaVu (Debian: fonts-dejavu-core)") from None


def _panel(draw: ImageDraw.ImageDraw, top: int, title: str, ops: list[Op], span: int) -> None:
    draw.text((LEFT, top + 6), title, fill=INK, font=_font(21, bold=True))
    for stage in range(STAGES):
        y = top + PANEL_TITLE + stage * (ROW + GAP)
        draw.text(
            (LEFT - 14, y + ROW / 2), f"GPU {stage + 1}", fill=INK, font=_font(17), anchor="rm"
        )
        _idle(draw, LEFT, y, LEFT + span * UNIT, y + ROW)
        for op in (op for op in ops if op.stage == stage):
            box = (LEFT + op.start * UNIT, y, LEFT + op.end * UNIT, y + ROW)
            fill, ink = (FORWARD_FILL, "#ffffff") if op.kind == "F" else (BACKWARD_FILL, INK)
            draw.rectangle(box, fill=fill, outline=CARD, width=2)
            middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            draw.text(middle, str(op.micro_batch), fill=ink, font=_font(19), anchor="mm")
    bottom = top + PANEL_TITLE + STAGES * (ROW + GAP) - GAP
    flush = LEFT + span * UNIT
    for y in range(top + PANEL_TITLE - 6, bottom + 6, 10):
        draw.line((flush, y, flush, y + 5), fill=INK, width=2)


def _idle(draw: ImageDraw.ImageDraw, left: int, top: int, right: int, bottom: int) -> None:
    """A hatched strip: what no box covers is idle time."""
    draw.rectangle((left, top, right, bottom), fill=IDLE_FILL)
    height = bottom - top
    for x in range(left - height, right, 12):
        start = (max(x, left), bottom - (max(x, left) - x))
        end = (min(x + height, right), bottom - (min(x + height, right) - x))
        draw.line((start, end), fill=HATCH, width=2)


def _legend(draw: ImageDraw.ImageDraw, y: int) -> None:
    x = LEFT
    font = _font(17)
    for label, fill in (
        ("forward · passe avant", FORWARD_FILL),
        ("backward · passe arrière", BACKWARD_FILL),
        ("idle (bubble) · inactif (bulle)", None),
    ):
        if fill is None:
            _idle(draw, x, y, x + 30, y + 22)
        else:
            draw.rectangle((x, y, x + 30, y + 22), fill=fill)
        draw.text((x + 40, y + 11), label, fill=INK, font=font, anchor="lm")
        x += 40 + int(draw.textlength(label, font=font)) + 36


def draw() -> Image.Image:
    """Both schedules, one above the other, on the same time scale."""
    panels = [
        ("GPipe", simulate(gpipe_order, STAGES, MICRO_BATCHES)),
        ("1F1B (PipeDream-Flush)", simulate(one_f_one_b_order, STAGES, MICRO_BATCHES)),
    ]
    span = max(op.end for _, ops in panels for op in ops)
    height_of_panel = PANEL_TITLE + STAGES * (ROW + GAP) + PANEL_GAP
    size = (LEFT + span * UNIT + RIGHT, TOP + len(panels) * height_of_panel + AXIS)
    image = Image.new("RGB", size, CARD)
    canvas = ImageDraw.Draw(image)
    canvas.rounded_rectangle((1, 1, size[0] - 2, size[1] - 2), 14, outline=BORDER, width=2)
    title = f"p = {STAGES} stages (étages), m = {MICRO_BATCHES} micro-batches (micro-lots)"
    canvas.text((LEFT, 16), title, fill=INK, font=_font(20, bold=True))
    _legend(canvas, 50)
    for index, (name, ops) in enumerate(panels):
        _panel(canvas, TOP + index * height_of_panel, name, ops, span)
    _axis(canvas, size[1] - AXIS, span)
    return image


def _axis(draw: ImageDraw.ImageDraw, y: int, span: int) -> None:
    """Time, in forward-pass durations, with the flush at the end."""
    draw.line((LEFT, y, LEFT + span * UNIT, y), fill=MUTED, width=2)
    for tick in range(0, span + 1, 3):
        x = LEFT + tick * UNIT
        draw.line((x, y, x, y + 6), fill=MUTED, width=2)
        draw.text((x, y + 8), str(tick), fill=MUTED, font=_font(15), anchor="mt")
    draw.text((LEFT - 14, y + 8), "t", fill=MUTED, font=_font(15), anchor="rt")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args()
    args.output.parent.mkdir(parents=True, exist_ok=True)
    draw().save(args.output, optimize=True)
    print(args.output)


if __name__ == "__main__":
    main()
