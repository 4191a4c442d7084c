"""The companion's server: one event loop holds every connection, Flask answers in a few threads.

Chosen by measurement (docs/performance.md): tornado's HTTP server on asyncio holds a live
phone for a few KB and no thread, gives every connection a deadline for its request head
(slowloris), and hands the Flask app to a thread pool (bridge.py); the event streams and
long polls are served on the loop itself (stream.py). gate.py bounds connections and bodies.
"""
from __future__ import annotations

import asyncio
import logging
import signal
import socket
import sys

import tornado.web
from tornado.netutil import bind_sockets

from companion import MAX_BODY, clients, expiry, limits, store
from companion.bridge import FlaskHandler, Pool
from companion.gate import GatedServer
from companion.stream import EventsHandler, RoomHandler

HEAD_TIMEOUT_S = 10.0
GIL_SWITCH_S = 0.0005
SWEEP_EVERY_S = 3600.0
SPARE_FILES = 64


def open_files(wanted: int) -> int:
    """Raise this process's open-file limit toward `wanted` + spare; the connections it allows."""
    try:
        import resource
    except ImportError:  # Windows: no open-file limit of this kind
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted + SPARE_FILES if hard == resource.RLIM_INFINITY else min(hard, wanted + SPARE_FILES)
    if target > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return min(wanted, soft - SPARE_FILES)


def listen(host: str, port: int) -> list[socket.socket]:
    """The listening sockets for `host` and `port` (OSError when the port is taken or the host unknown)."""
    return bind_sockets(port, host or None, backlog=1024)


def routes(app, pool: Pool, crowd: clients.Crowd) -> tornado.web.Application:
    """The loop's routes: live ones on the loop, everything else through Flask."""
    read = lambda code, client, lang: pool.in_app(limits.read_room, app.extensions["rollsheet.limits"], code, client,
                                                  lang=lang)
    live = {"pool": pool, "hub": app.extensions["rollsheet.hub"], "read": read, "crowd": crowd}
    return tornado.web.Application([
        (r"/api/rooms/([^/]+)/events", EventsHandler, live),
        (r"/api/rooms/([^/]+)", RoomHandler, live),
        (r".*", FlaskHandler, {"pool": pool}),
    ], compress_response=False)


def sweep(app) -> int:
    """Close the rooms idle past the app's KEEP_DAYS (run it on a worker thread)."""
    with app.app_context(), store.transaction() as db:
        return expiry.sweep(db, app.config["KEEP_DAYS"])


class Companion:
    """The running server: the gated HTTP server on this loop, the app's worker pool, the hourly sweep.

    `proxy`: how many reverse proxies in front append to X-Forwarded-For (0: phones connect directly)."""

    def __init__(self, app, sockets: list[socket.socket], threads: int, max_connections: int, queue: int,
                 proxy: int = 0):
        app.extensions["rollsheet.hub"].attach(asyncio.get_running_loop())
        self.pool = Pool(app, threads, queue, sockets[0].getsockname()[:2])
        crowd = clients.Crowd()
        self.server = GatedServer(routes(app, self.pool, crowd), max_connections=max_connections, max_body=MAX_BODY,
                                  head_timeout=HEAD_TIMEOUT_S, proxy_hops=proxy, crowd=crowd)
        self.server.add_sockets(sockets)
        self.sweeping = asyncio.ensure_future(self._sweep_every(app))

    async def _sweep_every(self, app) -> None:
        while True:
            await self.pool.run(sweep, app)
            await asyncio.sleep(SWEEP_EVERY_S)

    async def stop(self) -> None:
        """Stop listening and let the requests in progress finish."""
        self.sweeping.cancel()
        self.server.stop()
        await asyncio.get_running_loop().run_in_executor(None, self.pool.executor.shutdown)


def run(main) -> None:
    """Run the coroutine `main` on uvloop where it is installed (Linux, macOS: faster), else asyncio's loop."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(main)
    else:
        uvloop.run(main)


async def serve(app, sockets: list[socket.socket], threads: int, max_connections: int, queue: int,
                proxy: int = 0) -> None:
    """Serve `app` on `sockets` until SIGINT or SIGTERM, behind `proxy` reverse proxies (0: none)."""
    logging.getLogger("tornado.access").setLevel(logging.ERROR)  # 4xx answers are the phones' business, 5xx show
    # The loop thread lets go of the GIL at every socket write; a worker thread that takes it keeps it
    # for the switch interval (5 ms by default), which would hold back every phone's update behind it.
    sys.setswitchinterval(GIL_SWITCH_S)
    companion = Companion(app, sockets, threads, max_connections, queue, proxy)
    stop = asyncio.Event()
    try:
        for number in (signal.SIGINT, signal.SIGTERM):
            asyncio.get_running_loop().add_signal_handler(number, stop.set)
    except NotImplementedError:  # Windows: Ctrl+C arrives as KeyboardInterrupt (caught by the CLI)
        pass
    await stop.wait()
    await companion.stop()
