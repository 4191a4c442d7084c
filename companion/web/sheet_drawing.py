"""What the phone's sheet page (/r/<code>/sheet) draws: each sheet a seat writes on, from the same layout blocks and
geometry as the printed sheet (layouts/write_ins.py), in the reader's language.

Glossary:
- drawing: one printable as the page draws it: {"id", "title", "size": [w, h] mm, "blocks", "places"}.
- block: a block that shows words: {"at": its box in mm, "lines": [{"text", "bold"}], "size": type size in mm,
  "align"}; a block with write-in places is drawn by its places instead, and a paper-only text (a scale bar's
  {length}, a copy number) is left out.
- place: a write-in place as data (id, kind, group, index, at, colour, label, options) with `name`, what a screen
  reader says of it ("Red, box 3"), and `choices`, each option's name ("Red brick").
"""
from __future__ import annotations

import re
from dataclasses import asdict

from companion.rules.language import gettext
from layouts import Game, write_ins
from layouts.blocks.base import MM_PER_PT
from layouts.blocks.places import Marked
from layouts.model import fill_values
from layouts.translations import words

PAPER_ONLY = ("qr", "scale_bar", "copy_text")
"""Blocks that only paper needs: a QR code to the companion, a bar to check the print's scale, a copy number."""
GRID_CELL = re.compile(r"^r(\d+)c(\d+)$")
"""A grid place's part: its row and column (`facade.r2c5`)."""


def drawings(game: Game, lang: str) -> list[dict]:
    """Every sheet a seat writes on, as the page draws it (see the glossary)."""
    return [{"id": name, "title": game.printables[name].title, "size": list(game.printables[name].size),
             "blocks": [drawn for block in game.printables[name].blocks if (drawn := _block(game, block, lang))],
             "places": _places(game, write_ins.places(game, name, lang))}
            for name in write_ins.sheet_printables(game)]


def _block(game: Game, block, lang: str) -> dict | None:
    """A block's words as the page draws them, or None for a block drawn by its places or without words to show."""
    if isinstance(block, Marked) or block.type in PAPER_ONLY:
        return None
    lines = []
    for path, text in sorted(words(block).items(), key=lambda item: not item[0].endswith("heading")):
        try:
            lines.append({"text": fill_values(text, game.values, lang), "bold": path.endswith("heading")})
        except (KeyError, ValueError, IndexError):  # a paper-only placeholder ({length}, {copy})
            continue
    if not lines:
        return None
    size = getattr(block, "size", 9) * MM_PER_PT
    return {"at": list(block.at), "lines": lines, "size": round(size, 2), "bold": getattr(block, "bold", False),
            "align": getattr(block, "align", "left")}


def _places(game: Game, places: list) -> list[dict]:
    """The places as data, each with its spoken name (told apart by its block's id where two blocks' places would
    share one: Copenhagen's stars and ability tracks) and its options' names."""
    names = [place_name(game, place) for place in places]
    shared = {name for name in names if names.count(name) > 1}
    found = []
    for place, name in zip(places, names, strict=True):
        bricks = any(option.endswith(".brick") for option in place.options or ())
        found.append({**asdict(place), "name": f"{place.block}: {name}" if name in shared else name,
                      "choices": {option: option_name(game, option, bricks) for option in place.options or ()}})
    return found


def place_name(game: Game, place) -> str:
    """What a screen reader says of a place, from its label and the parts of its id: "Red, box 3", "Row 2, column 5",
    "Red, Points", "Red, symbol, box 2"; a place without words is named by its block ("points, box 4")."""
    said = [place.label] if place.label and not place.label.isdigit() else []
    if place.colour in game.colours:
        said.append(game.colours[place.colour].label)
    for part in place.id.removeprefix(place.block).split("."):
        said.extend(_part(game, place, part))
    if not any(word[0].isalpha() and not word.startswith(_NUMBERED) for word in said):
        said.insert(0, place.block)
    return ", ".join(dict.fromkeys(said))


_NUMBERED = ("box ", "row ", "column ")


def _part(game: Game, place, part: str) -> list[str]:
    """The words for one part of a place's id (see place_name)."""
    cell = GRID_CELL.match(part)
    if not part:
        return []
    if cell:
        return [gettext("Row %(row)s, column %(column)s", row=cell[1], column=cell[2])]
    if part in game.colours:
        return [game.colours[part].label]
    if part.isdigit():
        return [gettext("box %(box)s", box=part)]
    if part == "used":
        return [gettext("symbol")]
    if part[0] == "r" and part[1:].isdigit():
        return [gettext("row %(row)s", row=part[1:])]
    if part[0] == "c" and part[1:].isdigit():
        return [gettext("column %(column)s", column=part[1:])]
    return [part] if not place.label or place.label.isdigit() else []


def option_name(game: Game, option: str, bricks: bool) -> str:
    """An option's name: its colour's label, as a window or a brick where the place takes `bricks` ("Red brick")."""
    key, _, variant = option.partition(".")
    colour = game.colours[key].label if key in game.colours else key
    if variant == "brick":
        return gettext("%(colour)s brick", colour=colour)
    return gettext("%(colour)s window", colour=colour) if bricks else colour
