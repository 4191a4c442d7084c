"""Idle rooms close after `KEEP_DAYS` days without a change; their final scores and dice proof stay readable.

A sweep (at start and every hour under `rollsheet serve`) closes every room whose newest
log entry is older than the limit: the room, its seats and its log go, but for the entries
of kind "score" (the final scores a table saved) and "proof" (its dice, seed revealed:
companion/rules/room_dice.py), and the code is kept in `closed_rooms`. A closed code answers 410
with a sentence and those scores (its proof answers still); so does the code of a room made
before seats (kept aside in `rooms_v1` by the SQLite engine). A new room that happens to draw
a closed code takes it over (Queries.add_room drops the old entries first).
"""
from __future__ import annotations

import time

from companion.rules import room_dice
from companion.rules.errors import Refused
from companion.rules.language import current, gettext, ngettext
from companion.rules.words import entry_text

DAY_S = 86_400.0
KEPT_KIND = "score"
KEPT_KINDS = (KEPT_KIND, room_dice.PROOF_KIND)


class Closed(Refused):
    """A room closed for lack of play (410); `scores`: its saved final scores."""

    status = 410

    def __init__(self, message: str, scores: list[dict]):
        super().__init__(message)
        self.scores = scores


def sweep(db, keep_days: float, now: float | None = None) -> int:
    """Close the rooms idle for more than `keep_days` days; how many were closed."""
    now = time.time() if now is None else now
    idle = db.idle_rooms(now - keep_days * DAY_S)
    for code, game, last in idle:
        room_dice.keep_proof(db, code, now)
        db.close_room(code, game, now, last, KEPT_KINDS)
    return len(idle)


def refuse_if_closed(db, code: str) -> None:
    """Raise Closed (410) when `code` names a room closed for lack of play, or one made before seats."""
    row = db.closed(code)
    if row is not None:
        game, closed_at, last = row
        scores = [{"at": at, "text": entry_text(game, kind, params, player, current())}
                  for at, kind, params, player in db.kept_entries(code, KEPT_KIND)]
        days = round((closed_at - last) / DAY_S)
        closed = ngettext("Room %(code)s was closed after %(num)s day without play.",
                          "Room %(code)s was closed after %(num)s days without play.", days, code=code)
        kept = gettext("Its final scores are kept below.") if scores else gettext("No final scores were saved in it.")
        raise Closed(" ".join((closed, kept, gettext("Open a new room to play again."))), scores)
    if db.made_before_seats(code):
        raise Closed(gettext("Room %(code)s was made by an older version of the companion, before seats; "
                             "open a new room to play on.", code=code), [])
