"""The door of the server: bounded connections, request heads on time, small bodies only.

Every connection must send a whole request head within `head_timeout` seconds of
opening (or of its previous answer, when kept alive), so a slow sender cannot hold a
socket. Past `max_connections` open sockets a new connection first pushes out the oldest
one that has not sent a request head yet (idle keep-alive or slow); when every socket is
busy (held event streams, requests in progress), the newcomer is still accepted and
answered 503 with Retry-After. A body larger than `max_body` is refused with 413 from its
Content-Length, before it is read; a chunked body (no length) is refused with 411. Refusals are
said in the phone's language (its cookie, else Accept-Language).

Glossary:
- head: a request's start line and headers.
- idle: a connection that is waiting for its next request head.
"""
from __future__ import annotations

import json
from collections import OrderedDict

from tornado import httputil
from tornado.httpserver import HTTPServer

from companion import language
from companion.language import N_
from companion.headers import SECURITY_HEADERS

RETRY_AFTER_S = 5


def refuse(request_conn, status: int, message: str, retry_after: int | None = None) -> None:
    """Answer `status` with {"error": message} and close the connection, unread body and all."""
    body = json.dumps({"error": message}).encode()
    headers = httputil.HTTPHeaders({"Content-Type": "application/json", "Content-Length": str(len(body)),
                                    "Connection": "close", **SECURITY_HEADERS})
    if retry_after is not None:
        headers["Retry-After"] = str(retry_after)
    request_conn.write_headers(httputil.ResponseStartLine("HTTP/1.1", status, httputil.responses[status]),
                               headers, body)
    request_conn.finish()


class GatedServer(HTTPServer):
    """An HTTPServer that bounds its connections and refuses oversized bodies early."""

    def initialize(self, *args, max_connections: int, max_body: int, head_timeout: float, **kwargs):
        super().initialize(*args, idle_connection_timeout=head_timeout, body_timeout=head_timeout,
                           max_body_size=max_body, **kwargs)
        self.max_connections, self.max_body = max_connections, max_body
        self.idle: OrderedDict = OrderedDict()
        self.overflow: set = set()
        self.evicted: set = set()

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
        self.idle[stream] = True
        super().handle_stream(stream, address)

    def start_request(self, server_conn, request_conn) -> httputil.HTTPMessageDelegate:
        """The connection waits for its next request head: idle until the head has come."""
        self.idle[server_conn.stream] = True
        self.idle.move_to_end(server_conn.stream)
        return Checked(self, server_conn, request_conn, super().start_request(server_conn, request_conn))

    def on_close(self, server_conn) -> None:
        """Forget a closed connection."""
        self.idle.pop(server_conn.stream, None)
        self.overflow.discard(server_conn.stream)
        self.evicted.discard(server_conn.stream)
        super().on_close(server_conn)


class Checked(httputil.HTTPMessageDelegate):
    """One request: refused at its head when the server is full or its body too large."""

    def __init__(self, server: GatedServer, server_conn, request_conn, inner: httputil.HTTPMessageDelegate):
        self.server, self.server_conn, self.request_conn, self.inner = server, server_conn, request_conn, inner
        self.refused = False

    def headers_received(self, start_line, headers):
        """Let the request in, or answer 503, 411 or 413 at once."""
        self.server.idle.pop(self.server_conn.stream, None)
        length = headers.get("Content-Length", "0")
        if self.server_conn.stream in self.server.overflow:
            self._refuse(headers, 503, N_("The companion is full right now; try again in a few seconds."),
                         RETRY_AFTER_S)
        elif "chunked" in headers.get("Transfer-Encoding", "").lower():
            self._refuse(headers, 411, N_("Send the body with a Content-Length."))
        elif length.isdigit() and int(length) > self.server.max_body:
            self._refuse(headers, 413, N_("The body is larger than %(kb)s KB."), kb=self.server.max_body // 1024)
        else:
            return self.inner.headers_received(start_line, headers)
        return None

    def _refuse(self, headers, status: int, message: str, retry_after: int | None = None, **values) -> None:
        """Refuse the request with `message` said in the phone's language."""
        self.refused = True
        said = language.speaker(language.of_headers(headers)).gettext(message, **values)
        refuse(self.request_conn, status, said, retry_after)

    def data_received(self, chunk):
        """Pass the body on (or drop it after a refusal)."""
        return None if self.refused else self.inner.data_received(chunk)

    def finish(self) -> None:
        """The request is complete."""
        if not self.refused:
            self.inner.finish()

    def on_connection_close(self) -> None:
        """The connection closed before the request was complete."""
        if not self.refused:
            self.inner.on_connection_close()
