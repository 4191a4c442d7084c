"""Columns of write-in boxes filled bottom up (Lost Cities expeditions)."""
from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, model_validator

from layouts.blocks.base import BlockBase, Icon, Named, Strict, ValueText


class Column(Named):
    kind: ClassVar[str] = "column"
    marks: dict[int, Icon] = {}
    foot: Literal["none", "double_circle"] = "none"


class Bridge(Strict):
    after: int = Field(ge=1, description="the line lies above this box")
    label: ValueText


class BoxColumns(BlockBase):
    type: Literal["box_columns"]
    boxes: int = Field(ge=1, le=20)
    columns: list[Column] = Field(min_length=1)
    bridge: Bridge | None = None
    score_boxes: bool = True
    names: bool = Field(False, description="a colour column's header names its colour beside the glyph")

    @model_validator(mode="after")
    def _marks_inside(self):
        for i, column in enumerate(self.columns):
            for box in column.marks:
                if not 1 <= box <= self.boxes:
                    raise ValueError(f"columns[{i}].marks: box {box} is not in 1..{self.boxes}")
        if self.bridge and self.bridge.after >= self.boxes:
            raise ValueError(f"bridge.after: {self.bridge.after} must be below {self.boxes}")
        return self
