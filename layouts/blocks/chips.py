"""Chips to cut out: a grid of squares in one player's colour, each with the colour's glyph."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, ValidationInfo, model_validator

from layouts.blocks.base import BlockBase, ColourRef, ValueRef


class Chips(BlockBase):
    """Copy n (player n) gets `colours[n - 1]`, cycling; drawn on every copy."""

    type: Literal["chips"]
    colours: list[ColourRef] = Field(min_length=1, description="player n's chips are colours[n - 1], cycling")
    count: Annotated[int, Field(ge=1)] | ValueRef = Field(description="chips per copy, or a value's name")
    size: float = Field(13, ge=8, le=40, description="side of one square chip, mm")

    def chip_count(self, values: dict[str, int]) -> int:
        """How many chips one copy holds."""
        return self.count if isinstance(self.count, int) else values[self.count]

    def per_row(self) -> int:
        """Chips side by side across the block."""
        return int(self.at[2] // self.size + 1e-6)

    @model_validator(mode="after")
    def _chips_fit(self, info: ValidationInfo):
        values = (info.context or {}).get("values") or {}
        if isinstance(self.count, str) and self.count not in values:
            return self
        count = self.chip_count(values)
        rows = -(-count // max(self.per_row(), 1))
        if self.per_row() < 1 or rows * self.size > self.at[3] + 1e-6:
            raise ValueError(f"at: {count} chips of {self.size:g} mm do not fit in "
                             f"{self.at[2]:g} x {self.at[3]:g} mm")
        return self
