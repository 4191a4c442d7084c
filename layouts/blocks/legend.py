"""A key: rows of a swatch or icon, a text and an optional value (project types, scoring)."""
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
