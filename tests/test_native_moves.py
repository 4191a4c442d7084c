"""The moves answered without Flask (companion/web/moves.py) answer as Flask's routes do: each request is answered
by both, on one app, and the two answers compared (status, headers, JSON)."""
from __future__ import annotations

import json

import pytest
from tornado import httputil

from companion.web import moves
from companion.web.exchange import call_wsgi, environ

ADDRESS = ("127.0.0.1", 5000)
VARYING = {"date", "content-length", "server-timing"}


def request_of(path: str, body=None, headers: dict | None = None, ip: str = "127.0.0.1", method: str = "POST"):
    """A tornado request as the loop hands it on: a dict `body` sent as JSON."""
    data = json.dumps(body).encode() if isinstance(body, dict) else body or b""
    sent = {"Host": "127.0.0.1:5000", "Content-Length": str(len(data)),
            **({"Content-Type": "application/json"} if isinstance(body, dict) else {}), **(headers or {})}
    made = httputil.HTTPServerRequest(start_line=httputil.RequestStartLine(method, path, "HTTP/1.1"),
                                      headers=httputil.HTTPHeaders(sent), body=data)
    made.remote_ip = ip
    return made


def native(app, request) -> tuple[int, dict, object]:
    """(status, headers, JSON) of the native answer."""
    found = moves.route_of(request)
    assert found is not None, request.path
    return said(moves.answer(app, request, ADDRESS, *found))


def flask(app, request) -> tuple[int, dict, object]:
    """(status, headers, JSON) of the Flask app's answer."""
    return said(call_wsgi(app, environ(request, request.body, ADDRESS)))


def said(answer: tuple) -> tuple[int, dict, object]:
    status, headers, body = answer
    kept = {}
    for name, value in headers:
        if name.lower() not in VARYING:
            kept[name.lower()] = f"{kept[name.lower()]}, {value}" if name.lower() in kept else value
    return status, kept, json.loads(body)


@pytest.fixture
def room(app, call):
    """A Simstown room with Ana and Ben seated: (code, Ana's token)."""
    status, opened = call("/api/rooms", {"game": "simstown", "players": 2})
    code = opened["code"]
    tokens = [call(f"/api/rooms/{code}/seats", {"name": name})[1]["token"] for name in ("Ana", "Ben")]
    return code, tokens[0]


def refusals(code: str, token: str) -> list:
    """Requests each refused, for a reason of each kind."""
    ana = {"player": "Ana", "token": token, "seen": 3}
    return [request_of(f"/api/rooms/{code}/roll", {**ana, "token": "nope"}, {"Accept-Language": "de"}),
            request_of(f"/api/rooms/{code}/roll", {"player": "Ben", "token": token, "seen": 3}),
            request_of(f"/api/rooms/{code}/fly", ana, {"Cookie": "rollsheet-lang=es"}),
            request_of(f"/api/rooms/{code}/proof", ana),
            request_of(f"/api/rooms/{code}/roll", {**ana, "extra": 1}),
            request_of(f"/api/rooms/{code}/roll", b"{not json", {"Content-Type": "application/json"}),
            request_of(f"/api/rooms/{code}/roll", b"player=Ana", {"Content-Type": "text/plain"}),
            request_of(f"/api/rooms/{code}/roll", b"[" * 40 + b"]" * 40, {"Content-Type": "application/json"}),
            request_of(f"/api/rooms/{code}/roll", b"null", {"Content-Type": "application/json"}),
            request_of(f"/api/rooms/{code}/roll", b"", {"Content-Type": "application/json; charset=utf-8"}),
            request_of(f"/api/rooms/{code}/roll", ana, {"Origin": "https://elsewhere.example"}),
            request_of(f"/api/rooms/{code}/undo", ana),
            request_of(f"/api/rooms/{code}/lists/nothing/here", {**ana, "crossed": True}),
            request_of("/api/rooms/ZZZZZZ/roll", ana, {"Accept-Language": "es"}),
            request_of(f"/api/rooms/{code}/seats", {"name": ""}),
            request_of(f"/api/rooms/{code}/seats", {"name": "Cy"}, {"Accept-Language": "de"})]


def test_refusals_are_answered_as_flask_answers_them(app, room):
    for request in refusals(*room):
        assert native(app, request) == flask(app, request), request.path


def test_a_move_answers_the_state_flask_then_reads(app, room, client):
    code, token = room
    status, headers, state = native(app, request_of(f"/api/rooms/{code}/roll",
                                                    {"player": "Ana", "token": token, "seen": 3}))
    assert status == 200 and state["version"] == 4 and headers["content-type"] == "application/json"
    assert headers["vary"] == "Accept-Language, Cookie" and headers["x-frame-options"] == "DENY"
    shown = client.get(f"/api/rooms/{code}").get_json()
    assert [entry["text"] for entry in shown["log"]] == [entry["text"] for entry in state["log"]]
    assert shown["dice"] == state["dice"]


def test_a_seat_taken_again_answers_as_flask_does(app, call):
    code = call("/api/rooms", {"game": "simstown", "players": 3})[1]["code"]
    first = native(app, request_of(f"/api/rooms/{code}/seats", {"name": "Cy", "request": "tap-1"}))
    assert first[0] == 201
    again = request_of(f"/api/rooms/{code}/seats", {"name": "Cy", "request": "tap-1"})
    assert native(app, again) == flask(app, again) == first


def test_unknown_room_codes_count_against_the_client_on_both_routes(app):
    guesses = [request_of(f"/api/rooms/ZZZZZ{n % 10}/roll", {"player": "Ana", "token": "t", "seen": 1},
                          ip="203.0.113.9") for n in range(30)]
    statuses = [native(app, guess)[0] if n % 2 else flask(app, guess)[0] for n, guess in enumerate(guesses)]
    assert statuses[:20] == [404] * 20 and set(statuses[20:]) == {429}


def test_a_room_is_read_as_flask_reads_it(app, room):
    code, token = room
    native(app, request_of(f"/api/rooms/{code}/roll", {"player": "Ana", "token": token, "seen": 3}))
    for request in (request_of(f"/api/rooms/{code}", method="GET", headers={"Accept-Language": "de"}),
                    request_of(f"/api/rooms/{code.lower()}?since=soon", method="GET"),
                    request_of("/api/rooms/ZZZZZZ", method="GET", headers={"Cookie": "rollsheet-lang=es"})):
        assert native(app, request) == flask(app, request), request.uri
    status, _, state = native(app, request_of(f"/api/rooms/{code}", method="GET"))
    assert status == 200 and state["version"] == 4 and "Ana" in state["log"][0]["text"]


def test_unknown_rooms_read_count_against_the_client_too(app):
    guesses = [request_of(f"/api/rooms/ZZZZZ{n % 10}", ip="203.0.113.7", method="GET") for n in range(30)]
    statuses = [native(app, guess)[0] if n % 2 else flask(app, guess)[0] for n, guess in enumerate(guesses)]
    assert statuses[:20] == [404] * 20 and set(statuses[20:]) == {429}


@pytest.mark.parametrize("method, path", [("GET", "/api/rooms/ABCDEF/proof"), ("HEAD", "/api/rooms/ABCDEF"),
                                          ("GET", "/api/rooms"), ("GET", "/api/groups/ABCDEF")])
def test_other_reads_stay_flasks(method, path):
    assert moves.route_of(request_of(path, method=method)) is None


@pytest.mark.parametrize("path", ["/api/rooms/ABCDEF/seats/order", "/api/rooms/ABCDEF/seats/1/takeover",
                                  "/api/rooms/ABCDEF/roll/", "/api/rooms", "/api/groups"])
def test_other_routes_stay_flasks(path):
    assert moves.route_of(request_of(path, {})) is None


@pytest.mark.parametrize("body", [b'{"player": "\\ud800", "token": "x"}', b'{"player": "\\uD800", "token": "x"}',
                                  b'{"player": "\xed\xa0\x80", "token": "x"}', b'{"player": "Ana\\u00e9\\udfff"}'])
def test_a_lone_surrogate_is_refused_however_the_body_writes_it(app, room, body):
    request = request_of(f"/api/rooms/{room[0]}/roll", body, {"Content-Type": "application/json"})
    status, _, answer = native(app, request)
    assert status == 400 and "lone surrogate" in answer["error"], answer
    assert native(app, request) == flask(app, request)


@pytest.mark.parametrize("body", [{"player": "Ana", "token": "x", "note": "[" * 40 + "{" * 40},
                                  {"player": "Ana", "token": "x", "dice": [[[[0]]]]}])
def test_brackets_inside_text_do_not_make_a_body_deep(app, room, body):
    answer = native(app, request_of(f"/api/rooms/{room[0]}/roll", body))
    assert "nests deeper" not in str(answer[2]) and answer[0] != 500, answer


@pytest.mark.parametrize("levels, deep", [(32, False), (33, True)])
def test_a_body_nests_at_most_32_levels(app, room, levels, deep):
    body = b'{"player": "Ana", "x": ' + b"[" * (levels - 1) + b"]" * (levels - 1) + b"}"
    request = request_of(f"/api/rooms/{room[0]}/roll", body, {"Content-Type": "application/json"})
    answer = native(app, request)
    assert ("nests deeper" in str(answer[2])) is deep, answer
    assert answer == flask(app, request)
