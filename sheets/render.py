"""Render a printable to PDF: every page is one reused form plus the sheet numbers.

What stays the same from copy to copy is drawn once: the sheet as a form, each
variant of the per-copy blocks (a player's chips or board, a structure card) as
a form, and each distinct page (cut marks, and the sheet and variant forms in
their slots) as a form. A page is then that page form and the sheet numbers,
so a 500-sheet pad costs little more than its pages. `invariant=1` makes the
bytes depend on the input alone.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from io import BytesIO

from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from layouts import Game
from sheets.blocks import DRAWERS, PER_COPY
from sheets.blocks.text import copy_label, copy_text_stamp, names_copy
from sheets.context import Context
from sheets.fillable import Fields, finish_fields
from sheets.ink import Ink
from sheets.paper import Imposition, Rect, lay_out
from sheets.units import Pen


@dataclass(frozen=True)
class Job:
    """One printable to print: which, how many, on what paper, in what ink and language, for home, a pad or a
    sleeve (`made_for`, sheets/paper.py); `game` is in it."""

    game: Game
    printable: str
    players: int = 4
    copies: int = 1
    paper: str = "a4"
    ink: Ink = Ink()
    url: str | None = None
    per_page: int | None = None
    backs: bool = False
    lang: str = "en"
    made_for: str = "home"
    fillable: bool = False
    """Form fields on the write-in places (sheets/fillable.py)."""

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
    layout, scale = lay_out(spec.size, job.paper, job.made_for, job.per_page, spec.gutter, spec.grow, job.sheet_count)
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(layout.page.width * mm, layout.page.height * mm), invariant=1,
                    pageCompression=0, lang=job.lang, **page_boxes(layout))
    canvas.setTitle(f"{job.game.name}: {spec.title}")
    canvas.setAuthor("rollsheet")
    canvas.setCreator("rollsheet")
    forms = _Forms(canvas, job, layout, scale)
    fields = Fields(canvas, job.game, job.printable, scale, layout.page.height, job.lang) if job.fillable else None
    total = job.sheet_count
    for first in range(1, total + 1, layout.per_page):
        count = min(layout.per_page, total + 1 - first)
        canvas.doForm(forms.page(first, count))
        sheets = [forms.ctx.for_sheet(n) for n in range(first, first + count)] if forms.stamps else []
        for block, stamp in forms.stamps:
            labels = [copy_label(block, ctx) for ctx in sheets]
            stamp.write(zip(forms.slot_cm, labels, strict=False))  # the last page may fill fewer slots
        if fields:
            fields.add(layout.slots[:count], first)
        canvas.showPage()
        if job.with_backs:
            canvas.doForm(forms.backs(count))
            canvas.showPage()
        if progress:
            progress(first + count - 1)
    if fields:
        finish_fields(canvas)
    canvas.save()
    return buffer.getvalue()


class _Forms:
    """The job's forms (compressed; the pages are not, they are tiny), each drawn the first time
    a page needs it and named in that order; and the stamps that write the sheet numbers."""

    def __init__(self, canvas: Canvas, job: Job, layout: Imposition, scale: float):
        spec = job.game.printables[job.printable]
        self.canvas, self.layout, self.spec, self.scale = canvas, layout, spec, scale
        self.ctx = Context(job.game, job.ink, job.url, job.players, lang=job.lang)
        per_copy = [b for b in spec.blocks if b.type in PER_COPY]
        self.stamps = [(b, copy_text_stamp(self._pen(), b, self.ctx)) for b in per_copy if names_copy(b)]
        self.variant_blocks = [b for b in per_copy if not names_copy(b)]
        height = spec.size[1] * scale
        self.slot_origins = [(x * mm, (layout.page.height - y - height) * mm) for x, y, _, _ in layout.slots]
        self.slot_cm = [fp_str(scale, 0, 0, scale, *origin) for origin in self.slot_origins]
        self.names: dict[tuple, str] = {}
        self.pages: dict[tuple[int, int], str] = {}
        static = [b for b in spec.blocks if b.type not in PER_COPY]
        self.sheet = self._form(("sheet",), spec.size, lambda: _draw(self._pen(), static, self.ctx))

    def page(self, first: int, count: int) -> str:
        """The form of a page of `count` sheets from sheet `first`: cut marks, each sheet and its variant."""
        phase = ((first - 1) % self.ctx.cycle, count)
        if phase not in self.pages:
            variants = [self._variant(self.ctx.for_sheet(n)) for n in range(first, first + count)]
            self.pages[phase] = self._form(("page", *variants), self._page_size, lambda: self._draw_page(variants))
        return self.pages[phase]

    def backs(self, count: int) -> str:
        """The form of a page of `count` card backs, each behind its card for long-edge duplex."""
        back = self._form(("back",), self.spec.size, lambda: _draw(self._pen(), self.spec.back, self.ctx))
        return self._form(("backs", count), self._page_size, lambda: self._draw_backs(back, count))

    @property
    def _page_size(self) -> tuple[float, float]:
        return self.layout.page.width, self.layout.page.height

    def _pen(self, height: float | None = None) -> Pen:
        return Pen(self.canvas, self.spec.size[1] if height is None else height)

    def _variant(self, ctx: Context) -> str | None:
        """This copy's per-copy blocks as a form drawn at the page's scale (for blocks that undo a
        grown sheet's scale), and not clipped to the sheet, as when they were drawn on the page."""
        if not self.variant_blocks:
            return None

        def draw():
            self.canvas.scale(self.scale, self.scale)
            _draw(self._pen(), self.variant_blocks, ctx)
        size = (self.spec.size[0] * self.scale, self.spec.size[1] * self.scale)
        return self._form(("variant", *ctx.variant()), size, draw, reach=max(self._page_size))

    def _draw_page(self, variants: list[str | None]) -> None:
        used = replace(self.layout, slots=self.layout.slots[:len(variants)])
        draw_marks(self._pen(self.layout.page.height), used)
        for origin, variant in zip(self.slot_origins, variants, strict=False):  # the last page may fill fewer slots
            self.canvas.saveState()
            self.canvas.translate(*origin)
            self.canvas.saveState()
            self.canvas.scale(self.scale, self.scale)
            self.canvas.doForm(self.sheet)
            self.canvas.restoreState()
            if variant:
                self.canvas.doForm(variant)
            self.canvas.restoreState()

    def _draw_backs(self, back: str, count: int) -> None:
        if self.layout.marking == "crop":
            draw_marks(self._pen(self.layout.page.height), self.layout)
        for x, y, _, h in self.layout.back_slots()[:count]:
            self.canvas.saveState()
            self.canvas.translate(x * mm, (self.layout.page.height - y - h) * mm)
            self.canvas.scale(self.scale, self.scale)
            self.canvas.doForm(back)
            self.canvas.restoreState()

    def _form(self, key: tuple, size: tuple[float, float], draw: Callable[[], None], reach: float = 0.0) -> str:
        """The form for `key`, drawn by `draw()` the first time on `size` mm (clipped `reach` mm outside)."""
        if key not in self.names:
            name = self.names[key] = f"f{len(self.names)}"
            self.canvas.beginForm(name, -reach * mm, -reach * mm, (size[0] + reach) * mm, (size[1] + reach) * mm)
            draw()
            self.canvas.endForm(compression=1)
        return self.names[key]


def draw_marks(pen: Pen, layout: Imposition) -> None:
    """The layout's cut or crop marks around its slots (none for a board that fills its page, nor in a sleeve)."""
    for x1, y1, x2, y2 in layout.marks():
        pen.line(x1, y1, x2, y2, width=0.5)


def page_boxes(layout: Imposition) -> dict[str, tuple[float, float, float, float]]:
    """A pad page's TrimBox and BleedBox as ReportLab takes them (pt, x1 y1 x2 y2 from the bottom left); else none."""
    if layout.marking != "crop":
        return {}
    return {"trimBox": _pdf_box(layout.trim_box(), layout.page.height),
            "bleedBox": _pdf_box(layout.bleed_box(), layout.page.height)}


def _pdf_box(rect: Rect, page_height: float) -> tuple[float, float, float, float]:
    x, y, w, h = rect
    return x * mm, (page_height - y - h) * mm, (x + w) * mm, (page_height - y) * mm


def _draw(pen: Pen, blocks, ctx: Context) -> None:
    for block in blocks:
        DRAWERS[block.type](pen, block, ctx)
