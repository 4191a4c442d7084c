"""What a seated phone asks of a room, each a change (changes.py): take a seat or take one over, put the seats in
order, make a move, cross an item of a list, undo, save the final score or a seat's own card.
"""
from __future__ import annotations

import time
from functools import partial

import orjson

from companion.rooms import cards, retries, seats, takeovers
from companion.rooms.changes import change
from companion.rooms.room import Service, row_of
from companion.rules import referee, room_dice
from companion.rules.codes import normal_code
from companion.rules.errors import impossible
from companion.rules.language import gettext
from companion.rules.turns import seat_name
from companion.scoring.from_room import seated_players


def take_seat(service: Service, code: str, body: dict) -> tuple[bool, dict]:
    """Seat a phone's player: (True when newly seated, {"seat", "token"}); its `request` id again: the first answer."""
    taken = {}

    def step(db, game, current, version_next):
        new, seat, token = seats.take(db, normal_code(code), current, body)
        taken.update(created=new is not None, seat=seat, token=token)
        return None if new is None else (room_dice.seat_seeded(new, seat, body.get("seed")), seat, ("seat", {}), None,
                                         partial(seats.keep_token, code=normal_code(code), seat=seat, token=token))

    kept = change(service, code, step, body, "seat",
                  lambda db, current: (seats.seat_of(current, body["name"]) or {}).get("seat"),
                  lambda answer: retries.sealed(taken, normal_code(code), body), ahead=True)
    taken = taken or retries.unsealed(kept, normal_code(code), body)  # a retry: the first answer
    return taken.pop("created"), taken


def take_over(service: Service, code: str, seat: int, body: dict) -> tuple[int, dict]:
    """A new phone asks for `seat`: (202, {"seat", "ask", "token"}), the token working once let in; or a seated phone
    answers an ask ({"player", "token", "ask", "let"}) or takes it back ({"token", "back": true}): (200, state)."""
    asked, room, sent = {}, normal_code(code), None if body.get("ask") is None and not body.get("back") else body
    answer = change(service, code, partial(takeovers.take_over, room, seat, body, asked), sent, f"takeover {seat}",
                     takeovers.sender(room, seat, body))
    return (202, asked) if asked else (200, answer)


def reorder(service: Service, code: str, body: dict) -> dict:
    """Put the seats in a new turn order (before the first move); the new state."""
    def step(db, game, current, version_next):
        seat = seats.identify(db, normal_code(code), current, body)
        new = seats.reorder(current, body["order"])
        return new, seat, ("order", {"names": [s["name"] for s in new["seats"]]}), None

    return change(service, code, step, body, "order", ahead=True)


def act(service: Service, code: str, action: str, body: dict) -> dict:
    """A seated player makes one of the game's moves (roll, pick, move...); the new state."""
    def step(db, game, current, version_next):
        seat = seats.identify(db, normal_code(code), current, body)
        source = room_dice.source(current, version_next)
        new, entry, undoable = referee.act(game, seats.fitted(game, current), action, body, seat, version_next, source)
        return room_dice.drawn(new, source), seat, entry, undoable

    return change(service, code, step, body, action, ahead=True)


def cross(service: Service, code: str, list_id: str, item_id: str, body: dict) -> dict:
    """A seated player crosses, uncrosses or uses again one item of a shared list; the new state."""
    def step(db, game, current, version_next):
        seat = seats.identify(db, normal_code(code), current, body)
        new, entry, undoable = referee.cross(game, seats.fitted(game, current), list_id, item_id, body, seat,
                                             version_next, time.time())
        return new, seat, entry, undoable

    return change(service, code, step, body, f"lists {list_id} {item_id}", ahead=True)


def undo(service: Service, code: str, body: dict) -> dict:
    """Undo the room's last move or crossing: only its maker's, only while nothing happened since."""
    def step(db, game, current, version_next):
        seat = seats.identify(db, normal_code(code), current, body)
        slot = orjson.loads(row_of(db, code).undo or "null")
        if body.get("seen") != version_next - 1:
            raise impossible(gettext("The table changed since your phone drew it: look again before you undo."))
        restored, entry = referee.undone(game, current, slot, seat)
        return dict(room_dice.kept(restored, current), table_version=version_next, sheets=current.get("sheets", {})), \
            seat, entry, None

    return change(service, code, step, body, "undo", ahead=True)


def save_score(service: Service, code: str, body: dict, params: dict, then=lambda db, state: None) -> dict:
    """A seated player (body's "player" and "token") saves the game's final score of the room's seated players to
    its log, where every phone sees it live; a score saved before leaves the log, and the new entry says it replaced
    one. `then(db, state)` runs in the same transaction (a group's room records the play: companion/groups/plays.py)."""
    def step(db, game, current, version_next):
        seat = seats.identify(db, normal_code(code), current, body)
        seated_players(current, [name for _, name, _ in params["ranking"]])
        new = cards.from_score(current, body.get("players", []), seat_name(current, seat))
        return cards.score_step(db, normal_code(code), new, seat, then, params)

    return change(service, code, step)


def save_card(service: Service, code: str, seat: int, body: dict, then) -> dict:
    """A seat's phone saves that seat's own card ({"token", "fields"}); `then(db, state, result, tie)` records a
    result it brings (companion/rooms/cards.py). The new state."""
    return change(service, code, lambda db, game, current, version_next: cards.save(db, normal_code(code), game,
                                                                                    current, seat, body, then))


def change_sheet(service: Service, code: str, seat: int, step, body: dict) -> None:
    """A seat's phone changes the marks on its sheet: `step` is sheets.py's, run in the write transaction."""
    change(service, code, step, body, f"sheets {seat}",
           lambda db, current: seats.holding(db, normal_code(code), current, seat, body.get("token")))


def finish_cards(service: Service, code: str, body: dict, then) -> dict:
    """A seated phone ({"player", "token"}) makes the room's result of the cards saved so far; the new state."""
    return change(service, code, lambda db, game, current, version_next: cards.finish(db, normal_code(code), game,
                                                                                      current, body, then))
