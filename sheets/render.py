"""Render a printable to PDF: static blocks drawn once as a form, reused on every copy.

Only the blocks in `PER_COPY` (sheet number, player) are drawn per sheet, so a
500-sheet pad costs little more than one sheet. `invariant=1` makes the bytes
depend on the input alone.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from io import BytesIO

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from layouts import Game
from sheets.blocks import DRAWERS, PER_COPY
from sheets.context import Context
from sheets.ink import Ink
from sheets.paper import Imposition, grow_scale, impose
from sheets.units import Pen


@dataclass(frozen=True)
class Job:
    """One printable to print: which, how many, on what paper and in what ink."""

    game: Game
    printable: str
    players: int = 4
    copies: int = 1
    paper: str = "a4"
    ink: Ink = Ink()
    url: str | None = None
    per_page: int | None = None
    backs: bool = False

    @property
    def sheet_count(self) -> int:
        """Sheets to print: `copies` per player, per table, or per structure pattern."""
        spec = self.game.printables[self.printable]
        return self.copies * {"player": self.players, "table": 1, "pattern": len(self.game.patterns)}[spec.per]

    @property
    def with_backs(self) -> bool:
        """True when each page is followed by a page of card backs (asked for, and declared)."""
        return self.backs and bool(self.game.printables[self.printable].back)


def render(job: Job, progress: Callable[[int], None] | None = None) -> bytes:
    """The job's PDF; `progress(n)` is told after each page with the sheets done so far."""
    spec = job.game.printables[job.printable]
    width, height = spec.size
    scale = grow_scale(spec.size, job.paper) if spec.grow else 1.0
    layout = impose((width * scale, height * scale), job.paper, job.per_page, spec.gutter)
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(layout.page.width * mm, layout.page.height * mm), invariant=1)
    canvas.setTitle(f"{job.game.name}: {spec.title}")
    canvas.setAuthor("rollsheet")
    canvas.setCreator("rollsheet")
    ctx = Context(job.game, job.ink, job.url, job.players)
    static = [b for b in spec.blocks if b.type not in PER_COPY]
    per_copy = [b for b in spec.blocks if b.type in PER_COPY]

    canvas.beginForm("sheet", 0, 0, width * mm, height * mm)
    _draw(Pen(canvas, height), static, ctx)
    canvas.endForm()
    if job.with_backs:
        canvas.beginForm("back", 0, 0, width * mm, height * mm)
        _draw(Pen(canvas, height), spec.back, ctx)
        canvas.endForm()
    canvas.beginForm("cutmarks", 0, 0, layout.page.width * mm, layout.page.height * mm)
    page_pen = Pen(canvas, layout.page.height)
    _cut_marks(page_pen, layout, spec.grow)
    canvas.endForm()

    total = job.sheet_count
    for first in range(0, total, layout.per_page):
        if first + layout.per_page <= total:
            canvas.doForm("cutmarks")
        else:
            _cut_marks(page_pen, replace(layout, slots=layout.slots[:total - first]), spec.grow)
        for number, (x, y, _, _) in enumerate(layout.slots, start=first + 1):
            if number > total:
                break
            canvas.saveState()
            canvas.translate(x * mm, (layout.page.height - y - height * scale) * mm)
            canvas.scale(scale, scale)
            canvas.doForm("sheet")
            _draw(Pen(canvas, height), per_copy, ctx.for_copy(number, (number - 1) % job.players + 1))
            canvas.restoreState()
        canvas.showPage()
        if job.with_backs:
            _backs(canvas, layout, min(layout.per_page, total - first), height)
        if progress:
            progress(min(first + layout.per_page, total))
    canvas.save()
    return buffer.getvalue()


def _cut_marks(pen: Pen, layout: Imposition, board: bool) -> None:
    """Cut marks around the used slots; none for a board that fills its page."""
    for x1, y1, x2, y2 in [] if board else layout.cut_marks():
        pen.line(x1, y1, x2, y2, width=0.5)


def _backs(canvas, layout, count: int, height: float) -> None:
    """A page with the shared back behind each of the `count` cards of the page before."""
    for x, y, _, _ in layout.back_slots()[:count]:
        canvas.saveState()
        canvas.translate(x * mm, (layout.page.height - y - height) * mm)
        canvas.doForm("back")
        canvas.restoreState()
    canvas.showPage()


def _draw(pen: Pen, blocks, ctx: Context) -> None:
    for block in blocks:
        DRAWERS[block.type](pen, block, ctx)
