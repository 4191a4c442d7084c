"""Build fields: rows of circles, each showing a die face to cover with a chip."""
from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from layouts.blocks.base import Icon, Named, ValueText
from layouts.blocks.places import Marked, Place, Rect, part_key, place_row

LABEL_WIDTH = 38.0
"""mm kept at the left of each row for the field's name, glyph and icon."""
GAP = 1.5
"""mm between two circles."""


class DiceField(Named):
    kind: ClassVar[str] = "build field"
    label: ValueText | None = Field(None, description="defaults to the colour's label")
    icon: Icon | None = Field(None, description="an icon by the field's name")
    faces: list[Annotated[int, Field(ge=1, le=6)]] = Field(min_length=1, max_length=8,
                                                           description="the die face in each circle")
    note: ValueText = Field("", description="small text under the field's name")


class DiceFields(Marked):
    """One row per field: its name band, then a circle per die face, big enough for a chip.

    Places: `<id>.<colour>.<n>` for the n-th circle of a field (a field without a colour: `f<row>` from 1).
    """

    default_id = "fields"
    type: Literal["dice_fields"]
    fields: list[DiceField] = Field(min_length=1, description="the rows, top down")
    circle: float = Field(16, ge=8, le=40, description="circle diameter, mm")

    @model_validator(mode="after")
    def _circles_fit(self):
        _, _, w, h = self.at
        widest = max(len(f.faces) for f in self.fields)
        need_w = LABEL_WIDTH + widest * (self.circle + GAP)
        need_h = len(self.fields) * (self.circle + 2)
        if need_w > w + 1e-6:
            raise ValueError(f"at: {widest} circles of {self.circle:g} mm need {need_w:g} mm across; "
                             f"the block is {w:g} mm wide")
        if need_h > h + 1e-6:
            raise ValueError(f"at: {len(self.fields)} rows of {self.circle:g} mm circles need {need_h:g} mm; "
                             f"the block is {h:g} mm tall")
        return self

    def circles(self) -> list[list[Rect]]:
        """Per field, the square around each face's circle."""
        x, y, _, h = self.at
        row_h = h / len(self.fields)
        step, d = self.circle + GAP, self.circle
        return [[(x + LABEL_WIDTH + (i + 0.5) * step - d / 2, y + (r + 0.5) * row_h - d / 2, d, d)
                 for i in range(len(field.faces))] for r, field in enumerate(self.fields)]

    def places(self, block_id: str) -> list[Place]:
        """Per field, top down: a cross (a chip) per circle, left to right, its label the die face."""
        found = []
        for r, (field, circles) in enumerate(zip(self.fields, self.circles(), strict=True)):
            group = f"{block_id}.{part_key(field, 'f', r + 1)}"
            found += [Place(p.id, p.kind, block_id, group, p.index, p.at, field.colour, str(face))
                      for p, face in zip(place_row(block_id, group, "cross", circles), field.faces, strict=True)]
        return found
