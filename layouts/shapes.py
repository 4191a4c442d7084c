"""Polyominoes drawn as ASCII art in the layout: `#` is a cell, `.` is empty.

Glossary:
- cell map: the ASCII art of a shape, one text line per row (`"#.\n##"`).
- size class: the number in a shape's id (`R4a` is of class 4); it must equal the size.
- limited: a single-use tile, crossed off a shared list when used.
"""
from __future__ import annotations

import re
from functools import cached_property

from pydantic import Field, field_validator, model_validator

from layouts.blocks.base import ColourRef, Strict, Words

Cell = tuple[int, int]
"""(column, row) of a filled cell, row 0 at the top."""


def parse_cells(art: str) -> frozenset[Cell]:
    """Read `#` cells from ASCII art rows (spaces ignored, `.` empty), moved to touch (0, 0)."""
    rows = [row.replace(" ", "") for row in art.strip().splitlines()]
    cells = [(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"]
    left, top = min((x for x, _ in cells), default=0), min((y for _, y in cells), default=0)
    return frozenset((x - left, y - top) for x, y in cells)


def is_connected(cells: frozenset[Cell]) -> bool:
    """True when every cell reaches every other through edge neighbours."""
    if not cells:
        return False
    seen, todo = set(), [next(iter(cells))]
    while todo:
        x, y = todo.pop()
        if (x, y) in seen:
            continue
        seen.add((x, y))
        todo += [n for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in cells]
    return len(seen) == len(cells)


class Shape(Strict):
    id: str = Field(pattern=r"^[A-Za-z0-9]+$", description="printed on the card and shown on the phone; its "
                                                             "number is its size (R4a)")
    colour: ColourRef = Field(description="the shape's colour")
    size: int = Field(ge=1, le=12, description="how many cells it has")
    cells: str = Field(description="ASCII art: '#' a cell, '.' empty, one line per row")
    name: Words = Field("", description="its name, when it has one")
    limited: bool = Field(False, description="single-use tile, crossed off when used")

    @field_validator("cells")
    @classmethod
    def _only_cells(cls, art: str) -> str:
        bad = set(art) - set("#. \n")
        if bad:
            raise ValueError(f"cells may only hold '#', '.' and spaces, not {''.join(sorted(bad))!r}")
        return art

    @model_validator(mode="after")
    def _well_formed(self):
        cells = parse_cells(self.cells)
        if len(cells) != self.size:
            raise ValueError(f"shape {self.id}: {len(cells)} cells drawn but size is {self.size}")
        if not is_connected(cells):
            raise ValueError(f"shape {self.id}: cells are not connected")
        size_class = re.search(r"[0-9]+", self.id)
        if size_class and int(size_class.group()) != self.size:
            raise ValueError(f"shape {self.id}: its id names size class {size_class.group()} but size is {self.size}")
        return self

    @cached_property
    def cell_set(self) -> frozenset[Cell]:
        """The filled cells, (column, row) from the top left."""
        return parse_cells(self.cells)

    @cached_property
    def bounds(self) -> tuple[int, int]:
        """Columns and rows the shape spans."""
        return 1 + max(x for x, _ in self.cell_set), 1 + max(y for _, y in self.cell_set)
