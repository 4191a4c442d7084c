"""A score pad: a name row, then labelled rows with a white write-in box per player column.

Glossary: a row's `note` is small print under its label; `parts` split each of
its boxes into labelled sub-boxes side by side (e.g. N, cubes, met, pts); an
`emphasis` row (a total) is drawn bold with heavy boxes; a `computed` row (a
subtotal, a bonus, the grand total) is worked out from the rows above and drawn
as a sum: a double rule over a shaded field with "=", not a write-in box.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from layouts.blocks.base import ColourRef, Icon, Strict, ValueText
from layouts.blocks.places import Marked, Place, Rect

MIN_BOX = 8.0
"""mm: the smallest box a digit is written in."""
INSET = 0.8
"""mm between a cell's edge and its write-in box."""


class PadRow(Strict):
    label: ValueText = Field(description="the row's name")
    colour: ColourRef | None = Field(None, description="a swatch with the colour's glyph by the label")
    icon: Icon | None = Field(None, description="an icon by the label")
    note: ValueText = Field("", description="small text under the label, e.g. '5 each'")
    parts: list[ValueText] = Field([], max_length=5, description="labelled boxes side by side in each cell")
    emphasis: bool = Field(False, description="a total: drawn bold with heavy boxes")
    computed: bool = Field(False, description="worked out from the rows above: drawn as a sum, not a write-in box")

    @model_validator(mode="after")
    def _sum_has_no_parts(self):
        if self.computed and self.parts:
            raise ValueError("a computed row is one sum per column; it has no parts")
        return self


class ScorePad(Marked):
    """Places per player column c (from 1): `<id>.c<c>.name` (a text), `<id>.c<c>.r<row>` (a number; rows from 1,
    the name row not counted, computed rows left out), `<id>.c<c>.r<row>.<part>` for a row's parts (from 1)."""

    default_id = "pad"
    type: Literal["score_pad"]
    rows: list[PadRow] = Field(min_length=1, description="the rows, top down")
    columns: int = Field(4, ge=1, le=8, description="player columns")
    name_row: ValueText | None = Field("Name", description="the label of the row of names; null leaves it out")
    label_width: float = Field(50, ge=15, le=200, description="mm for the row labels")

    @model_validator(mode="after")
    def _boxes_big_enough(self):
        _, _, w, h = self.at
        rows = len(self.rows) + (self.name_row is not None)
        box_w = (w - self.label_width) / self.columns
        if h / rows < MIN_BOX or box_w < MIN_BOX:
            raise ValueError(f"at: {rows} rows x {self.columns} columns make boxes of "
                             f"{box_w:.1f} x {h / rows:.1f} mm; write-in boxes need {MIN_BOX:g} mm")
        inner_w = box_w - 2 * INSET
        for row in (row for row in self.rows if row.parts):
            if inner_w / len(row.parts) < MIN_BOX:
                raise ValueError(f"rows: {row.label!r} splits {inner_w:.1f} mm boxes into {len(row.parts)} parts "
                                 f"of {inner_w / len(row.parts):.1f} mm; write-in boxes need {MIN_BOX:g} mm")
        return self

    def cells(self) -> list[list[Rect]]:
        """Per row (the name row first, when there is one), the write-in box of each column."""
        x, y, w, h = self.at
        rows = len(self.rows) + (self.name_row is not None)
        row_h, col_w = h / rows, (w - self.label_width) / self.columns
        return [[(x + self.label_width + c * col_w + INSET, y + r * row_h + INSET, col_w - 2 * INSET, row_h - 2 * INSET)
                 for c in range(self.columns)] for r in range(rows)]

    @staticmethod
    def parts_of(box: Rect, parts: int) -> list[Rect]:
        """A box split into `parts` boxes side by side."""
        x, y, w, h = box
        return [(x + i * w / parts, y, w / parts, h) for i in range(parts)]

    def places(self, block_id: str) -> list[Place]:
        """Per player column, left to right: its name, then its rows top down (each row's parts left to right)."""
        cells = self.cells()
        named = self.name_row is not None
        found = []
        for c in range(self.columns):
            group = f"{block_id}.c{c + 1}"
            column = [(f"{group}.name", "text", cells[0][c], None, self.name_row)] if named else []
            for r, row in enumerate(self.rows, 1):
                at = cells[r - 1 + named][c]
                if row.parts:
                    parts = zip(self.parts_of(at, len(row.parts)), row.parts, strict=True)
                    column += [(f"{group}.r{r}.{p}", "number", part, row.colour, label)
                               for p, (part, label) in enumerate(parts, 1)]
                elif not row.computed:
                    column.append((f"{group}.r{r}", "number", at, row.colour, row.label))
            found += [Place(place_id, kind, block_id, group, n, at, colour, label)
                      for n, (place_id, kind, at, colour, label) in enumerate(column, 1)]
        return found
