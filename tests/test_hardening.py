"""A companion safe to leave running on a LAN (issue 16): each numbered problem, against a real `rollsheet serve`."""
from __future__ import annotations

import json
import socket
import sqlite3
import time
from pathlib import Path

import pytest

from companion import cli, rooms
from tests.serving import call, raw, serving, within
from tests.tables import Http, Table

FORWARDED = "--proxy"


def rss_mb(pid: int) -> float:
    """The process's resident memory now, MB."""
    line = next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line.startswith("VmRSS"))
    return int(line.split()[1]) / 1024


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One real `rollsheet serve --proxy` for the tests that do not change its flags: (base URL, process)."""
    with serving(tmp_path_factory.mktemp("serve"), FORWARDED) as running:
        yield running


def open_room(base: str, game: str = "simstown", client: str = "127.0.0.1") -> str:
    return call(base, "/api/rooms", {"game": game}, {"X-Forwarded-For": client})[2]["code"]


POST_ROUTES = ["/api/rooms", "/api/rooms/{code}/roll", "/api/rooms/{code}/lists/tiles/R5", "/api/score/copenhagen"]


@pytest.mark.parametrize("body", [b"[" * 1000 + b"]" * 1000, b'{"player": ' * 1000 + b"1" + b"}" * 1000,
                                  json.dumps({"player": "\ud800"}).encode(), b'{"game": "\\udfff"}',
                                  b'{"players": [{"name": "\\ud83d"}], "room": "X"}'])
def test_deep_nesting_and_lone_surrogates_answer_400_on_every_post_route(server, body):  # 1, 2
    base, _ = server
    code = open_room(base, "copenhagen")
    for route in POST_ROUTES:
        status, _, answer = call(base, route.format(code=code), body, {"Content-Type": "application/json"})
        assert status == 400 and answer["field"] == "body" and answer["error"], (route, answer)


@pytest.mark.server
def test_slow_and_idle_sockets_do_not_stop_rooms_being_served(tmp_path):  # 3
    with serving(tmp_path, "--max-connections", 40) as (base, _):
        room = Table(Http(base), "simstown", ("Ana",))
        host, port = base.removeprefix("http://").split(":")
        slow = [socket.create_connection((host, int(port))) for _ in range(120)]
        for conn in slow:
            conn.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        started = time.monotonic()
        unfinished = socket.create_connection((host, int(port)))  # a whole head, a tenth of its body, then nothing
        unfinished.sendall(f"POST /api/rooms/{room.code}/roll HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                           "\r\nContent-Length: 100\r\n\r\n{\"player\":".encode())
        for _ in range(3):
            room.ok("Ana", "roll")
        assert room.state()["rolls"] == 3 and time.monotonic() - started < 5
        for conn, what in ((slow[-1], "request head"), (unfinished, "body")):
            conn.settimeout(15)
            assert conn.recv(100) == b"", f"a socket that never finished its {what} stayed open"
        assert time.monotonic() - started < 13
        unfinished.close()
        for conn in slow:
            conn.close()


@pytest.mark.server
def test_when_every_connection_is_busy_a_newcomer_gets_503_with_retry_after(tmp_path):  # 3, overload
    with serving(tmp_path, "--max-connections", 16, "--workers", 1) as (base, _):
        code = open_room(base)
        host, port = base.removeprefix("http://").split(":")
        streams = []
        for _ in range(16):
            conn = socket.create_connection((host, int(port)))
            conn.sendall(f"GET /api/rooms/{code}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            conn.recv(100)
            streams.append(conn)
        status, head, answer = call(base, f"/api/rooms/{code}")
        assert status == 503 and int(head["Retry-After"]) > 0 and "full" in answer["error"]
        for conn in streams:
            conn.close()
        assert within(5, lambda: call(base, f"/api/rooms/{code}")[0] == 200), "closed streams still fill the server"


def test_a_huge_body_is_refused_with_413_before_it_is_read(server):  # 4
    base, process = server
    code = open_room(base)
    before = rss_mb(process.pid)
    head = (f"POST /api/rooms/{code}/roll HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {200 * 1024 * 1024}\r\n\r\n").encode()
    answer = raw(base, head + b'{"player": "' + b"A" * 100_000)
    assert answer.startswith(b"HTTP/1.1 413") and b"larger than 64 KB" in answer
    assert rss_mb(process.pid) < before + 5
    assert b"HTTP/1.1 411" in raw(base, b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
    assert call(base, f"/api/rooms/{code}")[2]["version"] == 1


def test_opening_rooms_is_limited_per_client_with_retry_after(server):  # 5
    base, _ = server
    for _ in range(30):
        assert call(base, "/api/rooms", {"game": "simstown"}, {"X-Forwarded-For": "192.0.2.7"})[0] == 201
    status, head, answer = call(base, "/api/rooms", {"game": "simstown"}, {"X-Forwarded-For": "192.0.2.7"})
    assert status == 429 and 0 < int(head["Retry-After"]) <= 60 and "Too many new rooms" in answer["error"]
    page = call(base, "/play/simstown", b"players=2", {"X-Forwarded-For": "192.0.2.7",
                                                        "Content-Type": "application/x-www-form-urlencoded"})
    assert page[0] == 429
    assert call(base, "/api/rooms", {"game": "simstown"}, {"X-Forwarded-For": "192.0.2.8"})[0] == 201


def test_guessing_room_codes_is_limited_per_client(server):  # 5
    base, _ = server
    code, guesser = open_room(base), {"X-Forwarded-For": "192.0.2.9"}
    guesses = [call(base, f"/api/rooms/{guess}", headers=guesser)[0] for guess in
               [f"ZZZZ{a}{b}" for a in "23456" for b in "2345"]]
    assert guesses == [404] * 20
    for path in (f"/api/rooms/{code}", f"/api/rooms/{code}/events", f"/r/{code}", "/api/rooms/ZZZZ99?since=0"):
        status, head, _ = call(base, path, headers=guesser)
        assert status == 429 and int(head["Retry-After"]) > 0, path
    assert call(base, f"/api/rooms/{code}", headers={"X-Forwarded-For": "192.0.2.10"})[0] == 200


@pytest.mark.server
def test_idle_rooms_close_after_keep_days_and_keep_their_final_scores(tmp_path):  # 5
    app = cli.make_app(tmp_path)
    with app.test_request_context():
        service = app.extensions["rollsheet.rooms"]
        idle, played = rooms.create(service, "monolyth"), rooms.create(service, "monolyth")
    client = app.test_client()
    players = [{"name": "Ana", "structure": 12}, {"name": "Ben", "structure": 8}]
    token = client.post(f"/api/rooms/{idle}/seats", json={"name": "Ana"}).get_json()["token"]
    assert client.post(f"/api/rooms/{idle}/seats", json={"name": "Ben"}).status_code == 201
    saved = {"players": players, "room": idle, "player": "Ana", "token": token}
    assert client.post("/api/score/monolyth", json=saved).status_code == 200
    final = client.get(f"/api/rooms/{idle}").get_json()["log"][0]["text"]
    with sqlite3.connect(tmp_path / "rollsheet.sqlite3") as db:
        db.execute("UPDATE room_log SET at = at - 31 * 86400 WHERE room = ?", (idle,))
    with serving(tmp_path, "--keep-days", 30) as (base, _):
        assert within(5, lambda: call(base, f"/api/rooms/{idle}")[0] == 410), "the idle room was not closed"
        status, _, answer = call(base, f"/api/rooms/{idle}")
        assert status == 410 and "closed after 31 days without play" in answer["error"]
        assert final.startswith("Final score: 1. Ana") and [score["text"] for score in answer["scores"]] == [final]
        assert call(base, f"/api/rooms/{idle}/events")[0] == 410
        page = call(base, f"/r/{idle}")
        assert page[0] == 410 and final in page[2]
        assert call(base, f"/api/rooms/{idle}/move", {"player": "Ana", "token": "x", "steps": 1})[0] == 410
        assert call(base, f"/api/rooms/{played}")[0] == 200


@pytest.mark.parametrize("path, body, headers", [
    ("/play/simstown", b"players=2", {"Content-Type": "application/x-www-form-urlencoded",
                                      "Origin": "http://evil.example"}),
    ("/play/simstown", b"players=2", {"Content-Type": "application/x-www-form-urlencoded",
                                      "Sec-Fetch-Site": "cross-site"}),
    ("/api/score/simstown", b'{"players": [{"name": "Ana"}], "room": "{code}"}', {"Content-Type": "text/plain"}),
    ("/api/rooms/{code}/seats", b'{"name": "Mallory"}', {"Content-Type": "application/json",
                                                         "Origin": "http://evil.example"}),
    ("/api/rooms", b'{"game": "simstown"}', {"Content-Type": "application/x-www-form-urlencoded"}),
])
def test_state_changes_from_another_site_or_without_json_are_refused(server, path, body, headers):  # 6
    base, _ = server
    code = open_room(base)
    status, _, _ = call(base, path.replace("{code}", code), body.replace(b"{code}", code.encode()), headers)
    assert status in (403, 415)
    assert call(base, f"/api/rooms/{code}")[2]["version"] == 1


def test_the_same_site_still_opens_rooms_from_the_form(server):  # 6
    base, _ = server
    status, _, _ = call(base, "/play/simstown", b"players=2", {"Content-Type": "application/x-www-form-urlencoded",
                                                               "Origin": base, "Sec-Fetch-Site": "same-origin"})
    assert status == 200  # urllib followed the redirect to the new room's page


def test_every_answer_carries_the_security_headers(server):  # 7
    base, _ = server
    code = open_room(base)
    for path in ["/", f"/r/{code}", f"/api/rooms/{code}", "/static/room.js", "/nowhere", "/api/nowhere",
                 "/api/rooms/ZZZZZZ/events"]:
        _, head, _ = call(base, path)
        assert "frame-ancestors 'none'" in head["Content-Security-Policy"], path
        assert "script-src 'self';" in head["Content-Security-Policy"]
        assert head["X-Content-Type-Options"] == "nosniff" and head["Referrer-Policy"] == "same-origin", path
    stream = raw(base, f"GET /api/rooms/{code}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode(), read_timeout=1)
    assert b"Content-Security-Policy: default-src 'self'" in stream and b"X-Content-Type-Options: nosniff" in stream
    big = raw(base, b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n")
    assert b"X-Content-Type-Options: nosniff" in big


def test_pages_run_under_the_policy_without_a_violation(live_server, phone):  # 7
    code = call(live_server, "/api/rooms", {"game": "lost-cities"})[2]["code"]
    page, violations = phone(), []
    page.on("console", lambda message: violations.append(message.text) if "Content Security" in message.text else None)
    for path in (f"/r/{code}", "/play/copenhagen", "/", f"/score/lost-cities?room={code}"):
        page.goto(live_server + path)
        page.wait_for_load_state("networkidle")
    swatch = page.locator(".chip").first
    assert swatch.evaluate("chip => getComputedStyle(chip).backgroundColor") not in ("rgba(0, 0, 0, 0)", "")
    assert violations == []
