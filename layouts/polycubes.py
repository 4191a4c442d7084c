"""Polycubes (Monolyth pieces): cubes as [x, y, z] cells, z up from the board.

Glossary:
- cube: (x, y, z); x to the right, y from the board's back edge to its front, z up.
- isometric point: (across, down) in cube edges on a drawing, y down like a page.
- face: one visible side of a cube in the isometric view: `top`, `front` (+y, seen
  lower left) or `side` (+x, seen lower right), as the corner points of a rhombus.
"""
from __future__ import annotations

import math
from typing import NamedTuple

from pydantic import Field, model_validator

from layouts.blocks.base import Strict, Words

Cube = tuple[int, int, int]
COS30, SIN30 = math.cos(math.pi / 6), 0.5
FACE_CORNERS = {
    "top": ((0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)),
    "front": ((0, 1, 0), (1, 1, 0), (1, 1, 1), (0, 1, 1)),
    "side": ((1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 0, 1)),
}
FACE_NEIGHBOUR = {"top": (0, 0, 1), "front": (0, 1, 0), "side": (1, 0, 0)}


class Face(NamedTuple):
    cube: Cube
    side: str
    points: tuple[tuple[float, float], ...]


def iso_point(x: float, y: float, z: float) -> tuple[float, float]:
    """Where a point of the cube grid lands on an isometric drawing, in cube edges, y down."""
    return (x - y) * COS30, (x + y) * SIN30 - z


def iso_faces(cubes) -> list[Face]:
    """The faces of a set of cubes a viewer sees, back to front (painter's order).

    Faces hidden by a neighbouring cube are left out; drawing the rest in order
    lets nearer cubes cover farther ones.
    """
    cells = set(cubes)
    faces = []
    for cube in sorted(cells, key=lambda c: (sum(c), c[2])):
        for side, (dx, dy, dz) in FACE_NEIGHBOUR.items():
            if (cube[0] + dx, cube[1] + dy, cube[2] + dz) in cells:
                continue
            points = tuple(iso_point(cube[0] + a, cube[1] + b, cube[2] + c) for a, b, c in FACE_CORNERS[side])
            faces.append(Face(cube, side, points))
    return faces


def iso_bounds(corner: Cube, far: Cube) -> tuple[float, float, float, float]:
    """Left, top, right, bottom of the drawing of the box from `corner` to `far` (cube edges)."""
    xs, ys = zip(*(iso_point(x, y, z) for x in (corner[0], far[0]) for y in (corner[1], far[1])
                   for z in (corner[2], far[2])), strict=True)
    return min(xs), min(ys), max(xs), max(ys)


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
    id: str = Field(pattern=r"^[A-Za-z0-9]+$", description="the piece's id on the reference card")
    name: Words = Field(description="the piece's name, e.g. L-tricube")
    count: int = Field(ge=1, le=20, description="copies per colour")
    cubes: list[tuple[int, int, int]] = Field(min_length=1, max_length=8, description="its cubes as [x, y, z] from 0")

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
