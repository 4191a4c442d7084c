"""Columns of write-in boxes filled bottom up (Lost Cities expeditions)."""
from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, model_validator

from layouts.blocks.base import BlockBase, Icon, Named, Scored, Strict, ValueText


class Column(Named):
    kind: ClassVar[str] = "column"
    marks: dict[int, Icon] = Field({}, description="box number (from the bottom) -> the icon in it")
    foot: Literal["none", "double_circle"] = Field("none", description="double_circle: a ring under the column "
                                                                       "(the expedition scores double)")
    scored: Scored = True


class Bridge(Strict):
    after: int = Field(ge=1, description="the line lies above this box")
    label: ValueText = Field(description="printed on the line (its points)")


class BoxColumns(BlockBase):
    type: Literal["box_columns"]
    boxes: int = Field(ge=1, le=20, description="write-in boxes per column")
    columns: list[Column] = Field(min_length=1, description="the columns, left to right")
    bridge: Bridge | None = Field(None, description="a line across every column above one box")
    score_boxes: bool = Field(True, description="a box under each column for its points")
    score_label: ValueText = Field("", description="printed small at the top of each points box: what to write "
                                                   "there (Points)")
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
