"""Blocks drawn with the isometric primitive: a polycube, structure cards, the piece reference."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from layouts.blocks.base import BlockBase, ColourRef, ValueText, Words

Rgb = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="cube colour where no game colour applies")]
NEUTRAL = "#a3aab3"


class Polycube(BlockBase):
    """A few cubes in 3D (an emblem, an example); cube i takes colours[i % n], or `rgb`."""

    type: Literal["polycube"]
    cubes: list[tuple[int, int, int]] = Field(min_length=1, max_length=200, description="cubes as [x, y, z] from 0")
    colours: list[ColourRef] = Field([], description="cube i takes colours[i % n]; `rgb` when empty")
    glyphs: bool = Field(False, description="each cube shows its colour's glyph")
    rgb: Rgb = NEUTRAL


class StructureCard(BlockBase):
    """One structure card per copy, the game's patterns in turn: name, 3D picture, layer maps, text."""

    type: Literal["structure_card"]
    heading: ValueText = Field("Structure", description="the word before the card's name")
    short_label: ValueText = Field(description="over the short monolith's picture, e.g. its players")
    tall_label: ValueText = Field(description="over the tall monolith's picture")
    same_label: ValueText = Field(description="under a picture that holds for both heights")
    rgb: Rgb = NEUTRAL


class PieceCatalogue(BlockBase):
    """Every piece of the game in 3D with its id, name and count per colour, then the single blocks."""

    type: Literal["piece_catalogue"]
    columns: int = Field(4, ge=1, le=8, description="pieces side by side")
    count_text: Words = Field("{count} of each colour", description="`{count}`: copies per colour")
    blocks_text: ValueText = Field(description="caption of the single 1x1 block")
    rgb: Rgb = NEUTRAL
