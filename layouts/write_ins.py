"""Where a player writes on a game's sheets: the write-in places of a printable, and the printables a seat fills.

Each block kind with places declares them once (`places` on its model in layouts/blocks/); the printer draws its
boxes from the same geometry, so a place's `at` is the box on paper. Mark values: a cross is true, a number an int,
a colour one of the place's `options`, a text a str.
"""
from __future__ import annotations

from dataclasses import replace

from layouts.blocks.places import Place, block_ids
from layouts.model import Game, fill_values

__all__ = ["Place", "places", "sheet_printables"]


def places(game: Game, printable_id: str, lang: str = "en") -> list[Place]:
    """Every write-in place of one copy of a printable, in reading order (block by block), labels filled in."""
    blocks = game.printables[printable_id].blocks
    found = [place for i, block_id in block_ids(blocks) for place in blocks[i].places(block_id)]
    return [replace(place, label=fill_values(place.label, game.values, lang)) if place.label else place
            for place in found]


def sheet_printables(game: Game) -> list[str]:
    """The printables a player writes on: those with write-in places, in the layout's order."""
    return [name for name, printable in game.printables.items()
            if block_ids(printable.blocks)]
