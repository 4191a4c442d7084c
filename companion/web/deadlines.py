"""How long a connection may keep the server waiting: a request head, or the rest of a body, that has not come within
the server's head timeout is cut off by a sweep once a second (so at most SWEEP_S late). Tornado's own timeouts put
a timer, two futures and a task on every request it reads: an eighth of the loop's instructions for a move; a sweep
costs a dictionary entry a request.

Glossary:
- waiting: the streams waiting for their client, oldest first, each with the time.monotonic() it began to wait.
"""
from __future__ import annotations

import time
from collections import OrderedDict

from tornado.ioloop import PeriodicCallback

SWEEP_S = 1.0


class Waiting(OrderedDict):
    """Streams waiting for their client, oldest first, each with the time it began to wait."""

    def begin(self, stream) -> None:
        """`stream` waits from now on (again, when it waited before: it moves to the end)."""
        self[stream] = time.monotonic()
        self.move_to_end(stream)

    def overdue(self, limit: float) -> list:
        """The streams that have waited longer than `limit` seconds, taken out."""
        before, late = time.monotonic() - limit, []
        for stream, since in self.items():
            if since > before:
                break
            late.append(stream)
        for stream in late:
            del self[stream]
        return late


def sweeping(waits: tuple[Waiting, ...], limit: float) -> PeriodicCallback:
    """A sweep, started on the current loop, closing every SWEEP_S the streams of `waits` that waited over `limit` s."""
    def sweep() -> None:
        for waiting in waits:
            for stream in waiting.overdue(limit):
                stream.close()

    sweeper = PeriodicCallback(sweep, SWEEP_S * 1000)
    sweeper.start()
    return sweeper
