"""Who is away: which seats of a watched room have a phone holding a live event stream now, and for how long the
others have had none (`away_s`).

Glossary:
- present: a seat one of whose phones holds an event stream of the room (the phone names the seats it holds in
  the stream's address, `?seats=0,2`: stream.py); the count of such streams per seat.
- away: a seat whose last stream ended; `away_s` is the whole seconds since then. A seat no stream of this process
  named yet is neither (`away_s` null): a seat taken by a script, or before its phone opened the room.
- changes: grows by one at every arrival or departure, so each stream tells its phone once (an SSE `presence`
  event) and the phone counts the seconds on from there.
Presence is per process: with `serve --workers`, a seat is away when no stream of the worker serving it holds it.
"""
from __future__ import annotations

import time

SEATS_MOST = 8
"""Seats a stream may name; more are ignored (a game seats at most six)."""


def seats_named(text: str) -> list[int]:
    """The seat ids a stream's `seats=` names ("0,2"), whole numbers only, at most SEATS_MOST."""
    return sorted({int(part) for part in text.split(",")[:SEATS_MOST] if part.isascii() and part.isdigit()
                   and len(part) < 4})


class Presence:
    """The live streams of one watched room, by seat."""

    __slots__ = ("streams", "left", "changes")

    def __init__(self):
        self.streams: dict[int, int] = {}
        self.left: dict[int, float] = {}
        self.changes = 0

    def arrive(self, seats: list[int]) -> None:
        """A stream naming `seats` started."""
        for seat in seats:
            self.streams[seat] = self.streams.get(seat, 0) + 1
            self.left.pop(seat, None)
        self.changes += bool(seats)

    def depart(self, seats: list[int]) -> None:
        """A stream naming `seats` ended; a seat with no stream left is away from now."""
        for seat in seats:
            self.streams[seat] -= 1
            if self.streams[seat] <= 0:
                del self.streams[seat]
                self.left[seat] = time.time()
        self.changes += bool(seats)

    def away_s(self) -> dict[int, int]:
        """Each away seat and the whole seconds since its last stream ended."""
        now = time.time()
        return {seat: int(now - at) for seat, at in self.left.items()}


def with_away(state: dict, presence: Presence | None) -> dict:
    """The state with each seat's `away_s` (None while present, or never seen by this process)."""
    away = presence.away_s() if presence is not None else {}
    return dict(state, seats=[dict(seat, away_s=away.get(seat["seat"])) for seat in state["seats"]])
