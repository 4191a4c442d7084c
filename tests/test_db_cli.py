"""`rollsheet db upgrade` and `rollsheet db copy`: a schema made and migrated in one line, and rooms moved
between SQLite and PostgreSQL with their seats, logs and saved scores intact."""
from __future__ import annotations

import sqlite3

import pytest

from companion.store.sqlite import SQLite
from tests.tables import FlaskCalls, Table


def played_room(app) -> tuple[Table, dict]:
    """A Monolyth room with two seats, a move, an undo offer and a saved final score, in `app`; (table, its state)."""
    client = app.test_client()
    room = Table(FlaskCalls(client), "monolyth", ("Ana", "Ben"))
    room.ok("Ana", "move", steps=1, take="piece")
    players = [{"name": "Ana", "structure": 12}, {"name": "Ben", "structure": 8}]
    saved = {"players": players, "room": room.code, "player": "Ana", "token": room.tokens["Ana"]}
    assert client.post("/api/score/monolyth", json=saved).status_code == 200
    return room, room.state()


def moved(room: Table, app) -> Table:
    """The same table, played through `app`, a companion on another database."""
    there = Table.__new__(Table)
    there.call = FlaskCalls(app.test_client())
    there.code, there.tokens = room.code, room.tokens
    return there


def test_upgrade_makes_the_schema_then_says_it_is_up_to_date(cli, tmp_path):
    database = f"sqlite:{tmp_path / 'rooms.sqlite3'}"
    first, again = cli("db", "upgrade", "--database", database), cli("db", "upgrade", "--database", database)
    newest = SQLite.MIGRATIONS[-1][0]
    assert first.exit_code == 0 and f"schema version {newest} (was 0)" in first.output
    assert again.exit_code == 0 and f"schema version {newest}, up to date" in again.output


def test_db_commands_refuse_bad_names_in_one_line(cli, tmp_path):
    (tmp_path / "a").touch()
    for args, code, said in [(["db", "upgrade"], 2, "name the database with --database"),
                             (["db", "upgrade", "--database", "mysql://x/y"], 2, "takes a file path"),
                             (["db", "upgrade", "--database", "sqlite:"], 2, "a file that stays"),
                             (["db", "copy", "--from", f"sqlite:{tmp_path / 'a'}", "--to", f"sqlite:{tmp_path / 'a'}"],
                              2, "name the same database")]:
        result = cli(*args)
        assert result.exit_code == code and said in result.output and len(result.output.strip().splitlines()) == 1


def test_copy_from_a_missing_file_exits_1_and_makes_no_file(cli, tmp_path):
    missing, target = tmp_path / "gone.sqlite3", tmp_path / "to.sqlite3"
    result = cli("db", "copy", "--from", f"sqlite:///{missing}", "--to", target)
    assert result.exit_code == 1 and "no such file; nothing was copied" in result.output
    assert not missing.exists() and len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("named, kept", [("rooms.sqlite3", "rooms.sqlite3"), ("sqlite:///{tmp}/a.db", "{tmp}/a.db"),
                                         ("sqlite:{tmp}/b", "{tmp}/b"), ("{tmp}/c", "{tmp}/c")])
def test_upgrade_takes_a_path_or_a_sqlite_url(cli, tmp_path, monkeypatch, named, kept):
    monkeypatch.chdir(tmp_path)
    result = cli("db", "upgrade", "--database", named.format(tmp=tmp_path))
    assert result.exit_code == 0 and (tmp_path / kept.format(tmp=tmp_path)).is_file()


@pytest.mark.parametrize("named", ["not a url", "sqlite:", "sqlite::memory:", "sqlite://host/x", "mysql://x/y",
                                   ":memory:"])
def test_serve_refuses_a_database_it_would_not_keep(cli, tmp_path, monkeypatch, named):
    monkeypatch.chdir(tmp_path)
    result = cli("serve", "--database", named)
    assert result.exit_code == 2 and "--database takes a file path" in result.output
    assert len(result.output.strip().splitlines()) == 1 and not list(tmp_path.iterdir())


def test_another_programs_file_is_refused_by_upgrade_untouched(cli, tmp_path):
    path = tmp_path / "notes.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    before = path.read_bytes()
    result = cli("db", "upgrade", "--database", f"sqlite:{path}")
    assert result.exit_code == 1 and "is not a rollsheet database" in result.output and path.read_bytes() == before


def test_a_room_copied_to_postgresql_and_back_plays_on_with_its_seats_log_and_scores(cli, companion_on, tmp_path,
                                                                                     postgres):
    source, back = str(tmp_path / "home.sqlite3"), f"sqlite:{tmp_path / 'back.sqlite3'}"
    room, state = played_room(companion_on(source))
    there = cli("db", "copy", "--from", f"sqlite:{source}", "--to", postgres)
    assert there.exit_code == 0 and "copied 1 room(s) with 2 seat(s) and 5 log entries" in there.output
    hosted = moved(room, companion_on(postgres))
    assert hosted.state() == state and hosted.state()["log"][0]["text"].startswith("Final score: 1. Ana")
    assert cli("db", "copy", "--from", postgres, "--to", back).exit_code == 0
    home = moved(room, companion_on(back))
    assert home.state() == state
    assert home.undo("Ana")[0] == 409  # the score line came after the move: the undo offer is gone, as before
    assert home.ok("Ben", "move", steps=1, take="piece")["version"] == state["version"] + 1
    again = cli("db", "copy", "--from", postgres, "--to", back)
    assert again.exit_code == 1 and "1 room code(s) are in both databases" in again.output
