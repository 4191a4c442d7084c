"""Companion benchmark: rooms of long-polling phones and one roll per room a second, against targets.

Run: `python bench/companion_bench.py [--runs 3] [--seconds 20] [--rooms 50] [--phones 5]`.
Each run starts `rollsheet serve` (`python -m sheets.cli serve`) on loopback with a fresh data
folder, drives it from one asyncio loop (bench/live_phones.py: one keep-alive connection per
phone and per roller, the rooms spread over the second and over the four games) and always
stops it. Prints every run and the medians; exits 1 when a target is missed (errors and
server log warnings summed over the runs, the other figures as medians of the runs).
Update misses: changes some phone saw after more than 1 s, or never (so the target is p100 < 1 s).
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

from live_phones import Connection, Tally, percentile, phone, roller, update_latencies

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["copenhagen", "lost-cities", "simstown", "monolyth"]
DRAIN = 1.5
TARGETS = {"errors": 0, "server log warnings": 0, "roll p99 ms": 100.0, "update misses (> 1 s)": 0,
           "server peak MB": 200.0}
SUMMED = ("errors", "server log warnings")


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
            figures = asyncio.run(asyncio.wait_for(drive(port, server.pid, rooms, phones, seconds), seconds + 60))
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
            log.seek(0)
            warnings = [line for line in log if "WARNING" in line or "Traceback" in line]
            log.close()
    return dict(figures, **{"server log warnings": len(warnings)})


def main() -> int:
    """Run the benchmark as the command line asks; 0 when every target is met, else 1."""
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
    print("medians of the runs (errors and server log warnings: sums):")
    ok = True
    for name in [k for k, v in runs[0].items() if isinstance(v, (int, float))]:
        value = sum(r[name] for r in runs) if name in SUMMED else statistics.median(r[name] for r in runs)
        target = TARGETS.get(name)
        met = target is None or value <= target
        ok &= met
        verdict = "" if target is None else f"   target <= {target:g} {'ok' if met else 'MISSED'}"
        print(f"  {name:<24} {value:>10.1f}{verdict}")
    print("all targets met" if ok else "target(s) missed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
