"""A request and its answer as they pass between the event loop and the app: the WSGI environ of a tornado request
and the WSGI app's answer, an answer's headers for tornado to write, and an address that is not UTF-8.

Glossary:
- environ: the WSGI request dict (PEP 3333) built from the loop's request.
- address: the listening address `serve` printed; the app sees it as SERVER_NAME/PORT,
  never the client's Host header.
"""
from __future__ import annotations

import sys
from io import BytesIO
from urllib.parse import unquote_to_bytes

from tornado import httputil


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


def answer_head(headers: list[tuple[str, str]]) -> httputil.HTTPHeaders:
    """An answer's headers for tornado to write: ours and the app's, which `HTTPHeaders.add` would check against
    the RFC's grammar one by one (half the loop's regular expressions for a move); tornado still refuses a line
    break in any of them as it writes them."""
    head = httputil.HTTPHeaders()
    for name, value in headers:
        if name in head:
            head.add(name, value)
        else:
            head[name] = value
    return head


def unreadable(request: httputil.HTTPServerRequest) -> bool:
    """True when the address's path or query %-decodes to bytes that are not UTF-8 (a bad `%ff`)."""
    try:
        unquote_to_bytes(request.path).decode("utf-8")
        for values in request.query_arguments.values():
            for value in values:
                value.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False
