"""Changes made to a watched room by another host on the same PostgreSQL, found without LISTEN/NOTIFY.

Behind HAProxy every request and stream of a room goes to one host (docs/hosting.md), whose workers pass
changes over local sockets (relay.SocketRelay). A room changes on another host only for a moment: after a
host died (its rooms went to another) or came back (they came home, while phones still hold streams on the
stand-in). So each process asks the database every CHECK_S, in one query, for the versions of the rooms its
phones watch, and reads anew the ones that moved on: one small query a process, where NOTIFY at every move
took a lock at every commit and carried at most 8,000 bytes. Without pinning (any proxy spreading the phones
over the hosts) phones still see every change, within CHECK_S.

Glossary:
- watched room: one with a channel in this process's hub (live.Hub), at the version the channel holds.
"""
from __future__ import annotations

import logging
import threading

log = logging.getLogger("rollsheet.elsewhere")

CHECK_S = 2.0
VERSIONS = "SELECT code, version FROM rooms WHERE code = ANY(%s)"


def newer(watched: dict[str, int], stored: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The (code, version) of the watched rooms whose stored version is past the watched one."""
    return [(code, version) for code, version in stored if version > watched.get(code, version)]


class ElsewhereCheck:
    """Every CHECK_S, on a thread and a connection of its own, the watched rooms' versions from PostgreSQL."""

    def __init__(self, url: str, every: float = CHECK_S):
        self.url, self.every, self.stopped = url, every, threading.Event()

    def start(self, loop, hub) -> None:
        """Check in a thread of its own; a room that moved on is handed to the hub, which reads it anew."""
        threading.Thread(target=self._check, args=(loop, hub), name="elsewhere", daemon=True).start()

    def _check(self, loop, hub) -> None:
        import psycopg

        said, connection = False, None
        while not self.stopped.wait(self.every):
            watched = {code: channel.version for code, channel in hub.channels.copy().items()}
            if not watched:
                continue
            try:
                connection = connection or psycopg.connect(self.url, autocommit=True)
                stored = connection.execute(VERSIONS, (list(watched),)).fetchall()
                said = False
            except psycopg.Error as error:
                if connection is not None:
                    connection.close()
                connection = None
                if not said:  # once an outage, not once a check
                    log.warning("rollsheet serve: cannot check PostgreSQL for other servers' changes "
                                f"({str(error).strip().splitlines()[0]}); trying again every {self.every:g} s")
                said = True
                continue
            for code, version in newer(watched, stored):
                loop.call_soon_threadsafe(hub.arrived, code, version, None)

    def send(self, code: str, state: dict, speaking: str, frame: bytes) -> None:
        """Nothing to send: other hosts find the change in the database."""

    def tell(self, data: bytes) -> None:
        """Nothing to tell: a room's phones are on its host (presence stays there)."""

    def stop(self, loop) -> None:
        """Stop checking."""
        self.stopped.set()


class Relays:
    """Several relays as one (a host's workers' sockets and the check for other hosts' changes)."""

    def __init__(self, *relays):
        self.relays = relays

    def start(self, loop, hub) -> None:
        """Start each."""
        for relay in self.relays:
            relay.start(loop, hub)

    def send(self, code: str, state: dict, speaking: str, frame: bytes) -> None:
        """Send through each."""
        for relay in self.relays:
            relay.send(code, state, speaking, frame)

    def tell(self, data: bytes) -> None:
        """Tell through each."""
        for relay in self.relays:
            relay.tell(data)

    def stop(self, loop) -> None:
        """Stop each."""
        for relay in self.relays:
            relay.stop(loop)
