"""The store behind rooms, seats, logs, closed rooms and rate limits: every test here runs on SQLite and on
PostgreSQL (the `database` fixture), through the same interface the rules use."""
from __future__ import annotations

import pytest

from companion import rooms
from companion.rooms import expiry
from companion.store import StoreError, open_store
from tests.tables import FlaskCalls, Table, together


def test_a_room_its_seats_and_its_log_outlive_the_app_that_made_them(companion_on, database):
    first = Table(FlaskCalls(companion_on(database).test_client()), "simstown", ("Ana", "Ben"))
    rolled = first.ok("Ana", "roll")
    again = Table.__new__(Table)
    again.call, again.code, again.tokens = FlaskCalls(companion_on(database).test_client()), first.code, first.tokens
    assert again.state() == rolled
    assert again.ok("Ana", "roll")["version"] == rolled["version"] + 1
    assert again.move("Ben", "roll")[0] == 409 and again.move("Ana", "roll", seen=1)[0] == 409
    assert [entry["kind"] for entry in again.state()["log"]][:3] == ["roll", "roll", "seat"]


def test_simultaneous_moves_through_two_apps_on_one_room_exactly_one_wins(companion_on, database):
    apps = [companion_on(database).test_client() for _ in range(2)]
    room = Table(FlaskCalls(apps[0]), "monolyth", ("Ana", "Ben"))
    seen = room.state()["version"]
    answers = together(8, lambda i: FlaskCalls(apps[i % 2])(f"/api/rooms/{room.code}/move",
                                                             room.body("Ana", seen, steps=1 + i % 3)))
    assert sorted(status for status, _ in answers) == [200] + [409] * 7
    assert room.state()["version"] == seen + 1


def test_a_refused_action_leaves_the_connection_ready_for_the_next(companion_on, database):
    room = Table(FlaskCalls(companion_on(database).test_client()), "simstown", ("Ana",))
    assert room.move("Ana", "next")[0] == 409
    assert room.ok("Ana", "roll")["version"] == 3


def test_idle_rooms_close_keeping_their_final_scores_and_a_new_room_may_take_the_code(companion_on, database):
    app = companion_on(database)
    client = app.test_client()
    room = Table(FlaskCalls(client), "monolyth", ("Ana", "Ben"))
    players = [{"name": "Ana", "structure": 12}, {"name": "Ben", "structure": 8}]
    saved = {"players": players, "room": room.code, "player": "Ana", "token": room.tokens["Ana"]}
    assert client.post("/api/score/monolyth", json=saved).status_code == 200
    engine = app.extensions["rollsheet.store"]
    with app.app_context(), engine.writing() as db:
        assert expiry.sweep(db, 30, now=2e10) == 1
    answer = client.get(f"/api/rooms/{room.code}")
    assert answer.status_code == 410 and answer.get_json()["scores"][0]["text"].startswith("Final score: 1. Ana")
    with engine.writing() as db:
        assert db.add_room(room.code, "simstown", 1.0, "{}") and db.closed(room.code) is None
        assert db.entries(room.code, 30) == [] and db.seat_token(room.code, 0) is None
        assert not db.add_room(room.code, "simstown", 1.0, "{}")


def test_rate_limits_hold_across_servers_on_one_database(companion_on, database):
    guesser = {"REMOTE_ADDR": "192.0.2.9"}
    first, second = companion_on(database).test_client(), companion_on(database).test_client()
    code = Table(FlaskCalls(first), "simstown", ("Ana",)).code
    for number in range(20):
        client = (first, second)[number % 2]
        assert client.get(f"/api/rooms/ZZZZ{number:02d}", environ_overrides=guesser).status_code == 404
    for client in (first, second):
        answer = client.get(f"/api/rooms/{code}", environ_overrides=guesser)
        assert answer.status_code == 429 and int(answer.headers["Retry-After"]) > 0
    assert second.get(f"/api/rooms/{code}", environ_overrides={"REMOTE_ADDR": "192.0.2.10"}).status_code == 200


def test_upgrading_twice_changes_nothing_and_a_newer_schema_is_refused(database):
    engine = open_store(database)
    assert engine.upgrade() == (0, engine.newest())
    assert engine.upgrade() == (engine.newest(), engine.newest())
    with engine.migrating() as connection:
        engine.set_schema_version(connection, engine.newest() + 1)
    with pytest.raises(StoreError, match=f"schema version {engine.newest() + 1}, made by a newer rollsheet"):
        engine.upgrade()
    engine.close()


def test_the_two_apps_of_one_database_keep_apart_from_another_database(companion_on, database, tmp_path):
    other = companion_on(str(tmp_path / "other.sqlite3")).test_client()
    room = Table(FlaskCalls(companion_on(database).test_client()), "simstown", ("Ana",))
    assert other.get(f"/api/rooms/{room.code}").status_code == 404
    assert other.post(f"/api/rooms/{room.code}/roll", json=room.body("Ana")).status_code == 404
    assert room.ok("Ana", "roll")["version"] == 3


def test_the_rules_reach_the_store_only_through_its_interface():
    import inspect

    for module in (rooms, expiry):
        source = inspect.getsource(module)
        assert "execute(" not in source and "sqlite" not in source.lower().replace("the sqlite engine", "")


def test_a_tap_sent_twice_through_two_servers_applies_once(companion_on, database):
    first, second = (FlaskCalls(companion_on(database).test_client()) for _ in range(2))
    room = Table(first, "simstown", ("Ana",))
    body = room.body("Ana", request="tap-1")
    status, answer = first(f"/api/rooms/{room.code}/roll", body)
    again_status, again = second(f"/api/rooms/{room.code}/roll", body)
    assert (status, again_status) == (200, 200) and again["dice"] == answer["dice"]
    assert again["version"] == answer["version"] == room.state()["version"]
