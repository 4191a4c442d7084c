"""Companion benchmark: rooms of live phones and one action per room a second, against targets.

Run: `python bench/companion_bench.py [--runs 3] [--seconds 60] [--rooms 400] [--phones 5]
[--live stream|poll] [--languages en,de,es] [--overload] [--serve "COMMAND"]`.
Each run starts `rollsheet serve` (`python -m sheets.cli serve`, or COMMAND, given --host,
--port and --data) on loopback with a fresh data folder, drives it from one asyncio loop
(bench/live_phones.py: one connection per phone and per roller, the rooms spread over the
second and over the four games; a room's phones ask for the `--languages` in turn, default all
English), then reads every room back and always stops the server.
Prints every run and the medians; exits 1 when a target is missed (errors, lost actions and
server log warnings summed over the runs, the other figures as medians of the runs).
Update misses: changes some phone saw after more than 1 s, or never (so the target is p100 < 1 s).
Lost actions: acknowledged (200) actions missing from their room's final version.
`--overload` (e.g. 600 rooms): only errors, lost actions and log warnings are targets;
503 answers (busy) are the documented overload answer and are counted, not errors.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shlex
import statistics
import sys
import tempfile
import time
from pathlib import Path

from live_phones import Connection, Tally, lag_probe, percentile, phone, poller, roller, update_latencies

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.serving import serving  # noqa: E402  (the repository's own start-and-stop of a real server)
GAMES = ["copenhagen", "lost-cities", "simstown", "monolyth"]
DRAIN = 1.5
TARGETS = {"errors": 0, "lost actions": 0, "server log warnings": 0, "roll p99 ms": 100.0,
           "update misses (> 1 s)": 0, "server peak MB": 200.0}
OVERLOAD_TARGETS = ("errors", "lost actions", "server log warnings")
SUMMED = ("errors", "lost actions", "server log warnings", "busy (503)")
SERVE = f"{shlex.quote(sys.executable)} -m sheets.cli serve"
LOG_ALARMS = ("WARNING", "ERROR", "Traceback", "Uncaught exception")


def server_cpu_s(pid: int) -> float:
    """CPU seconds the server process has used (user + system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_mb(pid: int) -> float:
    """The process's peak resident memory (VmHWM) in MB."""
    line = next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line.startswith("VmHWM"))
    return int(line.split()[1]) / 1024


async def drive(port: int, pid: int, rooms: int, phones: int, seconds: int, live_kind: str,
                languages: list[str]) -> dict:
    """Open the rooms, keep their phones live, act for `seconds`, read the rooms back; the run's figures."""
    tally, setup, tables = Tally(), Connection(port), []
    for number in range(rooms):
        game = GAMES[number % len(GAMES)]
        code = json.loads((await setup.request("POST", "/api/rooms", {"game": game, "players": 2}))[2])["code"]
        tables.append(code)
    follow = phone if live_kind == "stream" else poller
    live = [asyncio.create_task(follow(port, code, n, tally, languages[n % len(languages)]))
            for code in tables for n in range(phones)]
    live.append(asyncio.create_task(lag_probe(tally)))
    await asyncio.sleep(1.0)
    tally.requests, start = 0, time.perf_counter() + 0.05
    cpu, server_cpu = time.process_time(), server_cpu_s(pid)
    await asyncio.gather(*(roller(port, code, start + n / rooms, seconds, tally) for n, code in enumerate(tables)))
    await asyncio.sleep(DRAIN)
    window = time.perf_counter() - start
    cpu, server_cpu = time.process_time() - cpu, server_cpu_s(pid) - server_cpu
    tally.stopped = True  # Python 3.11's wait_for can swallow a cancel: the phones also stop by this flag
    for task in live:
        task.cancel()
    await asyncio.wait(live, timeout=30)
    setup.close()
    lost, reader = 0, Connection(port)
    for code in tables:
        version = json.loads((await reader.request("GET", f"/api/rooms/{code}", timeout=60))[2])["version"]
        lost += max(0, 1 + tally.acknowledged[code] - version)  # opened, then one version per seat and move
    reader.close()
    updates, unseen = update_latencies(tally, phones)
    return {"requests/s": tally.requests / window, "rolls": len(tally.roll_s),
            "roll p50 ms": percentile(tally.roll_s, 50) * 1000, "roll p99 ms": percentile(tally.roll_s, 99) * 1000,
            "update p50 ms": percentile(updates, 50) * 1000, "update p99 ms": percentile(updates, 99) * 1000,
            "update max ms": max(updates, default=0) * 1000,
            "update misses (> 1 s)": unseen + sum(1 for s in updates if s > 1), "updates": len(updates) + unseen,
            "errors": len(tally.errors), "error kinds": sorted(set(tally.errors))[:5],
            "lost actions": lost, "busy (503)": tally.busy,
            "lag p99 ms": percentile(tally.lag_s, 99) * 1000, "server peak MB": peak_mb(pid),
            "server CPU %": 100 * server_cpu / window, "generator CPU %": 100 * cpu / window}


def one_run(serve: str, rooms: int, phones: int, seconds: int, live_kind: str, languages: list[str]) -> dict:
    """Start the server on loopback, drive it, stop it (always); the run's figures."""
    with tempfile.TemporaryDirectory(prefix="rollsheet-bench-") as data:
        log = open(Path(data) / "serve.log", "w+")
        try:
            with serving(Path(data), command=shlex.split(serve), stderr=log) as (base, server):
                port = int(base.rsplit(":", 1)[1])
                figures = asyncio.run(asyncio.wait_for(drive(port, server.pid, rooms, phones, seconds, live_kind,
                                                             languages), 2 * seconds + 300))
        finally:
            log.seek(0)
            warnings = [line for line in log if any(word in line for word in LOG_ALARMS)]
            log.close()
    return dict(figures, **{"server log warnings": len(warnings)})


def main() -> int:
    """Run the benchmark as the command line asks; 0 when every target is met, else 1."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, choices=range(1, 11), metavar="1-10")
    parser.add_argument("--seconds", type=int, default=60, choices=range(1, 301), metavar="1-300")
    parser.add_argument("--rooms", type=int, default=400, choices=range(1, 2001), metavar="1-2000")
    parser.add_argument("--phones", type=int, default=5, choices=range(1, 11), metavar="1-10")
    parser.add_argument("--live", choices=("stream", "poll"), default="stream", help="how phones follow the room")
    parser.add_argument("--languages", default="en", help="what the phones of a room ask for, in turn (en,de,es)")
    parser.add_argument("--overload", action="store_true", help="past capacity: only errors and lost actions count")
    parser.add_argument("--serve", default=SERVE, help="server command, given --host, --port and --data")
    args = parser.parse_args()
    languages = args.languages.split(",")
    print(f"{args.rooms} rooms x {args.phones} phones ({args.live}, {'/'.join(languages)}), one action per room per "
          f"second, {args.seconds} s, {args.runs} run(s), {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")
    runs, failed = [], 0
    for number in range(1, args.runs + 1):
        try:
            runs.append(one_run(args.serve, args.rooms, args.phones, args.seconds, args.live, languages))
        except Exception as error:  # a run that broke down is reported, and the bench goes on
            failed += 1
            print(f"run {number}: FAILED, {type(error).__name__}: {error}", flush=True)
            continue
        print(f"run {number} (load {os.getloadavg()[0]:.2f}): " + ", ".join(f"{k} {v:.1f}" if isinstance(v, float) else f"{k} {v}"
                                            for k, v in runs[-1].items()), flush=True)
    print(f"medians of {len(runs)} run(s) ({', '.join(SUMMED)}: sums); {failed} run(s) failed:")
    ok = failed == 0 and bool(runs)
    for name in [k for k, v in (runs[0] if runs else {}).items() if isinstance(v, (int, float))]:
        value = sum(r[name] for r in runs) if name in SUMMED else statistics.median(r[name] for r in runs)
        target = TARGETS.get(name) if not args.overload or name in OVERLOAD_TARGETS else None
        met = target is None or value <= target
        ok &= met
        verdict = "" if target is None else f"   target <= {target:g} {'ok' if met else 'MISSED'}"
        print(f"  {name:<24} {value:>10.1f}{verdict}")
    print("all targets met" if ok else "target(s) missed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
