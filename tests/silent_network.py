"""A network between phones and a server that can go silent, as a sleeping laptop's or a dropped Wi-Fi's does: a
TCP relay that, while silent, swallows every byte both ways (no error, no answer, no closed connection); once
back, it cuts the connections that lost bytes (as the phone's next packet would find them broken)."""
from __future__ import annotations

import socket
import threading
from contextlib import contextmanager


class SilentNetwork:
    """Relays `base` (http://host:port) at `self.base`; `silence()` and `back()` switch the network off and on."""

    def __init__(self, base: str):
        host, port = base.removeprefix("http://").rsplit(":", 1)
        self.target = (host, int(port))
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.base = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.silent = threading.Event()
        self.lost: set[socket.socket] = set()
        self.open: set[socket.socket] = set()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                phone, _ = self.listener.accept()
                server = socket.create_connection(self.target)
            except OSError:
                return
            self.open.update((phone, server))
            for source, sink in ((phone, server), (server, phone)):
                threading.Thread(target=self._relay, args=(source, sink), daemon=True).start()

    def _relay(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                if self.silent.is_set():
                    self.lost.update((source, sink))
                else:
                    sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            _cut(end)

    def silence(self) -> None:
        """From now on nothing gets through, and nobody is told."""
        self.silent.set()

    def back(self) -> None:
        """The network is back: bytes get through again; connections that lost some are cut."""
        self.silent.clear()
        lost, self.lost = self.lost, set()
        for end in lost:
            _cut(end)

    def close(self) -> None:
        """Stop relaying and cut every connection."""
        self.listener.close()
        for end in self.open:
            _cut(end)


def _cut(end: socket.socket) -> None:
    """Close a relayed connection's end, waking the relay that reads it."""
    try:
        end.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    end.close()


@contextmanager
def silent_network(base: str):
    """A SilentNetwork in front of the server at `base`, closed at the end."""
    network = SilentNetwork(base)
    try:
        yield network
    finally:
        network.close()
