"""Kept SQLite connections: each app reads and writes its own database file."""
from companion import create_app
from tests.tables import FlaskCalls, Table


def test_two_companions_in_one_thread_keep_their_rooms_apart(tmp_path):
    first = create_app({"TESTING": True, "DATABASE": str(tmp_path / "first.sqlite3")}).test_client()
    second = create_app({"TESTING": True, "DATABASE": str(tmp_path / "second.sqlite3")}).test_client()
    room = Table(FlaskCalls(first), "simstown", ("Ana",))
    assert second.get(f"/api/rooms/{room.code}").status_code == 404
    assert room.ok("Ana", "roll")["version"] == 3
    assert second.post(f"/api/rooms/{room.code}/roll", json=room.body("Ana")).status_code == 404
    assert room.state()["version"] == 3


def test_a_refused_action_leaves_the_connection_ready_for_the_next(client):
    room = Table(FlaskCalls(client), "simstown", ("Ana",))
    assert room.move("Ana", "next")[0] == 409
    assert room.ok("Ana", "roll")["version"] == 3
