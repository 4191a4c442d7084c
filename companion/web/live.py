"""Live updates: the newest state of each watched room, encoded once, handed to every phone.

A change commits in a worker thread and `publish`es the room's new state (its log as stored:
kind + params); the event loop keeps it in the room's channel, writes it to the room's event streams
then and there, and wakes the long polls waiting (stream.py). The JSON text of a version is built once
per language (the log written out in it), however many phones watch the room, and the move's own
answer is that same text (`encoded`). With a relay (relay.py) the other processes serving the
rooms hear of the change too, and their phones are told the same way.

Glossary:
- version: a room's change counter (grows by one on every change, see companion/rooms/room.py).
- channel: what the loop keeps for a room someone watches: its newest state, that state's
  encodings by language, its event streams (told at each change), and a future that resolves at the room's next
  change (for the long polls).
- write: (state, language) -> the state as a phone in that language reads it (rooms.shown).
- watcher: an event stream or long poll attached to a channel; a channel without watchers
  is dropped, and the next watcher reads the room from the database again.
- presence: the channel's seats with a live stream, and since when the others have none (presence.py); a change
  of it wakes the watchers as a new state does.
- snapshot: a state as committed, keeping its JSON text per language once written.
"""
from __future__ import annotations

import asyncio

import orjson

from companion.rooms.presence import Presence, origin
from companion.rooms.room import Snapshot
from companion.rules import language


def encoded(state: dict, language: str, write) -> bytes:
    """`state` as JSON in `language` (`write` puts it in a language), built once per snapshot and language."""
    frames = state.frames if isinstance(state, Snapshot) else {}
    frame = frames.get(language)
    if frame is None:
        frame = frames[language] = orjson.dumps(write(state, language))
    return frame


class Channel:
    """A watched room: its newest state and the phones waiting for the next one."""

    __slots__ = ("loop", "state", "changed", "watchers", "loading", "write", "presence", "streams", "events")

    def __init__(self, loop: asyncio.AbstractEventLoop, write):
        self.loop, self.write = loop, write
        self.state: dict | None = None
        self.changed = loop.create_future()
        self.watchers = 0
        self.loading: asyncio.Future | None = None
        self.presence = Presence()
        self.streams: set = set()
        self.events: dict[str, bytes] = {}

    @property
    def version(self) -> int:
        """The version of the newest state known (0 before the first read)."""
        return self.state["version"] if self.state else 0

    def encoded(self, language: str) -> bytes:
        """The newest state as JSON in `language`, built once per version and language."""
        return encoded(self.state, language, self.write)

    def event(self, language: str) -> bytes:
        """The newest state as an event of a stream (`id:` its version), built once per version and language."""
        event = self.events.get(language)
        if event is None:
            event = self.events[language] = b"id: %d\ndata: %s\n\n" % (self.version, self.encoded(language))
        return event

    def offer(self, state: dict, frames: dict[str, bytes] | None = None) -> None:
        """Keep `state` when it is newer than the one kept (with `frames`: its JSON text already written in some
        languages), and wake the waiters."""
        if state["version"] <= self.version:
            return
        self.state, self.events = state if isinstance(state, Snapshot) else Snapshot(state), {}
        if frames:
            self.state.frames.update(frames)
        self.wake()

    def wake(self) -> None:
        """Tell the streams and wake the long polls: a new state, or a seat's phone came or went."""
        changed, self.changed = self.changed, self.loop.create_future()  # (asking for the running loop: a getpid())
        changed.set_result(None)
        for stream in tuple(self.streams):
            stream.tell()


def presence_message(code: str, presence: Presence, ask: bool = False) -> bytes:
    """The relay message saying which seats of room `code` this process holds streams of and which are away; `ask`:
    the other processes watching the room answer with theirs (this process has just begun watching it)."""
    return f"{code} presence {origin()}\n".encode() + orjson.dumps({**presence.told(), "ask": True} if ask
                                                                     else presence.told())


class Hub:
    """The channels of the watched rooms, fed by `publish` from any thread; `write` puts a state in a language."""

    def __init__(self, write):
        self.write = write
        self.loop: asyncio.AbstractEventLoop | None = None
        self.channels: dict[str, Channel] = {}
        self.relay = self.reread = self.relayed = None

    def attach(self, loop: asyncio.AbstractEventLoop, relay=None, reread=None, relayed=None) -> None:
        """Serve watchers on `loop` (the server's event loop); before that, publishing is a no-op. A `relay`
        passes changes to and from the other processes; `reread(code)` (awaitable) reads a room anew; `relayed(code,
        state)` takes in a state another process relayed, before its phones here are told."""
        self.loop, self.relay, self.reread, self.relayed = loop, relay, reread, relayed
        if relay is not None:
            relay.start(loop, self)

    def publish(self, code: str, state: dict) -> None:
        """A room committed `state` (called from any thread, after the commit). The other processes get it with its
        JSON text in the request's language, which a move answers anyway: their phones need not write it again."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._deliver, code, state)
            if self.relay is not None:
                speaking = language.current()
                self.relay.send(code, state, speaking, encoded(state, speaking, self.write))

    def arrived(self, code: str, version: int, state: bytes | None, frames: dict[str, bytes] | None = None) -> None:
        """Another process committed `version` of a room (on the loop), its state as JSON (None: read it anew) and
        `frames`, its JSON text as phones read it by language."""
        channel = self.channels.get(code)
        if channel is None or version <= channel.version:
            return
        if state is not None:
            state = orjson.loads(state)
            if self.relayed is not None:
                self.relayed(code, state)
            channel.offer(state, frames)
        else:
            asyncio.ensure_future(self._reread(code))

    async def _reread(self, code: str) -> None:
        try:
            state = await self.reread(code)
        except Exception:  # the room is gone or the store fails now: its watchers keep what they have
            return
        self._deliver(code, state)

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
                    if self.relay is not None:  # once the room is read: a code of no room is never relayed
                        channel.loading.add_done_callback(lambda done: self._ask(code, channel, done))
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

    def _ask(self, code: str, channel: Channel, read: asyncio.Future) -> None:
        """Ask the other processes who is present and who left (the seats that went before this process watched
        the room are away here too), once its first read found the room."""
        if not read.cancelled() and read.exception() is None:
            self.relay.tell(presence_message(code, channel.presence, ask=True))

    def moved(self, code: str, channel: Channel, changed: bool) -> None:
        """A stream of `code` came or went on this process: wake the room's streams, and tell the other processes
        when this process's own seats changed."""
        channel.wake()
        if changed and self.relay is not None:
            self.relay.tell(presence_message(code, channel.presence))

    def heard(self, code: str, sender: str, told: dict) -> None:
        """Another process's seats with streams of `code`, and the away seats it knows (on the loop); a process that
        asks (it has just begun watching the room) is answered with this one's."""
        channel = self.channels.get(code)
        if channel is None or sender == origin():
            return
        if channel.presence.heard(sender, told):
            channel.wake()
        if told.get("ask") and self.relay is not None:
            self.relay.tell(presence_message(code, channel.presence))

    def presence(self, code: str) -> Presence | None:
        """The presence of a watched room (None when nobody watches it in this process)."""
        channel = self.channels.get(code)
        return channel.presence if channel is not None else None

    def leave(self, code: str) -> None:
        """One watcher of `code` is gone; the channel goes with its last watcher."""
        channel = self.channels.get(code)
        if channel is not None:
            channel.watchers -= 1
            if channel.watchers <= 0:
                del self.channels[code]
