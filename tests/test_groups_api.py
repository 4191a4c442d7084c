"""A group's JSON API: plays entered by hand with ranks from the scores, corrected and deleted (and logged), bad
input told by its field, exports as CSV and JSON, and the JSON imported into another companion with the same stats."""
from __future__ import annotations

import csv
import io
import re

import jsonschema_rs
import pytest

from companion.web.app import create_app

PLAYS = [
    {"game": "lost-cities", "date": "2025-03-06", "duration_min": 35, "players": [
        {"name": "Ana", "score": 41, "breakdown": {"red": 30, "blue": 11}}, {"name": "Ben", "score": 55, "start": True,
                                                                            "breakdown": {"red": -5, "blue": 60}},
        {"name": "Cy", "score": 41, "breakdown": {"red": 20, "blue": 21}}]},
    {"game": "lost-cities", "date": "2025-04-03T19:30:00+02:00", "players": [
        {"name": "Ana", "score": 70, "breakdown": {"red": 50, "blue": 20}}, {"name": "Ben", "score": 12},
        {"name": "Cy", "score": -8}]},
    {"game": "simstown", "date": "2025-04-10", "players": [{"name": "ana", "score": 33}]},
]


@pytest.fixture
def group(client) -> str:
    """A group with the three PLAYS entered by hand; its code."""
    code = client.post("/api/groups", json={"name": "Thursday"}).get_json()["code"]
    for play in PLAYS:
        answer = client.post(f"/api/groups/{code}/plays", json=play)
        assert answer.status_code == 201, answer.get_json()
    return code


def test_a_new_group_answers_its_code_and_page_address(client):
    answer = client.post("/api/groups", json={"name": "  Thursday   night "})
    assert answer.status_code == 201
    code = answer.get_json()["code"]
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{6}", code) and answer.get_json()["url"] == f"http://localhost/g/{code}"
    assert client.get(f"/api/groups/{code}").get_json() == {
        "name": "Thursday night", "location": None, "players": [], "plays": [], "next_page": None,
        "stats": {"plays": 0, "per_game": [], "per_month": [], "per_player": []}}


def test_ranks_and_winners_follow_the_scores_and_names_are_the_groups(client, group):
    data = client.get(f"/api/groups/{group}").get_json()
    assert [p["name"] for p in data["players"]] == ["Ana", "Ben", "Cy"]  # "ana" is Ana
    first = data["plays"][0]
    assert [(p["name"], p["rank"], p["winner"], p["start"]) for p in first["players"]] == [
        ("Ana", 2, False, False), ("Ben", 1, True, True), ("Cy", 2, False, False)]
    assert first["date"] == "2025-03-06T12:00:00Z" and first["duration_min"] == 35
    assert data["plays"][1]["date"] == "2025-04-03T17:30:00Z" and data["plays"][1]["duration_min"] is None


def test_the_stats_count_each_game_month_and_player(client, group):
    stats = client.get(f"/api/groups/{group}").get_json()["stats"]
    assert stats["plays"] == 3
    assert stats["per_game"] == [{"game": "lost-cities", "plays": 2}, {"game": "simstown", "plays": 1}]
    assert stats["per_month"] == [{"month": "2025-03", "plays": 1}, {"month": "2025-04", "plays": 2}]
    rows = {(row["name"], row["game"]): row for row in stats["per_player"]}
    assert rows["Ana", "lost-cities"] == {"name": "Ana", "game": "lost-cities", "plays": 2, "wins": 1, "win_rate": 0.5,
                                          "average": 55.5, "best": 70, "best_parts": {"red": 50, "blue": 20}}
    assert rows["Ben", "lost-cities"]["best_parts"] == {"red": -5, "blue": 60}
    assert rows["Cy", "lost-cities"]["average"] == 16.5 and rows["Ana", "simstown"]["win_rate"] == 1.0
    assert [(row["name"], row["game"]) for row in stats["per_player"]] == [
        ("Ana", "lost-cities"), ("Ana", "simstown"), ("Ben", "lost-cities"), ("Cy", "lost-cities")]


@pytest.mark.parametrize("play, field, said", [
    ({"game": "lost-cities", "players": [{"name": "Ana", "score": "12"}, {"name": "Ben", "score": 3}]},
     "players[0].score", "whole number"),
    ({"game": "lost-cities", "players": [{"name": "Ana", "score": 1}, {"name": "Ben", "score": 3, "colour": 1}]},
     "players[1].colour", '"colour" is not a key'),
    ({"game": "lost-cities", "players": [{"name": "Ana", "score": 1}]}, "players", "for 2 to 5 players"),
    ({"game": "lost-cities", "players": [{"name": "Ana", "score": 1}, {"name": "ANA", "score": 2}]},
     "players[1].name", "two players are called"),
    ({"game": "lost-cities", "players": [{"name": "Ana", "score": 1, "start": True},
                                         {"name": "Ben", "score": 2, "start": True}]}, "players", "started"),
    ({"game": "lost-cities", "players": [{"name": "Ana", "score": 1, "rank": 1}, {"name": "Ben", "score": 2}]},
     "players[1].rank", "rank"),
    ({"game": "lost-cities", "players": [{"name": "Ana", "score": 1, "breakdown": {"pink": 1}},
                                         {"name": "Ben", "score": 2}]}, "players[0].breakdown", "scoring parts"),
    ({"game": "chess", "players": [{"name": "Ana", "score": 1}]}, "game", "Unknown game"),
    ({"game": "simstown", "date": "2999-01-01", "players": [{"name": "Ana", "score": 1}]}, "date", "a day or"),
    ({"game": "simstown", "date": "yesterday", "players": [{"name": "Ana", "score": 1}]}, "date", "a day or"),
    ({"game": "simstown", "date": "0001-01-01T00:00:00+14:00", "players": [{"name": "Ana", "score": 1}]}, "date",
     "a day or"),
    ({"game": "simstown", "duration_min": -3, "players": [{"name": "Ana", "score": 1}]}, "duration_min", "minutes"),
    ({"game": "simstown", "players": [{"name": "\u2800", "score": 1}]}, "players[0].name", "letter or a digit"),
    ([{"game": "simstown", "players": []}], "[0].players", "lists who played"),
    ("a play", "body", "JSON object"),
])
def test_a_wrong_play_is_refused_naming_its_field(client, group, play, field, said):
    answer = client.post(f"/api/groups/{group}/plays", json=play)
    assert answer.status_code == 400 and answer.get_json()["field"] == field and said in answer.get_json()["error"]
    assert client.get(f"/api/groups/{group}").get_json()["stats"]["plays"] == 3


def test_a_correction_changes_what_it_sends_and_is_logged_with_what_it_was(client, group):
    play = client.get(f"/api/groups/{group}").get_json()["plays"][0]
    dated = client.patch(f"/api/groups/{group}/plays/{play['id']}", json={"date": "2025-03-07"}).get_json()
    assert dated["date"] == "2025-03-07T12:00:00Z" and dated["players"] == play["players"]
    rescored = client.patch(f"/api/groups/{group}/plays/{play['id']}", json={"players": [
        {"name": "Ana", "score": 60}, {"name": "Ben", "score": 55}, {"name": "Cy", "score": 41}]}).get_json()
    assert [(p["name"], p["rank"], p["winner"]) for p in rescored["players"]] == [
        ("Ana", 1, True), ("Ben", 2, False), ("Cy", 3, False)]
    assert client.patch(f"/api/groups/{group}/plays/{play['id']}", json={"players": []}).status_code == 400
    with client.application.app_context():
        from companion import groups
        from companion.store import reading

        with reading() as db:
            logged = groups.entries(db, group)
    assert [kind for _, kind, _ in logged[:2]] == ["corrected", "corrected"]
    assert logged[0][2]["before"]["players"] == [["Ana", 41, 2], ["Ben", 55, 1], ["Cy", 41, 2]]


def test_a_deleted_play_is_gone_and_a_second_delete_is_404(client, group):
    play = client.get(f"/api/groups/{group}").get_json()["plays"][2]
    assert client.delete(f"/api/groups/{group}/plays/{play['id']}").get_json() == {"deleted": play["id"]}
    assert client.delete(f"/api/groups/{group}/plays/{play['id']}").status_code == 404
    assert client.patch(f"/api/groups/{group}/plays/{play['id']}", json={}).status_code == 404
    assert client.get(f"/api/groups/{group}").get_json()["stats"]["per_game"] == [{"game": "lost-cities", "plays": 2}]


def test_the_csv_export_has_a_row_per_player_with_the_documented_columns(client, group):
    answer = client.get(f"/api/groups/{group}/plays.csv")
    assert answer.mimetype == "text/csv" and "attachment" in answer.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    assert list(rows[0]) == ["play", "date", "game", "duration_min", "name", "score", "rank", "winner", "start",
                             "breakdown.red", "breakdown.blue"]
    assert len(rows) == 7 and rows[1] == {"play": rows[0]["play"], "date": "2025-03-06T12:00:00Z",
                                          "game": "lost-cities", "duration_min": "35", "name": "Ben", "score": "55",
                                          "rank": "1", "winner": "1", "start": "1", "breakdown.red": "-5",
                                          "breakdown.blue": "60"}
    assert rows[6]["breakdown.red"] == "" and rows[6]["duration_min"] == ""


def test_the_json_export_imported_into_another_companion_gives_the_same_stats_once(client, group, tmp_path):
    exported = client.get(f"/api/groups/{group}/plays.json").get_json()
    other = create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.sqlite3")}).test_client()
    moved = other.post("/api/groups", json={"name": "Thursday"}).get_json()["code"]
    assert other.post(f"/api/groups/{moved}/plays", json=exported).get_json() == {"added": 3, "skipped": 0}
    assert other.post(f"/api/groups/{moved}/plays", json=exported).get_json() == {"added": 0, "skipped": 3}
    here, there = (c.get(f"/api/groups/{code}").get_json() for c, code in ((client, group), (other, moved)))
    assert there["stats"] == here["stats"] and there["plays"] == here["plays"]  # ids and BG Stats links kept


def test_an_export_imported_into_another_group_of_the_same_companion_again_and_back_adds_each_play_once(client, group):
    exported = client.get(f"/api/groups/{group}/plays.json").get_json()
    other = client.post("/api/groups", json={"name": "Friday"}).get_json()["code"]
    answers = [client.post(f"/api/groups/{other}/plays", json=exported).get_json() for _ in range(3)]
    assert answers == [{"added": 3, "skipped": 0}] + [{"added": 0, "skipped": 3}] * 2
    copied = client.get(f"/api/groups/{other}/plays.json").get_json()
    assert sorted(play["imported_from"] for play in copied) == sorted(play["id"] for play in exported)
    assert not {play["id"] for play in copied} & {play["id"] for play in exported}  # the ids are the first group's
    assert client.post(f"/api/groups/{group}/plays", json=copied).get_json() == {"added": 0, "skipped": 3}
    third = client.post("/api/groups", json={"name": "Sunday"}).get_json()["code"]
    assert client.post(f"/api/groups/{third}/plays", json=copied).get_json() == {"added": 3, "skipped": 0}
    assert client.post(f"/api/groups/{third}/plays", json=exported).get_json() == {"added": 0, "skipped": 3}


def test_a_room_of_a_group_needs_a_known_group_code(client, group):
    assert client.post("/api/rooms", json={"game": "simstown", "group": 7}).status_code == 400
    assert client.post("/api/rooms", json={"game": "simstown", "group": "ZZZZZZ"}).status_code == 404
    answer = client.post("/api/rooms", json={"game": "simstown", "players": 2, "group": group.lower()})
    assert answer.status_code == 201
    page = client.get(f"/r/{answer.get_json()['code']}").get_data(as_text=True)
    assert '"names": ["Ana", "Ben", "Cy"]' in page
    assert '"names": []' in client.get(f"/r/{client.post('/api/rooms', json={'game': 'simstown'}).get_json()['code']}"
                                       ).get_data(as_text=True)


@pytest.mark.parametrize("body, field", [({}, "name"), ({"name": ""}, "name"), ({"name": 3}, "name"),
                                         ({"name": "x" * 31}, "name"), ({"name": "Thu", "day": 4}, "day")])
def test_a_group_needs_a_name_that_shows(client, body, field):
    answer = client.post("/api/groups", json=body)
    assert answer.status_code == 400 and answer.get_json()["field"] == field


def test_groups_count_toward_the_new_rooms_and_the_code_guessing_limits(client):
    guesser = {"REMOTE_ADDR": "192.0.2.7"}
    made = [client.post("/api/groups", json={"name": "Thu"}, environ_overrides=guesser).status_code for _ in range(31)]
    assert made[:30] == [201] * 30 and made[30] == 429
    code = client.post("/api/groups", json={"name": "Thu"}).get_json()["code"]  # this machine is not limited
    for number in range(20):
        assert client.get(f"/api/groups/ZZZZ{number:02d}", environ_overrides=guesser).status_code == 404
    assert client.get(f"/api/groups/{code}", environ_overrides=guesser).status_code == 429
    assert client.post("/api/rooms", json={"game": "simstown", "group": code},
                       environ_overrides={"REMOTE_ADDR": "192.0.2.8"}).status_code == 201


def test_rooms_opened_from_a_group_page_count_toward_the_new_rooms_limit(client):
    code = client.post("/api/groups", json={"name": "Thu"}).get_json()["code"]
    opener = {"REMOTE_ADDR": "192.0.2.9"}
    opened = [client.post(f"/g/{code}/rooms", data={"game": "simstown"}, environ_overrides=opener)
              for _ in range(31)]
    assert [answer.status_code for answer in opened] == [303] * 30 + [429]
    assert int(opened[-1].headers["Retry-After"]) > 0 and "Too many new rooms" in opened[-1].get_data(as_text=True)
    assert client.post("/api/rooms", json={"game": "simstown"}, environ_overrides=opener).status_code == 429


def test_a_tie_broken_in_a_room_is_kept_as_data_and_said_in_each_readers_language(client):
    code = client.post("/api/groups", json={"name": "Thursday"}).get_json()["code"]
    room = client.post("/api/rooms", json={"game": "copenhagen", "players": 2, "group": code}).get_json()["code"]
    tokens = {name: client.post(f"/api/rooms/{room}/seats", json={"name": name}).get_json()["token"]
              for name in ("Ana", "Ben")}
    players = [{"name": "Ana", "rows_windows": 2, "empty_cells": 3},
               {"name": "Ben", "rows_windows": 2, "empty_cells": 5}]
    saved = client.post("/api/score/copenhagen", json={"players": players, "room": room, "player": "Ben",
                                                       "token": tokens["Ben"]})
    assert saved.status_code == 200 and saved.get_json()["tiebreak"].startswith("Ana wins on fewer")
    [play] = client.get(f"/api/groups/{code}").get_json()["plays"]
    assert play["tiebreak"] == {"case": "fewer", "winners": ["Ana"]}
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Ana", 4, 1, True), ("Ben", 4, 2, False)]
    english = client.get(f"/g/{code}").get_data(as_text=True)
    german = client.get(f"/g/{code}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Ana wins on fewer empty cells (house rule)" in english
    assert "Ana gewinnt bei Gleichstand: weniger" in german and "(Hausregel)" in german


def documented_as(document: dict, path: str, method: str, status: int, value) -> None:
    """Assert `value` is what the document says `method path` answers with `status`."""
    schema = document["paths"][path][method]["responses"][str(status)]["content"]["application/json"]["schema"]
    jsonschema_rs.Draft202012Validator({**schema, "components": document["components"]}).validate(value)


def test_a_groups_answers_are_what_the_api_document_says(client, group):
    document = client.get("/api/openapi.json").get_json()
    documented_as(document, "/api/groups/{code}", "get", 200, client.get(f"/api/groups/{group}").get_json())
    play = client.post(f"/api/groups/{group}/plays", json=PLAYS[2]).get_json()
    documented_as(document, "/api/groups/{code}/plays", "post", 201, play)
    imported = client.post(f"/api/groups/{group}/plays", json=[play]).get_json()
    documented_as(document, "/api/groups/{code}/plays", "post", 201, imported)
    documented_as(document, "/api/groups/{code}/plays.json", "get", 200,
                  client.get(f"/api/groups/{group}/plays.json").get_json())
    renamed = client.post(f"/api/groups/{group}/rename", json={"name": "Cy", "to": "Cyd"}).get_json()
    documented_as(document, "/api/groups/{code}/rename", "post", 200, renamed)
    room = client.post("/api/rooms", json={"game": "simstown", "players": 1, "group": group}).get_json()["code"]
    token = client.post(f"/api/rooms/{room}/seats", json={"name": "Ana"}).get_json()["token"]
    saved = client.post("/api/score/simstown", json={"players": [{"name": "Ana", "houses": 3, "districts": 1}],
                                                     "room": room, "player": "Ana", "token": token}).get_json()
    assert saved["play"]["group"] == group
    documented_as(document, "/api/score/simstown", "post", 200, saved)
    refused = client.patch(f"/api/groups/{group}/plays/{play['id']}", json={"players": [{"name": "Ana"}]})
    documented_as(document, "/api/groups/{code}/plays/{play_id}", "patch", 400, refused.get_json())
    assert refused.get_json()["field"] == "players[0].score"
