"""Idle rooms close after `KEEP_DAYS` days without a change; their final scores stay readable.

A sweep (at start and every hour under `rollsheet serve`) closes every room whose newest
log entry is older than the limit: the room and its log go, but for the entries of kind
"score" (the final scores a table saved), and the code is kept in `closed_rooms`. A closed
code answers 410 with a sentence and those scores. A new room that happens to draw a closed
code takes it over (a trigger in store.py drops the old entries first).
"""
from __future__ import annotations

import time

from companion.errors import Refused

DAY_S = 86_400.0
KEPT_KIND = "score"


class Closed(Refused):
    """A room closed for lack of play (410); `scores`: its saved final scores."""

    status = 410

    def __init__(self, message: str, scores: list[dict]):
        super().__init__(message)
        self.scores = scores


def refusal(error: Refused) -> dict:
    """A refusal's JSON answer: {"error": sentence}, with "scores" for a closed room."""
    return {"error": error.message, "scores": error.scores} if isinstance(error, Closed) else {"error": error.message}


def sweep(db, keep_days: float, now: float | None = None) -> int:
    """Close the rooms idle for more than `keep_days` days; how many were closed."""
    now = time.time() if now is None else now
    idle = db.execute("SELECT code, game, COALESCE((SELECT at FROM room_log WHERE room = rooms.code "
                      "ORDER BY id DESC LIMIT 1), created) AS last FROM rooms WHERE last < ?",
                      (now - keep_days * DAY_S,)).fetchall()
    for code, game, last in idle:
        db.execute("INSERT OR REPLACE INTO closed_rooms (code, game, closed, last) VALUES (?, ?, ?, ?)",
                   (code, game, now, last))
        db.execute("DELETE FROM room_log WHERE room = ? AND kind != ?", (code, KEPT_KIND))
        db.execute("DELETE FROM rooms WHERE code = ?", (code,))
    return len(idle)


def refuse_if_closed(db, code: str) -> None:
    """Raise Closed (410) when `code` names a room closed for lack of play."""
    row = db.execute("SELECT closed, last FROM closed_rooms WHERE code = ?", (code,)).fetchone()
    if row is None:
        return
    scores = [{"at": at, "text": text} for at, text in db.execute(
        "SELECT at, text FROM room_log WHERE room = ? AND kind = ? ORDER BY id", (code, KEPT_KIND))]
    days = round((row["closed"] - row["last"]) / DAY_S)
    kept = "Its final scores are kept below." if scores else "No final scores were saved in it."
    raise Closed(f"Room {code} was closed after {days} days without play. {kept} Open a new room to play again.",
                 scores)
