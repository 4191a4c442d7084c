"""Rows of labelled boxes to cross left to right: numbers counting up or down, or labels of one's own.

Glossary:
- row: a game colour (its badge with glyph, a tinted band) or a label at its head, then its boxes.
- numbers: `first` to `last`, one box each, counting up (2..12) or down (12..2).
- labels: any texts instead of numbers, one box each ("" for a plain box, "-5" for a penalty).
- end: a round box after the row holding an icon (a Qwixx-style lock).
"""
from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, model_validator

from layouts.blocks.base import BlockBase, Icon, Named, Scored, ValueText

MAX_BOXES = 30


class BoxRow(Named):
    kind: ClassVar[str] = "row"
    first: int | None = Field(None, description="the number in the first box")
    last: int | None = Field(None, description="the number in the last box (below `first`: counting down)")
    labels: list[ValueText] = Field([], max_length=MAX_BOXES, description="a text per box instead of numbers")
    end: Icon | None = Field(None, description="a round box after the row with this icon, e.g. lock")
    note: ValueText = Field("", description="small text after the row")
    scored: Scored = True

    @model_validator(mode="after")
    def _numbers_or_labels(self):
        numbered = self.first is not None or self.last is not None
        if numbered == bool(self.labels) or (numbered and None in (self.first, self.last)):
            raise ValueError("give a row `first` and `last` (numbers counting up or down) or `labels`, not both")
        if numbered and abs(self.last - self.first) + 1 > MAX_BOXES:
            raise ValueError(f"{self.first}..{self.last} makes more than {MAX_BOXES} boxes")
        return self

    def box_labels(self) -> list[str]:
        """The text of each box, left to right."""
        if self.labels:
            return list(self.labels)
        step = 1 if self.last >= self.first else -1
        return [str(n) for n in range(self.first, self.last + step, step)]


class BoxRows(BlockBase):
    """One row per entry, as tall as the box divides; boxes as large as fit (at most `box` mm)."""

    type: Literal["box_rows"]
    rows: list[BoxRow] = Field(min_length=1, description="the rows, top down")
    box: float | None = Field(None, ge=5, le=30, description="largest box side, mm")
    head: float | None = Field(None, ge=5, le=80, description="mm for each row's badge or label; default a box")
