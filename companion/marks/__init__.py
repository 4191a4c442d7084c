"""The marks on a seat's sheet, as data: which places a sheet has, whether a mark fits its place, what a strict room's
rules refuse, and the score card that follows from the marks. Pure: no flask, no store (companion/sheets.py keeps
them in a room).

Glossary:
- place: a write-in place of a sheet (layouts/write_ins.py): `id` ("columns.red.3"), `kind` (cross, number, colour,
  text), `block`, `group` ("columns.red"), `index` (reading order in the group), `options` (a colour's keys).
- marks: {place id: value}: cross -> true, number -> a whole number, colour -> one of the place's options (a colour
  key or a tile id), text -> a text; a place left out is unmarked.
- change: {place id: value or None} a phone sends; None unmarks the place.
- refusal: MarkRefusal, an English sentence for the catalogue with its parameters, said in the reader's language
  where it is answered.
"""
from __future__ import annotations

from layouts import Game, write_ins
from layouts.blocks.places import block_ids


def rules_of(game: Game) -> dict:
    """The rule a strict room keeps on each block of the sheets that declares one (`rule:`), by block id."""
    blocks = [game.printables[name].blocks for name in write_ins.sheet_printables(game)]
    return {block_id: among[i].rule for among in blocks for i, block_id in block_ids(among) if among[i].rule}
