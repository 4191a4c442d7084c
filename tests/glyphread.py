"""Read shape glyphs back from a PDF: which shape is drawn where, and how large, in mm from the page's top left.

The kit fills a glyph by the non-zero rule, its other paths even-odd (sheets/units.py `Pen.loops`), so
a glyph is found among the non-zero fills by matching each loop against the outlines of
layouts/glyphs.py (tests/pdfread.py gives a path's loops one by one, a four-cornered one as a rect).
"""
from __future__ import annotations

from dataclasses import dataclass

from layouts.glyphs import SHAPES
from tests.pdfread import read_pages
from tests.pdftext import words


@dataclass(frozen=True)
class Glyph:
    shape: str
    x: float      # the glyph's square: left, top and side, mm
    y: float
    side: float
    fill: tuple

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the glyph's square, mm."""
        return self.x + self.side / 2, self.y + self.side / 2


def _bounds(points):
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def _loops(page: dict) -> list[tuple[list[tuple[float, float]], tuple]]:
    """Every non-zero filled loop on the page: its points in mm (not closed twice) and its fill colour."""
    found = []
    for mark in sorted(page["marks"], key=lambda m: m.kind != "curve"):  # curves, then rects
        if mark.kind not in ("curve", "rect") or not mark.fill or mark.stroke or mark.evenodd:
            continue
        points = list(mark.points)
        if len(points) > 1 and points[0] == points[-1]:
            points = points[:-1]
        found.append((points, mark.fill))
    return found


def _placed(points, loop) -> tuple[float, float, float] | None:
    """The square (left, top, side) that puts an outline loop on these points, or None when they differ."""
    if len(points) != len(loop):
        return None
    x0, y0, x1, y1 = _bounds(points)
    u0, v0, u1, v1 = _bounds(loop)
    side = (x1 - x0) / (u1 - u0)
    if side <= 0 or abs((y1 - y0) - side * (v1 - v0)) > 0.03 * side:
        return None
    left, top = x0 - side * u0, y0 - side * v0
    expected = [(left + u * side, top + v * side) for u, v in loop]
    close = all(min(abs(px - ex) + abs(py - ey) for ex, ey in expected) < 0.03 * side for px, py in points)
    return (left, top, side) if close else None


def glyphs_on(page: dict) -> list[Glyph]:
    """Every whole shape glyph on a page read by tests/pdfread.py (each of its loops found in one square)."""
    loops = _loops(page)
    out = []
    for shape, outline in SHAPES.items():
        for points, fill in loops:
            placed = _placed(points, outline[0])
            if placed is None:
                continue
            left, top, side = placed
            rest = outline[1:]
            if all(any(_same(_placed(other, loop), placed) for other, _ in loops) for loop in rest):
                out.append(Glyph(shape, left, top, side, tuple(fill or ())))
    return out


def _same(a, b) -> bool:
    return a is not None and all(abs(p - q) < 0.05 * b[2] for p, q in zip(a, b, strict=True))


def read_glyphs(pdf: bytes) -> list[list[Glyph]]:
    """Per page, the shape glyphs drawn on it."""
    return [glyphs_on(page) for page in read_pages(pdf)]


def glyph_words(pdf: bytes) -> list[list[tuple[Glyph, list[str], list[str]]]]:
    """Per page, each glyph with the words right of it on its line (within a side of it, in order) and just under it."""
    out = []
    for page in read_pages(pdf):
        on_page = [(w.x, w.y, w.x + w.w, w.y + w.h, w.text) for w in words(page, x_tolerance=1)]
        found = []
        for glyph in glyphs_on(page):
            cx, cy = glyph.centre
            line = (glyph.y - glyph.side, glyph.y + 2 * glyph.side)
            right = sorted((w for w in on_page if w[1] < line[1] and w[3] > line[0]
                            and w[0] >= glyph.x + glyph.side - 0.5), key=lambda w: w[0])
            under = [w for w in on_page if w[0] - 1 <= cx <= w[2] + 1 and 0 <= w[1] - glyph.y - glyph.side < 3]
            found.append((glyph, [w[4] for w in right], [w[4] for w in under]))
        out.append(found)
    return out
