"""Past one process: `serve --workers N` on one SQLite file, and several `serve` processes on one PostgreSQL,
each playing a room with phones held by different processes (issue 25)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.store.postgresql import PostgreSQL
from companion.web import clients
from tests.following import Follower, following
from tests.serving import ROOT, serve_processes, serving, within
from tests.tables import Http, Table

pytestmark = pytest.mark.server  # real `serve` processes: the slow lane
PHONES = 8
SEEN_S = 5.0
"""How soon every phone must see a move here: generous for a loaded test machine (the bench holds 1 s)."""


def workers_of(pid: int, count: int = 2, besides: frozenset = frozenset(), seconds: float = 10) -> set[int]:
    """The worker processes of a `serve`, once it has `count` of them other than `besides`."""
    def children() -> set[int]:
        return set(serve_processes(pid)[1:])

    assert within(seconds, lambda: len(children() - besides) >= count), f"serve has not {count} new workers"
    return children()


def play_and_watch(room: Table, moves: list[tuple[Table, str, str]], phones: list[Follower]) -> None:
    """Make each move (through its table's server) and check every phone sees it within SEEN_S."""
    for table, who, action in moves:
        version = table.ok(who, action)["version"]
        late = [phone for phone in phones if phone.wait_for(version, SEEN_S) is None]
        assert not late, f"{len(late)} of {len(phones)} phones did not see version {version} within {SEEN_S} s"


def test_a_move_through_one_worker_reaches_phones_held_by_every_worker(tmp_path):
    with serving(tmp_path, "--workers", 2) as (base, process):
        assert len(workers_of(process.pid)) == 2
        room = Table(Http(base), "simstown", ("Ana", "Ben"))
        with following([base], room.code, PHONES) as phones:
            play_and_watch(room, [(room, "Ana", "roll"), (room, "Ana", "roll"), (room, "Ana", "next"),
                                  (room, "Ben", "roll")], phones)


def test_a_killed_worker_is_replaced_and_nothing_acknowledged_is_lost(tmp_path):
    with serving(tmp_path, "--workers", 2) as (base, process):
        room = Table(Http(base), "lost-cities", ("Ana", "Ben"))
        with following([base], room.code, PHONES) as phones:
            played = room.ok("Ana", "roll")["version"]
            victim = sorted(workers_of(process.pid))[0]
            os.kill(victim, signal.SIGKILL)
            workers_of(process.pid, 2, frozenset({victim}), seconds=5)
            played = room.ok("Ana", "refuse")["version"]
            late = [phone for phone in phones if phone.wait_for(played, 5.0) is None]
            assert not late, f"{len(late)} phones were not served again within 5 s"
            assert room.state()["version"] == played
        process.terminate()
        said = process.communicate(timeout=20)[1]
    assert f"(pid {victim}) killed by signal 9; starting a new one" in said


def test_two_serve_processes_on_one_postgresql_play_a_room_with_phones_on_both(postgres, tmp_path):
    upgraded = subprocess.run([sys.executable, "-m", "sheets.cli", "db", "upgrade", "--database", postgres],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
    newest = PostgreSQL.MIGRATIONS[-1][0]
    assert upgraded.returncode == 0 and f"schema version {newest} (was 0)" in upgraded.stdout, upgraded.stderr
    shared = ("--database", postgres, "--workers", 1)
    with serving(tmp_path / "one", *shared) as (first, _), serving(tmp_path / "two", *shared) as (second, _):
        room = Table(Http(first), "simstown", ("Ana",), players=2)
        there = Table.__new__(Table)
        there.call, there.code, there.tokens = Http(second), room.code, room.tokens
        assert there.sit("Ben")[0] == 201
        with following([first, second], room.code, PHONES) as phones:
            play_and_watch(room, [(room, "Ana", "roll"), (there, "Ana", "next"), (there, "Ben", "roll"),
                                  (room, "Ben", "roll")], phones)
        assert Http(first)(f"/api/rooms/{room.code}")[1] == Http(second)(f"/api/rooms/{room.code}")[1]


def test_phones_on_two_servers_sharing_postgresql_play_one_room_in_chromium(postgres, tmp_path, phone):
    from playwright.sync_api import expect

    from tests.phones import axe_clean, seated_phone, tap

    shared = ("--database", postgres, "--workers", 1)
    with serving(tmp_path / "one", *shared) as (first, _), serving(tmp_path / "two", *shared) as (second, _):
        code = Http(first)("/api/rooms", {"game": "simstown", "players": 2})[1]["code"]
        ana, ben = seated_phone(phone, first, code, "Ana"), seated_phone(phone, second, code, "Ben")
        expect(ana.locator("#seats li.seat", has_text="Ben")).to_be_visible()
        tap(ana, "Roll the dice")
        rolled = Http(first)(f"/api/rooms/{code}")[1]["log"][0]["text"]
        expect(ben.locator("#log li").first).to_contain_text(rolled, timeout=SEEN_S * 1000)
        ben.screenshot(path=str(tmp_path / "ben-on-the-second-server.png"))
        axe_clean(ben, "a phone on the second server")


def test_with_two_workers_a_client_holds_at_most_its_cap_of_streams_and_a_table_plays_on(tmp_path):
    from tests.test_client_limits import FLOODER, PLAYER, calls_from, held_streams

    with serving(tmp_path, "--proxy", "--workers", 2) as (base, process):
        workers_of(process.pid)
        table = Table(calls_from(base, PLAYER), "simstown", ("Ana",))
        sockets: list = []
        try:
            statuses = held_streams(base, table.code, FLOODER, 2 * clients.CAPS["streams"], sockets)
            held = statuses.count(b"HTTP/1.1 200 OK")
            assert 0 < held <= clients.CAPS["streams"] and set(statuses) <= {b"HTTP/1.1 200 OK",
                                                                           b"HTTP/1.1 429 Too Many Requests"}
            assert [table.move("Ana", action)[0] for _ in range(5) for action in ("roll", "next")] == [200] * 10
        finally:
            for conn in sockets:
                conn.close()


def test_the_workers_stop_when_their_serve_is_killed(tmp_path):
    with serving(tmp_path, "--workers", 2) as (base, process):
        workers = workers_of(process.pid)
        os.kill(process.pid, signal.SIGKILL)
        assert within(5, lambda: not any(map(running, workers))), "a worker outlived its serve"


def running(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie waiting for its parent does not)."""
    try:
        return "(zombie)" not in Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
