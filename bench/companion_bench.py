"""Companion benchmark: rooms of long-polling phones and one roll per room a second, against targets.

Run: `python bench/companion_bench.py [--runs 3] [--seconds 20] [--rooms 50] [--phones 5]`.
Each run starts `rollsheet serve` (`python -m sheets.cli serve`) on loopback with a fresh data
folder, drives it from one asyncio loop over raw HTTP/1.1 keep-alive connections (one per
phone and per roller), and always stops it. Prints every run and the medians; exits 1 when a
target is missed (errors summed over the runs, the other figures as medians of the runs).

Glossary:
- phone: one live page, as static/room.js `follow()` does it: GET ?since=<its version>&wait=20,
  a 0.4 s pause after an answer that came within 1 s, 2 s after an error.
- roller: one per room, one action a second, the rooms spread over the second and over the
  four games (Copenhagen and Lost Cities roll; Simstown rolls 3 times, then `next`; Monolyth
  moves the crystal, its "roll").
- update latency: from the roller reading a change's answer to a phone reading that version
  (or a newer one); a miss is a phone that took over 1 s or never saw it.
- lag: how late a roller sent its action against its schedule: the generator's own delay.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["copenhagen", "lost-cities", "simstown", "monolyth"]
POLL = "/api/rooms/{code}?since={version}&wait=20"
DRAIN = 1.5
TARGETS = {"errors": 0, "roll p99 ms": 100.0, "update misses (> 1 s)": 0, "server peak MB": 200.0}


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


def server_cpu_s(pid: int) -> float:
    """CPU seconds the server process has used (user + system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_mb(pid: int) -> float:
    """The process's peak resident memory (VmHWM) in MB."""
    line = next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line.startswith("VmHWM"))
    return int(line.split()[1]) / 1024


async def drive(port: int, pid: int, rooms: int, phones: int, seconds: int) -> dict:
    """Open the rooms, keep their phones live, roll for `seconds`; the run's figures."""
    tally, setup, tables = Tally(), Connection(port), []
    for number in range(rooms):
        game = GAMES[number % len(GAMES)]
        _, answer = await setup.request("POST", "/api/rooms", {"game": game})
        code = json.loads(answer)["code"]
        tables.append((code, game, json.loads((await setup.request("GET", f"/api/rooms/{code}"))[1])))
    setup.close()
    live = [asyncio.create_task(phone(port, code, n, tally)) for code, _, _ in tables for n in range(phones)]
    await asyncio.sleep(1.0)
    tally.requests, start = 0, time.perf_counter() + 0.05
    cpu, server_cpu = time.process_time(), server_cpu_s(pid)
    await asyncio.gather(*(roller(port, code, game, state, start + n / rooms, seconds, tally)
                           for n, (code, game, state) in enumerate(tables)))
    await asyncio.sleep(DRAIN)
    window = time.perf_counter() - start
    cpu, server_cpu = time.process_time() - cpu, server_cpu_s(pid) - server_cpu
    for task in live:
        task.cancel()
    await asyncio.gather(*live, return_exceptions=True)
    updates, unseen = update_latencies(tally, phones)
    return {"requests/s": tally.requests / window, "rolls": len(tally.roll_s),
            "roll p50 ms": percentile(tally.roll_s, 50) * 1000, "roll p99 ms": percentile(tally.roll_s, 99) * 1000,
            "update p50 ms": percentile(updates, 50) * 1000, "update p99 ms": percentile(updates, 99) * 1000,
            "update max ms": max(updates, default=0) * 1000,
            "update misses (> 1 s)": unseen + sum(1 for s in updates if s > 1), "updates": len(updates) + unseen,
            "errors": len(tally.errors), "error kinds": sorted(set(tally.errors))[:5],
            "lag p99 ms": percentile(tally.lag_s, 99) * 1000, "server peak MB": peak_mb(pid),
            "server CPU %": 100 * server_cpu / window, "generator CPU %": 100 * cpu / window}


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of values; 0 when there are none."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))] if ordered else 0.0


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def one_run(rooms: int, phones: int, seconds: int) -> dict:
    """Start the server on loopback, drive it, stop it (always); the run's figures."""
    with tempfile.TemporaryDirectory(prefix="rollsheet-bench-") as data:
        port, log = free_port(), open(Path(data) / "serve.log", "w+")
        command = [sys.executable, "-m", "sheets.cli", "serve", "--host", "127.0.0.1", "--port", str(port), "--data", data]
        server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        log.seek(0)
                        raise SystemExit(f"rollsheet serve did not start:\n{log.read()[-2000:]}") from None
                    time.sleep(0.1)
            return asyncio.run(asyncio.wait_for(drive(port, server.pid, rooms, phones, seconds), seconds + 60))
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
            log.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, choices=range(1, 11), metavar="1-10")
    parser.add_argument("--seconds", type=int, default=20, choices=range(1, 121), metavar="1-120")
    parser.add_argument("--rooms", type=int, default=50, choices=range(1, 201), metavar="1-200")
    parser.add_argument("--phones", type=int, default=5, choices=range(1, 11), metavar="1-10")
    args = parser.parse_args()
    print(f"{args.rooms} rooms x {args.phones} phones, one roll per room per second, {args.seconds} s, "
          f"{args.runs} run(s), {os.cpu_count()} cores")
    runs = []
    for number in range(1, args.runs + 1):
        runs.append(one_run(args.rooms, args.phones, args.seconds))
        print(f"run {number}: " + ", ".join(f"{k} {v:.1f}" if isinstance(v, float) else f"{k} {v}"
                                            for k, v in runs[-1].items()), flush=True)
    print("medians of the runs (errors: sum):")
    ok = True
    for name in [k for k, v in runs[0].items() if isinstance(v, (int, float))]:
        value = sum(r[name] for r in runs) if name == "errors" else statistics.median(r[name] for r in runs)
        target = TARGETS.get(name)
        met = target is None or value <= target
        ok &= met
        verdict = "" if target is None else f"   target <= {target:g} {'ok' if met else 'MISSED'}"
        print(f"  {name:<24} {value:>10.1f}{verdict}")
    print("all targets met" if ok else "target(s) missed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
