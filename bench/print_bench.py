"""Print kit benchmark: pads, the full set and CLI start-up, against their targets.

Run: `python bench/print_bench.py`. Prints its figures; exits 1 when a target is
missed. Figures are medians of several runs; the ratios compare runs made side
by side in this process, so a noisy machine moves both sides alike.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from io import BytesIO

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

import layouts
from sheets.blocks import DRAWERS
from sheets.context import Context
from sheets.paper import impose
from sheets.render import Job, render
from sheets.units import Pen

PAD = 500
RUNS = 5
PADS = [("lost-cities", "score-sheet"), ("copenhagen", "player-sheet")]
TARGETS = {"vs naive": 10.0, "vs floor": 2.0, "bytes per added sheet": 2048, "full set s": 3.0,
           "full set MB": 5.0, "help s": 0.6}


def median_time(work, runs=RUNS):
    """Median seconds of `runs` calls of work(), and the last result."""
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def naive_pad(job: Job) -> bytes:
    """The same drawing code with no reuse: every block drawn again on every sheet."""
    spec = job.game.printables[job.printable]
    layout = impose(spec.size, job.paper, None, spec.gutter)
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(layout.page.width * mm, layout.page.height * mm), invariant=1)
    ctx = Context(job.game, job.ink, job.url)
    for first in range(0, job.sheet_count, layout.per_page):
        for number, (x, y, _, h) in enumerate(layout.slots, start=first + 1):
            if number > job.sheet_count:
                break
            canvas.saveState()
            canvas.translate(x * mm, (layout.page.height - y - h) * mm)
            for block in spec.blocks:
                DRAWERS[block.type](Pen(canvas, h), block, ctx.for_copy(number, 1))
            canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def floor(pages: int) -> bytes:
    """ReportLab's floor: `pages` pages holding one short string each."""
    buffer = BytesIO()
    canvas = Canvas(buffer, invariant=1)
    for n in range(pages):
        canvas.drawString(100, 700, f"sheet {n}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def check(name, value, target, lower_is_better=True) -> bool:
    """Print one figure beside its target; whether it meets it."""
    ok = value <= target if lower_is_better else value >= target
    print(f"  {name:<32} {value:>10.3f}   target {'<=' if lower_is_better else '>='} {target:<8g} {'ok' if ok else 'MISSED'}")
    return ok


def bench_pad(game_id, printable) -> list[bool]:
    """A 500-sheet pad against the naive drawing and ReportLab's floor; one verdict per target."""
    game = layouts.load(game_id)
    if printable not in game.printables:
        print(f"{game_id} {printable}: not in the layout")
        return [False]
    job = Job(game, printable, players=1, copies=PAD, url="http://table.local:5000")
    pad_s, pdf = median_time(lambda: render(job))
    naive_s, _ = median_time(lambda: naive_pad(job), runs=3)
    floor_s, _ = median_time(lambda: floor(PAD))
    one = len(render(Job(game, printable, players=1, copies=1, url="http://table.local:5000")))
    per_sheet = (len(pdf) - one) / (PAD - 1)
    print(f"{game_id} {printable}: {PAD} sheets in {pad_s:.3f} s ({PAD / pad_s:.0f} sheets/s), "
          f"{len(pdf) / 1024:.0f} KB; naive {naive_s:.3f} s; ReportLab floor {floor_s:.3f} s")
    return [check("speed-up over naive (x)", naive_s / pad_s, TARGETS["vs naive"], lower_is_better=False),
            check("time vs floor (x)", pad_s / floor_s, TARGETS["vs floor"]),
            check("bytes per added sheet", per_sheet, TARGETS["bytes per added sheet"])]


def bench_full_set() -> list[bool]:
    """Every printable of every game at 4 players: time and size against their targets."""
    jobs = [Job(layouts.load(g), p, players=4, url="http://table.local:5000")
            for g in layouts.game_ids() for p in layouts.load(g).printables]
    seconds, sizes = median_time(lambda: [len(render(job)) for job in jobs], runs=3)
    print(f"full set: {len(jobs)} printables of {len(layouts.game_ids())} games, 4 players, A4")
    return [check("seconds", seconds, TARGETS["full set s"]), check("megabytes", sum(sizes) / 1e6, TARGETS["full set MB"])]


def bench_help() -> list[bool]:
    """Start-up time of `rollsheet --help` against its target."""
    command = [sys.executable, "-c", "import sys; sys.argv=['rollsheet', '--help']; from sheets.cli import main; main()"]
    seconds, _ = median_time(lambda: subprocess.run(command, capture_output=True, check=True))
    print("rollsheet --help")
    return [check("start-up seconds", seconds, TARGETS["help s"])]


def main() -> int:
    """Run every print benchmark; 0 when every target is met, else 1."""
    results = [ok for game_id, printable in PADS for ok in bench_pad(game_id, printable)]
    results += bench_full_set() + bench_help()
    print("all targets met" if all(results) else f"{results.count(False)} target(s) missed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
