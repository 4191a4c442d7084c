"""A database that is away (issue 35, item 5): while PostgreSQL is stopped, or another program holds the SQLite
file, every request is refused at once with a 503 and its own sentence; once the database is back, so is service,
within a second, and nothing acknowledged before is lost."""
from __future__ import annotations

import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion.web.app import create_app
from tests.postgres import binaries, fresh_database, own_postgres_server
from tests.serving import call, serving, within
from tests.tables import FlaskCalls, Http, Table

AWAY = "cannot reach its rooms database"


@pytest.fixture
def stoppable_postgres():
    """A PostgreSQL server of this test's own, which it may stop and start."""
    if binaries() is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    with own_postgres_server() as server:
        yield server


def timed(request) -> tuple[float, tuple]:
    """(seconds it took, its answer) of `request()`."""
    start = time.monotonic()
    answer = request()
    return time.monotonic() - start, answer


def test_postgresql_stopped_answers_503_at_once_and_its_return_is_served_within_a_second(stoppable_postgres):
    app = create_app({"DATABASE": fresh_database(stoppable_postgres.url)})
    client = app.test_client()
    room = Table(FlaskCalls(client), "simstown", ("Ana",))
    played = room.ok("Ana", "roll")["version"]
    stoppable_postgres.stop("fast")  # (immediate would lose the commits the test server keeps asynchronously)
    for _ in range(10):
        took, response = timed(lambda: client.post(f"/api/rooms/{room.code}/roll", json=room.body("Ana", played)))
        assert response.status_code == 503 and AWAY in response.get_json()["error"] and took < 1.0
        assert response.headers["Retry-After"] == "1"
        took, response = timed(lambda: client.get(f"/api/rooms/{room.code}"))
        assert response.status_code == 503 and took < 1.0
    stoppable_postgres.start()
    assert within(1.0, lambda: client.get(f"/api/rooms/{room.code}").status_code == 200)
    assert room.ok("Ana", "roll")["version"] == played + 1
    app.extensions["rollsheet.store"].close()


@pytest.mark.server
def test_a_served_companion_says_its_database_is_away_never_that_it_is_busy(stoppable_postgres, tmp_path):
    with serving(tmp_path, "--workers", 1, "--database", fresh_database(stoppable_postgres.url)) as (base, process):
        room = Table(Http(base), "simstown", ("Ana",))
        played = room.ok("Ana", "roll")["version"]
        stoppable_postgres.stop("fast")

        def move(_):
            return timed(lambda: call(base, f"/api/rooms/{room.code}/roll", room.body("Ana", played)))

        with ThreadPoolExecutor(9) as pool:
            answers = list(pool.map(move, range(45)))
        assert all(status == 503 and AWAY in answer["error"] for _, (status, _, answer) in answers)
        assert max(took for took, _ in answers) < 1.0
        stoppable_postgres.start()
        assert within(1.0, lambda: call(base, f"/api/rooms/{room.code}")[0] == 200)
        assert room.ok("Ana", "roll")["version"] == played + 1
        process.terminate()
        said = process.communicate(timeout=20)[1]
    assert said.count("cannot use") == 1 and "Traceback" not in said, said


def test_a_sqlite_file_another_program_holds_answers_503_within_a_second_then_serves_again(app, call):
    room = Table(call, "simstown", ("Ana",))
    played = room.ok("Ana", "roll")["version"]
    holder = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # e.g. a backup tool writing into the file
    took, (status, answer) = timed(lambda: room.move("Ana", "roll", seen=played))
    assert status == 503 and AWAY in answer["error"] and took < 1.0
    assert room.state()["version"] == played  # reads go on (WAL)
    holder.execute("ROLLBACK")
    holder.close()
    assert room.ok("Ana", "roll")["version"] == played + 1
