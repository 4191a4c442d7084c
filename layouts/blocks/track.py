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

from layouts.blocks.base import ColourRef, Icon, Scored, Strict, ValueRef, ValueText
from layouts.blocks.places import Marked, Place, Rect, place_row

PLAIN = "-"
GAP = 0.9
"""Space between boxes, mm."""
BELOW = 0.5
"""Side of a symbol's own mark space under its box, as a share of the box side."""
ROW_MARGIN = 1.2
LABEL_H = 3.6
"""mm under a tally's row for the labels of its marked numbers."""


class TrackRow(Strict):
    colour: ColourRef = Field(description="the track's colour (its badge and boxes)")
    boxes: str = Field(min_length=1, description="one symbol per box, e.g. '+*+***---' (spaces ignored)")
    note: ValueText = Field("", description="text after the track, e.g. what its star does")
    scored: Scored = True

    @field_validator("boxes")
    @classmethod
    def _no_spaces(cls, boxes: str) -> str:
        return boxes.replace(" ", "")


class Track(Marked):
    """One row per track: a colour badge with glyph, the boxes, the end reward, a note.

    Places: `<id>.<colour>.<n>` for the n-th box of a track, `<id>.<colour>.used.<n>` for its symbol's mark space.
    """

    default_id = "tracks"
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

    def geometry(self) -> tuple[float, float]:
        """Box side and row height (mm)."""
        _, _, w, h = self.at
        row_h = h / len(self.tracks)
        slots = max(len(t.boxes) for t in self.tracks) + (1 if self.badge else 0) + (1.2 if self.end else 0)
        tall = (row_h - ROW_MARGIN - GAP) / (1 + BELOW) if self.symbols_below else row_h - 1.5
        fit = min(tall, w / slots - GAP)
        return min(self.box or fit, fit), row_h

    def track_boxes(self, i: int) -> list[Rect]:
        """The boxes of the i-th track (from 0), left to right, after its badge."""
        box, row_h = self.geometry()
        below = box * BELOW + GAP if self.symbols_below else 0.0
        top = self.at[1] + i * row_h + (row_h - box - below) / 2
        left = self.at[0] + (box + 2 * GAP if self.badge else 0)
        return [(left + n * (box + GAP), top, box, box) for n in range(len(self.tracks[i].boxes))]

    @staticmethod
    def symbol_space(box: Rect) -> Rect:
        """The mark space of a box's symbol, centred under it."""
        left, top, side, _ = box
        space = side * BELOW
        return left + (side - space) / 2, top + side + GAP, space, space

    def places(self, block_id: str) -> list[Place]:
        """Per track, top down: each box, followed by its symbol's mark space when symbols stand below."""
        found = []
        for i, track in enumerate(self.tracks):
            group = f"{block_id}.{track.colour}"
            boxes = self.track_boxes(i)
            for box, symbol in zip(place_row(block_id, group, "cross", boxes, colour=track.colour), track.boxes,
                                   strict=True):
                found.append(box)
                if self.symbols_below and symbol != PLAIN:
                    found.append(Place(f"{group}.used.{box.index}", "cross", block_id, f"{group}.used", box.index,
                                       self.symbol_space(box.at), colour=track.colour))
        return found


class Tally(Marked):
    """Numbered boxes to cross as points come in; `marks` label a few (the end score). Places: `<id>.<number>`."""

    default_id = "tally"
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

    def number_boxes(self) -> list[tuple[int, Rect]]:
        """Each number and its box, in rows of `per_row`."""
        x, y, w, h = self.at
        numbers = list(range(self.first, self.last + 1))
        per_row = self.per_row or len(numbers)
        rows = -(-len(numbers) // per_row)
        label_h = LABEL_H if self.marks else 0
        box = min(w / per_row - GAP, h / rows - label_h - GAP)
        return [(n, (x + (i % per_row) * (box + GAP), y + (i // per_row) * (box + GAP + label_h), box, box))
                for i, n in enumerate(numbers)]

    def places(self, block_id: str) -> list[Place]:
        """A cross per number, in order."""
        return [Place(f"{block_id}.{n}", "cross", block_id, block_id, i, box, label=str(n))
                for i, (n, box) in enumerate(self.number_boxes(), 1)]

    def marked(self, values: dict[str, int]) -> dict[int, str]:
        """The marked numbers with their labels, value names replaced by their numbers."""
        return {values[key] if isinstance(key, str) else key: label for key, label in self.marks.items()}
