"""Who is away: which seats of a watched room have a phone holding a live event stream now, and for how long the
others have had none (`away_s`).

Glossary:
- present: a seat one of whose phones holds an event stream of the room (the phone names the seats it holds in
  the stream's address, `?seats=0,2`: stream.py); the count of such streams per seat.
- away: a seat whose last stream ended; `away_s` is the whole seconds since then. A seat no stream of this process
  named yet is neither (`away_s` null): a seat taken by a script, or before its phone opened the room.
- changes: grows by one whenever the present seats change, so each stream tells its phone once (an SSE `presence`
  event) and the phone counts the seconds on from there.
- remote: the seats other processes serving the room (`serve --workers N`, or servers sharing a PostgreSQL
  database) hold streams of, as their relay messages last said (`origin` -> seats; relay.py); a seat is present
  when a stream of any process holds it. A process that starts watching a room asks the others, and each answers
  with its seats and the seats it saw leave (`told`), so a seat whose phone went before this process watched the
  room shows as away here too.
"""
from __future__ import annotations

import os
import socket
import time

SEATS_MOST = 8
"""Seats a stream may name; more are ignored (a game seats at most six)."""


def origin() -> str:
    """This process, as its presence messages name it (read when asked: workers are forked after import)."""
    return f"{socket.gethostname()}:{os.getpid()}"


def seats_named(text: str) -> list[int]:
    """The seat ids a stream's `seats=` names ("0,2"), whole numbers only, at most SEATS_MOST."""
    return sorted({int(part) for part in text.split(",")[:SEATS_MOST] if part.isascii() and part.isdigit()
                   and len(part) < 4})


class Presence:
    """The live streams of one watched room, by seat."""

    __slots__ = ("streams", "remote", "left", "changes")

    def __init__(self):
        self.streams: dict[int, int] = {}
        self.remote: dict[str, set[int]] = {}
        self.left: dict[int, float] = {}
        self.changes = 0

    def local(self) -> list[int]:
        """The seats this process holds streams of."""
        return sorted(self.streams)

    def _present(self) -> set[int]:
        return set(self.streams).union(*self.remote.values())

    def _moved(self, before: set[int]) -> bool:
        """Note the seats that left or came back since `before`; whether any did."""
        after, now = self._present(), time.time()
        for seat in before - after:
            self.left[seat] = now
        for seat in after:
            self.left.pop(seat, None)
        self.changes += before != after
        return before != after

    def arrive(self, seats: list[int]) -> bool:
        """A stream naming `seats` started; whether this process's own seats changed (to tell the others)."""
        before, mine = self._present(), set(self.streams)
        for seat in seats:
            self.streams[seat] = self.streams.get(seat, 0) + 1
        self._moved(before)
        return mine != set(self.streams)

    def depart(self, seats: list[int]) -> bool:
        """A stream naming `seats` ended; a seat with no stream left anywhere is away from now. Whether this
        process's own seats changed."""
        before, mine = self._present(), set(self.streams)
        for seat in seats:
            self.streams[seat] -= 1
            if self.streams[seat] <= 0:
                del self.streams[seat]
        self._moved(before)
        return mine != set(self.streams)

    def told(self) -> dict:
        """What this process tells the others: the seats it holds streams of, and the away seats it knows."""
        return {"seats": self.local(), "away_s": {str(seat): s for seat, s in self.away_s().items()}}

    def heard(self, origin: str, told: dict) -> bool:
        """Another process's `told()`; whether what this process shows changed (a seat came, went or is away)."""
        before, known = self._present(), set(self.left)
        self.remote[origin] = set(told["seats"])
        changed = self._moved(before)
        now, present = time.time(), self._present()
        for seat, seconds in told["away_s"].items():
            if int(seat) not in present and int(seat) not in self.left:
                self.left[int(seat)] = now - seconds
        learned = set(self.left) != known and not changed
        self.changes += learned
        return changed or learned

    def away_s(self) -> dict[int, int]:
        """Each away seat and the whole seconds since its last stream ended."""
        now = time.time()
        return {seat: int(now - at) for seat, at in self.left.items()}


def with_away(state: dict, presence: Presence | None) -> dict:
    """The state with each seat's `away_s` (None while present, or never seen by this process)."""
    away = presence.away_s() if presence is not None else {}
    return dict(state, seats=[dict(seat, away_s=away.get(seat["seat"])) for seat in state["seats"]])
