"""Polycubes (Monolyth pieces): cubes as [x, y, z] cells, z up from the board."""
from __future__ import annotations

from pydantic import Field, model_validator

from layouts.blocks.base import Strict

Cube = tuple[int, int, int]


def cubes_connected(cubes: frozenset[Cube]) -> bool:
    """True when every cube reaches every other through shared faces."""
    if not cubes:
        return False
    seen, todo = set(), [next(iter(cubes))]
    while todo:
        x, y, z = todo.pop()
        if (x, y, z) in seen:
            continue
        seen.add((x, y, z))
        todo += [n for n in ((x + 1, y, z), (x - 1, y, z), (x, y + 1, z), (x, y - 1, z), (x, y, z + 1),
                             (x, y, z - 1)) if n in cubes]
    return len(seen) == len(cubes)


class Piece(Strict):
    id: str = Field(pattern=r"^[A-Za-z0-9]+$")
    name: str
    count: int = Field(ge=1, le=20, description="copies per colour")
    cubes: list[tuple[int, int, int]] = Field(min_length=1, max_length=8)

    @model_validator(mode="after")
    def _connected(self):
        cells = frozenset(self.cubes)
        if len(cells) != len(self.cubes):
            raise ValueError(f"piece {self.id}: a cube is listed twice")
        if any(c < 0 for cube in cells for c in cube):
            raise ValueError(f"piece {self.id}: coordinates start at 0")
        if not cubes_connected(cells):
            raise ValueError(f"piece {self.id}: cubes are not connected")
        return self

    @property
    def flat(self) -> bool:
        """True when every cube lies in one layer."""
        return len({z for _, _, z in self.cubes}) == 1
