"""Paper sizes, the 8 mm safe area, and imposition of sheets or cards on a page, for what the print is for.

`home`: as many as fit, cut marks in the gutters; `pad`: one sheet a page at its trim size with
3 mm bleed and crop marks, for a print shop; `sleeve`: one sheet grown to fill the page, no marks.
Geometry only (all mm, origin top left); nothing here draws, so it is testable without rendering.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}
SAFE_MARGIN = 8.0
GUTTER = 6.0
MARK_OFFSET, MARK_LENGTH = 1.0, 3.0
BLEED, CROP_LENGTH = 3.0, 5.0
SLUG = BLEED + CROP_LENGTH + 2.0
"""mm of paper around a pad sheet's trim: the bleed, the crop marks beyond it and a little room."""
QUIET = 3.0
"""mm of blank paper a pad sheet keeps inside its trim left, right and below: the guillotine's tolerance."""
GLUE_EDGE = 5.0
"""mm of blank paper a pad sheet keeps inside its trim above it: the padding glue's edge, where it tears off."""

Rect = tuple[float, float, float, float]
"""x, y, width, height in mm from the page's top left."""


@dataclass(frozen=True)
class Page:
    width: float
    height: float

    @property
    def safe(self) -> Rect:
        """The area a home printer can print: the page less the safe margin."""
        return SAFE_MARGIN, SAFE_MARGIN, self.width - 2 * SAFE_MARGIN, self.height - 2 * SAFE_MARGIN


def page(paper: str, landscape: bool = False) -> Page:
    """A page of a known paper size; KeyError for a paper we lack."""
    width, height = PAPERS[paper]
    return Page(height, width) if landscape else Page(width, height)


def grid_fit(size: tuple[float, float], area: Rect, gutter: float = GUTTER) -> tuple[int, int]:
    """How many items of `size` fit across and down an area with gutters between them."""
    w, h = size
    return int((area[2] + gutter) // (w + gutter)), int((area[3] + gutter) // (h + gutter))


def grow_scale(size: tuple[float, float], paper: str) -> float:
    """The largest scale, never below 1, at which one item fills the paper's safe area either way round."""
    return max(1.0, _filling(size, paper)[0])


def _filling(size: tuple[float, float], paper: str) -> tuple[float, Page]:
    """The scale at which one item fills the paper's safe area, and the page turned the way that grows it most."""
    w, h = size
    return max(((min(p.safe[2] / w, p.safe[3] / h), p) for p in (page(paper), page(paper, True))), key=lambda f: f[0])


@dataclass(frozen=True)
class Imposition:
    page: Page
    slots: tuple[Rect, ...]
    marking: str = "cut"
    """cut (short marks in the gutters), crop (a print shop's marks outside the bleed) or none."""
    quiet: float = 0.0
    glue: float = 0.0
    """mm of blank paper inside a pad sheet's trim: `quiet` left, right and below, `glue` above."""

    @property
    def per_page(self) -> int:
        """How many items one page holds."""
        return len(self.slots)

    def back_slots(self) -> tuple[Rect, ...]:
        """Where each slot's back lies on the next page for long-edge duplex: mirrored across
        the page on portrait pages, down the page on landscape ones (the paper turns over its long edge)."""
        if self.page.width <= self.page.height:
            return tuple((self.page.width - x - w, y, w, h) for x, y, w, h in self.slots)
        return tuple((x, self.page.height - y - h, w, h) for x, y, w, h in self.slots)

    def marks(self) -> list[tuple[float, float, float, float]]:
        """The lines (x1, y1, x2, y2) its marking draws around the slots."""
        return {"cut": self.cut_marks, "crop": self.crop_marks, "none": list}[self.marking]()

    def crop_marks(self) -> list[tuple[float, float, float, float]]:
        """At the trim's corners, a line on each trim edge's line from the bleed's edge outwards."""
        near, far = BLEED, BLEED + CROP_LENGTH
        x, y, w, h = self.trim_box()
        marks = []
        for cx, cy, dx, dy in ((x, y, -1, -1), (x + w, y, 1, -1), (x, y + h, -1, 1), (x + w, y + h, 1, 1)):
            marks += [(cx + dx * near, cy, cx + dx * far, cy), (cx, cy + dy * near, cx, cy + dy * far)]
        return marks

    def trim_box(self) -> Rect:
        """Where a pad sheet is cut: its (single) slot, the quiet margin and the glue edge around it."""
        x, y, w, h = self.slots[0]
        return x - self.quiet, y - self.glue, w + 2 * self.quiet, h + self.glue + self.quiet

    def bleed_box(self) -> Rect:
        """The trim grown by the bleed: what a print shop prints before trimming."""
        x, y, w, h = self.trim_box()
        return x - BLEED, y - BLEED, w + 2 * BLEED, h + 2 * BLEED

    def cut_marks(self) -> list[tuple[float, float, float, float]]:
        """Short lines (x1, y1, x2, y2) along the item edges, in the gutters, inside the safe area."""
        sx, sy, sw, sh = self.page.safe
        marks = []
        for x, y, w, h in self.slots:
            for cx, cy, dx, dy in ((x, y, -1, -1), (x + w, y, 1, -1), (x, y + h, -1, 1), (x + w, y + h, 1, 1)):
                horizontal = (cx + dx * MARK_OFFSET, cy, cx + dx * (MARK_OFFSET + MARK_LENGTH), cy)
                vertical = (cx, cy + dy * MARK_OFFSET, cx, cy + dy * (MARK_OFFSET + MARK_LENGTH))
                marks += [m for m in (horizontal, vertical) if self._clear(m, sx, sy, sw, sh)]
        return sorted(set(marks))

    def _clear(self, mark, sx, sy, sw, sh) -> bool:
        """Inside the safe area and touching no slot (a loop, not generators: a page of cards has many)."""
        x1, y1, x2, y2 = mark
        left, right, top, bottom = min(x1, x2), max(x1, x2), min(y1, y2), max(y1, y2)
        if left < sx or right > sx + sw or top < sy or bottom > sy + sh:
            return False
        for x, y, w, h in self.slots:
            if left < x + w and right > x and top < y + h and bottom > y:
                return False
        return True


def impose(size: tuple[float, float], paper: str, per_page: int | None = None,
           gutter: float = GUTTER, total: int | None = None) -> Imposition:
    """Place items of `size` mm on the paper, portrait or landscape, whichever holds more; `total` items in
    all, when fewer than a page holds, are placed as that many, centred (a single copy in the page's middle).

    ValueError when not one fits, or when `per_page` is more than fit.
    """
    options = []
    for landscape in (False, True):
        sheet = page(paper, landscape)
        across, down = grid_fit(size, sheet.safe, gutter)
        options.append((across * down, not landscape, sheet, across, down))
    count, _, sheet, across, down = max(options, key=lambda o: o[:2])
    if count == 0:
        raise ValueError(f"{size[0]:g} x {size[1]:g} mm does not fit inside the safe area of {paper}")
    if per_page is not None and per_page > count:
        raise ValueError(f"at most {count} fit on a {paper} page")
    use = per_page or min(count, total or count)
    rows = -(-use // across)
    cols = min(across, use)
    w, h = size
    sx, sy, sw, sh = sheet.safe
    left = sx + (sw - (cols * w + (cols - 1) * gutter)) / 2
    top = sy + (sh - (rows * h + (rows - 1) * gutter)) / 2
    slots = [(left + (i % cols) * (w + gutter), top + (i // cols) * (h + gutter), w, h) for i in range(use)]
    return Imposition(sheet, tuple(slots))


def lay_out(size: tuple[float, float], paper: str, made_for: str = "home", per_page: int | None = None,
            gutter: float = GUTTER, grow: bool = False, total: int | None = None) -> tuple[Imposition, float]:
    """The pages for `total` items of `size` mm printed for `made_for` (home, pad or sleeve), and their scale.

    ValueError as `impose` says, for home and sleeve (a pad's page is its sheet's size, whatever the paper).
    """
    if made_for == "pad":
        w, h = size
        quiet, glue = (QUIET, GLUE_EDGE) if gutter else (0.0, 0.0)  # cards (gutter 0) are cut at their size
        page_size = Page(w + 2 * quiet + 2 * SLUG, h + glue + quiet + 2 * SLUG)
        return Imposition(page_size, ((SLUG + quiet, SLUG + glue, w, h),), "crop", quiet, glue), 1.0
    if made_for == "sleeve":
        impose(size, paper, 1, gutter)  # refused as at home when not one fits
        scale, sheet = _filling(size, paper)
        w, h = size[0] * scale, size[1] * scale
        sx, sy, sw, sh = sheet.safe
        return Imposition(sheet, ((sx + (sw - w) / 2, sy + (sh - h) / 2, w, h),), "none"), scale
    scale = grow_scale(size, paper) if grow else 1.0
    layout = impose((size[0] * scale, size[1] * scale), paper, per_page, gutter, total)
    return (replace(layout, marking="none") if grow else layout), scale
