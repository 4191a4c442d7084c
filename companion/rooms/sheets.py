"""Each seat's sheet in a room: its marks kept beside the room (the store's `sheets`), changed by that seat's phones
only, read by anyone in the room (as at a real table), scored as it is filled (companion/rules/marks).

Glossary:
- sheet: {"marks": {place id: value}, "card": the seat's score card filled from its marks (and from what the room
  knows, e.g. bridges won; None for a game without scoring), "total": its points (None while the card has
  problems, or without scoring)}.
- marking: the room's setting, chosen when it opens (`POST /api/rooms` {"marking"}): "relaxed" (any mark, the
  score follows) or "strict" (the layout's block rules refuse an illegal mark, companion/rules/marks/strict.py).
- sheet versions: the state's `sheets`, seat id (as text) -> the room version of its sheet's last change; a phone
  seeing it grow GETs the sheet (the live update stays small).
- the end: once the game is over, a change (even of no marks: `"marks": {}`, what the sheet page sends when it sees
  the end) saves the card the marks make as the seat's card (cards.py), so a table that plays on its
  phones types nothing; the room's result follows once every seat's card is in.
"""
from __future__ import annotations

import orjson

from companion.rooms import cards, seats
from companion.rooms.actions import change_sheet
from companion.rooms.changes import BESIDE
from companion.rooms.room import Service, row_of
from companion.rules import language, marks as marking
from companion.rules.codes import normal_code
from companion.rules.marks import strict
from companion.scoring import ScoreError, card_total
from companion.scoring.from_room import prefill
from layouts.mark_scope import sheet_places


def read(service: Service, code: str, seat: int) -> dict:
    """A seat's sheet (409 for a seat the table has not)."""
    with service.store.reading() as db:
        row = row_of(db, normal_code(code))
        state = orjson.loads(row.state)
        seats.seat_called(state, seat)
        marks = orjson.loads(db.marks(normal_code(code), seat))
    return sheet(language.game(row.game, language.current()), state, seat, marks)


def sheet(game, state: dict, seat: int, marks: dict) -> dict:
    """The sheet of a seat's marks: the marks, the card they make and its total."""
    if game.scoring is None:
        return {"marks": marks, "card": None, "total": None}
    index = next(i for i, s in enumerate(state["seats"]) if s["seat"] == seat)
    known = {key: value for key, value in prefill(game, state)[index].items() if key != "name"}
    card = marking.card(game, sheet_places(game), marks, known)
    return {"marks": marks, "card": card, "total": card_total(game, state["players"], card)}


def change(service: Service, code: str, seat: int, body: dict, record) -> dict:
    """A seat's phone changes marks on its sheet ({"token", "request", "marks"}); the sheet after it. `record` keeps a
    result the card brings at the game's end (cards.py)."""
    room = normal_code(code)

    def step(db, game, current, version_next):
        name = seats.identify_seat(db, room, current, seat, body.get("token"))
        before = orjson.loads(db.marks(room, seat))
        after = _checked(game, current, name, before, body["marks"])
        new = current
        if after != before:
            db.set_marks(room, seat, orjson.dumps(after).decode())
            new = dict(current, sheets={**current.get("sheets", {}), str(seat): version_next})
        return _carded(db, room, game, new, seat, after, body, record) or \
            ((new, seat, None, BESIDE) if new is not current else None)

    change_sheet(service, code, seat, step, body)
    return read(service, code, seat)


def _checked(game, state: dict, name: str, before: dict, change: dict) -> dict:
    """The marks after a change, checked by kind and, in a strict room, by the layout's rules (refusals said in the
    reader's language)."""
    places = sheet_places(game)
    after = marking.changed(places, before, change)
    if state.get("marking") == "strict":
        strict.check(game, places, marking.rules_of(game), after, change, strict.taken(state, name))
    return after


def _carded(db, room: str, game, state: dict, seat: int, marks: dict, body: dict, record) -> tuple | None:
    """Once the game is over, the step saving the card the marks make as the seat's card (None before the end,
    when it is the card saved already, or when it has problems: the phone shows the sheet's total as None)."""
    if not state["over"] or game.scoring is None:
        return None
    card = sheet(game, state, seat, marks)["card"]
    if state.get("cards", {}).get(str(seat), {}).get("fields") == card:
        return None
    try:
        return cards.save(db, room, game, state, seat, {"token": body.get("token"), "fields": card}, record)
    except ScoreError:
        return None
