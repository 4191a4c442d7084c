"""Print kit benchmark: every printable against ReportLab's floor, the naive drawing, the full set, start-up.

Run: `python bench/print_bench.py`. Prints its figures; exits 1 when a target is missed.

The run: each of the 13 printables of the four games printed 500 copies for one player
(`rollsheet print GAME --what KIND --players 1 --copies 500`): 500 sheets or cards, 6000
structure cards (a copy is the set of 12), on as many pages as the paper takes.

The floor: the cheapest ReportLab program that prints the same pages. It is our own PDF
with every decision taken beforehand: each canvas call `render` makes (the forms' drawing,
then per page the page form, the sheet numbers, showPage; then save) is recorded once,
outside the clock, and the floor replays the calls on a fresh canvas. So it has the same
pages, forms, fonts and sheet numbers, and pays ReportLab's whole share of the work (the
drawing calls, the page and resource objects, compression, writing the file) and none of
ours (reading the layout, fitting text, placing blocks, choosing forms). Replaying our
calls is the floor because our pages are already the least ReportLab can print: every
page is one form holding all it shares with other pages, plus the sheet numbers as raw
text operators. The ratio is per page, not per sheet: both sides print the same pages
(Lost Cities two sheets a page, poker cards nine). Each printable is also run as a pad
(`--for pad`: one sheet a page at its trim size, with crop marks and the TrimBox and
BleedBox on every page) against its own floor. For reference the bench also prints
"bare pages": as many pages holding one short string each, no form at all.

Timing: CPU time of this process; our render and the floor run alternately RUNS times,
each from a collected heap. Times are medians; "time vs floor" is the median of the
ratios of the runs made side by side, so a busy moment on a shared machine slows both
sides of a pair alike. "Bytes per added sheet" is the growth of the file from one copy
to 500, per sheet or card.
"""
from __future__ import annotations

import gc
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import replace
from io import BytesIO
from pathlib import Path
from unittest import mock

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's code, not the installed one
import layouts  # noqa: E402
import sheets.render  # noqa: E402
from sheets.blocks import DRAWERS  # noqa: E402
from sheets.context import Context  # noqa: E402
from sheets.paper import lay_out  # noqa: E402
from sheets.render import Job, draw_marks, render  # noqa: E402
from sheets.units import Pen  # noqa: E402

COPIES = 500
RUNS = 9
URL = "http://table.local:5000"
NAIVE = [("lost-cities", "score-sheet"), ("copenhagen", "player-sheet")]
TARGETS = {"vs floor": 1.5, "bytes per added sheet": 1024, "vs naive": 10.0, "full set s": 3.0,
           "full set MB": 5.0, "help s": 0.6}


class Recorder:
    """Stands in for a canvas: passes every call on and notes the drawing ones, to replay them."""

    QUERIES = {"stringWidth", "beginPath"}

    def __init__(self, canvas: Canvas):
        self.canvas, self.calls = canvas, []

    def __getattr__(self, name):
        attr = getattr(self.canvas, name)
        if not callable(attr) or name in self.QUERIES:
            return attr

        def call(*args, **kwargs):
            self.calls.append((name, args, kwargs))
            return attr(*args, **kwargs)
        return call


def recorded(job: Job) -> tuple[dict, list]:
    """The canvas settings and every drawing call `render(job)` makes, in order."""
    made = []

    def canvas(*args, **kwargs):
        made.append((kwargs, Recorder(Canvas(*args, **kwargs))))
        return made[-1][1]
    with mock.patch.object(sheets.render, "Canvas", canvas):
        render(job)
    settings, recorder = made[0]
    return settings, recorder.calls


def calls_a_page(calls: list) -> float:
    """Canvas calls per page outside the forms' drawing: what every page costs ReportLab."""
    depth, outside, pages = 0, 0, 0
    for name, _, _ in calls:
        depth += {"beginForm": 1, "endForm": -1}.get(name, 0)
        outside += depth == 0 and name not in ("endForm", "setTitle", "setAuthor", "setCreator", "save")
        pages += name == "showPage"
    return outside / pages


def floor(settings: dict, calls: list) -> bytes:
    """ReportLab's floor: the recorded calls replayed on a fresh canvas, nothing computed."""
    buffer = BytesIO()
    canvas = Canvas(buffer, **settings)
    for name, args, kwargs in calls:
        getattr(canvas, name)(*args, **kwargs)
    return buffer.getvalue()


def bare_pages(settings: dict, pages: int) -> bytes:
    """For reference: `pages` pages of the same size holding one short string each."""
    buffer = BytesIO()
    canvas = Canvas(buffer, **settings)
    for n in range(pages):
        canvas.drawString(100, 100, f"sheet {n}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def naive_pad(job: Job) -> bytes:
    """The same pages drawn with no reuse: the cut marks and every block of every sheet drawn again."""
    spec = job.game.printables[job.printable]
    layout, _ = lay_out(spec.size, job.paper, job.made_for, job.per_page, spec.gutter, total=job.sheet_count)
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(layout.page.width * mm, layout.page.height * mm), invariant=1)
    ctx = Context(job.game, job.ink, job.url, job.players)
    for first in range(0, job.sheet_count, layout.per_page):
        slots = layout.slots[:job.sheet_count - first]
        draw_marks(Pen(canvas, layout.page.height), replace(layout, slots=slots))
        for number, (x, y, _, h) in enumerate(slots, start=first + 1):
            canvas.saveState()
            canvas.translate(x * mm, (layout.page.height - y - h) * mm)
            for block in spec.blocks:
                DRAWERS[block.type](Pen(canvas, h), block, ctx.for_sheet(number))
            canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def paired_times(*works, runs=RUNS) -> list[list[float]]:
    """CPU seconds of each work(), the works run alternately `runs` times, each from a collected heap."""
    times = [[] for _ in works]
    for _ in range(runs):
        for work, spent in zip(works, times, strict=True):
            gc.collect()
            start = time.process_time()
            work()
            spent.append(time.process_time() - start)
    return times


def check(name, value, target, lower_is_better=True) -> bool:
    """Print one figure beside its target; whether it meets it."""
    ok = value <= target if lower_is_better else value >= target
    print(f"  {name:<32} {value:>10.3f}   target {'<=' if lower_is_better else '>='} {target:<8g} "
          f"{'ok' if ok else 'MISSED'}")
    return ok


def bench_printable(game_id: str, printable: str, made_for: str = "home") -> list[bool]:
    """A 500-copy run for `made_for` against the floor (and, for home, the naive drawing of the pads in NAIVE)."""
    job = Job(layouts.load(game_id), printable, players=1, copies=COPIES, url=URL, made_for=made_for)
    settings, calls = recorded(job)
    pages = sum(name == "showPage" for name, _, _ in calls)
    gc.freeze()
    ours, floors, bares = paired_times(lambda: render(job), lambda: floor(settings, calls),
                                       lambda: bare_pages(settings, pages))
    gc.unfreeze()
    ours_s, floor_s, bare_s = map(statistics.median, (ours, floors, bares))
    vs_floor = statistics.median(o / f for o, f in zip(ours, floors, strict=True))
    one = replace(job, copies=1)
    per_sheet = (len(render(job)) - len(render(one))) / (job.sheet_count - one.sheet_count)
    print(f"{game_id} {printable} for {made_for}: {job.sheet_count} on {pages} pages "
          f"({calls_a_page(calls):g} canvas calls a page) in {ours_s:.3f} s; floor {floor_s:.3f} s; "
          f"bare pages {bare_s:.3f} s")
    verdicts = [check("time vs floor (x)", vs_floor, TARGETS["vs floor"]),
                check("bytes per added sheet", per_sheet, TARGETS["bytes per added sheet"])]
    if (game_id, printable) in NAIVE and made_for == "home":
        naive_s = statistics.median(*paired_times(lambda: naive_pad(job), runs=3))
        verdicts.append(check("speed-up over naive (x)", naive_s / ours_s, TARGETS["vs naive"], lower_is_better=False))
    return verdicts


def bench_full_set() -> list[bool]:
    """Every printable of every game at 4 players: time and size against their targets."""
    jobs = [Job(layouts.load(g), p, players=4, url=URL) for g in layouts.game_ids() for p in layouts.load(g).printables]
    seconds = statistics.median(*paired_times(lambda: [render(job) for job in jobs], runs=3))
    megabytes = sum(len(render(job)) for job in jobs) / 1e6
    print(f"full set: {len(jobs)} printables of {len(layouts.game_ids())} games, 4 players, A4")
    return [check("seconds", seconds, TARGETS["full set s"]), check("megabytes", megabytes, TARGETS["full set MB"])]


def bench_help() -> list[bool]:
    """Start-up of `rollsheet --help` (CPU seconds of the child: what it costs, whatever else runs)."""
    command = [sys.executable, "-c", "import sys; sys.argv=['rollsheet', '--help']; from sheets.cli import main; "
               "main()"]
    seconds = []
    for _ in range(5):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, capture_output=True, check=True, cwd=ROOT)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        seconds.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    print("rollsheet --help")
    return [check("start-up CPU seconds", statistics.median(seconds), TARGETS["help s"])]


def main() -> int:
    """Run every print benchmark; 0 when every target is met, else 1."""
    kinds = [(g, p) for g in layouts.game_ids() for p in layouts.load(g).printables]
    results = [ok for game_id, printable in kinds for made_for in ("home", "pad")
               for ok in bench_printable(game_id, printable, made_for)]
    results += bench_full_set() + bench_help()
    print("all targets met" if all(results) else f"{results.count(False)} target(s) missed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
