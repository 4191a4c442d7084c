"""Storage faults (issue 28, items 5 and 6): a full disk or a damaged file answers 503 with a sentence and one
log line, nothing acknowledged is lost; another program's file is refused untouched; one serve per data folder."""
from __future__ import annotations

import os
import sqlite3
import subprocess
from contextlib import contextmanager

import pytest

from companion.store import Fault, sqlite as engine, sqlite_schema
from companion.store.base import RECOVERED_S
from tests.serving import call, free_port, run_serve, serving
from tests.tables import Http, Table

pytestmark = pytest.mark.server  # real `serve` processes: the slow lane


def one_line(result) -> str:
    """The single line a refused start printed on stderr (and no traceback)."""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


def stop(process) -> str:
    """Stop a served process; what it wrote on stderr."""
    process.terminate()
    return process.communicate(timeout=20)[1]


def fill(path) -> None:
    """Write `path` until the disk holding it is full."""
    written = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(written, b"x" * 4096)
    except OSError:
        pass
    finally:
        os.close(written)


@pytest.fixture
def small_disk(tmp_path):
    """A 1 MB disk of its own (a tmpfs; needs root, as CI runs)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small disk needs root")
    folder = tmp_path / "disk"
    folder.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", folder], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", folder], check=True)


def test_a_full_disk_refuses_moves_with_503_and_a_sentence_then_recovers_with_nothing_lost(small_disk):
    with serving(small_disk / "data", "--workers", 1) as (base, process):
        room = Table(Http(base), "simstown", ("Ana",))
        played = room.ok("Ana", "roll")["version"]
        fill(small_disk / "filler")
        status, head, answer = call(base, f"/api/rooms/{room.code}/roll", room.body("Ana", played))
        assert status == 503 and int(head["Retry-After"]) > 0 and "disk of the computer it runs on is full" in \
            answer["error"]
        assert room.state()["version"] == played
        os.unlink(small_disk / "filler")
        assert room.ok("Ana", "roll")["version"] == played + 1
        said = stop(process)
    assert said.count("is full") == 1 and "Traceback" not in said and "500" not in said, said


def disk_full(engine) -> None:
    """From now on every write of `engine` fails as on a full disk (SQLITE_FULL), reads still work."""
    def refused():
        raise engine.fault("full", sqlite3.OperationalError("database or disk is full"))
        yield

    engine.writing = contextmanager(refused)


def test_every_route_a_full_disk_refuses_says_when_to_try_again(app, client):
    group = client.post("/api/groups", json={"name": "Thursday"}).get_json()["code"]
    code = client.post("/api/rooms", json={"game": "simstown"}).get_json()["code"]
    token = client.post(f"/api/rooms/{code}/seats", json={"name": "Ana"}).get_json()["token"]
    play = {"game": "simstown", "players": [{"name": "Ana", "score": 3}]}
    disk_full(app.extensions["rollsheet.store"])
    for method, path, body in [
            ("POST", "/api/groups", {"name": "Friday"}), ("POST", f"/api/groups/{group}/plays", play),
            ("POST", f"/api/groups/{group}/players", {"name": "Cy"}),
            ("POST", f"/api/groups/{group}/rename", {"name": "Ana", "to": "Bea"}),
            ("DELETE", f"/api/groups/{group}", None),
            ("POST", "/api/score/simstown", {"players": [{"name": "Ana"}], "room": code, "player": "Ana",
                                             "token": token})]:
        answer = client.open(path, method=method, json=body)
        assert answer.status_code == 503 and int(answer.headers["Retry-After"]) > 0, (path, answer.get_json())
        assert "disk of the computer it runs on is full" in answer.get_json()["error"], path
        assert "field" not in answer.get_json(), path


def test_a_full_disk_is_said_once_however_many_small_writes_fit_between_refusals(caplog):
    now = [1000.0]
    fault = Fault("rollsheet.sqlite3", clock=lambda: now[0])
    for _ in range(150):
        fault("full", OSError("database or disk is full"))
        now[0] += 1
        fault.cleared()  # a small write that fitted
    assert [record.getMessage() for record in caplog.records].count(
        "rollsheet serve: the disk holding rollsheet.sqlite3 is full: changes are refused with 503 until there is "
        "room (nothing saved is lost)") == 1
    now[0] += RECOVERED_S
    fault.cleared()  # writes went through for RECOVERED_S: the fault is over
    fault("full", OSError("database or disk is full"))
    assert sum("is full" in record.getMessage() for record in caplog.records) == 2


def test_a_database_damaged_while_running_answers_503_and_still_serves_what_it_can_read(tmp_path):
    with serving(tmp_path, "--workers", 1) as (base, process):
        tables = [Table(Http(base), "simstown", ("Ana",)) for _ in range(40)]
        database = tmp_path / "rollsheet.sqlite3"
        with sqlite3.connect(database) as db:  # every page into the file, so the damage below is what is read
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        with open(database, "r+b") as file:
            file.seek(4096)
            file.write(b"\0" * (database.stat().st_size - 4096))
        answers = [table.move("Ana", "roll", seen=None) for table in tables[:5]]
        answers += [table.call(f"/api/rooms/{table.code}") for table in tables[:5]]
        answers += [call(base, "/api/rooms", {"game": "simstown"})[0::2] for _ in range(3)]
        refused = [answer for status, answer in answers if status == 503]
        assert {status for status, _ in answers} <= {200, 201, 503} and refused
        assert all("rooms database is damaged" in answer["error"] for answer in refused)
        pages = [call(base, path) for path in [f"/r/{table.code}" for table in tables[:5]] + ["/", "/play/simstown"]]
        assert {status for status, _, _ in pages} <= {200, 503}
        assert all("rooms database is damaged" in page for status, _, page in pages if status == 503)
        said = stop(process)
    assert said.count("is damaged") == 1 and "Traceback" not in said, said


@pytest.mark.server
def test_another_programs_sqlite_file_is_refused_untouched(tmp_path):
    database = tmp_path / "rollsheet.sqlite3"
    with sqlite3.connect(database) as db:
        db.execute("CREATE TABLE rooms (id INTEGER PRIMARY KEY, building TEXT)")
        db.execute("INSERT INTO rooms (building) VALUES ('B1')")
    before = database.read_bytes()
    result = run_serve("--host", "127.0.0.1", "--port", free_port(), "--data", tmp_path)
    assert result.returncode == 1 and "is not a rollsheet database" in one_line(result)
    assert database.read_bytes() == before and sorted(path.name for path in tmp_path.iterdir()) == [database.name]


@pytest.mark.server
@pytest.mark.parametrize("pragma", ["application_id = 1196444237", "user_version = 7"])
def test_another_programs_marked_sqlite_file_without_tables_is_refused_untouched(tmp_path, pragma):
    database = tmp_path / "rollsheet.sqlite3"
    with sqlite3.connect(database) as db:
        db.execute(f"PRAGMA {pragma}")
    before = database.read_bytes()
    result = run_serve("--host", "127.0.0.1", "--port", free_port(), "--data", tmp_path)
    assert result.returncode == 1 and "is not a rollsheet database" in one_line(result)
    assert "newer rollsheet" not in result.stderr and database.read_bytes() == before


def test_a_rollsheet_database_from_before_the_mark_is_taken_on_and_marked(tmp_path):
    with serving(tmp_path, "--workers", 1) as (base, _):
        room = Table(Http(base), "simstown", ("Ana",))
        played = room.ok("Ana", "roll")
    with sqlite3.connect(tmp_path / "rollsheet.sqlite3") as db:  # as rollsheet left it before the mark (schema 2)
        db.execute("DROP TABLE limits")
        db.execute(sqlite_schema.SCHEMA_2[-1])
        db.execute("PRAGMA application_id = 0")
        db.execute("PRAGMA user_version = 2")
    with serving(tmp_path, "--workers", 1) as (base, _):
        assert call(base, f"/api/rooms/{room.code}")[2] == played
    with sqlite3.connect(tmp_path / "rollsheet.sqlite3") as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == sqlite_schema.MARK
        assert db.execute("PRAGMA user_version").fetchone()[0] == engine.SQLite.MIGRATIONS[-1][0]


@pytest.mark.server
def test_a_database_with_a_zeroed_page_is_refused_in_one_line(tmp_path):
    with serving(tmp_path, "--workers", 1) as (base, _):
        for _ in range(30):
            call(base, "/api/rooms", {"game": "copenhagen"})
    database = tmp_path / "rollsheet.sqlite3"
    with open(database, "r+b") as file:
        file.seek(2 * 4096)
        file.write(b"\0" * 4096)
    result = run_serve("--host", "127.0.0.1", "--port", free_port(), "--data", tmp_path)
    assert result.returncode == 1 and "is damaged" in one_line(result) and ".broken" in one_line(result)


@pytest.mark.server
def test_a_database_newer_than_this_rollsheet_is_refused_in_one_line(tmp_path):
    with sqlite3.connect(tmp_path / "rollsheet.sqlite3") as db:
        db.execute(f"PRAGMA application_id = {sqlite_schema.MARK}")
        db.execute("PRAGMA user_version = 99")
        db.execute("CREATE TABLE rooms (code TEXT)")
    result = run_serve("--host", "127.0.0.1", "--port", free_port(), "--data", tmp_path)
    assert result.returncode == 1 and "schema version 99, made by a newer rollsheet" in one_line(result)


@pytest.mark.server
def test_a_second_serve_on_the_same_data_folder_is_refused_in_one_line(tmp_path):
    with serving(tmp_path) as (base, process):
        result = run_serve("--host", "127.0.0.1", "--port", free_port(), "--data", tmp_path)
        assert result.returncode == 1 and f"(pid {process.pid}) is serving" in one_line(result)
        assert call(base, "/api/rooms", {"game": "simstown"})[0] == 201
