"""Per-client rate limits: opening rooms, and looking up room codes that do not exist.

Each client (its IP address; with `serve --proxy`, the one the proxy forwards) has a
bucket per kind: a burst of BURST requests, refilled at one every REFILL_S seconds. An
empty bucket answers 429 with Retry-After. Room creation takes from "rooms"; a lookup of
an unknown code (404) takes from "misses", and while that bucket is empty every lookup of
a room code is refused, so codes cannot be guessed quickly. Requests from this machine
itself (loopback) are not limited. The buckets are kept in the store (companion/store), so the
limits hold across the worker processes of `serve --workers` and across the machines sharing
one PostgreSQL database; buckets full again are forgotten by the hourly sweep (`forget`).
"""
from __future__ import annotations

import ipaddress
import math
import time

from companion import store
from companion.errors import Refused
from companion.language import gettext

BURST = {"rooms": 30, "misses": 20}
REFILL_S = {"rooms": 60.0, "misses": 3.0}


class Limited(Refused):
    """Too many requests of a kind from one client (429); `retry_after` in whole seconds."""

    status = 429

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after


class Buckets:
    """Token buckets per (kind, client) in the app's store (call them inside an app context)."""

    def __init__(self, clock=time.time):
        self.clock = clock

    def _level(self, kind: str, kept: tuple[float, float] | None) -> float:
        tokens, at = kept or (BURST[kind], self.clock())
        return min(BURST[kind], tokens + (self.clock() - at) / REFILL_S[kind])

    def check(self, kind: str, client: str) -> None:
        """Refuse (429) when the client's bucket of `kind` is empty."""
        if exempt(client):
            return
        with store.reading() as db:
            self._refuse_when_empty(kind, self._level(kind, db.bucket(kind, client)))

    def _refuse_when_empty(self, kind: str, level: float) -> None:
        if level < 1:
            wait = math.ceil((1 - level) * REFILL_S[kind])
            if kind == "rooms":
                raise Limited(gettext("Too many new rooms from your device; try again in %(s)s s.", s=wait), wait)
            raise Limited(gettext("Too many room codes that do not exist from your device; try again in %(s)s s.",
                                  s=wait), wait)

    def take(self, kind: str, client: str) -> None:
        """Take one token of `kind` from the client's bucket (refusing when it is empty)."""
        if exempt(client):
            return
        with store.writing() as db:
            level = self._level(kind, db.bucket(kind, client))
            self._refuse_when_empty(kind, level)
            db.set_bucket(kind, client, level - 1, self.clock())

    def forget(self, db) -> None:
        """Drop the buckets that are full again (in a write transaction `db`)."""
        db.forget_buckets(self.clock() - max(BURST[kind] * REFILL_S[kind] for kind in BURST))


def exempt(client: str) -> bool:
    """True for this machine's own requests (loopback), which are never limited."""
    try:
        return ipaddress.ip_address(client).is_loopback
    except ValueError:
        return False


def read_room(buckets: Buckets, code: str, client: str) -> dict:
    """A room's state for `client`, counting an unknown code against its lookups (needs an app context)."""
    from companion import rooms

    buckets.check("misses", client)
    try:
        return rooms.state(code)
    except Refused as error:
        if error.status == 404:
            buckets.take("misses", client)
        raise


def init_app(app) -> None:
    """Limit room creation and unknown-code lookups on the app's routes."""
    from flask import request
    from werkzeug.exceptions import TooManyRequests

    buckets = app.extensions["rollsheet.limits"] = Buckets()

    @app.before_request
    def limit():
        try:
            if "code" in (request.view_args or {}):
                buckets.check("misses", request.remote_addr or "")
            if request.method == "POST" and request.endpoint in ("api.open_room", "pages.play"):
                buckets.take("rooms", request.remote_addr or "")
        except Limited as error:
            raise TooManyRequests(error.message, retry_after=error.retry_after) from None

    @app.after_request
    def count_miss(response):
        if response.status_code == 404 and "code" in (request.view_args or {}):
            try:
                buckets.take("misses", request.remote_addr or "")
            except Limited:
                pass
        return response
