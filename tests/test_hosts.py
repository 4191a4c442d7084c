"""Rooms pinned to a host: two `rollsheet serve` on one PostgreSQL behind a real HAProxy running docs/haproxy.cfg
(tests/hosts.py), all on 127.0.0.1. A room's requests land on one host; a host killed with SIGKILL has its rooms
answered by the other within 5 s, every acknowledged move there, its phones' streams reconnected; a host that
comes back (restarted, or one that hung and runs again) takes its rooms again without acting on a stale copy,
and a phone still held by the stand-in sees the
moves made there (companion/web/elsewhere.py)."""
from __future__ import annotations

import re
import signal
import socket
import time

import pytest

from tests.hosts import HAPROXY, hosts_behind_proxy, signal_host
from tests.serving import call, exchange, serving, within

pytestmark = [pytest.mark.server, pytest.mark.skipif(not HAPROXY, reason="HAProxy is not installed")]
FAILOVER_S = 5
HUNG_S = 15
"""A hung host is taken out after 2 checks of 2 s each (docs/haproxy.cfg): generous for a loaded machine."""


def named_host(headers) -> str:
    """The host an answer came from, as HAProxy names it (its header names are lower case)."""
    return {name.lower(): value for name, value in headers.items()}["x-rollsheet-host"]


def host_of(proxy: str, path: str) -> str:
    """The host HAProxy sent a request for `path` to."""
    status, headers, _ = call(proxy, path)
    assert status == 200, (path, status)
    return named_host(headers)


def open_seated(proxy: str) -> tuple[str, dict]:
    """A new 1-player Simstown room with Ana seated: its code and her seat."""
    status, _, room = call(proxy, "/api/rooms", {"game": "simstown", "players": 1})
    assert status == 201
    status, _, seated = call(proxy, f"/api/rooms/{room['code']}/seats", {"name": "Ana"})
    assert status == 201
    return room["code"], seated


def move(proxy: str, code: str, seated: dict) -> dict:
    """Ana's first allowed move in the room, sent with the version she saw; the answered state."""
    state = call(proxy, f"/api/rooms/{code}")[2]
    chosen = next(m for m in state["allowed"][str(seated["seat"])] if m["move"] not in ("cross", "end"))
    body = {k: v for k, v in chosen.items() if k != "move"} | {"player": "Ana", "token": seated["token"],
                                                                 "seen": state["version"]}
    status, _, answer = call(proxy, f"/api/rooms/{code}/{chosen['move']}", body)
    assert status == 200, answer
    return answer


def stream_head(proxy: str, code: str) -> bytes:
    """The request that opens a room's event stream."""
    return f"GET /api/rooms/{code}/events HTTP/1.1\r\nHost: {proxy.removeprefix('http://')}\r\n\r\n".encode()


def versions_in(events: bytes) -> list[int]:
    """The room versions in a stream's events."""
    return [int(found) for found in re.findall(rb'"version":\s*(\d+)', events)]


def held_stream(proxy: str, code: str) -> tuple[socket.socket, dict, bytes]:
    """A phone's event stream of a room held open through the proxy: the socket, the answer's headers and what
    came until its first event."""
    phone = socket.create_connection(("127.0.0.1", int(proxy.rsplit(":", 1)[1])), timeout=FAILOVER_S + 5)
    phone.sendall(stream_head(proxy, code))
    seen = b""
    while not versions_in(seen):
        seen += phone.recv(65536)
    head, _, events = seen.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    assert lines[0].split()[1] == "200", lines[0]
    return phone, dict(line.split(": ", 1) for line in lines[1:]), events


def cut(phone: socket.socket) -> bool:
    """Whether a held stream ends within FAILOVER_S (a dead host's stream is cut by the proxy)."""
    deadline = time.monotonic() + FAILOVER_S
    while phone.recv(65536):
        if time.monotonic() > deadline:
            return False
    return True


def sees(phone: socket.socket, version: int, seconds: float = FAILOVER_S) -> bool:
    """Whether a held stream brings `version` within `seconds` (its heartbeats come every 5 s)."""
    seen, deadline = b"", time.monotonic() + seconds
    while version not in versions_in(seen):
        chunk = phone.recv(65536)
        if not chunk or time.monotonic() > deadline:
            return False
        seen += chunk
    return True


def test_every_request_of_a_room_lands_on_one_host(postgres):
    with hosts_behind_proxy(2, postgres, "--workers", "1") as (proxy, _, _):
        seen = {}
        for _ in range(12):
            code, seated = open_seated(proxy)
            move(proxy, code, seated)
            paths = [f"/api/rooms/{code}", f"/r/{code}", f"/r/{code}/qr.svg", f"/api/rooms/{code}?since=0",
                     f"/score/simstown?room={code}"]
            seen[code] = {host_of(proxy, path) for path in paths * 2}
            status, headers, _ = exchange(proxy, stream_head(proxy, code))
            assert status == 200
            seen[code].add(named_host(headers))
        assert all(len(hosts) == 1 for hosts in seen.values()), seen
        assert set.union(*seen.values()) == {"host1", "host2"}  # rooms are spread over both


def test_a_killed_hosts_rooms_answer_from_the_other_with_every_move_and_streams_reconnect(postgres):
    with hosts_behind_proxy(2, postgres, "--workers", "1") as (proxy, folder, hosts):
        rooms = [open_seated(proxy) for _ in range(10)]
        versions = {code: max(move(proxy, code, seated)["version"] for _ in range(3)) for code, seated in rooms}
        placed = {code: host_of(proxy, f"/api/rooms/{code}") for code, _ in rooms}
        victim = placed[rooms[0][0]]
        doomed = [(code, seated) for code, seated in rooms if placed[code] == victim]
        watched = doomed[0][0]
        phone, _, _ = held_stream(proxy, watched)

        (base, process), = [pair for n, pair in enumerate(hosts, 1) if f"host{n}" == victim]
        signal_host(process.pid)

        def all_answered() -> bool:
            answers = [call(proxy, f"/api/rooms/{code}") for code, _ in doomed]
            return all(status == 200 and named_host(headers) != victim for status, headers, _ in answers)

        assert within(FAILOVER_S, all_answered, pause=lambda: None)
        for code, _ in rooms:  # every acknowledged move is there, on whichever host answers
            assert call(proxy, f"/api/rooms/{code}")[2]["version"] == versions[code]
        assert cut(phone)
        phone.close()
        phone, headers, events = held_stream(proxy, watched)  # the phone reconnects, to the other host
        assert named_host(headers) != victim and versions_in(events)[0] == versions[watched]
        versions[watched] = move(proxy, watched, doomed[0][1])["version"]  # and plays on, on the other host
        assert sees(phone, versions[watched])

        port = int(base.rsplit(":", 1)[1])
        with serving(folder / "back", "--database", postgres, "--proxy", "--workers", "1", port=port):
            assert within(FAILOVER_S, lambda: host_of(proxy, f"/api/rooms/{watched}") == victim)
            answered = move(proxy, watched, doomed[0][1])  # the host that came back reads the room anew
            assert answered["version"] == versions[watched] + 1
            assert call(proxy, f"/api/rooms/{watched}")[2]["version"] == versions[watched] + 1
            assert sees(phone, versions[watched] + 1)  # the phone still held by the stand-in sees the move
        phone.close()


def test_a_host_that_hung_and_runs_again_never_acts_on_a_stale_copy(postgres):
    with hosts_behind_proxy(2, postgres, "--workers", "1") as (proxy, _, hosts):
        rooms = [open_seated(proxy) for _ in range(6)]
        code, seated = rooms[0]
        before = move(proxy, code, seated)
        victim = host_of(proxy, f"/api/rooms/{code}")
        (_, process), = [pair for n, pair in enumerate(hosts, 1) if f"host{n}" == victim]
        signal_host(process.pid, signal.SIGSTOP)
        try:
            def elsewhere() -> bool:
                try:
                    return host_of(proxy, f"/api/rooms/{code}") != victim
                except (OSError, AssertionError):  # a request caught on the hung host is cut when it is marked down
                    return False

            assert within(HUNG_S, elsewhere)
            played = move(proxy, code, seated)["version"]  # played on the stand-in meanwhile
        finally:
            signal_host(process.pid, signal.SIGCONT)
        assert within(FAILOVER_S, lambda: host_of(proxy, f"/api/rooms/{code}") == victim)
        stale = {"player": "Ana", "token": seated["token"], "seen": before["version"]}
        status, _, refusal = call(proxy, f"/api/rooms/{code}/roll", stale)
        assert status == 409, refusal  # a move on the version seen before the hang is refused as stale
        assert call(proxy, f"/api/rooms/{code}")[2]["version"] == played
        assert move(proxy, code, seated)["version"] == played + 1  # the host back home reads the room anew
