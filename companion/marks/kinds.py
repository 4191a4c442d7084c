"""Whether a mark fits its place: a known place id, and a value of the place's kind."""
from __future__ import annotations

from companion.marks.refusals import N_, MarkRefusal

LONGEST_TEXT = 60
"""Characters in a text written on a sheet (a name, a note)."""
LARGEST = 9999
"""The largest number written in a place (a score pad's sum)."""


def changed(places: dict, marks: dict, change: dict) -> dict:
    """The marks after `change` ({place id: value or None}); MarkRefusal (400) for an unknown place or a wrong kind."""
    new = dict(marks)
    for place_id, value in change.items():
        place = places.get(place_id)
        if place is None:
            raise MarkRefusal(N_("This sheet has no place %(place)s."), place=repr(place_id))
        if value is None:
            new.pop(place_id, None)
            continue
        if not fits(place, value):
            raise MarkRefusal(_WANTED[place.kind], place=place_id, options=", ".join(place.options or ()),
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
