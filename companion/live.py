"""Live updates: the newest state of each watched room, encoded once, handed to every phone.

A change commits in a worker thread and `publish`es the room's new state (its log as stored:
kind + params); the event loop keeps it in the room's channel and wakes everything waiting
there (event streams and long polls, see stream.py). The JSON text of a version is built once
per language (the log written out in it), however many phones watch the room.

Glossary:
- version: a room's change counter (grows by one on every change, see rooms.py).
- channel: what the loop keeps for a room someone watches: its newest state, that state's
  encodings by language, and a future that resolves at the room's next change.
- write: (state, language) -> the state as a phone in that language reads it (rooms.shown).
- watcher: an event stream or long poll attached to a channel; a channel without watchers
  is dropped, and the next watcher reads the room from the database again.
"""
from __future__ import annotations

import asyncio
import json


class Channel:
    """A watched room: its newest state and the phones waiting for the next one."""

    __slots__ = ("state", "frames", "changed", "watchers", "loading", "write")

    def __init__(self, loop: asyncio.AbstractEventLoop, write):
        self.write = write
        self.state: dict | None = None
        self.frames: dict[str, bytes] = {}
        self.changed = loop.create_future()
        self.watchers = 0
        self.loading: asyncio.Future | None = None

    @property
    def version(self) -> int:
        """The version of the newest state known (0 before the first read)."""
        return self.state["version"] if self.state else 0

    def encoded(self, language: str) -> bytes:
        """The newest state as JSON in `language`, built once per version and language."""
        if language not in self.frames:
            self.frames[language] = json.dumps(self.write(self.state, language), ensure_ascii=False,
                                               separators=(",", ":")).encode()
        return self.frames[language]

    def offer(self, state: dict) -> None:
        """Keep `state` when it is newer than the one kept, and wake the waiters."""
        if state["version"] <= self.version:
            return
        self.state, self.frames = state, {}
        changed, self.changed = self.changed, asyncio.get_running_loop().create_future()
        changed.set_result(None)


class Hub:
    """The channels of the watched rooms, fed by `publish` from any thread; `write` puts a state in a language."""

    def __init__(self, write):
        self.write = write
        self.loop: asyncio.AbstractEventLoop | None = None
        self.channels: dict[str, Channel] = {}

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Serve watchers on `loop` (the server's event loop); before that, publishing is a no-op."""
        self.loop = loop

    def publish(self, code: str, state: dict) -> None:
        """A room committed `state` (called from any thread, after the commit)."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._deliver, code, state)

    def _deliver(self, code: str, state: dict) -> None:
        channel = self.channels.get(code)
        if channel is not None:
            channel.offer(state)

    async def join(self, code: str, read) -> Channel:
        """Watch room `code`; `read()` -> its state from the database (awaited once per new channel).

        Raises what `read` raises (e.g. no such room); pair every successful join with `leave`.
        """
        channel = self.channels.get(code)
        if channel is None:
            channel = self.channels[code] = Channel(asyncio.get_running_loop(), self.write)
        channel.watchers += 1
        try:
            if channel.state is None:
                if channel.loading is None:
                    channel.loading = asyncio.ensure_future(read())
                    channel.loading.add_done_callback(lambda done: done.cancelled() or done.exception())
                loading = channel.loading
                try:
                    channel.offer(await asyncio.shield(loading))
                finally:
                    if channel.loading is loading and loading.done():
                        channel.loading = None
        except BaseException:
            self.leave(code)
            raise
        return channel

    def leave(self, code: str) -> None:
        """One watcher of `code` is gone; the channel goes with its last watcher."""
        channel = self.channels.get(code)
        if channel is not None:
            channel.watchers -= 1
            if channel.watchers <= 0:
                del self.channels[code]
