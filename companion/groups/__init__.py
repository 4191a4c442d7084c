"""Groups: friends who play together, their players (names, no accounts) and the plays they keep.

Glossary:
- group code: 6 characters drawn like a room's (codes.drawn_code), as hard to guess; `/g/<code>` is its page.
- player: a name within a group (names compare as companion/names.py folds them); renamed, or merged into another.
- play: a finished game: its game, date (UTC), duration in minutes (from its room's first move to its last), and
  each player's score, rank, winner, start and breakdown by scoring part; a tie-break as data. Recorded when a
  room of the group saves its final score (saved again: the play is corrected), entered by hand, or imported.
- group room: a room opened from the group's page; its seat form offers the group's players' names.
- keeping: a group is kept for `--keep-group-days` (KEEP_GROUP_DAYS, 400) after its newest play; rooms closing
  for lack of play (expiry.py) never touch a group's plays. A group is deleted from its page, with confirmation.
"""
from __future__ import annotations

import time

import orjson

from companion import codes, rooms
from companion.errors import missing
from companion.contract.groups import NewGroup, person
from companion.contract.refusals import parsed
from companion.language import gettext
from companion.store import reading, writing

DAY_S = 86_400.0
LOG_SHOWN = 50


def create(body) -> str:
    """Make a group from `{"name"}`; its code."""
    name = person(parsed(NewGroup, body).name, "name", "group")
    with writing() as db:
        while not db.add_group(code := codes.drawn_code(), name, time.time()):
            continue
        log(db, code, "made", {"name": name})
    return code


def known(db, code: str) -> tuple:
    """(name, created, last) of group `code`; refused (404) when there is none."""
    row = db.group(codes.normal_code(code))
    if row is None:
        raise missing(gettext("No group %(code)s: check the code, or start a new group.", code=repr(code)))
    return row


def log(db, code: str, kind: str, params: dict) -> None:
    """Log a change to a group (kind + parameters, written out in each reader's language by groups.words)."""
    db.add_group_entry(code, time.time(), kind, orjson.dumps(params).decode())


def entries(db, code: str, limit: int = LOG_SHOWN) -> list[tuple]:
    """(at, kind, params) of the group's newest log entries, newest first."""
    return [(at, kind, orjson.loads(params)) for at, kind, params in db.group_entries(codes.normal_code(code), limit)]


def open_room(code: str, game_id, players, body: dict | None = None) -> str:
    """Open a room of the group (its saved final score becomes a play); the room's code (the same again for the
    opening `body`'s request id sent again: rooms.create)."""
    code = codes.normal_code(code)
    with reading() as db:
        known(db, code)
    room = rooms.create(game_id, players, body=body)
    with writing() as db:
        known(db, code)
        db.set_room_group(room, code)
    return room


def seat_names(room: str) -> list[str]:
    """The names of the players of the group room `room` was opened from ([] for a room of no group)."""
    with reading() as db:
        code = db.group_of_room(codes.normal_code(room))
        return [name for _, name in db.players(code)] if code else []


def delete(code: str) -> str:
    """Delete a group with its players, plays and log; its name."""
    with writing() as db:
        name = known(db, code)[0]
        db.delete_group(codes.normal_code(code))
    return name


def expire(db, keep_days: float, now: float | None = None) -> int:
    """Delete the groups with no play for more than `keep_days` days; how many."""
    idle = db.idle_groups((time.time() if now is None else now) - keep_days * DAY_S)
    for code in idle:
        db.delete_group(code)
    return len(idle)
