"""The server under test as the bench sees it: its processes (a `serve` and its workers), their CPU time and
peak memory, a worker killed on purpose, a PostgreSQL of the bench's own, and the CPU a move costs alone.

Glossary:
- processes: the `serve` process and the workers it forked (`/proc/<pid>/task/<pid>/children`).
- CPU time: user + system seconds of every process, with the workers that already ended (cutime/cstime).
- move alone: one player's move on one keep-alive connection, the next sent after the answer, no phone
  watching, in a room whose log already shows its 30 lines (what the issue measured: 1.2 ms before).
"""
from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from contextlib import contextmanager
from pathlib import Path

from live_phones import Connection

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.serving import serve_processes as processes  # noqa: E402  (a serve and its workers, as the tests find them)

ALONE_ROOMS, ALONE_WARMUP, ALONE_MOVES = 8, 32, 40


def _stat(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def cpu_s(pid: int) -> float:
    """CPU seconds the server has used: its process, its live workers and the workers that ended."""
    fields, tick = _stat(pid), os.sysconf("SC_CLK_TCK")
    total = sum(int(fields[i]) for i in (11, 12, 13, 14))
    for worker in processes(pid)[1:]:
        try:
            total += sum(int(field) for field in _stat(worker)[11:13])
        except OSError:  # it ended just now
            pass
    return total / tick


def peak_mb(pid: int) -> float:
    """The peak resident memory (VmHWM) of the server's processes added up, MB (a shared page counted in each)."""
    total = 0
    for process in processes(pid):
        status = Path(f"/proc/{process}/status").read_text().splitlines()
        total += next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
    return total / 1024


def pss_mb(pid: int) -> float:
    """The memory the server's processes hold now, MB: their proportional set sizes added up (a page shared by
    the workers is counted once, split among them)."""
    total = 0
    for process in processes(pid):
        try:
            rollup = Path(f"/proc/{process}/smaps_rollup").read_text().splitlines()
        except OSError:
            continue
        total += next(int(line.split()[1]) for line in rollup if line.startswith("Pss:"))
    return total / 1024


async def sample_memory(pid: int, peaks: list[float], every: float = 1.0) -> None:
    """Keep the largest `pss_mb` seen in `peaks[0]`, sampling every `every` seconds until cancelled."""
    while True:
        peaks[0] = max(peaks[0], pss_mb(pid))
        await asyncio.sleep(every)


def kill_a_worker(pid: int) -> int | None:
    """Kill one worker with SIGKILL (as a crash would); its pid, or None when the server has no workers."""
    workers = processes(pid)[1:]
    if not workers:
        return None
    os.kill(workers[0], signal.SIGKILL)
    return workers[0]


@contextmanager
def postgres():
    """A PostgreSQL of the bench's own (durable settings) in a temporary folder; yields its URL."""
    from tests.postgres import postgres_server

    with postgres_server(durable=True) as url:
        yield url


async def moves_alone(port: int, start, stop, rooms: int = ALONE_ROOMS) -> int:
    """Simstown moves made alone (the first move the server allows the one seat: roll 3 times, then next) with a
    30-line log: in each of `rooms` solo rooms ALONE_WARMUP moves fill the log, then `start()`, ALONE_MOVES moves
    in each room (18 turns of the game's 30), `stop()`; how many moves were measured."""
    connection = Connection(port)

    async def call(method, path, body=None):
        status, _, answer = await connection.request(method, path, body, timeout=120)
        assert status in (200, 201), (status, answer[:200])
        return json.loads(answer)

    async def play(table: dict, moves: int) -> None:
        for _ in range(moves):
            state, seated = table["state"], table["seated"]
            move = next(m for m in state["allowed"][str(seated["seat"])] if m["move"] not in ("cross", "end"))
            body = dict({k: v for k, v in move.items() if k != "move"}, player="Ana", token=seated["token"],
                        seen=state["version"])
            table["state"] = await call("POST", f"/api/rooms/{table['code']}/{move['move']}", body)

    tables = []
    for _ in range(rooms):
        code = (await call("POST", "/api/rooms", {"game": "simstown", "players": 1}))["code"]
        seated = await call("POST", f"/api/rooms/{code}/seats", {"name": "Ana"})
        tables.append({"code": code, "seated": seated, "state": await call("GET", f"/api/rooms/{code}")})
        await play(tables[-1], ALONE_WARMUP)
    start()
    for table in tables:
        await play(table, ALONE_MOVES)
    stop()
    connection.close()
    return rooms * ALONE_MOVES


async def cpu_per_move_alone(port: int, pid: int) -> float:
    """Server CPU milliseconds per move made alone (`moves_alone`)."""
    spent = []
    moves = await moves_alone(port, lambda: spent.append(cpu_s(pid)), lambda: spent.append(cpu_s(pid)))
    return (spent[1] - spent[0]) / moves * 1000
