"""Several `rollsheet serve` hosts on one PostgreSQL behind a real HAProxy, all on 127.0.0.1 (tests and bench).

The proxy runs docs/haproxy.cfg itself (the file docs/hosting.md shows), with its bind address set and one
`server` line appended per host, from a temporary folder; it and every host are always stopped at the end.

Glossary:
- host: one `rollsheet serve` (with its workers) on its own port and data folder, named host1, host2, ...
  as HAProxy names it in the `X-Rollsheet-Host` answer header.
- killed host: its `serve` and all its workers ended with SIGKILL, as a machine that loses power;
  a stopped host: all of them stopped with SIGSTOP, as a machine that hangs.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
from contextlib import ExitStack, contextmanager
from pathlib import Path

from tests.serving import ROOT, SERVE, free_port, serve_processes, serving, within

CONFIG = ROOT / "docs" / "haproxy.cfg"
HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"


def signal_host(pid: int, number: int = signal.SIGKILL) -> None:
    """Send a host's `serve` and every worker of it a signal at once (SIGKILL: a machine losing power; SIGSTOP and
    SIGCONT: one that hangs and runs again)."""
    for process in reversed(serve_processes(pid)):
        try:
            os.kill(process, number)
        except ProcessLookupError:
            pass


@contextmanager
def haproxy(ports: list[int], folder: Path):
    """HAProxy on a free loopback port in front of the hosts on `ports`; yields its base URL; always stopped."""
    port = free_port()
    config = folder / "haproxy.cfg"
    servers = "".join(f"    server host{n} 127.0.0.1:{p}\n" for n, p in enumerate(ports, 1))
    config.write_text(CONFIG.read_text() + servers)
    log = open(folder / "haproxy.log", "w+")
    process = subprocess.Popen([HAPROXY, "-db", "-f", str(config)], stdout=log, stderr=subprocess.STDOUT,
                               env={**os.environ, "ROLLSHEET_PROXY_BIND": f"127.0.0.1:{port}"})
    try:
        def listening() -> bool:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return True
            except OSError:
                return False

        if not within(10, listening) or process.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"HAProxy did not start: {log.read()}")
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)
        log.close()


@contextmanager
def hosts_behind_proxy(count: int, database: str, *args, command: list[str] = SERVE, stderr=subprocess.PIPE):
    """`count` hosts serving `database` (with `--proxy` and ARGS) behind HAProxy; yields (proxy URL, folder, hosts:
    their (base URL, process) in HAProxy's order)."""
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="rollsheet-hosts-")))
        started = [stack.enter_context(serving(folder / f"host{n}", "--database", database, "--proxy", *args,
                                               command=command, stderr=stderr))
                   for n in range(1, count + 1)]
        ports = [int(base.rsplit(":", 1)[1]) for base, _ in started]
        yield stack.enter_context(haproxy(ports, folder)), folder, started
