"""A score pad: one column per player, one row per score item, boxes to write in (parts optional)."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from layouts.blocks.base import BlockBase, Icon, Strict, ValueText


class ScoreRow(Strict):
    label: ValueText
    note: ValueText | None = Field(None, description="small print under the label")
    icon: Icon | None = None
    parts: list[ValueText] = Field([], max_length=5, description="labelled boxes side by side in each cell")
    emphasis: bool = False


class ScoreGrid(BlockBase):
    type: Literal["score_grid"]
    columns: int = Field(ge=1, le=8, description="player columns")
    name_label: ValueText = "Name"
    rows: list[ScoreRow] = Field(min_length=1)
