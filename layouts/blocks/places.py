"""Write-in places: the cells of a sheet a player marks, declared once by each block kind that has them.

Glossary:
- place: one cell to mark (a box to cross, a box to write a number in, a facade cell to colour), with an id
  stable across versions of the layout: `<block id>.<part>` (`columns.red.3`, `facade.r2c5`), or the block id
  alone for a block of one place (`total`).
- block id: a marked block's `id:` key, by default its kind's name (`columns`, `grid`, `box`...); a printable
  holding several blocks of a kind without ids numbers them in order (`box1`, `box2`).
- kind: what a mark is: cross (true), number (an int), colour (a key of `options`), text (a str).
- group: the row, column or track a place belongs to (`columns.red`); index: its position there, from 1.
- rule: what a room with strict sheets refuses on a block (`rule:`), checked by the server (companion/rules/marks).
- at: the place's box (x, y, w, h) in mm from the printable's top left corner, the box the printer draws.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar, Literal

from pydantic import Field

from layouts.blocks.base import BlockBase

Write = Literal["cross", "number", "colour", "text"]
"""What a player puts in a place: a cross, a number, a colour (or tile), a text."""
Rect = tuple[float, float, float, float]
"""x, y, width, height in mm from the printable's top left corner."""
BLOCK_ID = r"^[a-z][a-z0-9_]*$"


@dataclass(frozen=True)
class Place:
    """One write-in place of a printable."""

    id: str
    kind: Write
    block: str
    group: str
    index: int
    at: Rect
    colour: str | None = None
    label: str | None = None
    options: tuple[str, ...] | None = None


class Marked(BlockBase):
    """A block with write-in places; `places(block_id)` lists them in reading order."""

    default_id: ClassVar[str]
    id: str | None = Field(None, pattern=BLOCK_ID, description="names the block's write-in places (`columns` gives "
                                                                "`columns.red.3`), stable across versions of the "
                                                                "layout; default the kind's name")
    rule: Literal["rising", "from_left", "tile"] | None = Field(
        None, description="what a room with strict sheets refuses (checked by the companion): `rising`, each line "
                          "filled from its first place with numbers never going down (a 0 after the start counts as "
                          "10); `from_left`, each line filled from its first place; `tile`, the cells filled at once "
                          "make a shape of their colour resting on the bottom row or filled cells, one brick at most, "
                          "a limited tile only when the seat took it this turn")

    def places(self, block_id: str) -> list[Place]:
        """The block's write-in places in reading order, their ids starting with `block_id`."""
        raise NotImplementedError


def part_key(named, letter: str, number: int) -> str:
    """A row's or column's part of a place id: its colour, else its letter and position (`r2`)."""
    return named.colour or f"{letter}{number}"


def place_row(block_id: str, group: str, kind: Write, rects: list[Rect], **shared) -> list[Place]:
    """The places of one row, column or track: `<group>.<n>` for its n-th box (from 1)."""
    return [Place(f"{group}.{n}", kind, block_id, group, n, rect, **shared) for n, rect in enumerate(rects, 1)]


def block_ids(blocks: list) -> list[tuple[int, str]]:
    """Each marked block's position in `blocks` and its id: its own, or its kind's name, numbered when repeated."""
    marked = [(i, block) for i, block in enumerate(blocks) if isinstance(block, Marked)]
    unnamed = Counter(block.default_id for _, block in marked if block.id is None)
    seen: Counter = Counter()
    ids = []
    for i, block in marked:
        if block.id is None and unnamed[block.default_id] > 1:
            seen[block.default_id] += 1
            ids.append((i, f"{block.default_id}{seen[block.default_id]}"))
        else:
            ids.append((i, block.id or block.default_id))
    return ids


def id_problems(blocks: list) -> list[str]:
    """A sentence for each block id given to two blocks of one printable, and for each place id a block repeats (two
    columns of one colour)."""
    first: dict[str, int] = {}
    said = []
    for i, block_id in block_ids(blocks):
        if block_id in first:
            said.append(f"blocks[{i}]: id {block_id!r} is already the id of blocks[{first[block_id]}]; "
                        f"give each marked block its own `id:`")
        first.setdefault(block_id, i)
        ids = [place.id for place in blocks[i].places(block_id)]
        twice = sorted({place_id for place_id in ids if ids.count(place_id) > 1})
        if twice:
            said.append(f"blocks[{i}]: two places would be {twice[0]!r}; give its rows or columns different "
                        f"colours, or leave the colour out of one (it is then named by its position)")
    return said
