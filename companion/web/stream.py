"""The live routes, served on the event loop: a held connection costs a few KB, no thread.

- `GET /api/rooms/<code>/events`: Server-Sent Events, one `data:` event per room version
  (`id:` the version), newest state only (a phone that falls behind skips to the newest);
  resumes after the `Last-Event-ID` header (or `?since=`); a `heartbeat` event (HEARTBEAT, the same bytes
  for every phone, no `id:`) every HEARTBEAT_S keeps proxies from closing an idle stream and tells the phone
  the network is still there (live.js: silence for 8 s means it is gone). Its `retry:` (how long
  EventSource waits before reconnecting) is drawn between 1 and 4 s, so phones cut off together
  (a restart, a dead worker) come back spread out instead of in one storm. `?seats=0,2` names the seats the
  phone holds: while it streams they are present, and every stream of the room that named its seats (`seats=`,
  maybe none) gets a `presence` event (`{"away_s": {"<seat>": seconds}}`, presence.py) when it starts and
  whenever a seat's phone comes or goes.
- `GET /api/rooms/<code>?since=<version>&wait=<s>`: the long poll, for scripts and the page's
  fallback: answered when the room passes `since`, or after `wait` s (at most LONGEST_WAIT_S).
  Without a well-formed `since` the router sends the request to the Flask app like any other (`LongPolls`).
Both speak the phone's language (its cookie, else Accept-Language): the log lines and refusals.
A version that is not a whole number in ASCII digits counts as none; `since` and `wait` are read from the
address's query alone (a body's form fields never count). One client holds at most
clients.CAPS["streams"] of them at once (429 past it), so it cannot crowd out a table.
"""
from __future__ import annotations

import asyncio
import math
import random
import re
import time
from functools import partial

import orjson
from tornado.routing import Matcher

from companion.rooms import presence
from companion.rules import codes, language
from companion.rules.errors import Refused
from companion.rules.language import N_
from companion.web import clients
from companion.web.bridge import LoopHandler
from companion.web.limits import Limited

HEARTBEAT_S = 5.0
HEARTBEAT = b"event: heartbeat\ndata:\n\n"
LONGEST_WAIT_S = 25.0
RECONNECT_MS = 2000
VERSION = re.compile(r"-?[0-9]{1,18}")
ROOM = re.compile(r"/api/rooms/[^/]+")


def version_number(text: str | None) -> int | None:
    """A version a phone sent (`since=`, Last-Event-ID): a whole number in ASCII digits, else None."""
    return int(text) if text is not None and VERSION.fullmatch(text) else None


class LongPolls(Matcher):
    """Matches `GET /api/rooms/<code>?since=<version>` (a room read without a version goes to the Flask app)."""

    def match(self, request) -> dict | None:
        """{} for a long poll, else None."""
        since = request.query_arguments.get("since")
        if ROOM.fullmatch(request.path) and since and version_number(since[-1].decode("latin-1")) is not None:
            return {}
        return None


class Watching(LoopHandler):
    """A request attached to a room's channel until it answers or its phone goes."""

    def initialize(self, reads, hub, read, guessing, crowd: clients.Crowd):
        self.reads, self.hub, self.read, self.guessing, self.crowd = reads, hub, read, guessing, crowd
        self.client = clients.client_of(self.request.remote_ip)
        self.gone = asyncio.get_running_loop().create_future()
        self.lang = self.language

    def on_connection_close(self) -> None:
        """The phone went away: stop waiting for it."""
        if not self.gone.done():
            self.gone.set_result(None)

    async def watch(self, code: str):
        """The room's channel (joined; call `unwatch` when done), or None after answering its refusal (404, 410,
        429, 503). A client whose lookups of unknown codes are used up is refused (429) first, even for a room
        others watch (its channel would answer without reading the database)."""
        if not self.crowd.enter("streams", self.client):
            most = self.crowd.caps["streams"]
            self.refuse(Limited(language.speaker(self.lang).gettext(N_(
                "Too many live pages from your device (%(most)s); close some of the companion's pages and try "
                "again."), most=most), clients.RETRY_AFTER_S))
            return None
        try:
            if self.client is not None:
                await self.reads.run(self.guessing, self.request.remote_ip, self.lang)
            return await self.hub.join(code, lambda: self.reads.run(self.read, code, self.request.remote_ip, self.lang))
        except Refused as error:
            self.crowd.leave("streams", self.client)
            self.refuse(error)
            return None

    def unwatch(self, code: str) -> None:
        """Leave the room's channel; the client holds one live page less."""
        self.hub.leave(code)
        self.crowd.leave("streams", self.client)

    async def until(self, timeout: float, changed: asyncio.Future | None = None) -> None:
        """Wait until the room `changed` (when given), the phone goes or `timeout` passes (asyncio.wait does the same
        with sets, a counter and a task per future)."""
        loop = asyncio.get_running_loop()
        woken = loop.create_future()
        wake = partial(_settle, woken)
        waited = (self.gone,) if changed is None else (self.gone, changed)
        for future in waited:
            future.add_done_callback(wake)
        timer = loop.call_later(timeout, wake)
        try:
            await woken
        finally:
            timer.cancel()
            for future in waited:
                future.remove_done_callback(wake)


def _settle(future: asyncio.Future, *_) -> None:
    if not future.done():
        future.set_result(None)


class EventsHandler(Watching):
    """`/api/rooms/<code>/events`: the room's versions as Server-Sent Events, each written by the channel's `wake` as
    it comes (`tell`: no waiting stream to wake, no timer set again; 55 k instructions a phone's update, 79 k when
    each stream waited for the next change); the stream itself only waits to send a heartbeat after HEARTBEAT_S of
    silence."""

    async def get(self, code: str) -> None:
        """Stream the room's state at every change until the phone goes."""
        code = codes.normal_code(code)
        seen = version_number(self.request.headers.get("Last-Event-ID") or self.get_query_argument("since", ""))
        channel = await self.watch(code)
        if channel is None:
            return
        # a stream that says which seats it holds (`seats=`, maybe none) hears of the others' presence too
        asked = self.get_query_argument("seats", None)
        seats = presence.seats_named(asked or "")
        self.channel, self.seen, self.told = channel, max(seen or 0, 0), -1 if asked is not None else None
        self.sending, self.behind, self.said = None, False, time.monotonic()
        self.hub.moved(code, channel, channel.presence.arrive(seats))
        try:
            self.set_header("Content-Type", "text/event-stream; charset=utf-8")
            self.set_header("Cache-Control", "no-cache")
            self.set_header("X-Accel-Buffering", "no")
            self.write(f"retry: {random.randint(RECONNECT_MS // 2, RECONNECT_MS * 2)}\n\n")
            channel.streams.add(self)
            self.tell(heartbeat=True)
            while not self.gone.done():
                await self.until(self.said + HEARTBEAT_S - time.monotonic())
                if time.monotonic() - self.said >= HEARTBEAT_S:
                    self.tell(heartbeat=True)
        finally:
            channel.streams.discard(self)
            self.hub.moved(code, channel, channel.presence.depart(seats))
            self.unwatch(code)

    def tell(self, heartbeat: bool = False) -> None:
        """Write what the phone has not had: the newest version (a phone that fell behind skips to it), the seats'
        presence; a `heartbeat` when there is neither. While a write is still going out, once it has gone."""
        if self.sending is not None:
            self.behind = True
            return
        channel, said = self.channel, False
        if channel.version > self.seen:
            self.seen, said = channel.version, True
            self.write(channel.event(self.lang))
        if self.told not in (None, channel.presence.changes):
            self.told, said = channel.presence.changes, True
            away = {str(seat): s for seat, s in channel.presence.away_s().items()}
            self.write(b"event: presence\ndata: %s\n\n" % orjson.dumps({"away_s": away}))
        if not said:
            if not heartbeat:
                return
            self.write(HEARTBEAT)
        self.said, sending = time.monotonic(), self.flush()
        if sending.done():
            sending.exception()  # a phone gone: on_connection_close ends the stream
        else:
            self.sending = sending
            sending.add_done_callback(self._sent)

    def _sent(self, sending: asyncio.Future) -> None:
        self.sending = None
        if sending.exception() is None and self.behind:
            self.behind = False
            self.tell()


class RoomHandler(Watching):
    """`/api/rooms/<code>?since=<version>`: the long poll (the router sends it here only with a version)."""

    async def get(self, code: str) -> None:
        """Answer the room's state once it passes `since` or `wait` seconds have gone."""
        since = version_number(self.get_query_argument("since"))
        code = codes.normal_code(code)
        channel = await self.watch(code)
        if channel is None:
            return
        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + wait_seconds(self.get_query_argument("wait", "20"))
            # a phone's stream coming or going wakes the channel too: wait on until the room itself changes
            while channel.version <= since and not self.gone.done() and loop.time() < deadline:
                await self.until(deadline - loop.time(), channel.changed)
            if not self.gone.done():
                self.set_header("Content-Type", "application/json")
                self.finish(channel.encoded(self.lang))
        finally:
            self.unwatch(code)


def wait_seconds(text: str) -> float:
    """A `wait=` argument as seconds within 0 and LONGEST_WAIT_S (anything else: 0)."""
    try:
        wait = float(text)
    except ValueError:
        return 0.0
    return 0.0 if math.isnan(wait) else min(max(wait, 0.0), LONGEST_WAIT_S)
