"""The newest log entries of the rooms this process served, so a move need not read its room's log back.

A room's log changes only with its version (a change writes at most one entry, at its new version), so the newest
entries at a version are the entries at the version before with the new one put in front. Kept here are only logs
as committed: read outside a write transaction, answered by a change once its commit is done, or relayed by the
process that made the change (so a room whose phones' taps reach both workers in turn is not read back at every other
move); a change that dropped entries (a final score saved again) reads its log back. A room's key holds when it was
opened, as a room code closed for lack of play may be opened again from version 1.

Glossary:
- opened: the room row's `created` (epoch seconds): with the code, one room of all that had that code.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

import orjson

ROOMS_KEPT = 2048
"""Rooms whose newest entries are kept (30 entries of about 400 bytes each with their lines in one language: some
25 MB a process at most, 5 MB for 400 rooms)."""


class Entry(dict):
    """A log entry as stored (at, seat, player, kind, params as JSON text), with its `lines` as phones read it, by
    language, once written (`shown_line`): they live as long as the entry, kept with its room's newest."""

    __slots__ = ("lines",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.lines: dict[str, orjson.Fragment] = {}


class RecentLogs:
    """The newest log entries of at most ROOMS_KEPT rooms, each at one version (the newest this process saw)."""

    def __init__(self, most: int = ROOMS_KEPT):
        self.most, self.lock, self.kept = most, threading.Lock(), OrderedDict()

    def at(self, code: str, opened: float, version: int) -> tuple[dict, ...] | None:
        """The room's newest entries at `version`, newest first, when kept (entries are never changed in place)."""
        with self.lock:
            found = self.kept.get(code)
            if found is None or found[:2] != (opened, version):
                return None
            self.kept.move_to_end(code)
            return found[2]

    def keep(self, code: str, opened: float, version: int, entries) -> None:
        """Keep the room's newest entries at `version` (committed), in place of an older version's."""
        with self.lock:
            found = self.kept.get(code)
            if found is not None and found[0] == opened and found[1] > version:
                return  # a slower thread's older answer: the newer one stays
            self.kept[code] = (opened, version, tuple(entries))
            self.kept.move_to_end(code)
            if len(self.kept) > self.most:
                self.kept.popitem(last=False)

    def relayed(self, code: str, version: int, entries: list[dict]) -> list[Entry]:
        """A room's newest entries at `version` as another process committed them (its relayed state, newest first)
        as `Entry`s, those kept here already being the kept ones; kept as the room's newest when an older version's
        are kept here, under that one's opening (a code opened again and relayed is a miss)."""
        with self.lock:
            found = self.kept.get(code)
            if found is None or found[1] >= version:
                return [Entry(entry) for entry in entries]
            log = _joined(entries, found[2])
            self.kept[code] = (found[0], version, tuple(log))
            self.kept.move_to_end(code)
            return log


def _joined(entries: list[dict], kept: tuple[Entry, ...]) -> list[Entry]:
    """`entries` as `Entry`s, ending in the `kept` ones where they follow on from them (a change adds one entry in
    front; a score saved again drops some: then each is new)."""
    newer = next((count for count, entry in enumerate(entries) if kept and entry == kept[0]), len(entries))
    older = len(entries) - newer
    if entries[newer:] != list(kept[:older]):
        newer, older = len(entries), 0
    return [Entry(entry) for entry in entries[:newer]] + list(kept[:older])


def following(before: tuple[dict, ...], entry: dict | None, most: int) -> tuple[dict, ...]:
    """The newest `most` entries once `entry` (None: no log line) follows the entries `before`."""
    return before if entry is None else (entry, *before[:most - 1])
