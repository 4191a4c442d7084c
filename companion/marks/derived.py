"""The score card that follows from a sheet's marks: each scoring field with `from_marks:` worked out over the sheet's
groups (layouts/mark_scope.py), in the expression language of `scoring:` (layouts/expressions.py).

Glossary:
- known: the fields the room knows already (companion/scoring/from_room.py: bridges won from the shared list); a
  field with `from_marks:` is read off the sheet instead.
- unread: a field whose `from_marks:` reads an empty place as a name (a block of one place left empty) is left
  out of the card, as a field not typed yet.
"""
from __future__ import annotations

from layouts import Game
from layouts.expressions import Unknown, evaluate
from layouts.mark_scope import scope
from layouts.scoring import Group


def card(game: Game, places: dict, marks: dict, known: dict) -> dict:
    """The card of a sheet's marks: `known` with every field that has `from_marks:`."""
    names = scope(game, marks, places)
    fields = dict(known)
    for field in game.scoring.fields:
        if isinstance(field, Group) and any(sub.from_marks for sub in field.fields):
            fields[field.id] = {member: _read(field.fields, names, member=member) for member in field.member_ids}
        elif field.from_marks:
            fields.update(_read([field], names))
    return fields


def _read(fields: list, names: dict, **more) -> dict:
    """The fields with `from_marks:` read off the marks: a flag true or false, any other kind a whole number."""
    values = {}
    for field in fields:
        try:
            value = field.from_marks and evaluate(field.from_marks, {**names, **more})
        except Unknown:
            continue
        if field.from_marks:
            values[field.id] = bool(value) if field.kind == "flag" else int(value)
    return values
