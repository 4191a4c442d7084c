"""Kept SQLite connections: each app reads and writes its own database file."""
from companion import create_app


def test_two_companions_in_one_thread_keep_their_rooms_apart(tmp_path):
    first = create_app({"TESTING": True, "DATABASE": str(tmp_path / "first.sqlite3")}).test_client()
    second = create_app({"TESTING": True, "DATABASE": str(tmp_path / "second.sqlite3")}).test_client()
    code = first.post("/api/rooms", json={"game": "simstown"}).get_json()["code"]
    assert second.get(f"/api/rooms/{code}").status_code == 404
    assert first.post(f"/api/rooms/{code}/roll", json={"player": "Ana"}).get_json()["version"] == 2
    assert second.post(f"/api/rooms/{code}/roll", json={"player": "Ana"}).status_code == 404
    assert first.get(f"/api/rooms/{code}").get_json()["version"] == 2


def test_a_refused_action_leaves_the_connection_ready_for_the_next(client):
    code = client.post("/api/rooms", json={"game": "simstown"}).get_json()["code"]
    assert client.post(f"/api/rooms/{code}/next", json={"player": "Ana"}).status_code == 409
    assert client.post(f"/api/rooms/{code}/roll", json={"player": "Ana"}).get_json()["version"] == 2
