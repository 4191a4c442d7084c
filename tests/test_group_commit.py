"""Group commit (companion/store/group_commit.py), on SQLite and on PostgreSQL: the changes that wait share one
commit, each in its own savepoint; one refused leaves nothing; one that waited past the deadline is refused busy;
two processes' batches that lock the same rows the other way round both commit; and a server killed with SIGKILL in
the middle of group commits under load keeps every answered move and half of none."""
from __future__ import annotations

import os
import signal
import sqlite3
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.rules.errors import Refused, impossible
from companion.store import Unavailable, group_commit, open_store
from tests.serving import serve_processes, serving, within
from tests.tables import Http, Table


@pytest.fixture
def store(database):
    engine = open_store(database)
    engine.upgrade()
    yield engine
    engine.close()


def opening(code: str, then=lambda: None):
    """A change that opens room `code`, then runs `then()` (which may wait, or refuse the change)."""
    def apply(db):
        db.add_room(code, "simstown", 0.0, "{}")
        then()
        return code
    return apply


def rooms_in(store) -> set[str]:
    with store.reading() as db:
        return {row[0] for row in db.run("SELECT code FROM rooms").fetchall()}


def refuse():
    raise impossible("not this one")


def test_changes_that_wait_share_one_commit_and_a_refused_one_leaves_nothing(store):
    commits, writing = [], store.writing
    store.writing = lambda: commits.append(1) or writing()
    started, go = threading.Event(), threading.Event()
    with ThreadPoolExecutor(5) as pool:
        first = pool.submit(store.committed, opening("R0", lambda: started.set() or go.wait(10)))
        assert started.wait(10)  # the writer is inside the first commit: the next changes wait together
        rest = [pool.submit(store.committed, (lambda db: refuse()) if n == 2 else opening(f"R{n}"))  # refused as the
                for n in (1, 2, 3, 4)]                                                          # rules do: first
        assert within(10, lambda: len(store.group.waiting) == 4)
        go.set()
        assert first.result(10) == "R0"
        assert [f.result(10) for f in rest if f.exception(10) is None] == ["R1", "R3", "R4"]
        assert isinstance(rest[1].exception(), Refused) and rest[1].exception().status == 409
    assert len(commits) == 2 and rooms_in(store) == {"R0", "R1", "R3", "R4"}


def test_a_change_refused_after_it_wrote_leaves_nothing_and_the_others_of_its_batch_commit(store):
    with ThreadPoolExecutor(4) as pool, held_writer(store):
        changes = [pool.submit(store.committed, opening(f"R{n}", refuse if n == 2 else lambda: None), f"R{n}")
                   for n in (1, 2, 3)]
        assert within(10, lambda: len(store.group.waiting) == 3)
    assert [f.result(10) for f in changes if f.exception(10) is None] == ["R1", "R3"]
    assert isinstance(changes[1].exception(), Refused) and changes[1].exception().status == 409
    assert rooms_in(store) == {"R1", "R3"}


def test_a_change_refused_alone_leaves_nothing_and_the_next_one_commits(store):
    with pytest.raises(Refused):
        store.committed(opening("R0", refuse))
    assert store.committed(opening("R1")) == "R1" and rooms_in(store) == {"R1"}


def test_a_change_that_waited_past_the_deadline_is_refused_busy_and_not_applied(store, monkeypatch):
    monkeypatch.setattr(group_commit, "QUEUE_WAIT_S", 0.05)
    started, go = threading.Event(), threading.Event()
    with ThreadPoolExecutor(2) as pool:
        first = pool.submit(store.committed, opening("R0", lambda: started.set() or go.wait(10)))
        assert started.wait(10)
        queued = time.monotonic()
        late = pool.submit(store.committed, opening("R1"))
        assert within(10, lambda: time.monotonic() - queued > 0.2)  # held up past the (shortened) deadline
        go.set()
        assert first.result(10) == "R0"
        refusal = late.exception(10)
    assert isinstance(refusal, Unavailable) and refusal.status == 503 and refusal.retry_after == 1
    assert rooms_in(store) == {"R0"}


def test_a_store_error_in_a_batch_applies_none_of_it(store):
    started, go = threading.Event(), threading.Event()
    broken = "INSERT INTO rooms (code) VALUES (NULL)"  # refused by the database itself
    with ThreadPoolExecutor(3) as pool:
        first = pool.submit(store.committed, opening("R0", lambda: started.set() or go.wait(10)))
        assert started.wait(10)
        innocent = pool.submit(store.committed, opening("R1"))
        failing = pool.submit(store.committed, lambda db: db.run(broken))
        assert within(10, lambda: len(store.group.waiting) == 2)
        go.set()
        assert first.result(10) == "R0"
        failed = (failing.exception(10), innocent.exception(10))
        assert all(isinstance(error, store.group.store_error) for error in failed), failed  # the engine's own error
    assert rooms_in(store) == {"R0"}


@contextmanager
def held_writer(store):
    """The writer held inside a commit of nothing until the block ends, so the changes queued meanwhile make one
    batch."""
    started, go = threading.Event(), threading.Event()
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(store.committed, lambda db: started.set() or go.wait(10))
        assert started.wait(10)
        try:
            yield
        finally:
            go.set()
            first.result(10)


def test_two_processes_batches_that_lock_rows_the_other_way_round_both_commit(postgres):
    stores = [open_store(postgres) for _ in range(2)]  # two engines, each with its pool: as two processes
    stores[0].upgrade()
    for code in ("R1", "R2"):
        stores[0].committed(opening(code))
    versions = "SELECT code, version FROM rooms ORDER BY code"
    with stores[0].reading() as db:
        before = db.run(versions).fetchall()
    both_locked, locked = threading.Event(), []

    def bump(code: str, first: bool):
        def apply(db):
            db.run("UPDATE rooms SET version = version + 1 WHERE code = ?", (code,))
            if first:  # each batch holds its first row until the other holds its own: then each wants the other's
                locked.append(code)
                if len(locked) >= 2:
                    both_locked.set()
                assert both_locked.wait(10)
            return code
        return apply

    with ThreadPoolExecutor(4) as pool:
        with held_writer(stores[0]), held_writer(stores[1]):
            batches = [[pool.submit(engine.committed, bump(code, first), key)
                        for key, code, first in ((f"a{n}", mine, True), (f"b{n}", theirs, False))]
                       for n, (engine, mine, theirs) in enumerate(zip(stores, ("R1", "R2"), ("R2", "R1"), strict=True))]
            assert within(10, lambda: all(len(engine.group.waiting) == 2 for engine in stores))
        answers = [[future.result(30) for future in batch] for batch in batches]
    assert answers == [["R1", "R2"], ["R2", "R1"]]  # PostgreSQL aborted one batch; its changes were made alone
    with stores[0].reading() as db:
        assert db.run(versions).fetchall() == [(code, version + 2) for code, version in before]  # each room moved twice
    for engine in stores:
        engine.close()


PLAYERS = 8


def play(room: Table, stop: threading.Event, answered: list, unanswered: list, refused: list) -> None:
    """Move in `room` as its seated player (the first move it is allowed, each with a request id) until the server
    dies, `stop`, or a refusal; each answered move as (request, version, move, body), the one in flight when the server
    died, a refusal as (status, answer)."""
    while not stop.is_set():
        request = uuid.uuid4().hex
        try:
            state = room.state()
            move = next(m for m in state["allowed"]["0"] if m["move"] not in ("cross", "end"))
            body = {key: value for key, value in move.items() if key != "move"}
            status, answer = room.move("Ana", move["move"], seen=state["version"], request=request, **body)
        except OSError:  # the server was killed (the move sent may or may not have been committed)
            unanswered.append(request)
            return
        if status != 200:
            refused.append((status, answer))
            return
        answered.append((request, answer["version"], move["move"], body))


@contextmanager
def read_back(data: Path, database: str | None):
    """`query(sql, args) -> rows` on the rooms database a `serve` left: its SQLite file, or `database`."""
    if database is None:
        with sqlite3.connect(data / "rollsheet.sqlite3") as db:
            assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            yield lambda sql, args: db.execute(sql, args).fetchall()
    else:
        import psycopg

        with psycopg.connect(database) as db:
            yield lambda sql, args: db.execute(sql.replace("?", "%s"), args).fetchall()


@pytest.mark.server
@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
def test_a_server_killed_in_the_middle_of_group_commits_keeps_every_answered_move_and_half_of_none(engine, tmp_path,
                                                                                                     request):
    database = request.getfixturevalue("postgres") if engine == "postgresql" else None
    served = ("--database", database) if database else ()
    stop, refused = threading.Event(), []
    with serving(tmp_path, "--workers", 2, *served) as (base, process):
        rooms = [Table(Http(base), "simstown", ("Ana",), players=2) for _ in range(PLAYERS)]
        answered, unanswered = {r.code: [] for r in rooms}, {r.code: [] for r in rooms}
        players = [threading.Thread(target=play, args=(r, stop, answered[r.code], unanswered[r.code], refused))
                   for r in rooms]
        for player in players:
            player.start()
        try:
            assert within(60, lambda: sum(map(len, answered.values())) >= 20 * PLAYERS), "too few moves answered"
            for pid in reversed(serve_processes(process.pid)):  # every process at once, mid-commit: as a power cut does
                os.kill(pid, signal.SIGKILL)
        finally:
            stop.set()
            for player in players:
                player.join(60)
    assert not refused, refused[:3]
    stored = {}
    with read_back(tmp_path, database) as query:
        for code in answered:
            version = stored[code] = query("SELECT version FROM rooms WHERE code = ?", (code,))[0][0]
            logged = query("SELECT MAX(version) FROM room_log WHERE room = ?", (code,))[0][0]
            kept = dict(query("SELECT request, version FROM room_requests WHERE room = ?", (code,)))
            assert logged == version, f"{code}: the room is at {version}, its log at {logged}"
            assert all(v <= version for _, v, *_ in answered[code]), f"{code}: an answered move is missing"
            assert all(kept.get(request, v) == v for request, v, *_ in answered[code])
            assert all(kept.get(request, 0) <= version for request in unanswered[code])
    with serving(tmp_path, *served) as (base, _):  # served again: an answered move sent again is answered, not made
        for room in rooms:
            request, version, move, body = answered[room.code][-1]
            room.call = Http(base)
            status, answer = room.move("Ana", move, seen=version - 1, request=request, **body)
            assert status == 200 and answer["version"] == stored[room.code]  # the room as it is: not rolled again
