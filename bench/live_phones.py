"""The load generator's phones and rollers: raw HTTP/1.1 keep-alive over asyncio streams.

Glossary:
- phone: one live page, as static/room.js `follow()` does it: GET ?since=<its version>&wait=20,
  a 0.4 s pause after an answer that came within 1 s, 2 s after an error.
- roller: one per room, one action a second (Copenhagen and Lost Cities roll; Simstown rolls
  3 times, then `next`; Monolyth moves the crystal, its "roll").
- update latency: from the roller reading a change's answer to a phone reading that version
  (or a newer one; a phone that saw it before the roller read its answer counts 0).
- lag: how late a roller sent its action against its schedule: the generator's own delay.
"""
from __future__ import annotations

import asyncio
import json
import time

POLL = "/api/rooms/{code}?since={version}&wait=20"


class Connection:
    """One keep-alive HTTP/1.1 connection to the server (reopened after a close)."""

    def __init__(self, port: int):
        self.port, self.reader, self.writer = port, None, None

    async def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
        """Send one request; its status and body."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        data = json.dumps(body).encode() if body is not None else b""
        self.writer.write(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                          f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
        try:
            head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in head[1:] if line)}
            answer = await self.reader.readexactly(int(headers.get("content-length", 0)))
        except BaseException:
            self.close()
            raise
        if headers.get("connection", "").lower() == "close":
            self.close()
        return int(head[0].split()[1]), answer

    def close(self) -> None:
        """Drop the connection; the next request opens a new one."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Tally:
    """What one run saw: answered changes, phone sightings, latencies, errors."""

    def __init__(self):
        self.changes: dict[tuple[str, int], float] = {}
        self.sightings: list[tuple[str, int, int, int, float]] = []
        self.roll_s, self.lag_s, self.errors, self.requests = [], [], [], 0

    def error(self, what: str) -> None:
        """Count one failure, described by `what`."""
        self.errors.append(what)


async def phone(port: int, code: str, number: int, tally: Tally) -> None:
    """Keep one phone live in a room, like room.js does, until cancelled."""
    connection, version = Connection(port), 0
    try:
        while True:
            started = time.perf_counter()
            try:
                status, answer = await connection.request("GET", POLL.format(code=code, version=version))
                tally.requests += 1
                if status != 200:
                    tally.error(f"poll {status}")
                    await asyncio.sleep(2)
                elif (seen := json.loads(answer)["version"]) > version:
                    tally.sightings.append((code, number, version, seen, time.perf_counter()))
                    version = seen
            except (OSError, asyncio.IncompleteReadError) as error:
                tally.error(f"poll {type(error).__name__}")
                await asyncio.sleep(2)
            if time.perf_counter() - started < 1:
                await asyncio.sleep(0.4)
    finally:
        connection.close()


def next_action(game: str, state: dict) -> tuple[str, dict]:
    """The room's action for this second: its game's roll (Simstown ends a turn after 3)."""
    if game == "simstown" and state.get("rolls", 0) >= 3:
        return "next", {"player": "Ana"}
    if game == "monolyth":
        ring, at = state["ring"], state["crystal"]
        steps = next((s for s in range(1, 5) if ring[(at + s) % len(ring)]), 1)
        return "move", {"player": "Ana", "steps": steps, "take": "piece"}
    return "roll", {"player": "Ana"}


async def roller(port: int, code: str, game: str, state: dict, start: float, seconds: int, tally: Tally) -> None:
    """Act in one room once a second from `start` for `seconds` seconds."""
    connection = Connection(port)
    for second in range(seconds):
        due = start + second
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        action, body = next_action(game, state)
        sent = time.perf_counter()
        tally.lag_s.append(sent - due)
        try:
            status, answer = await connection.request("POST", f"/api/rooms/{code}/{action}", body)
        except (OSError, asyncio.IncompleteReadError) as error:
            tally.error(f"{action} {type(error).__name__}")
            continue
        done = time.perf_counter()
        tally.requests += 1
        if not 200 <= status < 300:
            tally.error(f"{action} {status}: {answer[:80]!r}")
            continue
        state = json.loads(answer)
        tally.changes[(code, state["version"])] = done
        tally.roll_s.append(done - sent)
    connection.close()


def update_latencies(tally: Tally, phones: int) -> tuple[list[float], int]:
    """Seconds from each change's answer to each phone of its room seeing it; and how many never did."""
    first_seen = {}
    for code, number, old, new, at in tally.sightings:
        for version in range(old + 1, new + 1):
            first_seen.setdefault((code, number, version), at)
    latencies, unseen = [], 0
    for (code, version), answered in tally.changes.items():
        for number in range(phones):
            at = first_seen.get((code, number, version))
            if at is None:
                unseen += 1
            else:
                latencies.append(max(0.0, at - answered))
    return latencies, unseen


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of values; 0 when there are none."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))] if ordered else 0.0
