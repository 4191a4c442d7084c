"""The score card that follows from a sheet's marks: each scoring field with `from_marks:` worked out over the sheet's
groups, in the expression language of `scoring:` (layouts/expressions.py).

Glossary:
- groups: the sheet's marks by block, each block's groups in it: "columns.red" -> groups["columns"]["red"], the list
  of its places' marks in reading order (None where unmarked); a place named by a word ("columns.red.points",
  "tracks.red.2.used") is a value of its own (`columns.red_points`, `tracks.red_2_used`); a block of one group
  ("points.1" to "points.20") is its list, a block of one place ("total") its value.
- known: the fields the room knows already (companion/scoring/from_room.py: bridges won from the shared list); a
  field with `from_marks:` is read off the sheet instead.
"""
from __future__ import annotations

from companion.marks import named
from layouts import Game
from layouts.expressions import evaluate
from layouts.scoring import Group


def groups(places: dict, marks: dict) -> dict:
    """The sheet's marks by block (see the glossary)."""
    out: dict = {}
    for place in sorted(places.values(), key=lambda place: place.index):
        mark = marks.get(place.id)
        if place.id == place.block:
            out[place.block] = mark
        elif named(place):
            out.setdefault(place.block, {})[_key(place.id, place.block)] = mark
        elif place.group == place.block:
            out.setdefault(place.block, []).append(mark)
        else:
            out.setdefault(place.block, {}).setdefault(_key(place.group, place.block), []).append(mark)
    return out


def _key(name: str, block: str) -> str:
    """A name's key inside its block: the parts after the block id, joined by _ ("columns.red.points": red_points)."""
    return name.removeprefix(block + ".").replace(".", "_")


def card(game: Game, places: dict, marks: dict, known: dict) -> dict:
    """The card of a sheet's marks: `known` with every field that has `from_marks:` (which reads the sheet's groups
    and the game's house values)."""
    scope = {**game.values, "values": dict(game.values), **groups(places, marks)}
    fields = dict(known)
    for field in game.scoring.fields:
        if isinstance(field, Group) and any(sub.from_marks for sub in field.fields):
            fields[field.id] = {member: {sub.id: _value(sub, scope, member=member) for sub in field.fields
                                         if sub.from_marks} for member in field.member_ids}
        elif field.from_marks:
            fields[field.id] = _value(field, scope)
    return fields


def _value(field, scope: dict, **names):
    """One field's value off the marks: a flag true or false, any other kind a whole number."""
    value = evaluate(field.from_marks, {**scope, **names})
    return bool(value) if field.kind == "flag" else int(value)
