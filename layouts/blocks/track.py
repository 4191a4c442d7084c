"""Rows of boxes crossed left to right: ability tracks with symbols, and a points tally.

Glossary:
- symbol: one character per box in `boxes`; `-` is a plain box, any other names an icon
  through the block's `symbols` (by default `+` plus and `*` star). Drawn in the box, or
  with `symbols_below` in a mark space of its own under the box (two marks: earn, spend).
- end: the reward for crossing a whole track, printed after its last box.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from layouts.blocks.base import BlockBase, ColourRef, Icon, Scored, Strict, ValueRef, ValueText

PLAIN = "-"


class TrackRow(Strict):
    colour: ColourRef = Field(description="the track's colour (its badge and boxes)")
    boxes: str = Field(min_length=1, description="one symbol per box, e.g. '+*+***---' (spaces ignored)")
    note: ValueText = Field("", description="text after the track, e.g. what its star does")
    scored: Scored = True

    @field_validator("boxes")
    @classmethod
    def _no_spaces(cls, boxes: str) -> str:
        return boxes.replace(" ", "")


class Track(BlockBase):
    """One row per track: a colour badge with glyph, the boxes, the end reward, a note."""

    type: Literal["track"]
    tracks: list[TrackRow] = Field(min_length=1, description="the tracks, top down")
    symbols: dict[str, Icon] = Field({"+": "plus", "*": "star"}, description="box symbol -> the icon it draws")
    end: ValueText | None = Field(None, description="reward after each track, e.g. '+{track_completed}'")
    box: float | None = Field(None, ge=5, le=30, description="largest box side in mm; default as large as fits the box")
    badge: bool = Field(True, description="the colour's glyph badge before each track")
    symbols_below: bool = Field(False, description="each symbol in its own small space under its box: crossing "
                                                   "the box earns it, crossing the symbol spends it")

    @model_validator(mode="after")
    def _known_symbols(self):
        for i, track in enumerate(self.tracks):
            unknown = sorted(set(track.boxes) - set(self.symbols) - {PLAIN})
            if unknown:
                raise ValueError(f"tracks[{i}].boxes: unknown symbol {unknown[0]!r}; use "
                                 f"{', '.join(repr(s) for s in [*self.symbols, PLAIN])}")
        return self


class Tally(BlockBase):
    """Numbered boxes to cross as points come in; `marks` label a few (the end score)."""

    type: Literal["tally"]
    first: int = Field(1, ge=0, description="the first number")
    last: int = Field(ge=1, le=200, description="the last number")
    per_row: int | None = Field(None, ge=1, le=50, description="boxes per row; default all in one row")
    marks: dict[int | ValueRef, ValueText] = Field(
        {}, description="numbers (or names of values) drawn bold with a label, e.g. {end_points: END}")

    @model_validator(mode="after")
    def _marks_inside(self, info: ValidationInfo):
        if self.last < self.first:
            raise ValueError(f"last {self.last} is below first {self.first}")
        values = (info.context or {}).get("values") or {}
        for key in self.marks:
            number = values.get(key) if isinstance(key, str) else key
            if isinstance(number, int) and not self.first <= number <= self.last:
                raise ValueError(f"marks: {key} ({number}) is not in {self.first}..{self.last}")
        return self

    def marked(self, values: dict[str, int]) -> dict[int, str]:
        """The marked numbers with their labels, value names replaced by their numbers."""
        return {values[key] if isinstance(key, str) else key: label for key, label in self.marks.items()}
