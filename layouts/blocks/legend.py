"""A key: rows of a swatch or icon, a text and an optional value (project types, scoring)."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from layouts.blocks.base import BlockBase, ColourRef, Icon, Strict, ValueText


class LegendItem(Strict):
    colour: ColourRef | None = None
    icon: Icon | None = None
    text: ValueText
    value: ValueText = ""


class Legend(BlockBase):
    type: Literal["legend"]
    title: ValueText = ""
    items: list[LegendItem] = Field(min_length=1)
    size: float = Field(9, ge=7, le=24, description="largest font size in pt")
