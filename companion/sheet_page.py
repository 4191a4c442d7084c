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

from companion.language import gettext
from layouts import Game, write_ins
from layouts.blocks.places import Marked
from layouts.model import fill_values
from layouts.translations import words

MM_PER_PT = 25.4 / 72
PAPER_ONLY = ("qr", "scale_bar", "copy_text")
"""Blocks that only paper needs: a QR code to the companion, a bar to check the print's scale, a copy number."""
GRID_CELL = re.compile(r"^r(\d+)c(\d+)$")
"""A grid place's part: its row and column (`facade.r2c5`)."""


def drawings(game: Game, lang: str) -> list[dict]:
    """Every sheet a seat writes on, as the page draws it (see the glossary)."""
    return [{"id": name, "title": game.printables[name].title, "size": list(game.printables[name].size),
             "blocks": [drawn for block in game.printables[name].blocks if (drawn := _block(game, block, lang))],
             "places": [_place(game, place) for place in write_ins.places(game, name, lang)]}
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


def _place(game: Game, place) -> dict:
    """A place as data, with its spoken name and its options' names."""
    data = asdict(place)
    data["name"] = place_name(game, place)
    bricks = any(option.endswith(".brick") for option in place.options or ())
    data["choices"] = {option: option_name(game, option, bricks) for option in place.options or ()}
    return data


def place_name(game: Game, place) -> str:
    """What a screen reader says of a place: "Red, box 3", "Row 2, column 5", "Red, Points"."""
    part = place.id.removeprefix(place.block + ".")
    cell = GRID_CELL.match(part)
    if cell:
        return gettext("Row %(row)s, column %(column)s", row=cell[1], column=cell[2])
    colour = game.colours[place.colour].label if place.colour in game.colours else None
    line = colour or place.label or place.group.removeprefix(place.block + ".") or place.block
    word = part.rsplit(".", 1)[-1]
    if word.isalpha():  # a place named by a word: a column's points box, a track's used star
        numbers = [p for p in part.split(".") if p.isdigit()]
        return ", ".join([line, *(gettext("box %(box)s", box=n) for n in numbers), place.label or word])
    if place.id == place.block:
        return line
    return gettext("%(line)s, box %(box)s", line=line, box=place.index)


def option_name(game: Game, option: str, bricks: bool) -> str:
    """An option's name: its colour's label, as a window or a brick where the place takes `bricks` ("Red brick")."""
    key, _, variant = option.partition(".")
    colour = game.colours[key].label if key in game.colours else key
    if variant == "brick":
        return gettext("%(colour)s brick", colour=colour)
    return gettext("%(colour)s window", colour=colour) if bricks else colour
