"""`companion_bench.py --against PATH`: a move made alone measured on this checkout and on another one in the same
run, so a change shows as a ratio that the machine's load blurs the least.

Each of `--runs` pairs starts `serve` (the bench's `--workers`, SQLite) from this checkout, then from the other,
and takes the server CPU of a move alone on each (bench/server_process.py), in turn so that a change of load
falls on both; the instructions of a move alone are counted once per checkout (bench/instructions.py: the count
does not move with the load). Prints each pair, the medians and this checkout's figures over the other's.
"""
from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
from pathlib import Path

from instructions import available, instructions_per_move, serve_command
from server_process import cpu_per_move_alone

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.serving import serving  # noqa: E402  (the repository's own start-and-stop of a real server)


def cpu_alone(checkout: Path, workers: int | None) -> float:
    """Server CPU ms of a move made alone on a fresh `serve` of `checkout`."""
    extra = ["--workers", workers] if workers else []
    with tempfile.TemporaryDirectory(prefix="rollsheet-against-") as folder:
        with open(Path(folder) / "serve.log", "w") as said, \
                serving(Path(folder) / "data", *extra, command=[*serve_command(checkout), "serve"],
                        stderr=said) as (base, server):
            return asyncio.run(cpu_per_move_alone(int(base.rsplit(":", 1)[1]), server.pid))


def compare(against: Path, runs: int, workers: int | None) -> int:
    """Measure this checkout against `against`, print the figures and their ratios; 0 (no targets here)."""
    checkouts = {"this": ROOT, "other": against.resolve()}
    print(f"side by side: this {checkouts['this']} against {checkouts['other']}, {runs} pair(s), "
          f"workers {workers or 'default'}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")
    cpu = {name: [] for name in checkouts}
    for number in range(1, runs + 1):
        for name, checkout in checkouts.items():
            cpu[name].append(cpu_alone(checkout, workers))
        print(f"pair {number} (load {os.getloadavg()[0]:.2f}): CPU per move alone ms: this {cpu['this'][-1]:.3f}, "
              f"other {cpu['other'][-1]:.3f}", flush=True)
    figures = {"CPU per move alone ms": {name: statistics.median(values) for name, values in cpu.items()}}
    if available():
        figures["instructions per move alone k"] = {name: instructions_per_move(checkout)
                                                    for name, checkout in checkouts.items()}
    else:
        print("valgrind or callgrind_control not installed: no instruction counts")
    print(f"medians (load {os.getloadavg()[0]:.2f}):")
    for label, values in figures.items():
        print(f"  {label:<30} this {values['this']:>10.3f}   other {values['other']:>10.3f}   "
              f"this/other {values['this'] / values['other']:.3f}")
    return 0
