"""Issue 28 item 1 (and issue 26's bad `%ff`): the headers and queries that made 500s, tracebacks and silent
drops, each sent raw to a real `rollsheet serve`; every one gets a 4xx or its page, with the security headers."""
from __future__ import annotations

import json

import pytest

from tests.serving import call, exchange, serving

HOSTILE_COOKIE = "rollsheet-lang=\xff\xfe; other=\xc3"
"""A Cookie header of bytes that are not UTF-8 (tornado hands them on as latin-1 text)."""
FORM = "Content-Type: application/x-www-form-urlencoded"
"""A form body's Content-Type: tornado reads its fields as arguments, which the live routes must not."""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real `rollsheet serve --proxy` whose log goes to a file: (base URL, room code, log path)."""
    folder = tmp_path_factory.mktemp("hostile")
    log = folder / "serve.log"
    with open(log, "w") as written, serving(folder, "--proxy", stderr=written) as (base, _):
        yield base, call(base, "/api/rooms", {"game": "simstown"})[2]["code"], log


def answer_to(base: str, head: str, body: bytes = b"") -> tuple[int, dict, bytes]:
    """(status, headers, body) of one raw request, its head sent as latin-1 (as a client may)."""
    return exchange(base, head.replace("\n", "\r\n").encode("latin-1") + b"\r\n" + body)


def request(path: str, *headers: str, method: str = "GET", host: str = "x") -> str:
    return "\n".join([f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close", *headers, ""])


def sent(made) -> tuple:
    """A case's (head, body): the head alone, or both."""
    return made if isinstance(made, tuple) else (made, b"")


CASES = {
    "long poll ?since=²": (lambda code: request(f"/api/rooms/{code}?since=%C2%B2&wait=0"), 200),
    "long poll ?since=² unescaped": (lambda code: request(f"/api/rooms/{code}?since=\xc2\xb2&wait=0"), 400),
    "long poll ?since=--1": (lambda code: request(f"/api/rooms/{code}?since=--1&wait=0"), 200),
    "long poll, a form body since=abc": (lambda code: (request(f"/api/rooms/{code}?since=1&wait=0", FORM,
                                                               "Content-Length: 9"), b"since=abc"), 200),
    "stream, a form body since=abc": (lambda code: (request(f"/api/rooms/{code}/events", FORM, "Content-Length: 9"),
                                                    b"since=abc"), 200),
    "stream ?since=²": (lambda code: request(f"/api/rooms/{code}/events?since=%C2%B2"), 200),
    "stream Last-Event-ID: ²": (lambda code: request(f"/api/rooms/{code}/events", "Last-Event-ID: \xc2\xb2"), 200),
    "page, Cookie not UTF-8": (lambda code: request(f"/r/{code}", f"Cookie: {HOSTILE_COOKIE}"), 200),
    "stream, Cookie not UTF-8": (lambda code: request(f"/api/rooms/{code}/events", f"Cookie: {HOSTILE_COOKIE}"), 200),
    "413, Cookie not UTF-8": (lambda code: request("/api/rooms", f"Cookie: {HOSTILE_COOKIE}",
                                                   "Content-Length: 99999999", method="POST"), 413),
    "411, Cookie not UTF-8": (lambda code: request("/api/rooms", f"Cookie: {HOSTILE_COOKIE}",
                                                   "Transfer-Encoding: chunked", method="POST"), 411),
    "Origin: http://[::1": (lambda code: (request("/api/rooms", "Origin: http://[::1", "Content-Type: application/json",
                                                  "Content-Length: 2", method="POST"), b"{}"), 403),
    "Host label of 64": (lambda code: request("/", host="a" * 64), 400),
    "Host with an empty label": (lambda code: request(f"/r/{code}", host="a..example"), 400),
    "?prefill= with 3,000 [": (lambda code: request("/score/simstown?prefill=" + "%5B" * 3000), 400),
    "Content-Length: ²": (lambda code: request("/api/rooms", "Content-Length: \xc2\xb2", method="POST"), 400),
    "Content-Length: -1": (lambda code: request("/api/rooms", "Content-Length: -1", method="POST"), 400),
    "path %ff": (lambda code: request("/api/rooms/%ff"), 400),
    "stream path %ff": (lambda code: request("/api/rooms/%ff/events"), 400),
    "?since=%ff": (lambda code: request(f"/api/rooms/{code}?since=%ff"), 400),
    "method BREW": (lambda code: request("/", method="BREW"), 405),
    "header line without a colon": (lambda code: request("/", "no colon here"), 400),
    "start line without a version": (lambda code: "GET /\n", 400),
    "head over 64 KB": (lambda code: request("/", "X-Filler: " + "a" * 70_000), 431),
}


@pytest.mark.parametrize("case", CASES)
def test_a_hostile_head_or_query_is_answered_with_the_security_headers(server, case):
    base, code, _ = server
    made, expected = CASES[case]
    status, headers, body = answer_to(base, *sent(made(code)))
    assert status == expected, (case, body[:200])
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"] and "Server" not in headers
    if status >= 400 and headers["Content-Type"].startswith("application/json"):
        assert json.loads(body)["error"]
    elif status >= 400:
        assert b"<h1>" in body or b"<title>" in body, body[:200]


@pytest.mark.parametrize("path", ["/api/rooms/{code}/events", "/api/rooms/{code}?since=1&wait=0"])
def test_a_method_the_live_routes_do_not_take_is_answered_405_with_allow(server, path):
    base, code, _ = server
    status, headers, body = answer_to(base, request(path.format(code=code), method="TRACE"))
    assert status == 405 and headers["Allow"] == "GET" and json.loads(body)["error"]


def test_refusals_before_the_app_speak_json_in_the_phones_language(server):
    base, code, _ = server
    _, headers, body = answer_to(base, request("/api/rooms", "Accept-Language: de", "Content-Length: \xc2\xb2",
                                               method="POST"))
    assert headers["Content-Type"] == "application/json" and "Anzahl von Bytes" in json.loads(body)["error"]
    _, _, body = answer_to(base, request("/api/rooms/%ff", "Accept-Language: es"))
    assert "dirección" in json.loads(body)["error"]


def test_an_unreadable_cookie_leaves_the_phone_its_language_choice_by_accept_language(server):
    base, code, _ = server
    _, _, body = answer_to(base, request(f"/api/rooms/{code}", f"Cookie: {HOSTILE_COOKIE}", "Accept-Language: de"))
    opened = json.loads(body)["log"][0]["text"]
    assert opened.startswith("Raum für Simstown geöffnet, 4 Spieler; Festlegung der Würfel ")


def test_none_of_it_left_a_traceback_in_the_server_log(server):
    base, code, log = server
    for made, _ in CASES.values():
        answer_to(base, *sent(made(code)))
    assert call(base, f"/api/rooms/{code}")[0] == 200
    assert "Traceback" not in log.read_text()
