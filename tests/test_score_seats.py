"""Issue 28 item 9: only a seated player saves a score to a room, one final score per game (a new one replaces
it, and the log says so), only of the room's seated players, and the score form sends the token its phone holds
and starts with the room's seated players, no more."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.phones import axe_clean, seated_phone
from tests.tables import FlaskCalls, Http, Table

PLAYERS = [{"name": "Ana", "structure": 12}, {"name": "Ben", "structure": 8}]


def scores_in(client, code: str) -> list[str]:
    return [e["text"] for e in client.get(f"/api/rooms/{code}").get_json()["log"] if e["kind"] == "score"]


def test_a_score_without_a_seats_token_is_refused_and_writes_nothing(client):
    room = Table(FlaskCalls(client), "monolyth", ("Ana", "Ben"))
    version = room.state()["version"]
    for sent in ({}, {"player": "Ana"}, {"player": "Ana", "token": room.tokens["Ben"]}, {"player": "Mallory",
                                                                                          "token": "x"}):
        answer = client.post("/api/score/monolyth", json={"players": PLAYERS, "room": room.code, **sent})
        assert answer.status_code in (400, 403) and answer.get_json()["error"], sent
    assert room.state()["version"] == version and scores_in(client, room.code) == []


def test_forty_fake_lines_cannot_push_the_tables_log_out(client):
    room = Table(FlaskCalls(client), "monolyth", ("Ana", "Ben"))
    room.ok("Ana", "move", steps=1)
    before = room.state()["log"]
    for _ in range(40):
        assert client.post("/api/score/monolyth", json={"players": PLAYERS, "room": room.code}).status_code == 403
    assert room.state()["log"] == before


def test_a_seated_player_saves_the_final_score_and_saving_again_replaces_it(client):
    room = Table(FlaskCalls(client), "monolyth", ("Ana", "Ben"))
    saved = {"players": PLAYERS, "room": room.code, "player": "Ben", "token": room.tokens["Ben"]}
    assert client.post("/api/score/monolyth", json=saved).status_code == 200
    assert scores_in(client, room.code) == ["Final score: 1. Ana 12, 2. Ben 8"]
    corrected = dict(saved, players=[{"name": "Ana", "structure": 8}, {"name": "Ben", "structure": 12}])
    assert client.post("/api/score/monolyth", json=corrected).status_code == 200
    assert scores_in(client, room.code) == ["Final score, saved again: 1. Ben 12, 2. Ana 8"]
    assert room.state()["log"][0]["player"] == "Ben"


def test_a_score_naming_a_player_without_a_seat_is_refused_and_writes_nothing(client):
    room = Table(FlaskCalls(client), "monolyth", ("Ana", "Ben"))
    version = room.state()["version"]
    players = [{"name": "Ana", "structure": 12}, {"name": "Player 2", "structure": 8}]
    answer = client.post("/api/score/monolyth", json={"players": players, "room": room.code, "player": "Ana",
                                                      "token": room.tokens["Ana"]})
    assert answer.status_code == 400 and answer.get_json()["field"] == "players"
    assert answer.get_json()["error"] == ("Player 2 has no seat in this room: its final score is for its seated "
                                          "players (Ana, Ben).")
    assert room.state()["version"] == version and scores_in(client, room.code) == []


def test_a_solo_rooms_score_form_has_its_one_player_and_saves_only_her(served, phone):
    room = Table(Http(served), "simstown", (), players=1)
    ana = seated_phone(phone, served, room.code, "Ana")
    ana.goto(f"{served}/score/simstown?room={room.code}")
    expect(ana.locator("#players .player")).to_have_count(1)
    expect(ana.locator("#players .player .name")).to_have_value("Ana")
    ana.locator('#players .player input[aria-label="Houses"]').fill("3")
    ana.locator('#players .player input[aria-label^="Districts"]').fill("1")
    ana.locator("#save-room").click()
    expect(ana.locator("#saved")).to_contain_text(f"Saved to room {room.code}")
    assert room.state()["log"][0]["text"].startswith("Final score: 1. Ana ") and "Player 2" not in str(room.state())


def test_the_score_form_saves_with_the_seat_its_phone_holds(served, phone):
    room = Table(Http(served), "monolyth", ("Ben",), players=2)
    ana = seated_phone(phone, served, room.code, "Ana")
    ana.goto(f"{served}/score/monolyth?room={room.code}")
    own = ana.locator("#players .player").nth(1)  # the form opens on her own card, Ben's is first
    own.locator("input[inputmode=numeric]").first.fill("12")
    ana.locator("#save-room").click()
    expect(ana.locator("#saved")).to_contain_text(f"Saved to room {room.code}")
    assert room.state()["log"][0]["player"] == "Ana"
    stranger = phone()
    stranger.goto(f"{served}/score/monolyth?room={room.code}")
    stranger.locator("#players .player").first.locator("input[inputmode=numeric]").first.fill("3")
    stranger.locator("#save-room").click()
    expect(stranger.locator("#saved")).to_contain_text(f"Only a player seated in room {room.code}")
    axe_clean(stranger, "the score form refusing a phone without a seat")
    assert room.state()["log"][0]["player"] == "Ana"
