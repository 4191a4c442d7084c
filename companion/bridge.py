"""Flask behind the event loop: each request runs the WSGI app in a small pool of threads.

The loop reads the request, hands it to a worker thread and writes the answer, so a
worker is busy only while the app runs (about a millisecond), never while a phone
waits. When more than `queue` requests already wait for a worker, a new one is answered
503 with Retry-After at once, and so is one that waited more than QUEUE_WAIT_S for a
worker (it is not run then): past capacity, moves slow down to a few seconds at most and
then are refused, never lost (a refused move was not applied).

Glossary:
- environ: the WSGI request dict (PEP 3333) built from the loop's request.
- address: the listening address `serve` printed; the app sees it as SERVER_NAME/PORT,
  never the client's Host header.
"""
from __future__ import annotations

import asyncio
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from io import BytesIO
from urllib.parse import unquote_to_bytes

import tornado.web

from companion import language
from companion.errors import HTTP_SENTENCES, Refused
from companion.expiry import refusal
from companion.headers import SECURITY_HEADERS
from companion.language import N_

OVERLOAD_RETRY_S = 1
QUEUE_WAIT_S = 3.0


class Busy(Refused):
    """The app's threads are too far behind to take this request now (503, try again after `retry_after` s).

    Its message is said in the phone's language where the answer is written (FlaskHandler.refuse)."""

    status = 503
    retry_after = OVERLOAD_RETRY_S
    message = N_("The companion is busy right now; try again in a moment.")

    def __init__(self):
        super().__init__(self.message)


class Pool:
    """The worker threads that run the Flask app, and how many requests wait for them."""

    def __init__(self, app, threads: int, queue: int, address: tuple[str, int]):
        self.app, self.queue, self.address = app, queue, address
        self.executor = ThreadPoolExecutor(threads, thread_name_prefix="flask")
        self.waiting = 0

    async def run(self, function, *args):
        """`function(*args)` on a worker thread; its result (Busy when it waited too long for one)."""
        self.waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.executor, _unless_late, time.monotonic(),
                                                                    function, args)
        finally:
            self.waiting -= 1

    def in_app(self, function, *args, lang: str = "en"):
        """`function(*args)` inside the app's context, speaking `lang` (call it on a worker thread)."""
        from flask_babel import force_locale

        with self.app.app_context(), force_locale(lang):
            return function(*args)

    def full(self) -> bool:
        """True when a new request should be refused (503) instead of queued."""
        return self.waiting >= self.queue


def _unless_late(queued: float, function, args):
    if time.monotonic() - queued > QUEUE_WAIT_S:
        raise Busy()
    return function(*args)


def environ(request, body: bytes, address: tuple[str, int]) -> dict:
    """The WSGI environ of a tornado request; the server's own address, not the Host header."""
    env = {"REQUEST_METHOD": request.method, "SCRIPT_NAME": "",
           "PATH_INFO": unquote_to_bytes(request.path).decode("latin-1"), "QUERY_STRING": request.query,
           "REMOTE_ADDR": request.remote_ip, "SERVER_NAME": address[0], "SERVER_PORT": str(address[1]),
           "SERVER_PROTOCOL": request.version, "wsgi.version": (1, 0), "wsgi.url_scheme": request.protocol,
           "wsgi.input": BytesIO(body), "wsgi.errors": sys.stderr, "wsgi.multithread": True,
           "wsgi.multiprocess": False, "wsgi.run_once": False}
    for name, value in request.headers.get_all():
        key = name.upper().replace("-", "_")
        key = key if key in ("CONTENT_TYPE", "CONTENT_LENGTH") else "HTTP_" + key
        env[key] = f"{env[key]},{value}" if key in env else value
    return env


def call_wsgi(app, env: dict) -> tuple[int, list[tuple[str, str]], bytes]:
    """Run the WSGI app once: (status code, headers, body)."""
    answer = {}
    result = app(env, lambda status, headers, exc_info=None: answer.update(status=status, headers=headers))
    try:
        body = b"".join(result)
    finally:
        getattr(result, "close", lambda: None)()
    return int(answer["status"].split()[0]), answer["headers"], body


@tornado.web.stream_request_body
class FlaskHandler(tornado.web.RequestHandler):
    """Any request the loop does not serve itself: answered by the Flask app in the pool."""

    SUPPORTED_METHODS = ("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS")

    def initialize(self, pool: Pool):
        self.pool, self.chunks = pool, []

    def set_default_headers(self) -> None:
        """Every answer made here, tornado's own error pages included, carries the security headers and no
        Server header (Flask's answers set their own)."""
        self.clear_header("Server")
        for name, value in SECURITY_HEADERS.items():
            self.set_header(name, value)

    def write_error(self, status_code: int, **kwargs) -> None:
        """Tornado's own refusals (a bad %-escape, an unknown method, a failure) as the API's JSON {"error"}."""
        say = language.speaker(self.language)
        sentence = HTTP_SENTENCES.get(status_code, HTTP_SENTENCES[500 if status_code >= 500 else 400])
        self.set_header("Content-Type", "application/json")
        self.finish({"error": say.gettext(sentence, method=self.request.method)})

    @property
    def language(self) -> str:
        """The phone's language: its cookie, else its Accept-Language (companion/language.py)."""
        return language.of_headers(self.request.headers)

    def refuse(self, error: Refused) -> None:
        """Answer a refusal as the app would: its status, Retry-After where it has one, JSON in the phone's language."""
        self.set_status(error.status)
        if hasattr(error, "retry_after"):
            self.set_header("Retry-After", str(error.retry_after))
        answer = refusal(error)
        if isinstance(error, Busy):
            answer["error"] = language.speaker(self.language).gettext(error.message)
        self.finish(answer)

    def data_received(self, chunk: bytes) -> None:
        """Collect the body (the gate already bounded its size)."""
        self.chunks.append(chunk)

    def compute_etag(self) -> None:
        """No ETag of tornado's own: Flask sets the ones it wants."""
        return None

    async def to_flask(self, *_) -> None:
        """Answer the request through the Flask app."""
        env = environ(self.request, b"".join(self.chunks), self.pool.address)
        try:
            if self.pool.full():
                raise Busy()
            status, headers, body = await self.pool.run(call_wsgi, self.pool.app, env)
        except Busy as busy:
            self.refuse(busy)
            return
        self.set_status(status)
        named = set()
        for name, value in headers:
            (self.add_header if name in named else self.set_header)(name, value)
            named.add(name)
        self.finish(body or None)

    get = head = post = put = delete = patch = options = to_flask
