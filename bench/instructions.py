"""The instructions a move made alone costs the server, counted by valgrind's callgrind: a count that does not move
with the machine's load (the same within a percent from run to run), where CPU time swings with it.

The server (`serve --workers 1`: one process to count) runs under `valgrind --tool=callgrind` with the counting
off (`--instr-atstart=no`, so it starts a few times slower, not fifty); the rooms are opened and their logs filled
with it off, `callgrind_control -i on` counts the measured moves alone, and the total is read from the file
callgrind writes when the server stops. User space only: the kernel's part of a commit (its fsync) is not in it.

Glossary:
- checkout: the repository a server runs from (this one, or another one given to `--against`).
"""
from __future__ import annotations

import asyncio
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from server_process import moves_alone

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.serving import serving  # noqa: E402  (the repository's own start-and-stop of a real server)

COUNTED_ROOMS = 2
START_S = 120


def serve_command(checkout: Path) -> list[str]:
    """`rollsheet serve` run from `checkout`'s code (its folder first on the import path)."""
    start = (f"import runpy, sys; sys.path.insert(0, {str(checkout)!r}); "
             "runpy.run_module('sheets.cli', run_name='__main__', alter_sys=True)")
    return [sys.executable, "-c", start]


def available() -> bool:
    """Whether valgrind and callgrind_control are installed."""
    return bool(shutil.which("valgrind") and shutil.which("callgrind_control"))


def _switch(pid: int, on: bool) -> None:
    subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(pid)], check=True, capture_output=True,
                   timeout=60)


def instructions_per_move(checkout: Path) -> float:
    """Thousands of instructions (user space, every thread of the server) a move made alone costs a `serve` of
    `checkout`."""
    with tempfile.TemporaryDirectory(prefix="rollsheet-callgrind-") as folder:
        out = Path(folder) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
                   *serve_command(checkout), "serve"]
        said = open(Path(folder) / "valgrind.log", "w")
        with said, serving(Path(folder) / "data", "--workers", 1, command=command, stderr=said,
                           start_s=START_S) as (base, server):
            port = int(base.rsplit(":", 1)[1])
            moves = asyncio.run(moves_alone(port, lambda: _switch(server.pid, True),
                                            lambda: _switch(server.pid, False), COUNTED_ROOMS))
            server.terminate()
            server.wait(START_S)
        total = re.search(r"^totals: (\d+)", out.read_text(), re.MULTILINE)
    return int(total.group(1)) / moves / 1000
