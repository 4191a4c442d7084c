"""Rows of labelled boxes to cross left to right: numbers counting up or down, or labels of one's own.

Glossary:
- row: a game colour (its badge with glyph, a tinted band) or a label at its head, then its boxes.
- numbers: `first` to `last`, one box each, counting up (2..12) or down (12..2).
- labels: any texts instead of numbers, one box each ("" for a plain box, "-5" for a penalty).
- end: a round box after the row holding an icon (a Qwixx-style lock).
- place: a box's number in its row counted from 1 on the left (gaps and the end not counted); `shapes`,
  `marks` and `gaps` name boxes by their place.
- slot: the room of one box, its side plus the 1 mm gap (the pitch); a row starts `offset` slots in and
  a gap is one empty slot, so staggered rows line up box over box whatever the block's size.
"""
from __future__ import annotations

import math
from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from layouts.blocks.base import Icon, Named, Scored, ValueText
from layouts.blocks.places import Marked, Place, Rect, Write, part_key, place_row

GAP = 1.0
"""Space between boxes, mm."""
MAX_BOXES = 30
BoxShape = Literal["square", "pentagon", "circle", "star"]
"""The outline of a box: a square (the default) or one that stands out."""
BoxNumber = Annotated[int, Field(ge=1, le=MAX_BOXES)]


def outline(shape: BoxShape, slot: Rect) -> list[tuple[float, float]]:
    """The corners of a pentagon's or star's outline (point up) in a box's square slot; [] for a square or circle."""
    if shape in ("square", "circle"):
        return []
    left, top, side, _ = slot
    radii = [side / 2] * 5 if shape == "pentagon" else [side * 0.55, side * 0.25] * 5
    cx, cy = left + side / 2, top + side * 0.55  # the outline's middle a little low: its point is up
    return [(cx + r * math.sin(2 * math.pi * n / len(radii)), cy - r * math.cos(2 * math.pi * n / len(radii)))
            for n, r in enumerate(radii)]


def drawn_box(shape: BoxShape, slot: Rect) -> Rect:
    """The box a shape's outline takes in its slot: the slot for a square or circle, else the outline's bounds."""
    corners = outline(shape, slot)
    if not corners:
        return slot
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


class BoxRow(Named):
    kind: ClassVar[str] = "row"
    first: int | None = Field(None, description="the number in the first box")
    last: int | None = Field(None, description="the number in the last box (below `first`: counting down)")
    labels: list[ValueText] = Field([], max_length=MAX_BOXES, description="a text per box instead of numbers")
    end: Icon | None = Field(None, description="a round box after the row with this icon, e.g. lock")
    note: ValueText = Field("", description="small text after the row")
    shapes: dict[BoxNumber, BoxShape] = Field(
        {}, description="a box's outline by its place (from 1): pentagon, circle or star, e.g. {3: pentagon}; "
                        "the others are squares")
    marks: dict[BoxNumber, Icon] = Field({}, description="a small icon in a box's top right corner by its place, "
                                                         "e.g. {5: star}")
    gaps: list[BoxNumber] = Field(
        [], max_length=MAX_BOXES, description="an empty slot after the box at each of these places, e.g. [3] "
                                              "(repeat a place for a wider gap)")
    offset: float = Field(0, ge=0, le=MAX_BOXES, description="slots (box side + 1 mm) left empty before the first "
                                                             "box, e.g. 1 or 0.5 for a staggered row")
    scored: Scored = True

    @model_validator(mode="after")
    def _numbers_or_labels(self):
        numbered = self.first is not None or self.last is not None
        if numbered == bool(self.labels) or (numbered and None in (self.first, self.last)):
            raise ValueError("give a row `first` and `last` (numbers counting up or down) or `labels`, not both")
        if numbered and abs(self.last - self.first) + 1 > MAX_BOXES:
            raise ValueError(f"{self.first}..{self.last} makes more than {MAX_BOXES} boxes")
        count = len(self.box_labels())
        for key, places in (("shapes", self.shapes), ("marks", self.marks), ("gaps", self.gaps)):
            beyond = sorted(place for place in places if place > count)
            if beyond:
                raise ValueError(f"{key}: the row has {count} boxes, no box {beyond[0]} (places count from 1)")
        return self

    @property
    def slots(self) -> float:
        """How many slots the row takes: its offset, boxes, gaps and end."""
        return self.offset + len(self.box_labels()) + len(self.gaps) + (1 if self.end else 0)

    def box_labels(self) -> list[str]:
        """The text of each box, left to right."""
        if self.labels:
            return list(self.labels)
        step = 1 if self.last >= self.first else -1
        return [str(n) for n in range(self.first, self.last + step, step)]


class BoxRows(Marked):
    """One row per entry, as tall as the box divides; boxes as large as fit (at most `box` mm).

    Places: `<id>.<colour>.<place>` (a row without a colour: `r<row>` from 1), and `<id>.<colour>.end`.
    """

    default_id = "rows"
    type: Literal["box_rows"]
    rows: list[BoxRow] = Field(min_length=1, description="the rows, top down")
    box: float | None = Field(None, ge=5, le=30, description="largest box side, mm")
    head: float | None = Field(None, ge=5, le=80, description="mm for each row's badge or label; default a box")
    write: Write = Field("cross", description="what a box holds: cross, or number (written in)")

    def geometry(self) -> tuple[float, float, float]:
        """Box side, row height and head width (mm)."""
        _, _, w, h = self.at
        row_h = h / len(self.rows)
        slots = max(row.slots for row in self.rows)
        across = (w / (slots + 1) if self.head is None else (w - self.head - GAP) / slots) - GAP
        side = min(across, row_h - 2 * GAP, self.box or across)
        return side, row_h, self.head or side

    def row_boxes(self, r: int) -> tuple[list[Rect], Rect]:
        """The boxes of the r-th row (from 0), left to right, and the slot after them (its end box, if it has one)."""
        side, row_h, head = self.geometry()
        row = self.rows[r]
        top = self.at[1] + r * row_h + (row_h - side) / 2
        left = self.at[0] + head + GAP + row.offset * (side + GAP)
        boxes = []
        for place in range(1, len(row.box_labels()) + 1):
            boxes.append((left, top, side, side))
            left += (side + GAP) * (1 + row.gaps.count(place))
        return boxes, (left, top, side, side)

    def places(self, block_id: str) -> list[Place]:
        """Per row, top down: its boxes left to right, then its end."""
        found = []
        for r, row in enumerate(self.rows):
            group = f"{block_id}.{part_key(row, 'r', r + 1)}"
            boxes, after = self.row_boxes(r)
            found += [Place(p.id, p.kind, block_id, group, p.index, drawn_box(row.shapes.get(p.index, "square"), p.at),
                            row.colour, label or None)
                      for p, label in zip(place_row(block_id, group, self.write, boxes), row.box_labels(), strict=True)]
            if row.end:
                found.append(Place(f"{group}.end", "cross", block_id, group, len(boxes) + 1, after, row.colour))
        return found
