"""Live updates by long polling: a phone asks for a room newer than the version it has,
and the request is held (at most a few seconds) until the room changes.

Each held request ties up one waitress thread, so the bell holds at most
`max_waiters` requests at once; past that it answers at once and the phone polls
again after a short pause. Threads left over keep serving rolls quickly.

Glossary:
- version: a room's change counter (grows by one on every change, see rooms.py).
- ring: a change committed to a room; wakes only that room's waiting requests.
"""
from __future__ import annotations

import threading
import time


class Bell:
    """Wakes the requests waiting for a room when that room changes."""

    def __init__(self, max_waiters: int):
        self.max_waiters = max_waiters
        self._lock = threading.Lock()
        self._rooms: dict[str, list] = {}
        self._waiting = 0

    def _room(self, code: str) -> list:
        if code not in self._rooms:
            self._rooms[code] = [threading.Condition(self._lock), 0]
        return self._rooms[code]

    def ring(self, code: str, version: int) -> None:
        """Tell the room's waiting requests that it reached `version`."""
        with self._lock:
            room = self._room(code)
            room[1] = max(room[1], version)
            room[0].notify_all()

    def wait(self, code: str, since: int, known: int, timeout: float) -> bool:
        """Block until the room is newer than `since` (it is `known` now) or `timeout` passes.

        True when held until a change, False when it answered at once or timed out.
        """
        deadline = time.monotonic() + timeout
        with self._lock:
            room = self._room(code)
            room[1] = max(room[1], known)
            if room[1] > since or self._waiting >= self.max_waiters:
                return room[1] > since
            self._waiting += 1
            try:
                while room[1] <= since:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return False
                    room[0].wait(left)
                return True
            finally:
                self._waiting -= 1
