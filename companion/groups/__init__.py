"""Groups: friends who play together, their players (names, no accounts) and the plays they keep.

Glossary:
- group code: 6 characters drawn like a room's (codes.drawn_code), as hard to guess; `/g/<code>` is its page.
- player: a name within a group (names compare as companion/rules/names.py folds them); renamed, or merged into another.
- play: a finished game: its game, date (UTC), duration in minutes (from its room's first move to its last), and
  each player's score, rank, winner, start and breakdown by scoring part; a tie-break as data. Recorded when a
  room of the group saves its final score (saved again: the play is corrected), entered by hand, or imported.
- group room: a room opened from the group's page; its seat form offers the group's players' names.
- keeping: a group is kept for `--keep-group-days` (KEEP_GROUP_DAYS, 400) after its newest play; rooms closing
  for lack of play (expiry.py) never touch a group's plays. A group is deleted from its page, with confirmation;
  a deleted group is kept KEEP_DELETED_DAYS more, and anyone with its code restores it (`/g/<code>/restore`).
- location: where the group plays (a setting of its page, at most LOCATION_LENGTH characters; none until said), the
  `location` of its plays' BG Stats links.
- caps: a group holds at most MOST_PLAYS plays, an import sends at most MOST_IMPORTED (docs/hosting.md).
"""
from __future__ import annotations

import time

import orjson

from companion import rooms
from companion.contract.groups import NewGroup, person
from companion.contract.refusals import parsed
from companion.rules import codes, names
from companion.rules.errors import Refused, impossible, malformed, missing
from companion.rules.language import gettext
from companion.store import reading, writing

DAY_S = 86_400.0
LOCATION_LENGTH = 60
LOG_SHOWN = 50
KEEP_DELETED_DAYS = 30
MOST_PLAYS = 2_000
"""Plays one group holds: a group playing every day keeps five years of them; its page, stats and exports are read
within 50 ms of server time at this cap (tests/test_client_shares.py)."""


def create(body) -> str:
    """Make a group from `{"name"}`; its code."""
    name = person(parsed(NewGroup, body).name, "name", "group")
    with writing() as db:
        while not db.add_group(code := codes.drawn_code(), name, time.time()):
            continue
        log(db, code, "made", {"name": name})
    return code


def known(db, code: str) -> tuple:
    """(name, created, last, location) of group `code`; refused (404) when there is none."""
    row = db.group(codes.normal_code(code))
    if row is None and db.deleted_group(codes.normal_code(code)):
        raise missing(gettext("Group %(code)s was deleted: restore it from its page (/g/%(code)s) to use it again.",
                              code=codes.normal_code(code)))
    if row is None:
        raise missing(gettext("No group %(code)s: check the code, or start a new group.", code=repr(code)))
    return row


def log(db, code: str, kind: str, params: dict) -> None:
    """Log a change to a group (kind + parameters, written out in each reader's language by groups.words)."""
    db.add_group_entry(code, time.time(), kind, orjson.dumps(params).decode())


def entries(db, code: str, limit: int = LOG_SHOWN) -> list[tuple]:
    """(at, kind, params) of the group's newest log entries, newest first."""
    return [(at, kind, orjson.loads(params)) for at, kind, params in db.group_entries(codes.normal_code(code), limit)]


def open_room(service: rooms.Service, code: str, game_id, players, body: dict | None = None) -> str:
    """Open a room of the group (its saved final score becomes a play); the room's code (the same again for the
    opening `body`'s request id sent again: rooms.create)."""
    code = codes.normal_code(code)
    with reading() as db:
        known(db, code)
    room = rooms.create(service, game_id, players, body=body)
    with writing() as db:
        known(db, code)
        db.set_room_group(room, code)
    return room


def seat_names(room: str) -> list[str]:
    """The names of the players of the group room `room` was opened from ([] for a room of no group)."""
    with reading() as db:
        code = db.group_of_room(codes.normal_code(room))
        return [name for _, name in db.players(code)] if code else []


def set_location(code: str, typed: str) -> str | None:
    """Say where group `code` plays (spaces folded; nothing typed: not said); the location kept."""
    location = names.normal(typed) or None
    if location and (len(location) > LOCATION_LENGTH or not location.isprintable()):
        raise malformed(gettext("A location is 1 to %(most)s printable characters.", most=LOCATION_LENGTH))
    with writing() as db:
        if known(db, code)[3] != location:
            db.set_group_location(codes.normal_code(code), location)
            log(db, codes.normal_code(code), "located" if location else "unlocated", {"location": location})
    return location


def delete(code: str) -> str:
    """Delete a group (kept KEEP_DELETED_DAYS, restorable with its code); its name."""
    with writing() as db:
        name = known(db, code)[0]
        db.set_group_deleted(codes.normal_code(code), time.time())
    return name


def restore(code: str) -> str:
    """Restore a deleted group with its players, plays and log; its name. Refused (404) when there is none."""
    with writing() as db:
        row = db.deleted_group(codes.normal_code(code))
        if row is None:
            known(db, code)
            raise impossible(gettext("Group %(code)s is not deleted.", code=repr(code)))
        db.set_group_deleted(codes.normal_code(code), None)
        log(db, codes.normal_code(code), "restored", {"name": row[0]})
    return row[0]


def full(db, code: str) -> bool:
    """Whether group `code` holds MOST_PLAYS plays (a group room's new play is then not recorded)."""
    return db.play_count(code) >= MOST_PLAYS


def room_for_plays(db, code: str, adding: int) -> None:
    """Refuse (422) plays that would take group `code` past MOST_PLAYS."""
    held = db.play_count(code)
    if held + adding > MOST_PLAYS:
        raise Refused(gettext("A group keeps at most %(most)s plays and this one has %(num)s: delete old plays "
                              "(export them first) to add more.", most=MOST_PLAYS, num=held), 422)


def expire(db, keep_days: float, now: float | None = None) -> int:
    """Delete the groups with no play for more than `keep_days` days, and those deleted KEEP_DELETED_DAYS ago; how
    many."""
    now = time.time() if now is None else now
    idle = db.idle_groups(now - keep_days * DAY_S, now - KEEP_DELETED_DAYS * DAY_S)
    for code in idle:
        db.purge_group(code)
    return len(idle)
