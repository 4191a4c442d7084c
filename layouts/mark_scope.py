"""The names a score field's `from_marks:` reads: a seat's marks on its sheets by block and group (the sheets' places,
layouts/write_ins.py), beside the game's house values.

Glossary:
- groups: the marks by block, each block's groups in it: "columns.red" -> `columns.red` (the groups "plan.d1.p2"
  and "abilities.red.used": `plan.d1_p2`, `abilities.red_used`), the list of its places' marks in reading order
  (None where unmarked); the places named by a word are gathered by it ("columns.red.points" is
  `columns.points.red`); a block of one group ("points.1" to "points.20") is its list, a block of one place
  ("total") its value.
- named place: one whose id ends in a word ("columns.red.points"), not in its position in its group.
"""
from __future__ import annotations

from types import MappingProxyType

from layouts.kept import per_object
from layouts.model import Game
from layouts.write_ins import places, sheet_printables


@per_object
def sheet_places(game: Game) -> MappingProxyType:
    """Every write-in place of the sheets a seat writes on, by id, in the order the sheets list them (read-only:
    worked out once per loaded game, layouts/kept.py)."""
    return MappingProxyType({place.id: place for printable in sheet_printables(game)
                             for place in places(game, printable)})


def named(place) -> bool:
    """Whether a place is named by a word ("columns.red.points"), not by its position in its group."""
    return place.id.rsplit(".", 1)[-1].isalpha()


def scope(game: Game, marks: dict, sheet: dict | None = None) -> dict:
    """What `from_marks:` reads for these marks: the house values (also as `values`) and the groups (see above);
    `sheet`: the game's sheet_places, when the caller has them."""
    return {**game.values, "values": dict(game.values), **groups(sheet_places(game) if sheet is None else sheet, marks)}


def groups(sheet: dict, marks: dict) -> dict:
    """The marks by block and group (see the glossary)."""
    out: dict = {}
    for place in sorted(sheet.values(), key=lambda place: place.index):
        mark = marks.get(place.id)
        if place.id == place.block:
            out[place.block] = mark
        elif named(place):
            *line, word = place.id.removeprefix(place.block + ".").split(".")
            inside = out.setdefault(place.block, {})
            if line:
                inside.setdefault(word, {})["_".join(line)] = mark
            else:
                inside[word] = mark
        elif place.group == place.block:
            out.setdefault(place.block, []).append(mark)
        else:
            line = place.group.removeprefix(place.block + ".").replace(".", "_")
            out.setdefault(place.block, {}).setdefault(line, []).append(mark)
    return out
