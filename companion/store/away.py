"""A database server that is away: requests are refused at once while a thread of its own tries to reach it, and
they go through again as soon as it answers.

Without this, every request waited for a connection the pool could not make (seconds each, so the app's threads
filled up and newcomers were told the companion was busy), and the pool's own retries, backing off, kept refusing
for seconds after the server was back.

Glossary:
- away: a request lost its connection to the server or could not get one; from then until a probe reaches the
  server, every request is refused at once (the store's "unreachable" 503), never waiting on the pool.
- probe: a new connection the watcher makes every PROBE_S; once one is made, `back()` runs (the engine starts a new
  pool: the old one's connections died with the server) and requests go through again.
"""
from __future__ import annotations

import threading
from typing import Callable

PROBE_S = 0.1


class Away:
    """Whether the server is away, and the watcher that notices its return."""

    def __init__(self, reach: Callable[[], None], back: Callable[[], None], every: float = PROBE_S):
        self.reach, self.back, self.every = reach, back, every
        self._watching, self._lock, self._stopped = False, threading.Lock(), threading.Event()

    @property
    def now(self) -> bool:
        """True while the server is away (a request is refused at once)."""
        return self._watching

    def lost(self) -> None:
        """A request could not reach the server: refuse the next ones at once and watch for its return."""
        with self._lock:
            if self._watching or self._stopped.is_set():
                return
            self._watching = True
        threading.Thread(target=self._watch, name="database-away", daemon=True).start()

    def _watch(self) -> None:
        while not self._stopped.is_set():
            try:
                self.reach()
            except Exception:  # noqa: BLE001  (any failure to connect: still away)
                self._stopped.wait(self.every)
                continue
            self.back()
            with self._lock:
                self._watching = False
            return

    def stop(self) -> None:
        """Stop watching (the engine closes)."""
        self._stopped.set()
