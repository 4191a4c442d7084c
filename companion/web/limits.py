"""Per-client rate limits: opening rooms, and looking up room codes that do not exist.

Each client (companion/web/clients.py: its IP address, an IPv6 /64 as one; with `serve --proxy`,
the address the proxy appended) has a bucket per kind: a burst of BURST requests, refilled
at one every REFILL_S seconds. An empty bucket answers 429 with Retry-After. Opening a room
(from the API, a game's page or a group's page), a group, an import of plays into a group (views/groups_api.py), or
a new phone's ask for a seat takes
from "rooms"; a lookup of an unknown code takes from "misses", and while that bucket is empty
every request that names a room code is refused, so codes cannot be guessed quickly.
A room code is named by a route's `<code>` (the API, the room page, its QR code, the live
routes, and a group's routes: companion/groups), by the score page's `?room=`, by a score posted with
`"room"` and by a room opened with `"group"`. Requests from this
machine itself (loopback) are not limited.

The buckets are kept in the store (companion/store; Buckets.level is the one place that reads and
writes them), so the limits hold across the worker processes of `serve --workers` and across the
machines sharing one PostgreSQL database; buckets full again are forgotten by the hourly sweep.
"""
from __future__ import annotations

import math
import time

from companion.rules.errors import Refused
from companion.rules.language import gettext
from companion.web.clients import client_of
from companion.web.services import rooms_service

BURST = {"rooms": 30, "misses": 20}
OPENING = ("api.open_room", "pages.play", "groups.open_room", "groups_api.create", "groups.new")
"""The routes that open a room or a group, each taking a "rooms" token (a seat's ask takes one in views/api.py)."""
REFILL_S = {"rooms": 60.0, "misses": 3.0}


class Limited(Refused):
    """Too many requests of a kind from one client (429); `retry_after` in whole seconds."""

    status = 429

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after


class Buckets:
    """Token buckets per (kind, client), kept in the app's store `engine`."""

    def __init__(self, engine, clock=time.time):
        self.engine, self.clock = engine, clock

    def level(self, kind: str, client: str, spend: int) -> float:
        """The tokens in the client's bucket of `kind` before this request, `spend` of them taken when it has them."""
        with self.engine.writing() if spend else self.engine.reading() as db:
            now = self.clock()
            tokens, at = db.bucket(kind, client) or (BURST[kind], now)
            level = min(BURST[kind], tokens + (now - at) / REFILL_S[kind])
            if spend and level >= spend:
                db.set_bucket(kind, client, level - spend, now)
            return level

    def forget(self, db) -> None:
        """Drop the buckets that are full again (in a write transaction `db`)."""
        db.forget_buckets(self.clock() - max(BURST[kind] * REFILL_S[kind] for kind in BURST))

    def _limit(self, kind: str, address: str, spend: int) -> None:
        client = client_of(address)
        if client is None:
            return
        level = self.level(kind, client, spend)
        if level < 1:
            wait = math.ceil((1 - level) * REFILL_S[kind])
            if kind == "rooms":
                raise Limited(gettext("Too many new rooms or seat asks from your device; try again in %(s)s s.",
                                      s=wait), wait)
            raise Limited(gettext("Too many room codes that do not exist from your device; try again in %(s)s s.",
                                  s=wait), wait)

    def check(self, kind: str, address: str) -> None:
        """Refuse (429) when the bucket of `kind` of the client at `address` is empty."""
        self._limit(kind, address, 0)

    def take(self, kind: str, address: str) -> None:
        """Take one token of `kind` from the bucket of the client at `address` (refusing when it is empty)."""
        self._limit(kind, address, 1)


def read_room(buckets: Buckets, code: str, address: str) -> dict:
    """A room's state for the client at `address`, counting an unknown code against its lookups (needs an app
    context; the live routes check the client's lookups before, `Buckets.check`, watched room or not)."""
    from companion import rooms

    try:
        return rooms.state(rooms_service(), code)
    except Refused as error:
        if error.status == 404:
            buckets.take("misses", address)
        raise


def named_room() -> None:
    """The request names a room code (a query or body field): refused (429) while its client's lookups are used up."""
    from flask import current_app, request
    from werkzeug.exceptions import TooManyRequests

    try:
        current_app.extensions["rollsheet.limits"].check("misses", request.remote_addr or "")
    except Limited as error:
        raise TooManyRequests(error.message, retry_after=error.retry_after) from None


def unknown_room() -> None:
    """The room code the request names does not exist: one of its client's lookups is spent."""
    from flask import current_app, request

    try:
        current_app.extensions["rollsheet.limits"].take("misses", request.remote_addr or "")
    except Limited:
        pass


def opening() -> None:
    """The request opens something new (a room, a group, a new phone's ask for a seat): one of its client's "rooms"
    tokens is spent, refused (429) when they are used up."""
    from flask import current_app, request
    from werkzeug.exceptions import TooManyRequests

    try:
        current_app.extensions["rollsheet.limits"].take("rooms", request.remote_addr or "")
    except Limited as error:
        raise TooManyRequests(error.message, retry_after=error.retry_after) from None


def init_app(app) -> None:
    """Limit room creation and unknown-code lookups on the app's routes (a seat's ask: views/api.py)."""
    from flask import request

    app.extensions["rollsheet.limits"] = Buckets(app.extensions["rollsheet.store"])

    @app.before_request
    def limit():
        if "code" in (request.view_args or {}):
            named_room()
        if request.method == "POST" and request.endpoint in OPENING:
            opening()

    @app.after_request
    def count_miss(response):
        if response.status_code == 404 and "code" in (request.view_args or {}):
            unknown_room()
        return response
