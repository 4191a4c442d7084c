"""Issue 28 items 2-4: one client cannot crowd out a table, every route naming a room code counts toward the
code-guessing limit, and the client the limits count is the one the proxy saw, never one the client names."""
from __future__ import annotations

import socket
from pathlib import Path

import pytest

from companion.web import clients
from tests.serving import call, exchange, serving, within
from tests.tables import Table

FLOODER, SLOW_READER, PLAYER, GUESSER, WATCH_GUESSER = "192.0.2.50", "192.0.2.55", "192.0.2.60", "192.0.2.90", \
    "192.0.2.91"


def calls_from(base: str, address: str):
    """A Table's `call` for a client the proxy forwards as `address`: (status, answer)."""
    return lambda path, body=None: call(base, path, body, {"X-Forwarded-For": address})[::2]


def held_streams(base: str, code: str, address: str, count: int, sockets: list) -> list[bytes]:
    """Open `count` event streams of room `code` from `address` (kept in `sockets`): each one's status line."""
    host, port = base.removeprefix("http://").split(":")
    statuses = []
    for _ in range(count):
        conn = socket.create_connection((host, int(port)), timeout=10)
        sockets.append(conn)
        conn.sendall(f"GET /api/rooms/{code}/events HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: {address}\r\n\r\n".encode())
        statuses.append(conn.recv(64).split(b"\r\n")[0])
    return statuses


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real `rollsheet serve --proxy` with room for 150 connections, in one process (the caps are exact there;
    with several workers each holds its share, tests/test_workers.py): its base URL."""
    with serving(tmp_path_factory.mktemp("limits"), "--proxy", "--max-connections", 150, "--workers", 1) as (base, _):
        yield base


def held_by_server(port: int) -> int:
    """How many connections the server on `port` still holds (established, or closed by the client but not yet by
    the server), as /proc/net/tcp lists them."""
    held = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        held += int(local.split(":")[1], 16) == port and state in ("01", "08")
    return held


@pytest.fixture
def sockets(server):
    """Sockets a test opens, closed when it ends (pass or fail); the next test starts once the server has let every
    connection go, these and its table's calls, so its 150 connections are free again (a test sends up to 140 at
    once: under load the last test's calls, closed by the client but not yet by the server, took the last few)."""
    opened: list[socket.socket] = []
    yield opened
    for conn in opened:
        conn.close()
    port = int(server.rsplit(":", 1)[1])
    assert within(30, lambda: held_by_server(port) == 0), "the server still holds the test's connections"


def test_a_client_holding_its_streams_leaves_a_real_table_at_0_x_503(server, sockets):  # 2
    table = Table(calls_from(server, PLAYER), "simstown", ("Ana",))
    statuses = held_streams(server, table.code, FLOODER, 200, sockets)
    assert statuses.count(b"HTTP/1.1 200 OK") == clients.CAPS["streams"]
    assert set(statuses[clients.CAPS["streams"]:]) == {b"HTTP/1.1 429 Too Many Requests"}
    assert held_streams(server, table.code, PLAYER, 1, sockets) == [b"HTTP/1.1 200 OK"]
    moves = [table.move("Ana", action)[0] for _ in range(10) for action in ("roll", "next")]
    assert moves == [200] * 20


def test_a_client_with_every_request_body_pending_is_capped_and_the_table_plays_on(server, sockets):  # 2
    table = Table(calls_from(server, PLAYER), "simstown", ("Ana",))
    host, port = server.removeprefix("http://").split(":")
    for _ in range(140):
        conn = socket.create_connection((host, int(port)), timeout=10)
        conn.sendall(f"POST /api/rooms/{table.code}/roll HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: {FLOODER}\r\n"
                     "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{".encode())
        sockets.append(conn)
    answers = {conn.recv(64).split(b"\r\n")[0] for conn in sockets[clients.CAPS["busy"]:]}
    assert answers == {b"HTTP/1.1 429 Too Many Requests"}
    assert [table.move("Ana", action)[0] for _ in range(3) for action in ("roll", "next")] == [200] * 6


def test_a_client_sending_many_slow_reads_at_once_gets_its_share_of_the_app_and_a_table_is_served(server, sockets):
    table = Table(calls_from(server, PLAYER), "simstown", ("Ana",))
    group = call(server, "/api/groups", {"name": "Big"})[2]["code"]  # from this machine: no limit
    play = {"game": "simstown", "date": "2025-05-01",
            "players": [{"name": "Ana", "score": 3}, {"name": "Ben", "score": 7}]}
    for _ in range(6):  # an import sends at most 200 plays
        assert call(server, f"/api/groups/{group}/plays", [play] * 200)[0] == 201
    host, port = server.removeprefix("http://").split(":")
    for _ in range(80):  # each read of 1,200 plays keeps a thread busy for a while: 80 would queue for seconds
        conn = socket.create_connection((host, int(port)), timeout=30)
        conn.sendall(f"GET /api/groups/{group} HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: {SLOW_READER}\r\n"
                     "Connection: close\r\n\r\n".encode())
        sockets.append(conn)
    assert table.call(f"/api/rooms/{table.code}")[0] == 200
    heads = [conn.recv(4096).partition(b"\r\n\r\n")[0] for conn in sockets]
    statuses = [head.split(b"\r\n")[0] for head in heads]
    assert set(statuses) == {b"HTTP/1.1 200 OK", b"HTTP/1.1 429 Too Many Requests"}
    assert all(b"\r\nRetry-After: 1" in head for head in heads if b" 429 " in head.split(b"\r\n")[0])


def test_every_route_naming_a_room_code_counts_toward_the_guessing_limit(server):  # 3
    table = Table(calls_from(server, PLAYER), "simstown", ("Ana",))
    guesser = {"X-Forwarded-For": GUESSER}
    guesses = [f"ZZZZ{a}{b}" for a in "23456" for b in "2345"]
    for guess in guesses[:10]:
        assert call(server, f"/score/simstown?room={guess}", headers=guesser)[0] == 200
    for guess in guesses[10:]:
        posted = {"players": [{"name": "Ana"}], "room": guess}
        assert call(server, "/api/score/simstown", posted, guesser)[2]["field"] == "room"
    score = {"players": [{"name": "Ana"}], "room": table.code, "player": "Ana", "token": table.tokens["Ana"]}
    for path, body in ((f"/score/simstown?room={table.code}", None), ("/api/score/simstown", score),
                       (f"/api/rooms/{table.code}", None), (f"/r/{table.code}", None)):
        status, head, _ = call(server, path, body, guesser)
        assert status == 429 and int(head["Retry-After"]) > 0, path
    assert call(server, f"/score/simstown?room={table.code}", headers={"X-Forwarded-For": PLAYER})[0] == 200


def test_a_guesser_out_of_lookups_is_refused_a_room_others_watch_on_the_live_routes(server, sockets):  # item 1
    table = Table(calls_from(server, PLAYER), "simstown", ("Ana",))
    assert held_streams(server, table.code, PLAYER, 1, sockets) == [b"HTTP/1.1 200 OK"]
    guesser = {"X-Forwarded-For": WATCH_GUESSER}
    statuses = [call(server, f"/api/rooms/ZZZZ{number:02d}", headers=guesser)[0] for number in range(21)]
    assert statuses == [404] * 20 + [429]
    for path in (f"/api/rooms/{table.code}/events", f"/api/rooms/{table.code}?since=0&wait=0"):
        status, head, answer = exchange(server, f"GET {path} HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: {WATCH_GUESSER}"
                                                "\r\nConnection: close\r\n\r\n".encode())
        assert status == 429 and int(head["Retry-After"]) > 0 and b"room codes that do not exist" in answer, path
    assert held_streams(server, table.code, PLAYER, 1, sockets) == [b"HTTP/1.1 200 OK"]


def rooms_until_refused(base: str, headers) -> int:
    """How many rooms open before a 429, for 31 tries whose headers come from `headers(i)`."""
    statuses = [call(base, "/api/rooms", {"game": "simstown"}, headers(i))[0] for i in range(31)]
    assert set(statuses) <= {201, 429}
    return statuses.index(429) if 429 in statuses else len(statuses)


def test_x_real_ip_and_the_entries_a_client_writes_itself_are_ignored(server):  # 4
    assert rooms_until_refused(server, lambda i: {"X-Forwarded-For": "192.0.2.70", "X-Real-IP": f"10.1.1.{i}"}) == 30
    assert rooms_until_refused(server, lambda i: {"X-Forwarded-For": f"10.2.2.{i}, 192.0.2.71"}) == 30


def test_an_ipv6_64_is_one_client(server):  # 4
    assert rooms_until_refused(server, lambda i: {"X-Forwarded-For": f"2001:db8:aa:1:{i:x}::1"}) == 30
    assert call(server, "/api/rooms", {"game": "simstown"}, {"X-Forwarded-For": "2001:db8:aa:2::1"})[0] == 201


@pytest.mark.server
def test_with_two_proxy_hops_the_client_is_the_one_the_outer_proxy_appended(tmp_path):  # 4
    with serving(tmp_path, "--proxy", "--proxy-hops", 2) as (base, _):
        assert rooms_until_refused(base, lambda i: {"X-Forwarded-For": f"10.3.3.{i}, 192.0.2.80, 10.0.0.2"}) == 30
        assert call(base, "/api/rooms", {"game": "simstown"}, {"X-Forwarded-For": "192.0.2.81, 10.0.0.2"})[0] == 201


@pytest.mark.parametrize("header, hops, address", [
    (None, 1, "127.0.0.1"), ("192.0.2.1", 1, "192.0.2.1"), ("6.6.6.6, 192.0.2.1", 1, "192.0.2.1"),
    ("6.6.6.6, 192.0.2.1, 10.0.0.2", 2, "192.0.2.1"), ("192.0.2.1", 3, "192.0.2.1"), ("x, not-an-ip", 1, "unknown"),
    ("192.0.2.1", 0, "127.0.0.1")])
def test_the_address_is_the_entry_the_outermost_trusted_proxy_appended(header, hops, address):
    assert clients.forwarded("127.0.0.1", header, hops) == address


@pytest.mark.parametrize("address, client", [
    ("192.0.2.1", "192.0.2.1"), ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"), ("::ffff:192.0.2.1", "192.0.2.1"),
    ("127.0.0.1", None), ("::1", None), ("unknown", "unknown")])
def test_the_limits_count_ipv4_addresses_and_ipv6_networks(address, client):
    assert clients.client_of(address) == client


def test_a_crowd_refuses_a_client_at_its_cap_and_counts_it_down_again():
    crowd = clients.Crowd({"streams": 2})
    assert [crowd.enter("streams", "a") for _ in range(3)] == [True, True, False]
    assert crowd.enter("streams", "b") and crowd.enter("streams", None)
    crowd.leave("streams", "a")
    assert crowd.enter("streams", "a")
