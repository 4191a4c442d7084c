"""A grid of square write-in cells (Copenhagen's facade), with icons and notes at its edges."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from layouts.blocks.base import ColourRef, Icon, ValueText
from layouts.blocks.places import Marked, Place, Write

BAND = 10.0
"""Width of the strip for icons or notes along an edge, mm."""
GROUND = 4.0
"""Height of the ground line's strip under the bottom row, mm."""


class Grid(Marked):
    """`rows` x `columns` square cells, as large as fit the box (at most `cell` mm), centred in it.

    Places: `<id>.r<row>c<column>`, rows counted from the bottom (as `row_icons`), columns from the left.
    """

    default_id = "grid"
    type: Literal["grid"]
    rows: int = Field(ge=1, le=40, description="rows of cells")
    columns: int = Field(ge=1, le=40, description="columns of cells")
    cell: float | None = Field(None, ge=4, le=60,
                               description="largest cell side in mm; default as large as fits the box")
    colour: ColourRef | None = Field(None, description="the grid's lines in this game colour; black when left out")
    ground: bool = Field(False, description="a ground line under the bottom row")
    row_icons: dict[int, Icon] = Field({}, description="icon left of a row, rows counted from the bottom")
    column_icons: dict[int, Icon] = Field({}, description="icon above a column, columns counted from the left")
    row_note: ValueText | None = Field(None, description="text right of every row (its points)")
    column_note: ValueText | None = Field(None, description="text below every column (its points)")
    write: Write = Field("cross", description="what a cell holds: cross, number, colour (one of `options`) or text")
    options: list[ColourRef] = Field([], description="for `write: colour`, the colours a cell may take")
    bricks: bool = Field(False, description="for `write: colour`, a cell may also be a brick of its colour "
                                            "(`<colour>.brick`, an X), else a window (O)")

    @model_validator(mode="after")
    def _icons_inside(self):
        for name, icons, count in (("row_icons", self.row_icons, self.rows),
                                   ("column_icons", self.column_icons, self.columns)):
            outside = [k for k in icons if not 1 <= k <= count]
            if outside:
                raise ValueError(f"{name}: {outside[0]} is not in 1..{count}")
        if (self.write == "colour") != bool(self.options) or (self.bricks and not self.options):
            raise ValueError("options: give the colours a cell may take with `write: colour`, and only then")
        return self

    def frame(self) -> tuple[float, float, float]:
        """The grid's top-left corner and cell side (mm), centred in the block's box with its bands."""
        x, y, w, h = self.at
        left = BAND if self.row_icons else 0
        right = BAND if self.row_note else 0
        top = BAND if self.column_icons else 0
        bottom = (GROUND if self.ground else 0) + (BAND * 0.7 if self.column_note else 0)
        fit = min((w - left - right) / self.columns, (h - top - bottom) / self.rows)
        cell = min(self.cell or fit, fit)
        used_w = left + self.columns * cell + right
        used_h = top + self.rows * cell + bottom
        return x + (w - used_w) / 2 + left, y + (h - used_h) / 2 + top, cell

    def cell_box(self, row: int, column: int) -> tuple[float, float, float, float]:
        """The cell in a row counted from the top and a column from the left, both from 0."""
        gx, gy, cell = self.frame()
        return gx + column * cell, gy + row * cell, cell, cell

    def places(self, block_id: str) -> list[Place]:
        """Every cell, top row first, each row left to right; a row (from the bottom) is a cell's group."""
        options = tuple(o for c in self.options for o in (c, f"{c}.brick")[:1 + self.bricks]) or None
        found = []
        for r in range(self.rows):
            row = self.rows - r
            for c in range(self.columns):
                found.append(Place(f"{block_id}.r{row}c{c + 1}", self.write, block_id, f"{block_id}.r{row}", c + 1,
                                   self.cell_box(r, c), colour=self.colour,
                                   options=options))
        return found
