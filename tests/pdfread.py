"""Read back what a PDF draws, in mm from the page's top left, for tests.

pdfplumber parses the content streams (forms included), so tests check the
geometry that reaches paper rather than the code that meant to draw it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO

import pdfplumber

PT = 25.4 / 72


@dataclass(frozen=True)
class Mark:
    kind: str          # rect, curve, line, char
    x: float
    y: float
    w: float
    h: float
    stroke: tuple | None = None
    fill: tuple | None = None
    text: str = ""


def _mark(kind: str, obj: dict) -> Mark:
    return Mark(kind, obj["x0"] * PT, obj["top"] * PT, (obj["x1"] - obj["x0"]) * PT, (obj["bottom"] - obj["top"]) * PT,
                obj.get("stroking_color") if obj.get("stroke", kind == "line") else None,
                obj.get("non_stroking_color") if obj.get("fill") else None, obj.get("text", ""))


def _read_page(page) -> dict:
    """A page's size in mm, every rect, curve, line and char drawn on it, and its text."""
    marks = [_mark(kind, obj) for kind, objs in (("rect", page.rects), ("curve", page.curves),
                                                 ("line", page.lines), ("char", page.chars)) for obj in objs]
    read = {"width": float(page.width) * PT, "height": float(page.height) * PT, "marks": marks,
            "text": page.extract_text() or ""}
    page.close()  # pdfplumber's parsed objects are not needed again
    return read


class Pages(Sequence):
    """A PDF's pages as _read_page reads them, each read when a test first asks for it (parsing a page's
    content is most of what reading a PDF back costs, and many tests look at the first page only)."""

    def __init__(self, pdf: bytes):
        self._doc = pdfplumber.open(BytesIO(pdf))
        self._read: dict[int, dict] = {}

    def __len__(self) -> int:
        return len(self._doc.pages)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        index = range(len(self))[index]
        if index not in self._read:
            self._read[index] = _read_page(self._doc.pages[index])
        return self._read[index]


def read_pages(pdf: bytes) -> Pages:
    """Per page: its size in mm and every rect, curve, line and char drawn on it (read when asked for)."""
    return Pages(pdf)


def outside_margin(page: dict, margin: float = 8.0, tolerance: float = 0.3) -> list[Mark]:
    """Marks that reach into the page's outer `margin` mm (line widths allowed for)."""
    low, right, bottom = margin - tolerance, page["width"] - margin + tolerance, page["height"] - margin + tolerance
    return [m for m in page["marks"] if m.x < low or m.y < low or m.x + m.w > right or m.y + m.h > bottom]


def boxes(page: dict, min_w: float, min_h: float, max_w: float = 1e9, max_h: float = 1e9) -> list[Mark]:
    """Rects and curves (rounded boxes) whose size lies within the bounds, fill white or none."""
    return [m for m in page["marks"] if m.kind in ("rect", "curve")
            and min_w <= m.w <= max_w and min_h <= m.h <= max_h]


class Printed(dict):
    """key -> what `make(*key)` prints and reads back, made when a test first asks for it and kept for the next."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        self[key] = self.make(*key)
        return self[key]
