"""A grid of square write-in cells (Copenhagen's facade), with icons and notes at its edges."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from layouts.blocks.base import BlockBase, ColourRef, Icon, ValueText


class Grid(BlockBase):
    """`rows` x `columns` square cells, as large as fit the box (at most `cell` mm), centred in it."""

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

    @model_validator(mode="after")
    def _icons_inside(self):
        for name, icons, count in (("row_icons", self.row_icons, self.rows),
                                   ("column_icons", self.column_icons, self.columns)):
            outside = [k for k in icons if not 1 <= k <= count]
            if outside:
                raise ValueError(f"{name}: {outside[0]} is not in 1..{count}")
        return self
