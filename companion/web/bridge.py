"""Flask behind the event loop: each request runs the WSGI app in a small pool of threads.

The loop reads the request, hands it to a worker thread and writes the answer, so a worker is busy only while
the app runs (about a millisecond), never while a phone waits. `threads` requests run at once (their turns,
`Turn`); a change waiting for its commit, or writing one, steps aside (group_commit.ASIDE) and a spare thread of
the pool (WAITING_THREADS for each turn) runs the next request meanwhile: the moves that arrive together share one
commit instead of two threads' worth (400 tables sitting down at once were done in under a second, where they
took two: docs/performance.md). When more than `queue` requests already wait for a worker, a new one is answered
503 with Retry-After at once, and so is one that waited more than QUEUE_WAIT_S for a worker (it is not run then):
past capacity, moves slow down to a few seconds at most and then are refused, never lost (a refused move was not
applied).

Glossary:
- address: the listening address `serve` printed; the app sees it as SERVER_NAME/PORT,
  never the client's Host header.
"""
from __future__ import annotations

import asyncio
import logging
import threading
import time
from contextlib import contextmanager

import orjson
import tornado.web
from tornado import httputil

from companion.rules import language
from companion.rules.errors import Refused
from companion.rules.language import N_
from companion.store.group_commit import ASIDE, QUEUE_WAIT_S
from companion.web import clients, moves, shares
from companion.web.exchange import answer_head, call_wsgi, environ, unreadable
from companion.web.headers import SECURITY_HEADERS, http_date
from companion.web.negotiation import of_headers, said_to
from companion.web.refusals import HTTP_SENTENCES, answer_of
from companion.web.threads import Threads

OVERLOAD_RETRY_S = 1
WAITING_THREADS = 8


class Busy(Refused):
    """The app's threads are too far behind to take this request now (503, try again after `retry_after` s).

    Its message is said in the phone's language where the answer is written (`busy_answer`, LoopHandler.refuse)."""

    status = 503
    retry_after = OVERLOAD_RETRY_S
    message = N_("The companion is busy right now; try again in a moment.")

    def __init__(self):
        super().__init__(self.message)


class Pool:
    """The worker threads that run the Flask app, `threads` requests at once, and how many requests wait for them."""

    def __init__(self, app, threads: int, queue: int, address: tuple[str, int]):
        self.app, self.queue, self.address = app, queue, address
        self.threads = Threads(threads * WAITING_THREADS, "flask")
        self.running = threading.Semaphore(threads)
        self.waiting = 0

    async def run(self, function, *args):
        """`function(*args)` on a worker thread; its result (Busy when it waited too long for one)."""
        self.waiting += 1
        try:
            return await self.threads.run(self._turn, time.monotonic(), function, args)
        finally:
            self.waiting -= 1

    def _turn(self, queued: float, function, args):
        turn = Turn(self.running)
        try:
            if time.monotonic() - queued > QUEUE_WAIT_S:  # the same 3 s as a change may wait for its commit
                raise Busy()
            aside = ASIDE.set(turn.aside)
            try:
                return function(*args)
            finally:
                ASIDE.reset(aside)
        finally:
            turn.end()

    def in_app(self, function, *args, lang: str = "en"):
        """`function(*args)` inside the app's context, speaking `lang` (call it on a worker thread)."""
        with self.app.app_context(), language.reading(lang):
            return function(*args)

    def full(self) -> bool:
        """True when a new request should be refused (503) instead of queued."""
        return self.waiting >= self.queue


class Turn:
    """A request's turn to run among the pool's `threads`: from its start until it steps aside to wait for its
    commit (what is left after it, writing the answer out, runs at once: the move is done, its phone waits)."""

    def __init__(self, running: threading.Semaphore):
        self.running, self.held = running, True
        running.acquire()

    @contextmanager
    def aside(self):
        """Give the turn to the next request (for good) while this thread waits."""
        self.end()
        yield

    def end(self) -> None:
        """Give the turn to the next request, once."""
        if self.held:
            self.held = False
            self.running.release()


def said_answer(headers, status: int, sentence: str, **values) -> tuple[int, list[tuple[str, str]], bytes]:
    """An answer the loop makes itself: {"error": sentence} in the phone's language, with the security headers."""
    said = said_to(headers, sentence, **values)
    return status, [("Content-Type", "application/json"), *SECURITY_HEADERS.items()], orjson.dumps({"error": said})


def busy_answer(headers) -> tuple[int, list[tuple[str, str]], bytes]:
    """The 503 for a request that cannot wait for the app's threads, in the phone's language."""
    status, head, body = said_answer(headers, 503, Busy.message)
    return status, [*head, ("Retry-After", str(Busy.retry_after))], body


class FlaskRoute:
    """The routing target for everything the loop does not serve itself: the Flask app in the pool answers,
    written straight onto the connection (no tornado.web handler in between: a move costs less). A client with
    `crowd.caps["app"]` requests at the app's threads already is answered 429 (Retry-After: 1) at once, so one
    client never fills the queue every table shares; nor does one past its share of server time (shares.py)."""

    def __init__(self, pool: Pool, crowd: clients.Crowd):
        self.pool, self.crowd, self.shares = pool, crowd, shares.Shares()

    def __call__(self, request: httputil.HTTPServerRequest) -> None:
        """Take a complete request (tornado calls this once its body is in)."""
        asyncio.ensure_future(self.answer(request))

    async def answer(self, request: httputil.HTTPServerRequest) -> None:
        """Run the app for `request` (503 when its threads are too far behind, 429 when its client has its share of
        them) and write its answer."""
        client = clients.client_of(request.remote_ip)
        try:
            if unreadable(request):
                status, headers, body = said_answer(request.headers, 400, HTTP_SENTENCES[400])
            elif not self.crowd.enter("app", client):
                status, headers, body = said_answer(request.headers, 429, clients.TOO_MANY, most=self.crowd.caps["app"])
                headers.append(("Retry-After", str(Busy.retry_after)))
            else:
                try:
                    status, headers, body = await self.shared(request, client)
                finally:
                    self.crowd.leave("app", client)
        except Busy:
            status, headers, body = busy_answer(request.headers)
        except Exception:  # a failure of ours: said in a sentence and logged, the phone still gets its answer
            logging.getLogger("rollsheet.bridge").exception(f"{request.method} {request.path}")
            status, headers, body = said_answer(request.headers, 500, HTTP_SENTENCES[500])
        head = answer_head(headers)
        head.setdefault("Content-Length", str(len(body)))
        head.setdefault("Date", http_date(time.time()))
        connection = request.connection
        connection.write_headers(httputil.ResponseStartLine("HTTP/1.1", status, httputil.responses.get(status, "")),
                                 head, None if request.method == "HEAD" else body)
        connection.finish()

    def job(self, request: httputil.HTTPServerRequest) -> tuple:
        """What answers `request` on a pool thread: a move's own answer (moves.py), else the Flask app."""
        native = moves.route_of(request)
        if native is not None:
            return (moves.answer, self.pool.app, request, self.pool.address, *native)
        return call_wsgi, self.pool.app, environ(request, request.body, self.pool.address)

    async def shared(self, request: httputil.HTTPServerRequest, client: str | None) -> tuple:
        """The app's answer within the client's share of server time (Server-Timing); 429 past it, Busy when full."""
        too_long = await self.shares.turn(client)
        if too_long:
            status, headers, body = said_answer(request.headers, 429, shares.TOO_COSTLY, s=too_long)
            return status, [*headers, ("Retry-After", str(too_long))], body
        if self.pool.full():
            raise Busy()
        estimate = cost = self.shares.start(client)
        try:
            (status, headers, body), cost = await self.pool.run(shares.timed, *self.job(request))
            return status, [*headers, ("Server-Timing", f"app;dur={cost * 1000:.1f}")], body
        finally:
            self.shares.settle(client, estimate, cost)


class LoopHandler(tornado.web.RequestHandler):
    """A route answered on the loop itself (stream.py): the security headers, no Server header, tornado's own
    refusals and ours as the API's JSON {"error"} in the phone's language."""

    def set_default_headers(self) -> None:
        """Every answer made here, tornado's own error pages included, carries the security headers and no
        Server header."""
        self.clear_header("Server")
        for name, value in SECURITY_HEADERS.items():
            self.set_header(name, value)

    def write_error(self, status_code: int, **kwargs) -> None:
        """Tornado's own refusals (a bad %-escape, an unknown method: with Allow, a failure) as the API's JSON
        {"error"}."""
        say = language.speaker(self.language)
        if status_code == 405:
            self.set_header("Allow", ", ".join(method for method in ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
                                               if getattr(type(self), method.lower()) is not
                                               getattr(tornado.web.RequestHandler, method.lower())))
        sentence = HTTP_SENTENCES.get(status_code, HTTP_SENTENCES[500 if status_code >= 500 else 400])
        self.set_header("Content-Type", "application/json")
        self.finish({"error": say.gettext(sentence, method=self.request.method)})

    @property
    def language(self) -> str:
        """The phone's language: its cookie, else its Accept-Language (companion/rules/language.py)."""
        return of_headers(self.request.headers)

    def refuse(self, error: Refused) -> None:
        """Answer a refusal as the app would: its status, Retry-After where it has one, JSON in the phone's language."""
        answer, status, headers = answer_of(error)
        self.set_status(status)
        for name, value in headers.items():
            self.set_header(name, value)
        if isinstance(error, Busy):
            answer["error"] = language.speaker(self.language).gettext(error.message)
        self.finish(answer)

    def compute_etag(self) -> None:
        """No ETag: a live answer is never the same twice."""
        return None
