"""Building boards: a square of cells with coloured edges and a slot beside each edge, a height ruler."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from layouts.blocks.base import BlockBase, ColourRef, Strict, ValueRef, ValueText


class EdgeBoard(BlockBase):
    """One board per copy, `boards` in turn; each lists its edge colours top, right, bottom, left."""

    type: Literal["edge_board"]
    cells: int = Field(4, ge=1, le=12, description="cells across and down")
    boards: list[list[ColourRef]] = Field(min_length=1, description="per board, its four edge colours: top, right, "
                                                                     "bottom, left")
    slot: float = Field(21, ge=8, le=40, description="diameter of the token slot beside each edge, mm")
    slot_label: ValueText = Field("Prophecy", description="the word by each slot")

    @field_validator("boards")
    @classmethod
    def _four_different(cls, boards):
        for i, edges in enumerate(boards):
            if len(edges) != 4 or len(set(edges)) != 4:
                raise ValueError(f"board {i + 1}: four different edge colours (top, right, bottom, left), "
                                 f"not {edges}")
        if len({tuple(edges) for edges in boards}) != len(boards):
            raise ValueError("two boards have the same edge colours")
        return boards


class RulerMark(Strict):
    level: int | ValueRef = Field(description="a level, or the name of a value holding it")
    label: ValueText = Field(description="printed at the mark")


class HeightRuler(BlockBase):
    """A strip of levels numbered from the bottom, `step` mm each, with labelled lines at marked tops."""

    type: Literal["height_ruler"]
    levels: int = Field(ge=1, le=12, description="levels on the ruler")
    step: float = Field(ge=4, le=40, description="mm per level: the edge of a cube")
    label: ValueText = Field("Height", description="the ruler's heading")
    marks: list[RulerMark] = Field([], description="labelled lines at the top of some levels")

    @model_validator(mode="after")
    def _fits(self):
        need = self.levels * self.step + 6
        if any(isinstance(m.level, int) and not 1 <= m.level <= self.levels for m in self.marks):
            raise ValueError(f"marks: levels run from 1 to {self.levels}")
        if need > self.at[3]:
            raise ValueError(f"{self.levels} levels of {self.step:g} mm and the label need {need:g} mm; "
                             f"the box is {self.at[3]:g} mm tall")
        return self
