"""`rollsheet serve --workers N`: N server processes on one port, kept running by their parent.

The parent binds the listening sockets, opens the app (checking and upgrading the database once)
and forks the workers, which all accept on those same sockets (a pre-forked listening socket: the
connections a dead worker had not accepted yet stay queued for the others). It runs no server
itself: it restarts a worker that dies (its phones reconnect to the others, as EventSource does;
a move is acknowledged only after its commit, so nothing acknowledged is lost), and on SIGINT or
SIGTERM stops them all. Linux and macOS only (no fork on Windows, where `serve` runs one process).

Glossary:
- worker number: 0 to N-1, kept by a restarted worker (its relay socket is named by it); worker 0
  runs the hourly sweep of idle rooms.
- quick death: a worker gone within QUICK_S of its start; after QUICK_DEATHS in a row the parent
  gives up (something is wrong with every start) and stops the others.
- orphan: a worker whose parent is gone (killed with SIGKILL); it notices within ORPHAN_CHECK_S and
  stops, so no worker outlives its `serve`.
"""
from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import time
import traceback

QUICK_S = 5.0
QUICK_DEATHS = 5
ORPHAN_CHECK_S = 0.5
STOPPING = (signal.SIGINT, signal.SIGTERM)

log = logging.getLogger("rollsheet.workers")


def _stop_when_orphaned(parent: int) -> None:
    """In a worker: SIGTERM itself (a graceful stop) once its parent is gone."""
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK_S)
    os.kill(os.getpid(), signal.SIGTERM)


def _start(number: int, work) -> int:
    """Fork worker `number`: the child runs `work(number)` and exits; the parent gets its pid. SIGINT and SIGTERM
    wait while it forks (the caller blocks them), so neither lands in a child still holding the parent's handler."""
    parent = os.getpid()
    pid = os.fork()
    if pid:
        return pid
    code = 0
    try:
        for caught in STOPPING:
            signal.signal(caught, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)
        threading.Thread(target=_stop_when_orphaned, args=(parent,), daemon=True).start()
        work(number)
    except KeyboardInterrupt:
        pass
    except BaseException:  # a worker's last words go to the log, then it exits
        traceback.print_exc()
        code = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def said(status: int) -> str:
    """How a worker ended, from its wait status."""
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    return f"exited with status {os.waitstatus_to_exitcode(status)}"


def supervise(count: int, work) -> int:
    """Run `work(number)` in `count` forked workers until SIGINT/SIGTERM; the exit code (1 after giving up)."""
    stopping = []

    def stop(number, frame):
        if not stopping:
            stopping.append(number)
            for pid in list(workers):
                try:
                    os.kill(pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass

    def fork(number: int) -> None:
        signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)  # a stop arriving now is handled after the fork
        try:
            workers[_start(number, work)] = (number, time.monotonic())
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)

    workers: dict[int, tuple[int, float]] = {}
    for caught in STOPPING:
        signal.signal(caught, stop)
    for number in range(count):
        if not stopping:
            fork(number)
    deaths = 0
    while workers:
        pid, status = os.wait()
        number, started = workers.pop(pid)
        if stopping:
            continue
        deaths = deaths + 1 if time.monotonic() - started < QUICK_S else 0
        if deaths >= QUICK_DEATHS:
            log.error(f"rollsheet serve: worker {number} {said(status)} {deaths} times right after starting; "
                      "stopping")
            stop(signal.SIGTERM, None)
            continue
        log.error(f"rollsheet serve: worker {number} (pid {pid}) {said(status)}; starting a new one")
        fork(number)
    return 1 if deaths >= QUICK_DEATHS else 0


def serve(app, sockets, count: int, threads: int, connections: int, queue: int, proxy: int) -> int:
    """Serve `app` on `sockets` in `count` processes (1: this process, no fork) until stopped; the exit code.

    The connections allowed, and each client's connection caps (clients.CAPS), are shared equally among the
    workers; `proxy`: the reverse proxies in front (serve --proxy-hops)."""
    import shutil
    import tempfile

    from companion.web import server
    from companion.web.relay import relay_for

    engine = app.extensions["rollsheet.store"]
    if count == 1:
        server.run(server.serve(app, sockets, threads, connections, queue, proxy, relay_for(engine)))
        return 0
    folder = tempfile.mkdtemp(prefix="rollsheet-workers-")

    def work(number: int) -> None:
        relay = relay_for(engine, folder, number, count)
        server.run(server.serve(app, sockets, threads, max(16, connections // count), queue, proxy, relay,
                                sweeps=number == 0, share=count))

    try:
        return supervise(count, work)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
