"""The companion's server: one event loop holds every connection, the app answers in a few threads.

Chosen by measurement (docs/performance.md): tornado's HTTP server on asyncio holds a live
phone for a few KB and no thread, gives every connection a deadline for its request head
(slowloris), and hands each request to a thread pool (bridge.py): the moves, crossings, undos and
seats answered without Flask (moves.py), the rest by the Flask app; the event streams and long
polls are served on the loop itself (stream.py). gate.py bounds connections and bodies.
A phone's first read of a room (joining its live updates) runs on a thread of its own, so a
storm of reconnecting phones never queues in front of the moves. Several of these processes may
serve the same rooms (workers.py, relay.py).
"""
from __future__ import annotations

import asyncio
import ctypes
import gc
import logging
import signal
import socket
import sys

import tornado.web
from tornado import httputil
from tornado.netutil import bind_sockets
from tornado.routing import AnyMatches, PathMatches, Rule, RuleRouter

from companion import groups, rooms, store
from companion.rooms import expiry
from companion.web import clients, limits
from companion.web.bridge import FlaskRoute, Pool
from companion.web.checks import MAX_BODY
from companion.web.gate import GatedServer
from companion.web.stream import EventsHandler, LongPolls, RoomHandler

HEAD_TIMEOUT_S = 10.0
GIL_SWITCH_S = 0.0005
SWEEP_EVERY_S = 3600.0
COLLECT_AFTER = (50_000, 20, 10)
"""The cycle collector's thresholds (Python's are 700, 10, 10). A move reads its room into a few thousand objects
that refcounting frees at its end, but at 700 the collector ran several times a move, promoting them while alive,
and made full passes every few seconds, each stopping every thread and the loop. 400 tables for 30 s, side by side
(load 1.7-1.9): 1,649 passes, 2.4 s of CPU, 72 of them 10 ms or more at Python's thresholds; 8 passes, 0.09 s, 4
at these (docs/performance.md)."""
SPARE_FILES = 64
MALLOC_ARENAS = 2
"""glibc's malloc arenas a process may use (M_ARENA_MAX; by default 8 a core): each thread that allocates takes one
and keeps what it freed there. The app's threads taking their jobs idle-last-first (threads.py) left 16-40 MB more
in them at 400 tables (peak 242-251 MB, 193 MB with two arenas); two are enough where the GIL runs one thread's
Python at a time."""
M_ARENA_MAX = -8


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


def fewer_malloc_arenas() -> None:
    """Let glibc's malloc keep MALLOC_ARENAS arenas for the process's threads (nothing where the C library is not
    glibc)."""
    try:
        ctypes.CDLL(None).mallopt(M_ARENA_MAX, MALLOC_ARENAS)  # the C library the interpreter runs on
    except (OSError, AttributeError, TypeError):  # a C library without mallopt (musl, macOS), or Windows
        pass


def listen(host: str, port: int) -> list[socket.socket]:
    """The listening sockets for `host` and `port` (OSError when the port is taken or the host unknown)."""
    return bind_sockets(port, host or None, backlog=1024)


def routes(app, pool: Pool, reads: Pool, crowd: clients.Crowd) -> RuleRouter:
    """The loop's routes: the live ones on the loop (their first reads through `reads`), everything else through
    Flask in `pool`."""
    buckets = app.extensions["rollsheet.limits"]
    def read(code, client, lang):
        return reads.in_app(limits.read_room, buckets, code, client, lang=lang)
    def guessing(client, lang):
        return reads.in_app(buckets.check, "misses", client, lang=lang)
    live = {"reads": reads, "hub": app.extensions["rollsheet.hub"], "read": read, "guessing": guessing, "crowd": crowd}
    streams = tornado.web.Application([(r"/api/rooms/([^/]+)/events", EventsHandler, live),
                                       (r"/api/rooms/([^/]+)", RoomHandler, live)],
                                      compress_response=False, log_function=log_failure)
    return Routes([Rule(PathMatches(r"/api/rooms/[^/]+/events"), streams), Rule(LongPolls(), streams),
                   Rule(AnyMatches(), FlaskRoute(pool, crowd))])


class Routes(RuleRouter):
    """tornado's RuleRouter, but a request for the app goes on as the request the router read (tornado would read its
    head into a second request object, a deep copy of its arguments and all)."""

    def get_target_delegate(self, target, request: httputil.HTTPServerRequest, **target_params):
        """The delegate of a rule's target: for the app, its request's body gathered (WholeRequest)."""
        if isinstance(target, FlaskRoute):
            return WholeRequest(target, request)
        return super().get_target_delegate(target, request, **target_params)


class WholeRequest(httputil.HTTPMessageDelegate):
    """A request routed to the app: its body gathered, then the whole request handed to the route."""

    def __init__(self, route: FlaskRoute, request: httputil.HTTPServerRequest):
        self.route, self.request, self.chunks = route, request, []

    def data_received(self, chunk: bytes) -> None:
        """Keep a piece of the body."""
        self.chunks.append(chunk)

    def finish(self) -> None:
        """The body is in: hand the request over."""
        self.request.body = b"".join(self.chunks)
        self.route(self.request)


def log_failure(handler) -> None:
    """Log an answer that went wrong (500); a 503 is a refusal said on purpose (busy, full, a store fault)."""
    if handler.get_status() >= 500 and handler.get_status() != 503:
        logging.getLogger("tornado.access").error(f"{handler.get_status()} {handler._request_summary()}")


def sweep(app) -> int:
    """Close the rooms idle past the app's KEEP_DAYS, delete the groups unplayed past its KEEP_GROUP_DAYS, forget
    the rate limits' full buckets (on a worker thread); how many rooms were closed."""
    with app.app_context(), store.writing() as db:
        app.extensions["rollsheet.limits"].forget(db)
        groups.expire(db, app.config["KEEP_GROUP_DAYS"])
        return expiry.sweep(db, app.config["KEEP_DAYS"])


class Companion:
    """The running server: the gated HTTP server on this loop, the app's worker pool, the hourly sweep (unless
    another process of the same `serve` sweeps), the relay to the other processes (if any).

    `proxy`: how many reverse proxies in front append to X-Forwarded-For (0: phones connect directly);
    `share`: how many worker processes share the per-client connection caps (each holds its share)."""

    def __init__(self, app, sockets: list[socket.socket], threads: int, max_connections: int, queue: int,
                 proxy: int = 0, relay=None, sweeps: bool = True, share: int = 1):
        address = sockets[0].getsockname()[:2]
        self.pool, self.reads = Pool(app, threads, queue, address), Pool(app, 1, max_connections, address)
        self.hub, self.relay, self.store = app.extensions["rollsheet.hub"], relay, app.extensions["rollsheet.store"]
        service = app.extensions["rollsheet.rooms"]
        self.hub.attach(asyncio.get_running_loop(), relay,
                        lambda code: self.reads.run(self.reads.in_app, rooms.state, service, code),
                        lambda code, state: rooms.relayed(service, code, state))
        crowd = clients.Crowd({**{kind: max(1, cap // share) for kind, cap in clients.CAPS.items()},
                               "app": threads * clients.WAITING_PER_THREAD})
        self.server = GatedServer(routes(app, self.pool, self.reads, crowd), max_connections=max_connections,
                                  max_body=MAX_BODY, head_timeout=HEAD_TIMEOUT_S, proxy_hops=proxy, crowd=crowd)
        self.server.add_sockets(sockets)
        self.sweeping = asyncio.ensure_future(self._sweep_every(app) if sweeps else asyncio.sleep(0))
        gc.set_threshold(*COLLECT_AFTER)
        gc.freeze()  # what the app keeps (modules, layouts, templates, groups' stats; again after each sweep) is left
        # out of the collector's full passes, which otherwise stall every thread 50-100 ms (issue 35)

    async def _sweep_every(self, app) -> None:
        while True:
            await self.pool.run(sweep, app)
            gc.freeze()
            await asyncio.sleep(SWEEP_EVERY_S)

    async def stop(self) -> None:
        """Stop listening and let the requests in progress finish."""
        self.sweeping.cancel()
        self.server.stop()
        if self.relay is not None:
            self.relay.stop(asyncio.get_running_loop())
        for pool in (self.pool, self.reads):
            await asyncio.get_running_loop().run_in_executor(None, pool.threads.shutdown)
        self.store.close()  # its connections, which gc.freeze() keeps from ever being collected, closed here


def run(main):
    """Run the coroutine `main` on uvloop where it is installed (Linux, macOS: faster), else asyncio's loop; its
    result."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


async def serve(app, sockets: list[socket.socket], threads: int, max_connections: int, queue: int,
                proxy: int = 0, relay=None, sweeps: bool = True, share: int = 1) -> None:
    """Serve `app` on `sockets` until SIGINT or SIGTERM, behind `proxy` reverse proxies (0: none)."""
    # The loop thread lets go of the GIL at every socket write; a worker thread that takes it keeps it
    # for the switch interval (5 ms by default), which would hold back every phone's update behind it.
    sys.setswitchinterval(GIL_SWITCH_S)
    fewer_malloc_arenas()  # before the app's threads are started
    companion = Companion(app, sockets, threads, max_connections, queue, proxy, relay, sweeps, share)
    stop = asyncio.Event()
    try:
        for number in (signal.SIGINT, signal.SIGTERM):
            asyncio.get_running_loop().add_signal_handler(number, stop.set)
    except NotImplementedError:  # Windows: Ctrl+C arrives as KeyboardInterrupt (caught by the CLI)
        pass
    await stop.wait()
    await companion.stop()
