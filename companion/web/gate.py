"""The door of the server: bounded connections, request heads on time and well formed, small bodies only.

Every connection must send a whole request head within `head_timeout` seconds of
opening (or of its previous answer, when kept alive), and the rest of its body within as long
again, so a slow sender cannot hold a socket (deadlines.py). Past `max_connections` open sockets
a new connection first pushes out the oldest one that has not sent a request head yet (idle
keep-alive or slow); when every socket is busy (held event streams, requests in progress), the
newcomer is still accepted and answered 503 with Retry-After. One client holds at most
clients.CAPS["busy"] requests in progress at once (429 past it), so it cannot take every socket.
A head over MAX_HEAD bytes is answered 431 (past READ_HEAD the connection is cut). A head tornado cannot read (start
line, header lines, Host), a Host the app cannot route, an address with bytes that are not
percent-encoded or a Content-Length that is not a number of bytes is answered 400. A body
larger than `max_body` is refused with 413 from its Content-Length, before it is read; a
body without one (Transfer-Encoding) is refused with 411. Refusals are JSON `{"error"}` with
the security headers, said in the phone's language (its cookie, else Accept-Language;
English for a head that cannot be read).

Glossary:
- head: a request's start line and headers.
- idle: a connection that is waiting for its next request head.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

from tornado import httputil, iostream
from tornado.http1connection import HTTP1Connection
from tornado.httpserver import HTTPServer

from companion.rules import language
from companion.rules.language import N_
from companion.web import clients
from companion.web.deadlines import Waiting, sweeping
from companion.web.headers import SECURITY_HEADERS
from companion.web.negotiation import said_to

RETRY_AFTER_S = 5
MAX_HEAD = 64 * 1024
READ_HEAD = 2 * MAX_HEAD
"""A head is read up to READ_HEAD bytes, so one over MAX_HEAD is answered 431; past READ_HEAD it is cut off unread."""
READ_CHUNK = 8 * 1024
"""Bytes read from a socket at once: tornado zeroes a buffer this large for every read (64 KB by default, 13 % of
the loop's instructions for a move of 1 KB)."""
BYTES = re.compile(r"[0-9]+")
URL_TEXT = re.compile(r"[\x21-\x7e]*")
"""A request target as RFC 3986 writes it: printable ASCII, anything else %-escaped (browsers always do)."""


def refusal(status: int, message: str, retry_after: int | None = None) -> tuple[httputil.HTTPHeaders, bytes]:
    """The headers and body of a refusal: {"error": message}, the security headers, the connection closed."""
    body = json.dumps({"error": message}).encode()
    headers = httputil.HTTPHeaders({"Content-Type": "application/json", "Content-Length": str(len(body)),
                                    "Connection": "close", **SECURITY_HEADERS})
    if retry_after is not None:
        headers["Retry-After"] = str(retry_after)
    return headers, body


def refuse(request_conn, status: int, message: str, retry_after: int | None = None, method: str = "GET") -> None:
    """Answer `status` with {"error": message} (its head alone to a HEAD request) and close the connection, unread
    body and all."""
    headers, body = refusal(status, message, retry_after)
    request_conn.write_headers(httputil.ResponseStartLine("HTTP/1.1", status, httputil.responses[status]),
                               headers, b"" if method == "HEAD" else body)
    request_conn.finish()


class HeadReader(HTTP1Connection):
    """A connection whose unreadable head is answered as any refusal: 431 over MAX_HEAD, else 400 (tornado
    would answer a bare 400 without the security headers, or close the connection)."""

    def _parse_headers(self, data: bytes):
        if len(data) > MAX_HEAD:
            raise Unreadable(431, N_("The request's headers are larger than %(kb)s KB."), kb=MAX_HEAD // 1024)
        try:
            start_line, headers = super()._parse_headers(data)
            httputil.parse_request_start_line(start_line)
        except httputil.HTTPInputError:
            raise Unreadable(400, N_("The request is not well-formed HTTP.")) from None
        return start_line, headers

    async def _read_message(self, delegate) -> bool:
        try:
            return await super()._read_message(delegate)
        except Unreadable as error:
            problem = error
        headers, body = refusal(problem.status, problem.message)
        lines = [f"HTTP/1.1 {problem.status} {httputil.responses[problem.status]}",
                 *(f"{name}: {value}" for name, value in headers.get_all()), "", ""]
        try:  # the head was never read, so no delegate has heard of this request
            await self.stream.write("\r\n".join(lines).encode() + body)
        except iostream.StreamClosedError:
            pass
        self.close()
        return False


class Unreadable(Exception):
    """A request head that cannot be read: its status and sentence (English: its language is unknown)."""

    def __init__(self, status: int, message: str, **values):
        super().__init__(message)
        self.status, self.message = status, language.speaker("en").gettext(message, **values)


class GatedServer(HTTPServer):
    """An HTTPServer that bounds its connections, each client's share of them, and refuses bad heads early."""

    def initialize(self, *args, max_connections: int, max_body: int, head_timeout: float, proxy_hops: int = 0,
                   crowd: clients.Crowd | None = None, **kwargs):
        super().initialize(*args, max_body_size=max_body, max_header_size=READ_HEAD, chunk_size=READ_CHUNK, **kwargs)
        self.conn_params.header_timeout = None  # the sweep's deadlines instead (deadlines.py)
        self.max_connections, self.max_body, self.proxy_hops = max_connections, max_body, proxy_hops
        self.crowd = crowd or clients.Crowd()
        self.idle, self.reading = Waiting(), Waiting()
        self.sweeper = sweeping((self.idle, self.reading), head_timeout)
        self.overflow: set = set()
        self.evicted: set = set()
        self.busy: dict = {}

    def handle_stream(self, stream, address) -> None:
        """Take a new connection, making room for it when the server is full."""
        crowded = len(self._connections) - len(self.evicted) >= self.max_connections
        if crowded and self.idle:
            oldest, _ = self.idle.popitem(last=False)
            self.evicted.add(oldest)
            oldest.close()
            crowded = False
        if crowded:
            self.overflow.add(stream)
        self.idle.begin(stream)
        super().handle_stream(stream, address)

    def start_request(self, server_conn, request_conn) -> httputil.HTTPMessageDelegate:
        """The connection waits for its next request head: idle until the head has come."""
        self._done(server_conn.stream)
        self.idle.begin(server_conn.stream)
        request_conn.__class__ = HeadReader  # tornado made the connection; HeadReader adds no state to it
        return Checked(self, server_conn, request_conn, super().start_request(server_conn, request_conn))

    def on_close(self, server_conn) -> None:
        """Forget a closed connection."""
        self._done(server_conn.stream)
        self.idle.pop(server_conn.stream, None)
        self.reading.pop(server_conn.stream, None)
        self.overflow.discard(server_conn.stream)
        self.evicted.discard(server_conn.stream)
        super().on_close(server_conn)

    def stop(self) -> None:
        """Stop listening and sweeping."""
        self.sweeper.stop()
        super().stop()

    def _done(self, stream) -> None:
        """The request in progress on `stream` (if any) is over: its client holds one connection less."""
        if stream in self.busy:
            self.crowd.leave("busy", self.busy.pop(stream))


def head_problem(start_line, headers) -> str | None:
    """What makes a head unusable for the app (a sentence to translate), or None."""
    if not URL_TEXT.fullmatch(start_line.path):
        return N_("The address holds characters that must be percent-encoded.")
    length = headers.get("Content-Length")
    if length is not None and not BYTES.fullmatch(length):
        return N_("Content-Length must be a number of bytes.")
    if not routable(headers.get("Host", "")):
        return N_("The Host header does not name a host.")
    return None


@lru_cache(maxsize=1024)
def routable(host: str) -> bool:
    """True when the app's router can read `host` (werkzeug encodes it to IDNA: labels of 1-63 characters)."""
    try:
        host.lower().encode("idna")
    except UnicodeError:
        return False
    return True


class Checked(httputil.HTTPMessageDelegate):
    """One request: refused at its head when the server or its client is full, its head bad or its body large."""

    def __init__(self, server: GatedServer, server_conn, request_conn, inner: httputil.HTTPMessageDelegate):
        self.server, self.server_conn, self.request_conn, self.inner = server, server_conn, request_conn, inner
        self.refused, self.method = False, "GET"

    def headers_received(self, start_line, headers):
        """Let the request in, or answer 503, 400, 411, 413 or 429 at once."""
        stream = self.server_conn.stream
        self.server.idle.pop(stream, None)
        context = self.request_conn.context
        peer = context.address[0] if isinstance(context.address, tuple) else "0.0.0.0"
        context.remote_ip = clients.forwarded(peer, headers.get("X-Forwarded-For"), self.server.proxy_hops)
        client = clients.client_of(context.remote_ip)
        problem = head_problem(start_line, headers)
        self.method = start_line.method
        if stream in self.server.overflow:
            self._refuse(headers, 503, N_("The companion is full right now; try again in a few seconds."),
                         RETRY_AFTER_S)
        elif problem:
            self._refuse(headers, 400, problem)
        elif "Transfer-Encoding" in headers:
            self._refuse(headers, 411, N_("Send the body with a Content-Length."))
        elif (length := int(headers.get("Content-Length", "0"))) > self.server.max_body:
            self._refuse(headers, 413, N_("The body is larger than %(kb)s KB."), kb=self.server.max_body // 1024)
        elif not self.server.crowd.enter("busy", client):
            self._refuse(headers, 429, clients.TOO_MANY, clients.RETRY_AFTER_S, most=self.server.crowd.caps["busy"])
        else:
            self.server.busy[stream] = client
            if length:
                self.server.reading.begin(stream)
            try:
                return self.inner.headers_received(start_line, headers)
            except httputil.HTTPInputError:  # tornado's own checks of the head (Host, ...)
                self._refuse(headers, 400, N_("The request is not well-formed HTTP."))
        return None

    def _refuse(self, headers, status: int, message: str, retry_after: int | None = None, **values) -> None:
        """Refuse the request with `message` said in the phone's language; its body is never read."""
        self.refused = True
        said = said_to(headers, message, **values)
        for name in ("Content-Length", "Transfer-Encoding"):
            headers.pop(name, None)
        refuse(self.request_conn, status, said, retry_after, self.method)

    def data_received(self, chunk):
        """Pass the body on (or drop it after a refusal)."""
        return None if self.refused else self.inner.data_received(chunk)

    def finish(self) -> None:
        """The request is complete."""
        self.server.reading.pop(self.server_conn.stream, None)
        if not self.refused:
            self.inner.finish()

    def on_connection_close(self) -> None:
        """The connection closed before the request was complete."""
        if not self.refused:
            self.inner.on_connection_close()
