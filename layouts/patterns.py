"""Monolyth structure cards: shape conditions on the monolith, as layer maps.

Glossary:
- layer map: one layer of the monolith seen from above, a list of rows from the
  board's back edge to its front; `X` a cube the card requires, `.` a free cell.
- layers: the layer maps bottom up, for the short monolith (3-4 players).
- tall: the layer maps for the tall monolith (1-2 players), when they differ.
- variant: (height, cubes) of one monolith size; cubes are (x, y, z), x to the
  right, y from back to front, z up, as for the pieces.
- floating: a required cube above a cell the card does not require (it could not stand).
"""
from __future__ import annotations

from pydantic import Field, ValidationInfo, field_validator

from layouts.blocks.base import Strict, Words
from layouts.polycubes import Cube

FILLED, FREE = "X", "."
SIZE, SHORT, TALL = "board_size", "height_large_table", "height_small_table"
DEFAULTS = {SIZE: 4, SHORT: 3, TALL: 4}
"""The monolith's footprint and heights come from the game's values; these stand in without them."""

LayerMaps = list[list[str]]


def monolith_size(values: dict[str, int]) -> tuple[int, int, int]:
    """Board size, short height and tall height from a game's values."""
    return tuple(values.get(name, DEFAULTS[name]) for name in (SIZE, SHORT, TALL))


def layer_cubes(layers: LayerMaps) -> frozenset[Cube]:
    """The cubes a list of layer maps requires."""
    return frozenset((x, y, z) for z, rows in enumerate(layers) for y, row in enumerate(rows)
                     for x, cell in enumerate(row) if cell == FILLED)


def check_layers(layers: LayerMaps, size: int, height: int) -> LayerMaps:
    """The layer maps unchanged, or ValueError naming the first layer/row/cell at fault."""
    if not 1 <= len(layers) <= height:
        raise ValueError(f"{len(layers)} layers; a {size}x{size}x{height} monolith has 1 to {height}")
    for z, rows in enumerate(layers, start=1):
        if len(rows) != size:
            raise ValueError(f"layer {z}: {len(rows)} rows; the board is {size} rows deep")
        for y, row in enumerate(rows, start=1):
            if len(row) != size:
                raise ValueError(f"layer {z} row {y} {row!r}: {len(row)} cells; the board is {size} wide")
            if set(row) - {FILLED, FREE}:
                raise ValueError(f"layer {z} row {y} {row!r}: use {FILLED} (cube) and {FREE} (free) only")
    cubes = layer_cubes(layers)
    if not cubes:
        raise ValueError("no cube required; mark at least one cell X")
    for x, y, z in sorted(cubes, key=lambda c: (c[2], c[1], c[0])):
        if z > 0 and (x, y, z - 1) not in cubes:
            raise ValueError(f"layer {z + 1} row {y + 1} cell {x + 1}: floats above a free cell of layer {z}")
    return layers


class Pattern(Strict):
    """One structure card: what the monolith must contain, in any rotation, whatever the colours."""

    id: str = Field(pattern=r"^[A-Za-z0-9-]+$", description="the card's id")
    name: Words = Field(min_length=1, max_length=24, description="the card's name")
    text: Words = Field(min_length=1, max_length=90, description="one line saying what to build")
    layers: LayerMaps = Field(description="layer maps bottom up for the short monolith")
    tall: LayerMaps | None = Field(None, description="layer maps for the tall monolith, when they differ")

    @field_validator("layers", "tall")
    @classmethod
    def _inside_and_standing(cls, layers, info: ValidationInfo):
        if layers is None:
            return layers
        size, short, tall = monolith_size((info.context or {}).get("values") or {})
        return check_layers(layers, size, short if info.field_name == "layers" else tall)

    def variants(self, values: dict[str, int]) -> list[tuple[int, frozenset[Cube]]]:
        """(height, cubes) for the short monolith, then the tall one when its shape differs."""
        _, short, tall = monolith_size(values)
        shapes = [(short, layer_cubes(self.layers))]
        if self.tall is not None and layer_cubes(self.tall) != shapes[0][1]:
            shapes.append((tall, layer_cubes(self.tall)))
        return shapes
