"""Changes passed between the processes serving the same rooms, so a phone on any of them sees every move.

- SocketRelay: the worker processes of one `serve --workers N` (one host). Each worker binds a Unix
  datagram socket `<folder>/<n>.sock`; after a commit it sends the room's new state to the others'
  sockets (a few KB, no database read on arrival) from a thread of its own, so neither the move's
  thread nor the event loop waits for a busy peer. Chosen over watching the database's change
  counter: that costs every worker a poll even when nothing moves, adds up to a poll's interval to
  every update and still has to read which rooms changed (docs/performance.md).
- On PostgreSQL the same sockets pass changes between the workers of one host; changes made on another
  host (rare: HAProxy sends a room's every request to one host) are found by elsewhere.py. NOTIFY after
  every commit is gone: it took a lock at every commit and carried at most 8,000 bytes (docs/hosting.md).

Glossary:
- message: `<code> <version> <language>` on a first line, then the state as JSON, then on a line of its own the
  state as a phone in that language reads it (live.encoded); both are left out when too large for a datagram, and a
  process that receives such a message reads the room from the database.
  A process that watches no phone of that room reads no further than the first line. A presence message,
  `<code> presence <origin>` then `{"seats": [...], "away_s": {"<seat>": seconds}}`, says which seats of the
  room that process holds streams of, and which it knows are away (presence.py); with `"ask": true` (the sender
  has just begun watching the room) each process watching it answers with a presence message of its own.
- hub: live.Hub; `hub.arrived(code, version, state or None, frames)` is called on its loop for each message.
"""
from __future__ import annotations

import os
import queue
import socket
import threading

import orjson

DATAGRAM_MOST = 200_000
SEND_WAIT_S = 0.25


def message(code: str, state: dict, speaking: str, frame: bytes, most: int) -> bytes:
    """The message for a room's new state and its `frame` in language `speaking` (neither when they would pass
    `most` bytes; JSON as orjson writes it holds no line break)."""
    head, body = f"{code} {state['version']} {speaking}\n".encode(), orjson.dumps(state) + b"\n" + frame
    return head + body if len(head) + len(body) <= most else head


def arrived(data: bytes, loop, hub) -> None:
    """Hand a received message to the hub, soon (on the loop: the socket is read there, so no wake-up of the loop)."""
    head, _, body = data.partition(b"\n")
    code, version, said = head.decode().split()
    if version == "presence":
        loop.call_soon(hub.heard, code, said, orjson.loads(body))
    else:
        state, _, frame = body.partition(b"\n")
        loop.call_soon(hub.arrived, code, int(version), state or None, {said: frame} if frame else None)


class SocketRelay:
    """Worker `number` of `count`, talking to the others over Unix datagram sockets in `folder`."""

    def __init__(self, folder: str, number: int, count: int):
        self.path = os.path.join(folder, f"{number}.sock")
        self.peers = [os.path.join(folder, f"{n}.sock") for n in range(count) if n != number]
        self.sock: socket.socket | None = None
        self.out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.out.settimeout(SEND_WAIT_S)  # a worker's queue holds a few messages: wait for it to read, briefly
        self.outbox: queue.SimpleQueue = queue.SimpleQueue()

    def start(self, loop, hub) -> None:
        """Bind this worker's socket and hand the hub what the others send."""
        if os.path.exists(self.path):
            os.unlink(self.path)  # left by the worker this one replaces
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(self.path)
        self.sock.setblocking(False)
        loop.add_reader(self.sock.fileno(), self._drain, loop, hub)
        threading.Thread(target=self._send_out, name="relay", daemon=True).start()

    def _drain(self, loop, hub) -> None:
        while True:
            try:
                arrived(self.sock.recv(DATAGRAM_MOST + 1024), loop, hub)
            except BlockingIOError:
                return

    def send(self, code: str, state: dict, speaking: str, frame: bytes) -> None:
        """Tell the other workers of a room's new state and its JSON text in `speaking` (any thread, never waiting:
        the relay's thread sends it); a worker that is down or restarting misses it and reads anew."""
        self.tell(message(code, state, speaking, frame, DATAGRAM_MOST))

    def tell(self, data: bytes) -> None:
        """Send a message to the other workers (queued: the relay's own thread sends it)."""
        self.outbox.put(data)

    def _send_out(self) -> None:
        while (data := self.outbox.get()) is not None:
            for peer in self.peers:
                try:
                    self.out.sendto(data, peer)
                except OSError:  # no such worker now (restarting; its phones read the room when they come back)
                    pass
        self.out.close()

    def stop(self, loop) -> None:
        """Stop receiving."""
        if self.sock is not None:
            loop.remove_reader(self.sock.fileno())
            self.sock.close()
            self.outbox.put(None)  # the relay's thread closes its socket once it has sent what was queued
        else:
            self.out.close()


def relay_for(engine, folder: str | None = None, number: int = 0, count: int = 1):
    """The relay a server process needs: sockets between the workers of one `serve` (none for a single process);
    on PostgreSQL, with the check for changes made on other hosts."""
    sockets = SocketRelay(folder, number, count) if count > 1 else None
    if engine.kind != "postgresql":
        return sockets
    from companion.web.elsewhere import ElsewhereCheck, Relays

    return Relays(sockets, ElsewhereCheck(engine.url)) if sockets else ElsewhereCheck(engine.url)
