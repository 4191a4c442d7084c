"""The load generator's phones and rollers: raw HTTP/1.1 over asyncio streams, every wait bounded.

Glossary:
- phone: one live page, as static/live.js does it: an event stream
  (`GET /api/rooms/<code>/events`), reopened with `Last-Event-ID` after the `retry:` the
  server sent (EventSource's), after Retry-After when the server answered 503; or `poller`,
  live.js's fallback: long polls `?since=<version>&wait=20`, 0.4 s apart when answered at once.
- roller: one per room, one action a second (`roller`, the one place that says what a table does).
- update latency: from the roller reading a change's answer to a phone reading that version
  (or a newer one; a phone that saw it before the roller read its answer counts 0).
- lag: how late the generator's loop wakes against a 50 ms tick (`lag_probe`): its own delay.
- busy: a 503 answer with Retry-After (the server's documented overload answer), not an error.
- storm: every phone's stream dropped at once (`drop_all`), as a restart does; they reconnect
  after their `retry:` and a dropped stream is not an error.
- language: what a phone asks for (Accept-Language); a room's phones may ask for several, and the
  server then writes each version out once per language.
"""
from __future__ import annotations

import asyncio
import json
import time

TIMEOUT_S = 10.0
STREAM_SILENCE_S = 25.0
RECONNECT_S = 2.0


class Connection:
    """One keep-alive HTTP/1.1 connection to the server (reopened after a close)."""

    def __init__(self, port: int):
        self.port, self.reader, self.writer, self.dropped = port, None, None, False

    async def request(self, method: str, path: str, body: dict | None = None, headers: str = "",
                      timeout: float = TIMEOUT_S) -> tuple[int, dict, bytes]:
        """Send one request and read its head and body within `timeout` s; (status, headers, body)."""
        try:
            async with asyncio.timeout(timeout):  # a timer, where wait_for made a task of every request
                return await self._exchange(method, path, body, headers)
        except BaseException:
            self.close()
            raise

    async def _exchange(self, method, path, body, extra):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        data = json.dumps(body).encode() if body is not None else b""
        kind = "Content-Type: application/json\r\n" if body is not None else ""
        self.writer.write(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{kind}{extra}"
                          f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in head[1:] if line)}
        answer = b""
        if "content-length" in headers:
            answer = await self.reader.readexactly(int(headers["content-length"]))
        if headers.get("connection", "").lower() == "close":
            self.close()
        return int(head[0].split()[1]), headers, answer

    async def chunk(self) -> bytes:
        """The next chunk of a chunked answer (an event stream), within STREAM_SILENCE_S."""
        async with asyncio.timeout(STREAM_SILENCE_S):
            size = int(await self.reader.readuntil(b"\r\n"), 16)
        async with asyncio.timeout(TIMEOUT_S):
            data = await self.reader.readexactly(size + 2)
        if size == 0:
            raise ConnectionResetError("stream ended")
        return data[:-2]

    def close(self) -> None:
        """Drop the connection; the next request opens a new one."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    def drop(self) -> None:
        """Cut the connection from outside (a storm): its reader fails, and that is not an error."""
        self.dropped = True
        if self.writer is not None:
            self.writer.transport.abort()


class Tally:
    """What one run saw: answered changes, phone sightings, latencies, errors, 503s."""

    def __init__(self):
        self.changes: dict[tuple[str, int], float] = {}
        self.sightings: list[tuple[str, int, int, int, float]] = []
        self.roll_s, self.moved_at, self.busy_at, self.lag_s, self.errors, self.requests = [], [], [], [], [], 0
        self.acknowledged: dict[str, int] = {}
        self.streams: set[Connection] = set()
        self.busy, self.busy_moves, self.stopped = 0, 0, False

    def error(self, what: str) -> None:
        """Count one failure, described by `what`."""
        self.errors.append(what)

    def refused(self, what: str, status: int, headers: dict) -> float:
        """Count an answer other than 200 (503: busy, else an error); seconds to wait before trying again."""
        if status == 503:
            self.busy += 1
            self.busy_moves += what.startswith("POST")
            self.busy_at.append(time.perf_counter())
            return float(headers.get("retry-after", RECONNECT_S))
        self.error(f"{what} {status}")
        return RECONNECT_S

    def saw(self, code: str, number: int, old: int, new: int) -> int:
        """Phone `number` of room `code` went from version `old` to `new` now; the version it has."""
        if new > old:
            self.sightings.append((code, number, old, new, time.perf_counter()))
        return max(old, new)

    def drop_all(self) -> None:
        """Cut every phone's stream at once."""
        for connection in list(self.streams):
            connection.drop()


FAILURES = (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, asyncio.LimitOverrunError, ValueError)


async def phone(port: int, code: str, number: int, tally: Tally, language: str = "en") -> None:
    """Keep one phone's event stream open in a room, like live.js does, until the run stops."""
    connection, version, retry = Connection(port), 0, RECONNECT_S
    tally.streams.add(connection)
    try:
        while not tally.stopped:
            pause, connection.dropped = retry, False
            try:
                resume = f"Accept-Language: {language}\r\n" + (f"Last-Event-ID: {version}\r\n" if version else "")
                status, headers, _ = await connection.request("GET", f"/api/rooms/{code}/events", headers=resume)
                tally.requests += 1
                if status != 200:
                    pause = tally.refused("stream", status, headers)
                else:
                    buffer = b""
                    while not tally.stopped:
                        buffer += await connection.chunk()
                        *events, buffer = buffer.split(b"\n\n")
                        for event in events:
                            fields = dict(line.split(b": ", 1) for line in event.split(b"\n") if b": " in line)
                            if b"data" in fields:
                                version = tally.saw(code, number, version, int(fields[b"id"]))
                            elif b"retry" in fields:
                                retry = int(fields[b"retry"]) / 1000
            except FAILURES as error:
                if not connection.dropped:
                    tally.error(f"stream {type(error).__name__}")
                pause = retry
            connection.close()
            await asyncio.sleep(pause)
    finally:
        tally.streams.discard(connection)
        connection.close()


async def lag_probe(tally: Tally, tick: float = 0.05) -> None:
    """Measure how late the generator's own loop wakes up, every `tick` seconds, until stopped."""
    while not tally.stopped:
        due = time.perf_counter() + tick
        await asyncio.sleep(tick)
        tally.lag_s.append(time.perf_counter() - due)


async def poller(port: int, code: str, number: int, tally: Tally, language: str = "en") -> None:
    """Keep one phone live by long polling (live.js's fallback) until the run stops."""
    connection, version = Connection(port), 0
    while not tally.stopped:
        started, pause = time.perf_counter(), 0.0
        try:
            status, headers, answer = await connection.request("GET", f"/api/rooms/{code}?since={version}&wait=20",
                                                                headers=f"Accept-Language: {language}\r\n",
                                                                timeout=TIMEOUT_S + 25)
            tally.requests += 1
            if status != 200:
                pause = tally.refused("poll", status, headers)
            else:
                version = tally.saw(code, number, version, json.loads(answer)["version"])
        except FAILURES as error:
            tally.error(f"poll {type(error).__name__}")
            pause = RECONNECT_S
        if time.perf_counter() - started < 1:
            pause = max(pause, 0.4)
        await asyncio.sleep(pause)


async def roller(port: int, code: str, start: float, seconds: int, tally: Tally) -> None:
    """Play one room as its one seated player, one move a second from `start` for `seconds` seconds.

    The roller takes a seat ("Ana", in a 2-player room) and sends its name, seat token and the
    version it saw with each move: the first move the server allows it (the state's `allowed`, less
    list crossings and the declared end): Copenhagen rolls, then uses no die; Lost Cities rolls, then
    picks; Simstown rolls 3 times, then `next`; Monolyth moves the crystal one slot and takes the piece.
    Every acknowledged move is counted, to find lost ones afterwards.
    """
    connection, tally.acknowledged[code] = Connection(port), 0
    seated = await send(connection, "POST", f"/api/rooms/{code}/seats", {"name": "Ana"}, tally, expected=201)
    state = seated and await send(connection, "GET", f"/api/rooms/{code}", None, tally)
    if not state:
        return
    token, seat, state = seated[0]["token"], seated[0]["seat"], state[0]
    tally.acknowledged[code] += 1
    for second in range(seconds):
        due = start + second
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        move = next(m for m in state["allowed"][str(seat)] if m["move"] not in ("cross", "end"))
        action, body = move["move"], {key: value for key, value in move.items() if key != "move"}
        body.update(player="Ana", token=token, seen=state["version"])
        answered = await send(connection, "POST", f"/api/rooms/{code}/{action}", body, tally)
        if answered is not None:
            state, took = answered
            tally.acknowledged[code] += 1
            tally.changes[(code, state["version"])] = time.perf_counter()
            tally.roll_s.append(took)
            tally.moved_at.append(time.perf_counter() - took)
        else:  # like a phone, redraw from the room before the next move (a timed-out move may have happened)
            state = (await send(connection, "GET", f"/api/rooms/{code}", None, tally) or (state,))[0]
    connection.close()


async def send(connection: Connection, method: str, path: str, body: dict | None, tally: Tally,
               expected: int = 200) -> tuple[dict, float] | None:
    """Send until the server takes it (a 503 is tried again after its Retry-After); (answer, seconds) or None."""
    while True:
        sent = time.perf_counter()
        try:
            status, headers, answer = await connection.request(method, path, body)
        except FAILURES as error:
            tally.error(f"{method} {type(error).__name__}")
            return None
        tally.requests += 1
        if status == expected:
            return json.loads(answer), time.perf_counter() - sent
        pause = tally.refused(f"{method} {answer[:80]!r}", status, headers)
        if status != 503:
            return None
        await asyncio.sleep(pause)
