"""Each client's share of the app's threads, counted in the server time its requests cost (bridge.FlaskRoute).

Glossary:
- server time: the CPU time of the app's thread a request took (its answer's `Server-Timing: app;dur=<ms>`).
- share: a client's debt of server time, paid back at SHARE_S seconds a second: a client more than SHARE_BURST_S in
  debt has its next request wait (on the loop, holding no thread) until it is back within it, or refused (429) when
  that would take more than MOST_WAIT_S. So one client's costly reads (a big group's page, stats, exports) take at
  most its share, never another table's moves' time. A request is charged, when it starts, what its client's last
  one cost (so a burst of costly requests waits its turn instead of running at once), and settled when it ends.
  The client is clients.client_of's (None, this machine, never waits); each worker process of `serve --workers`
  counts its own shares.
"""
from __future__ import annotations

import asyncio
import math
import time

from companion.rules.language import N_

SHARE_S = 0.25
"""Server time a client's requests may cost each second, on average (a quarter of a thread)."""
SHARE_BURST_S = 0.25
"""Server time a client may spend at once before its requests wait for its share."""
MOST_WAIT_S = 5.0
"""The longest a request waits for its client's share; past it, 429 with Retry-After."""
MOST_KEPT = 32_768
"""Clients whose debts are kept before those paid back are forgotten."""
TOO_COSTLY = N_("Your device's requests took much of the companion's time just now; try again in %(s)s s.")
"""The 429 of a client that would wait more than MOST_WAIT_S for its share."""


def timed(function, *args) -> tuple:
    """(`function(*args)`, the CPU seconds of this thread it took)."""
    started = time.thread_time()
    result = function(*args)
    return result, time.thread_time() - started


class Shares:
    """Each client's debt of server time; used on the event loop's thread only."""

    def __init__(self, rate: float = SHARE_S, burst: float = SHARE_BURST_S, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.debts: dict[str, tuple[float, float, float]] = {}
        """client -> (debt, when it was that, what its last request cost)"""

    def _now(self, client: str) -> tuple[float, float]:
        """(the client's debt now, its last request's cost)."""
        debt, at, last = self.debts.get(client, (0.0, 0.0, 0.0))
        return max(0.0, debt - (self.clock() - at) * self.rate), last

    def wait(self, client: str | None) -> float:
        """Seconds `client`'s next request waits for its share (0: it runs now)."""
        return 0.0 if client is None else max(0.0, (self._now(client)[0] - self.burst) / self.rate)

    async def turn(self, client: str | None) -> int:
        """Wait on the loop for `client`'s share: 0 when its request may run now, else the whole seconds it would
        still have to wait past MOST_WAIT_S (the 429's Retry-After)."""
        waited = 0.0
        while (wait := self.wait(client)) > 0:
            if waited + wait > MOST_WAIT_S:
                return math.ceil(wait)
            await asyncio.sleep(wait)
            waited += wait
        return 0

    def start(self, client: str | None) -> float:
        """Charge a request that starts what its client's last one cost; that estimate."""
        if client is None:
            return 0.0
        debt, last = self._now(client)
        self.debts[client] = (debt + last, self.clock(), last)
        return last

    def settle(self, client: str | None, estimate: float, cost: float) -> None:
        """A request charged `estimate` when it started has ended, costing `cost` seconds of server time."""
        if client is None:
            return
        debt, _ = self._now(client)
        self.debts[client] = (max(0.0, debt - estimate + cost), self.clock(), cost)
        if len(self.debts) > MOST_KEPT:
            self.debts = {known: kept for known, kept in self.debts.items() if self._now(known)[0] > 0}
