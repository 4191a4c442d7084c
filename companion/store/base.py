"""What every engine shares: the errors it raises, its faults said once, its migrations run in order.

Glossary:
- migration: (number, step); `step(connection)` changes the schema to that number. Numbers only grow;
  a database at a number above the newest one the code knows is refused (made by a newer rollsheet).
- fault kind: "full" (no room left on the disk), "damaged" (the file is corrupt), "unreachable"
  (the file or the server cannot be used now), "busy" (a change waited too long for its commit, was not
  applied); each has the sentence a person reads and a Retry-After.
"""
from __future__ import annotations

import logging
import threading
import time
from contextlib import AbstractContextManager
from typing import Callable

from companion.rules.errors import Refused
from companion.rules.language import N_, gettext

log = logging.getLogger("rollsheet.store")

FAULTS = {
    "full": (N_("The companion cannot save right now: the disk of the computer it runs on is full. "
                "Nothing was changed; try again in a minute."), 60),
    "damaged": (N_("The companion's rooms database is damaged, so this cannot be done now; the person running "
                   "the companion has been told. Try again later."), 60),
    "unreachable": (N_("The companion cannot reach its rooms database right now. Nothing was changed; try again "
                       "in a few seconds."), 1),
    "busy": (N_("The companion is busy right now; try again in a moment."), 1),
}
RECOVERED_S = 60.0
"""How long writes must go through after a refused one before a fault counts as over (and a new one is logged)."""
LOGGED = {"full": "the disk holding {where} is full: changes are refused with 503 until there is room "
                  "(nothing saved is lost)",
          "damaged": "{where} is damaged ({error}): changes are refused with 503, readable rooms are still "
                     "served; stop the server and put back a backup",
          "unreachable": "cannot use {where} ({error}): requests are refused with 503 until it answers again"}


class StoreError(Exception):
    """The rooms database cannot be used at start; the message says why and what to do."""


class Unavailable(Refused):
    """The database cannot do this now (503 with Retry-After); the message says why in the phone's language."""

    status = 503

    def __init__(self, kind: str):
        sentence, self.retry_after = FAULTS[kind]
        super().__init__(gettext(sentence))
        self.kind = kind


class Fault:
    """Says a fault once in the log when it starts (not once per refused request), again only after a recovery: a
    write that goes through RECOVERED_S after the last one refused (on a full disk a small write may still fit
    between refused ones; it does not end the fault)."""

    def __init__(self, where: str, clock: Callable[[], float] = time.monotonic):
        self.where, self.current, self.failed_at, self.clock, self._lock = where, None, 0.0, clock, threading.Lock()

    def __call__(self, kind: str, error: Exception) -> Unavailable:
        """The refusal for a fault of `kind`; logs one line when this kind of fault starts."""
        with self._lock:
            fresh, self.current, self.failed_at = self.current != kind, kind, self.clock()
        if fresh:
            log.error("rollsheet serve: " + LOGGED[kind].format(where=self.where, error=str(error).splitlines()[0]))
        return Unavailable(kind)

    def cleared(self) -> None:
        """A write went through: when none was refused for RECOVERED_S, the next fault is a new one."""
        if self.current is None:  # no fault: every write passes here, without the lock
            return
        with self._lock:
            if self.current is not None and self.clock() - self.failed_at >= RECOVERED_S:
                self.current = None


Migration = tuple[int, Callable]


class Engine:
    """A database behind the store interface; each engine module subclasses it."""

    kind = ""
    MIGRATIONS: list[Migration] = []

    def __init__(self, where: str):
        self.where = where
        self.fault = Fault(where)

    def writing(self) -> AbstractContextManager:
        """A write transaction (a Queries object)."""
        raise NotImplementedError

    def committed(self, apply: Callable, key: str = ""):
        """`apply(db)`, a change of room `key`, in the group commit's next transaction (group_commit.py: `self.group`);
        its answer once committed."""
        return self.group.run(apply, key)

    def conflicted(self, error: Exception) -> bool:
        """True when `error` aborted a transaction that met another one's locks the other way round (each of its
        changes is then committed alone)."""
        return False

    def reading(self) -> AbstractContextManager:
        """Queries that only read."""
        raise NotImplementedError

    def migrating(self) -> AbstractContextManager:
        """A connection holding the schema lock, checked to be rollsheet's (StoreError if not)."""
        raise NotImplementedError

    def schema_version(self, connection) -> int:
        """The schema version of the database on `connection` (0: no rollsheet schema yet)."""
        raise NotImplementedError

    def set_schema_version(self, connection, number: int) -> None:
        """Record that the schema is now at `number`."""
        raise NotImplementedError

    def newest(self) -> int:
        """The newest schema version this code knows."""
        return self.MIGRATIONS[-1][0]

    def upgrade(self) -> tuple[int, int]:
        """Apply the migrations the database lacks, in order; (version before, version now)."""
        with self.migrating() as connection:
            before = self.schema_version(connection)
            if before > self.newest():
                raise StoreError(f"{self.where} has schema version {before}, made by a newer rollsheet (this one "
                                 f"knows up to {self.newest()}): upgrade rollsheet to use it; it was left untouched")
            for number, step in self.MIGRATIONS:
                if number > before:
                    step(connection)
                    self.set_schema_version(connection, number)
        return before, max(before, self.newest())

    def hold(self) -> None:
        """Keep this database for this `serve` (and its workers) alone where it must be (a file); StoreError when
        another one serves it."""

    def close(self) -> None:
        """Let go of every connection."""
