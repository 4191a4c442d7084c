"""The marks on a seat's sheet, as data: which places a sheet has, whether a mark fits its place, what a strict room's
rules refuse, and the score card that follows from the marks. Pure: no flask, no store (companion/rooms/sheets.py
keeps them in a room).

Glossary:
- place: a write-in place of a sheet (layouts/write_ins.py): `id` ("columns.red.3"), `kind` (cross, number, colour,
  text), `block`, `group` ("columns.red"), `index` (reading order in the group), `options` (a colour's keys).
- marks: {place id: value}: cross -> true, number -> a whole number, colour -> one of the place's options (a colour
  key or a tile id), text -> a text; a place left out is unmarked.
- change: {place id: value or None} a phone sends; None unmarks the place.
- refusal: the wing's refusal (companion/rules/errors.no), said in the reader's language: 400 for a place or value
  the sheet has not, 409 for a mark a strict room's rules forbid (strict.py).
- card: the score card that follows from the marks: each scoring field with `from_marks:` worked out over the
  sheet's groups (layouts/mark_scope.py), in the expression language of `scoring:`; the fields without it keep
  what the room knows (`known`: bridges won from the shared list). A field whose `from_marks:` reads an empty place
  as a name (a block of one place left empty), or cannot be worked out (a layout `rollsheet check` refuses), is
  left out, as a field not typed yet.
"""
from __future__ import annotations

from companion.rules.errors import no
from companion.rules.language import N_
from layouts import Game, write_ins
from layouts.blocks.places import block_ids
from layouts.expressions import ExprError, Unknown, evaluate
from layouts.mark_scope import scope
from layouts.scoring import Group

LONGEST_TEXT = 60
"""Characters in a text written on a sheet (a name, a note)."""
LARGEST = 9999
"""The largest number written in a place (a score pad's sum)."""



def changed(places: dict, marks: dict, change: dict) -> dict:
    """The marks after `change` ({place id: value or None}); a refusal (400) for an unknown place or a wrong kind."""
    new = dict(marks)
    for place_id, value in change.items():
        place = places.get(place_id)
        if place is None:
            raise no(400, N_("This sheet has no place %(place)s."), place=repr(place_id))
        if value is None:
            new.pop(place_id, None)
            continue
        if not fits(place, value):
            raise no(400, _WANTED[place.kind], place=place_id, options=", ".join(place.options or ()),
                              most=LARGEST if place.kind == "number" else LONGEST_TEXT)
        new[place_id] = value
    return new


def fits(place, value) -> bool:
    """Whether `value` is a mark of the place's kind."""
    if place.kind == "cross":
        return value is True
    if place.kind == "number":
        return type(value) is int and -LARGEST <= value <= LARGEST
    if place.kind == "colour":
        return isinstance(value, str) and (not place.options or value in place.options)
    return isinstance(value, str) and 0 < len(value) <= LONGEST_TEXT


_WANTED = {"cross": N_("%(place)s is a box to cross: send true, or null to clear it."),
           "number": N_("%(place)s takes a whole number from -%(most)s to %(most)s, or null to clear it."),
           "colour": N_("%(place)s takes one of %(options)s, or null to clear it."),
           "text": N_("%(place)s takes a text of 1 to %(most)s characters, or null to clear it.")}


def rules_of(game: Game) -> dict:
    """The rule a strict room keeps on each block of the sheets that declares one (`rule:`), by block id."""
    blocks = [game.printables[name].blocks for name in write_ins.sheet_printables(game)]
    return {block_id: among[i].rule for among in blocks for i, block_id in block_ids(among) if among[i].rule}


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
    for field in (field for field in fields if field.from_marks):
        try:
            value = evaluate(field.from_marks, {**names, **more})
        except (Unknown, ExprError):  # an empty place read as a name; a layout `rollsheet check` refuses
            continue
        if field.kind == "flag" or isinstance(value, int):
            values[field.id] = bool(value) if field.kind == "flag" else int(value)
    return values
