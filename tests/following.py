"""A phone following a room's event stream in a thread, as live.js does: every version it saw, and when."""
from __future__ import annotations

import http.client
import json
import threading
import time
from contextlib import contextmanager
from urllib.parse import urlsplit


class Follower:
    """Reads `GET /api/rooms/<code>/events` from `base` until stopped, reconnecting after a break."""

    def __init__(self, base: str, code: str):
        self.address, self.code = urlsplit(base).netloc, code
        self.seen: dict[int, float] = {}
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._follow, daemon=True)
        self.thread.start()

    def _follow(self) -> None:
        while not self.stopped.is_set():
            try:
                connection = http.client.HTTPConnection(self.address, timeout=20)
                last = max(self.seen, default=0)
                connection.request("GET", f"/api/rooms/{self.code}/events", headers={"Last-Event-ID": str(last)})
                stream = connection.getresponse()
                while not self.stopped.is_set():
                    line = stream.readline().decode()
                    if not line:
                        break
                    if line.startswith("data: "):
                        self.seen.setdefault(json.loads(line[6:])["version"], time.monotonic())
            except (OSError, http.client.HTTPException):
                self.stopped.wait(0.2)

    def wait_for(self, version: int, within: float) -> float | None:
        """Seconds until this phone had seen `version` (None when not within `within` s)."""
        started = time.monotonic()
        while time.monotonic() - started < within:
            at = next((self.seen[v] for v in sorted(self.seen) if v >= version), None)
            if at is not None:
                return max(0.0, at - started)
            time.sleep(0.01)
        return None

    def stop(self) -> None:
        """Stop following."""
        self.stopped.set()


@contextmanager
def following(bases: list[str], code: str, count: int):
    """`count` phones following room `code`, spread over the servers at `bases` in turn; stopped at the end."""
    phones = [Follower(bases[n % len(bases)], code) for n in range(count)]
    try:
        yield phones
    finally:
        for phone in phones:
            phone.stop()
