"""Issue 34 item 1: each seat saves its own score card (`PUT /api/rooms/<code>/cards/<seat>`), the room's result
follows once every seated player's card is in (or a seated phone finishes with the cards there are), a seat corrects
its card afterwards (the result, the log and the group's play follow), and a card's problems name its player."""
from __future__ import annotations

from tests.tables import FlaskCalls, Table

CARDS = {"Ana": {"structure": 12}, "Ben": {"structure": 8}, "Cy": {"structure": 5}}


def put_card(client, room: Table, name: str, fields: dict, token: str | None = None):
    seat = next(s["seat"] for s in room.state()["seats"] if s["name"] == name)
    return client.put(f"/api/rooms/{room.code}/cards/{seat}", json={"token": token or room.tokens[name],
                                                                     "fields": fields})


def scores_in(room: Table) -> list[str]:
    return [e["text"] for e in room.state()["log"] if e["kind"] == "score"]


def test_each_card_shows_as_it_arrives_and_the_last_one_brings_the_result(client):
    room = Table(FlaskCalls(client), "monolyth", ("Ana", "Ben", "Cy"))
    assert [c["saved"] for c in room.state()["cards"]] == [False] * 3 and room.state()["scored"] is None
    assert put_card(client, room, "Ana", CARDS["Ana"]).status_code == 200
    cards = room.state()["cards"]
    assert (cards[0]["saved"], cards[0]["by"], cards[0]["fields"]) == (True, "Ana", CARDS["Ana"])
    assert cards[1]["saved"] is False
    assert room.state()["log"][0]["text"] == "Ana saved their score card" and scores_in(room) == []
    put_card(client, room, "Ben", CARDS["Ben"])
    answer = put_card(client, room, "Cy", CARDS["Cy"])
    assert answer.status_code == 200 and answer.get_json()["scored"] == {"missing": []}
    assert scores_in(room) == ["Final score: 1. Ana 12, 2. Ben 8, 3. Cy 5"]


def test_another_seats_card_is_refused_and_writes_nothing(client):
    room = Table(FlaskCalls(client), "monolyth", ("Ana", "Ben"))
    version = room.state()["version"]
    assert put_card(client, room, "Ben", CARDS["Ben"], token=room.tokens["Ana"]).status_code == 403
    assert client.put(f"/api/rooms/{room.code}/cards/7", json={"token": room.tokens["Ana"],
                                                               "fields": {}}).status_code == 409
    assert room.state()["version"] == version


def test_a_bad_card_is_refused_naming_its_player(client):
    room = Table(FlaskCalls(client), "monolyth", ("Ana", "Ben"))
    answer = put_card(client, room, "Ben", {"structure": -1})
    assert answer.status_code == 400 and answer.get_json()["field"] == "players[1].structure"
    assert answer.get_json()["error"].startswith("Ben's card: ")


def test_finishing_with_the_cards_there_are_names_the_missing_and_a_late_correction_follows(client):
    group = client.post("/api/groups", json={"name": "Thursday"}).get_json()["code"]
    code = client.post("/api/rooms", json={"game": "monolyth", "group": group}).get_json()["code"]
    room = Table(FlaskCalls(client), "monolyth", ("Ana", "Ben", "Cy"), code=code)
    put_card(client, room, "Ana", CARDS["Ana"])
    put_card(client, room, "Ben", CARDS["Ben"])
    answer = client.post(f"/api/rooms/{code}/cards/finish", json={"player": "Ben", "token": room.tokens["Ben"]})
    assert answer.status_code == 200 and answer.get_json()["scored"] == {"missing": ["Cy"]}
    assert scores_in(room) == ["Final score: 1. Ana 12, 2. Ben 8 (no card from Cy)"]
    put_card(client, room, "Ana", {"structure": 5})
    assert scores_in(room) == ["Final score, Ana corrected their card: 1. Ben 8, 2. Ana 5 (no card from Cy)"]
    plays = client.get(f"/api/groups/{group}").get_json()["plays"]
    assert len(plays) == 1 and [(p["name"], p["score"]) for p in plays[0]["players"]] == [("Ben", 8), ("Ana", 5)]


def test_a_whole_score_saved_by_a_script_fills_every_card(client):
    room = Table(FlaskCalls(client), "monolyth", ("Ana", "Ben"))
    players = [{"name": "Ana", **CARDS["Ana"]}, {"name": "Ben", **CARDS["Ben"]}]
    assert client.post("/api/score/monolyth", json={"players": players, "room": room.code, "player": "Ben",
                                                    "token": room.tokens["Ben"]}).status_code == 200
    cards = room.state()["cards"]
    assert [(c["by"], c["fields"]) for c in cards] == [("Ben", CARDS["Ana"]), ("Ben", CARDS["Ben"])]
    assert room.state()["scored"] == {"missing": []}


def test_finishing_with_too_few_cards_is_a_conflict_said_in_the_readers_language(client):
    room = Table(FlaskCalls(client), "simstown", ("Ana", "Ben"))
    body = {"player": "Ben", "token": room.tokens["Ben"]}
    english = client.post(f"/api/rooms/{room.code}/cards/finish", json=body)
    assert english.status_code == 409
    assert english.get_json()["error"] == "Simstown is scored for at least 1 player: wait for more cards."
    german = client.post(f"/api/rooms/{room.code}/cards/finish", json=body, headers={"Accept-Language": "de"})
    assert german.status_code == 409 and german.get_json()["error"].startswith("Simstown wird für mindestens 1 ")
    assert room.state()["scored"] is None
