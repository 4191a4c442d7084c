"""Keys: a legend (rows of a swatch or icon, a text and an optional value: project types, scoring), and the
glyph key (each colour's glyph and name, so a sheet printed in mono still says which colour a glyph is)."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from layouts.blocks.base import BlockBase, ColourRef, Icon, Strict, ValueText


class LegendItem(Strict):
    colour: ColourRef | None = None
    icon: Icon | None = Field(None, description="an icon at the start of the line")
    text: ValueText = Field(description="what it means")
    value: ValueText = Field("", description="a number at the end of the line, e.g. +20")


class Legend(BlockBase):
    type: Literal["legend"]
    title: ValueText = Field("", description="a heading over the key")
    items: list[LegendItem] = Field(min_length=1, description="its lines, top down")
    size: float = Field(9, ge=7, le=24, description="largest font size in pt")


class GlyphKey(BlockBase):
    """Each colour's badge with its glyph and its label (in the sheet's language), in rows across the box."""

    type: Literal["glyph_key"]
    colours: list[ColourRef] = Field([], description="the colours shown, in order; default every colour of the game")
    per_player: bool = Field(False, description="each copy shows only its player's colour of `colours` (chips)")
    size: float = Field(8, ge=7, le=14, description="largest font size in pt")

    def shown(self, game_colours: list[str], player: int) -> list[str]:
        """The colours this copy's key names, for the copy of `player` (from 1)."""
        colours = self.colours or game_colours
        return [colours[(player - 1) % len(colours)]] if self.per_player else colours
