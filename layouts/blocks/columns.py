"""Columns of write-in boxes filled bottom up (Lost Cities expeditions)."""
from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, model_validator

from layouts.blocks.base import Icon, Named, Scored, Strict, ValueText
from layouts.blocks.places import Marked, Place, Rect, Write, part_key, place_row

HEADER, FOOT, SCORE, BRIDGE_GAP, INSET = 7.5, 6.5, 9.5, 4.5, 0.8
"""mm: a column's header, its foot ring, its points box, the gap at the bridge line, a box's side inset."""


class Column(Named):
    kind: ClassVar[str] = "column"
    marks: dict[int, Icon] = Field({}, description="box number (from the bottom) -> the icon in it")
    foot: Literal["none", "double_circle"] = Field("none", description="double_circle: a ring under the column "
                                                                       "(the expedition scores double)")
    scored: Scored = True


class Bridge(Strict):
    after: int = Field(ge=1, description="the line lies above this box")
    label: ValueText = Field(description="printed on the line (its points)")


class BoxColumns(Marked):
    """Columns side by side; places `<id>.<colour>.<box>` (boxes from 1 at the bottom), `<id>.<colour>.points` and,
    under a column with a ring, `<id>.<colour>.foot` (crossed: the column scores double)."""

    default_id = "columns"
    type: Literal["box_columns"]
    boxes: int = Field(ge=1, le=20, description="write-in boxes per column")
    columns: list[Column] = Field(min_length=1, description="the columns, left to right")
    bridge: Bridge | None = Field(None, description="a line across every column above one box")
    score_boxes: bool = Field(True, description="a box under each column for its points")
    score_label: ValueText = Field("", description="printed small at the top of each points box: what to write "
                                                   "there (Points)")
    names: bool = Field(False, description="a colour column's header names its colour beside the glyph")
    write: Write = Field("number", description="what a box holds: number (a card's value) or cross")

    @model_validator(mode="after")
    def _marks_inside(self):
        for i, column in enumerate(self.columns):
            for box in column.marks:
                if not 1 <= box <= self.boxes:
                    raise ValueError(f"columns[{i}].marks: box {box} is not in 1..{self.boxes}")
        if self.bridge and self.bridge.after >= self.boxes:
            raise ValueError(f"bridge.after: {self.bridge.after} must be below {self.boxes}")
        return self

    @property
    def column_width(self) -> float:
        """mm across one column."""
        return self.at[2] / len(self.columns)

    @property
    def has_foot(self) -> bool:
        """Whether any column has a ring under it."""
        return any(c.foot != "none" for c in self.columns)

    def box_tops(self) -> tuple[dict[int, float], float]:
        """The top edge (mm) of every box row, numbered 1 at the bottom (a gap at the bridge), and a box's height."""
        _, y, _, h = self.at
        score_h = SCORE if self.score_boxes else 0
        boxes_h = h - HEADER - INSET - (FOOT if self.has_foot else 0) - score_h - (BRIDGE_GAP if self.bridge else 0)
        box_h = boxes_h / self.boxes
        after = self.bridge.after if self.bridge else self.boxes
        top = y + HEADER + INSET
        return {k: top + (self.boxes - k) * box_h + (BRIDGE_GAP if k <= after and self.bridge else 0)
                for k in range(1, self.boxes + 1)}, box_h

    def box(self, column: int, top: float, box_h: float) -> Rect:
        """The write-in box of a column (from 0) whose row starts at `top`."""
        return self.at[0] + column * self.column_width + INSET, top + 0.5, self.column_width - 2 * INSET, box_h - 1.0

    def foot_box(self, column: int) -> Rect:
        """The square the ring under a column (from 0) is drawn in."""
        tops, box_h = self.box_tops()
        size = FOOT - 1.5
        centre_x, centre_y = self.at[0] + (column + 0.5) * self.column_width, tops[1] + box_h + FOOT / 2
        return centre_x - size / 2, centre_y - size / 2, size, size

    def score_box(self, column: int) -> Rect:
        """The points box under a column (from 0)."""
        x, y, _, h = self.at
        return x + column * self.column_width + INSET, y + h - SCORE + 0.5, self.column_width - 2 * INSET, SCORE - 0.5

    def places(self, block_id: str) -> list[Place]:
        """Per column, left to right: its ring (marked before the start), its boxes bottom up (the order they fill),
        then its points box."""
        tops, box_h = self.box_tops()
        found = []
        for i, column in enumerate(self.columns):
            group = f"{block_id}.{part_key(column, 'c', i + 1)}"
            if column.foot != "none":
                found.append(Place(f"{group}.foot", "cross", block_id, group, 0, self.foot_box(i),
                                   colour=column.colour))
            boxes = [self.box(i, tops[k], box_h) for k in sorted(tops)]
            found += place_row(block_id, group, self.write, boxes, colour=column.colour, label=column.label)
            if self.score_boxes:
                found.append(Place(f"{group}.points", "number", block_id, group, len(boxes) + 1, self.score_box(i),
                                   colour=column.colour, label=self.score_label or None))
        return found
