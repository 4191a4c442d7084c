"""Groups and their plays in the store: every test here runs on SQLite and on PostgreSQL (the `database` fixture),
through the same routes and queries the companion uses."""
from __future__ import annotations

import pytest

from companion import groups
from companion.groups.plays import NOT_MOVES
from companion.rooms import expiry
from tests.tables import FlaskCalls, Table

DAY_S = 86_400



def group_room(client, game: str, names: tuple[str, ...]) -> tuple[str, Table]:
    """A new group and a room of it with `names` seated: (group code, the room)."""
    code = client.post("/api/groups", json={"name": "Thursday"}).get_json()["code"]
    room = Table.__new__(Table)
    room.call, room.tokens = FlaskCalls(client), {}
    status, answer = room.call("/api/rooms", {"game": game, "players": len(names), "group": code})
    assert status == 201, answer
    room.code = answer["code"]
    for name in names:
        room.sit(name)
    return code, room


def save(client, room: Table, players: list[dict], by: str = "Ana") -> dict:
    """Save a final score in the room as a seated player; the score's answer."""
    answer = client.post("/api/score/monolyth", json={"players": players, "room": room.code, "player": by,
                                                      "token": room.tokens[by]})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def at_times(app, room: str, first: float, last: float) -> None:
    """Move the room's first move to `first` and its other moves to `last` (epoch seconds)."""
    with app.app_context(), app.extensions["rollsheet.store"].writing() as db:
        kinds = ", ".join("?" * len(NOT_MOVES))
        moves = [row[0] for row in db.run(f"SELECT id FROM room_log WHERE room = ? AND kind NOT IN ({kinds}) ORDER BY "
                                          "id", (room, *NOT_MOVES)).fetchall()]
        for number, entry in enumerate(moves):
            db.run("UPDATE room_log SET at = ? WHERE id = ?", (first if number == 0 else last, entry))


def test_a_group_rooms_saved_score_is_a_play_with_its_duration_start_player_and_breakdown(companion_on, database):
    app = companion_on(database)
    client = app.test_client()
    code, room = group_room(client, "monolyth", ("Ana", "Ben"))
    room.ok("Ben", "move", steps=1, take="piece")
    room.ok("Ana", "move", steps=2, take="piece")
    at_times(app, room.code, 1_700_000_000, 1_700_000_000 + 25 * 60 + 10)
    answer = save(client, room, [{"name": "Ana", "structure": 8}, {"name": "Ben", "structure": 12}])
    assert answer["play"]["group"] == code and answer["play"]["url"].endswith(f"/g/{code}")
    [play] = client.get(f"/api/groups/{code}").get_json()["plays"]
    assert play["id"] == answer["play"]["id"] and play["game"] == "monolyth" and play["duration_min"] == 25
    assert play["date"] == "2023-11-14T22:38:30Z"  # the last move's time
    by_name = {p["name"]: p for p in play["players"]}
    result = {p["name"]: p for p in answer["players"]}
    for name in ("Ana", "Ben"):
        assert by_name[name]["score"] == result[name]["total"] and by_name[name]["rank"] == result[name]["rank"]
        assert by_name[name]["breakdown"] == result[name]["breakdown"]
    assert by_name["Ben"]["start"] and not by_name["Ana"]["start"]  # Ben made the first move
    assert by_name["Ben"]["winner"] and not by_name["Ana"]["winner"]


def test_a_score_saved_again_corrects_the_same_play_and_a_room_of_no_group_records_none(companion_on, database):
    client = companion_on(database).test_client()
    code, room = group_room(client, "monolyth", ("Ana", "Ben"))
    first = save(client, room, [{"name": "Ana", "structure": 12}, {"name": "Ben", "structure": 8}])
    again = save(client, room, [{"name": "Ana", "structure": 0}, {"name": "Ben", "structure": 8}], by="Ben")
    assert again["play"]["id"] == first["play"]["id"]
    group = client.get(f"/api/groups/{code}").get_json()
    assert [[p["name"], p["score"]] for p in group["plays"][0]["players"]] == [["Ben", 8], ["Ana", 0]]
    assert len(group["plays"]) == 1 and group["stats"]["plays"] == 1
    other = Table(FlaskCalls(client), "monolyth", ("Ana", "Ben"))
    assert "play" not in save(client, other, [{"name": "Ana", "structure": 8}, {"name": "Ben", "structure": 12}])
    assert client.get(f"/api/groups/{code}").get_json()["stats"]["plays"] == 1


def test_rooms_closing_keep_the_plays_and_groups_go_only_after_their_own_days(companion_on, database):
    app = companion_on(database)
    client = app.test_client()
    code, room = group_room(client, "monolyth", ("Ana", "Ben"))
    save(client, room, [{"name": "Ana", "structure": 12}, {"name": "Ben", "structure": 8}])
    engine = app.extensions["rollsheet.store"]
    with app.app_context(), engine.writing() as db:
        assert expiry.sweep(db, 30, now=2e10) == 1
    assert client.get(f"/api/rooms/{room.code}").status_code == 410
    assert client.get(f"/api/groups/{code}").get_json()["stats"]["plays"] == 1
    with engine.writing() as db:
        last = db.group(code)[2]
        assert groups.expire(db, 400, now=last + 399 * DAY_S) == 0
        assert groups.expire(db, 400, now=last + 401 * DAY_S) == 1
    assert client.get(f"/api/groups/{code}").status_code == 404


def test_a_closed_room_and_a_new_room_on_its_code_belong_to_no_group(companion_on, database):
    app = companion_on(database)
    client = app.test_client()
    code, room = group_room(client, "monolyth", ("Ana", "Ben"))
    other = client.post("/api/rooms", json={"game": "monolyth", "group": code}).get_json()["code"]
    engine = app.extensions["rollsheet.store"]
    with app.app_context(), engine.writing() as db:
        assert db.group_of_room(room.code) == db.group_of_room(other) == code
        db.close_room(room.code, "monolyth", 2e10, 1.0, ("score",))
        assert db.group_of_room(room.code) is None and db.group_of_room(other) == code
        db.set_room_group(room.code, code)  # a link left by an older rollsheet
        assert db.add_room(room.code, "monolyth", 1.0, "{}")
        assert db.group_of_room(room.code) is None


def test_renamed_and_merged_names_keep_their_plays_and_two_who_played_together_stay_two(companion_on, database):
    client = companion_on(database).test_client()
    code = client.post("/api/groups", json={"name": "Thursday"}).get_json()["code"]
    for names in (("Ana", "Ben"), ("Ana M.", "Ben")):
        play = {"game": "simstown", "players": [{"name": names[0], "score": 30}, {"name": names[1], "score": 20}]}
        assert client.post(f"/api/groups/{code}/plays", json=play).status_code == 201
    merged = client.post(f"/api/groups/{code}/rename", json={"name": "ana m.", "to": "Ana"})
    assert merged.status_code == 200 and merged.get_json() == {"players": ["Ana", "Ben"], "merged": True}
    stats = client.get(f"/api/groups/{code}").get_json()["stats"]["per_player"]
    assert {(row["name"], row["plays"], row["wins"]) for row in stats} == {("Ana", 2, 2), ("Ben", 2, 0)}
    refused = client.post(f"/api/groups/{code}/rename", json={"name": "Ben", "to": "Ana"})
    assert refused.status_code == 409 and "played together in 2 plays" in refused.get_json()["error"]
    renamed = client.post(f"/api/groups/{code}/rename", json={"name": "Ben", "to": "Benito"}).get_json()
    assert renamed == {"players": ["Ana", "Benito"], "merged": False}
    plays = client.get(f"/api/groups/{code}").get_json()["plays"]
    assert [[p["name"] for p in play["players"]] for play in plays] == [["Ana", "Benito"]] * 2


def test_a_deleted_group_is_restored_with_its_code_and_after_30_days_leaves_nothing_behind(companion_on, database):
    app = companion_on(database)
    client = app.test_client()
    code, room = group_room(client, "monolyth", ("Ana", "Ben"))
    save(client, room, [{"name": "Ana", "structure": 12}, {"name": "Ben", "structure": 8}])
    before = client.get(f"/api/groups/{code}").get_json()
    assert client.post(f"/api/groups/{code}/restore").status_code == 409  # not deleted
    assert client.delete(f"/api/groups/{code}").get_json() == {"deleted": "Thursday"}
    gone = client.get(f"/api/groups/{code}")
    assert gone.status_code == 404 and "restore it" in gone.get_json()["error"]
    assert client.post(f"/api/groups/{code}/restore").get_json() == {"restored": "Thursday"}
    assert client.get(f"/api/groups/{code}").get_json() == before
    assert client.delete(f"/api/groups/{code}").status_code == 200
    engine = app.extensions["rollsheet.store"]
    with app.app_context(), engine.writing() as db:
        deleted = db.deleted_group(code)[1]
        assert groups.expire(db, 400, now=deleted + 29 * DAY_S) == 0
        assert groups.expire(db, 400, now=deleted + 31 * DAY_S) == 1
        for table in ("groups", "group_players", "plays", "play_players", "group_rooms", "group_log"):
            assert db.run(f"SELECT COUNT(*) FROM {table}").fetchone()[0] == 0, table
    assert client.post(f"/api/groups/{code}/restore").status_code == 404


@pytest.mark.parametrize("kind", ["csv", "json"])
def test_an_unknown_group_answers_404_on_every_route(client, kind):
    for method, path in [("get", "/api/groups/ZZZZZZ"), ("get", f"/api/groups/ZZZZZZ/plays.{kind}"),
                         ("post", "/api/groups/ZZZZZZ/plays"), ("patch", "/api/groups/ZZZZZZ/plays/ABCDEFGHJK"),
                         ("delete", "/api/groups/ZZZZZZ/plays/ABCDEFGHJK"), ("delete", "/api/groups/ZZZZZZ"),
                         ("post", "/api/groups/ZZZZZZ/rename"), ("post", "/api/groups/ZZZZZZ/restore"),
                         ("get", "/g/ZZZZZZ"), ("get", "/g/ZZZZZZ/qr.svg")]:
        answer = getattr(client, method)(path, json={"name": "Ana", "to": "Ben"} if method != "get" else None)
        assert answer.status_code == 404, (method, path, answer.data[:200])


def test_db_copy_moves_a_group_with_its_plays_to_postgresql_and_it_plays_on_there(companion_on, cli, tmp_path,
                                                                                 postgres):
    source = str(tmp_path / "home.sqlite3")
    home = companion_on(source).test_client()
    code, room = group_room(home, "monolyth", ("Ana", "Ben"))
    save(home, room, [{"name": "Ana", "structure": 8}, {"name": "Ben", "structure": 12}])
    before = home.get(f"/api/groups/{code}").get_json()
    copied = cli("db", "copy", "--from", f"sqlite:{source}", "--to", postgres)
    assert copied.exit_code == 0 and "1 group(s) with 1 play(s)" in copied.output
    hosted = companion_on(postgres).test_client()
    assert hosted.get(f"/api/groups/{code}").get_json() == before
    again = {"players": [{"name": "Ana", "structure": 12}, {"name": "Ben", "structure": 8}], "room": room.code,
             "player": "Ana", "token": room.tokens["Ana"]}
    assert hosted.post("/api/score/monolyth", json=again).get_json()["play"]["id"] == before["plays"][0]["id"]
    entered = hosted.post(f"/api/groups/{code}/plays", json={"game": "simstown", "players": [{"name": "Ana",
                                                                                              "score": 3}]})
    assert entered.status_code == 201
    assert [p["score"] for p in hosted.get(f"/api/groups/{code}").get_json()["plays"][0]["players"]] == [12, 8]
