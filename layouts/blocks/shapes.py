"""A catalogue of the game's polyominoes: one row per colour, each shape with its id."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from layouts.blocks.base import BlockBase, ColourRef, ShapeRef


class ShapeCatalogue(BlockBase):
    """The shapes named in `ids`, or all that pass the filters, in the layout's order.

    Rows follow the game's colour order; `tick` adds a box to cross off each limited tile.
    """

    type: Literal["shapes"]
    ids: list[ShapeRef] = Field([], description="the shapes to show, by id; all that pass the filters when empty")
    colours: list[ColourRef] = Field([], description="only shapes of these colours")
    sizes: list[int] = Field([], description="only shapes of these sizes")
    limited: bool | None = Field(None, description="only single-use tiles (true) or only unlimited ones (false)")
    tick: bool = Field(False, description="a tick box beside each limited tile")
    show_size: bool = Field(False, description="a header row with the size of each column of shapes")
    cell: float | None = Field(None, ge=2, le=30, description="largest cell side in mm")
    badge: bool = Field(True, description="the colour's glyph badge at the start of each row")
