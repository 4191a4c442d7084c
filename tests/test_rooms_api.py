"""The companion's JSON API through Flask's test client: every action and every refusal."""
from __future__ import annotations

import re

import pytest

from tests.qrread import decode_svg
from tests.tables import Table


def open_room(client, game_id, **extra):
    response = client.post("/api/rooms", json={"game": game_id, **extra})
    assert response.status_code == 201
    return response.get_json()["code"]


def test_opening_a_room_answers_its_code_and_url(client):
    answer = client.post("/api/rooms", json={"game": "copenhagen"}).get_json()
    assert len(answer["code"]) == 6 and answer["url"].endswith(f"/r/{answer['code']}")
    state = client.get(f"/api/rooms/{answer['code']}").get_json()
    assert state["game"] == "copenhagen" and state["version"] == 1 and state["players"] == 4
    assert state["log"][0]["text"].startswith("Room opened") and state["seats"] == [] and state["turn"] == 0


def test_room_codes_differ_and_avoid_look_alike_characters(client):
    codes = {open_room(client, "simstown") for _ in range(20)}
    assert len(codes) == 20
    assert not set("".join(codes)) & set("01ILO")


@pytest.mark.parametrize("game_id, moves", [
    ("copenhagen", [("Ana", "roll", {}), ("Ana", "reroll", {"dice": [0]}), ("Ana", "use", {"dice": []}),
                    ("Ben", "take", {"dice": [0, 3]})]),
    ("lost-cities", [("Ana", "roll", {}), ("Ana", "pick", {"dice": [0, 3]}), ("Ben", "refuse", {}),
                     ("Ben", "roll", {})]),
    ("simstown", [("Ana", "roll", {}), ("Ana", "hold", {"dice": [0, 2]}), ("Ana", "roll", {}),
                  ("Ana", "hold", {"dice": []}), ("Ana", "next", {})]),
    ("monolyth", [("Ana", "move", {"steps": 1}), ("Ben", "move", {"steps": 4, "take": "block"})]),
])
def test_each_move_answers_the_new_state_with_a_higher_version(call, game_id, moves):
    room = Table(call, game_id, ("Ana", "Ben"))
    version = room.state()["version"]
    for who, action, body in moves:
        state = room.ok(who, action, **body)
        assert state["version"] == version + 1 and state["log"][0]["player"] == who
        version = state["version"]
    assert room.state()["version"] == version


def test_green_star_turns_the_dice_everyone_sees(call):
    room = Table(call, "copenhagen", ("Ana", "Ben"))
    face = room.ok("Ana", "roll")["dice"][0]["face"]
    target = "blue" if face != "blue" else "red"
    state = room.ok("Ana", "recolour", **{"from": face, "to": target})
    assert state["dice"][0]["face"] == target and "into" in state["log"][0]["text"]
    assert room.state()["dice"] == state["dice"]


def test_unknown_game_and_room_answer_404_json(client, call):
    assert client.post("/api/rooms", json={"game": "chess"}).status_code == 404
    assert "chess" in client.post("/api/rooms", json={"game": "chess"}).get_json()["error"]
    for response in (client.get("/api/rooms/ZZZZZZ"), client.post("/api/rooms/ZZZZZZ/roll", json={"player": "Ana"}),
                     client.get("/api/games/chess"), client.get("/api/nothing")):
        assert response.status_code == 404 and response.get_json()["error"]
    assert Table(call, "simstown", ("Ana",)).move("Ana", "fly")[0] == 404


@pytest.mark.parametrize("game_id, steps, status, words", [
    ("simstown", [("roll", {}), ("roll", {}), ("roll", {}), ("roll", {})], 409, "Only 3 rolls"),
    ("simstown", [("roll", {}), ("hold", {"dice": [3]})], 400, "no die 3"),
    ("simstown", [("roll", {}), ("hold", {"dice": "0"})], 400, "list of die numbers"),
    ("simstown", [("roll", {}), ("roll", {"hold": [0]})], 400, 'roll takes no "hold"'),
    ("simstown", [("next", {})], 409, "Nobody has started"),
    ("monolyth", [("move", {"steps": 5})], 400, "1 to 4"),
    ("monolyth", [("move", {"steps": 2, "take": "cube"})], 400, '"take"'),
    ("copenhagen", [("use", {"dice": [0]})], 409, "Nobody has started"),
    ("lost-cities", [("roll", {}), ("pick", {"dice": [0, 1]})], 400, "1 colour die and 1 number die"),
    ("lost-cities", [("roll", {}), ("refuse", {}), ("pick", {"dice": [0, 3]})], 409, "other players"),
])
def test_impossible_requests_are_refused_with_a_reason(call, game_id, steps, status, words):
    room = Table(call, game_id, ("Ana", "Ben"))
    *before, (action, body) = steps
    for step, step_body in before:
        room.ok("Ana", step, **step_body)
    answer_status, answer = room.move("Ana", action, **body)
    assert answer_status == status and words in answer["error"]


def test_refused_requests_change_nothing(call):
    room = Table(call, "simstown", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    before = room.state()
    room.move("Ana", "hold", dice=[7])
    room.move("Ben", "roll")
    assert room.state() == before


@pytest.mark.parametrize("payload", [b"not json", b"[1, 2]", b'"Ana"', b"{}", b'{"player": ""}',
                                     b'{"player": 7}', b'{"player": "' + b"x" * 31 + b'"}'])
def test_malformed_bodies_answer_400(client, payload):
    code = open_room(client, "copenhagen")
    response = client.post(f"/api/rooms/{code}/roll", data=payload, content_type="application/json")
    assert response.status_code == 400 and response.get_json()["error"]


@pytest.mark.parametrize("players", [1, 5, "two", 2.5])
def test_player_count_must_fit_the_game(client, players):
    response = client.post("/api/rooms", json={"game": "copenhagen", "players": players})
    assert response.status_code == 400 and "2 to 4 players" in response.get_json()["error"]


def test_game_data_carries_colours_with_glyphs(client, game):
    data = client.get(f"/api/games/{game.id}").get_json()
    assert all(colour["glyph"] for colour in data["colours"].values())
    assert "printables" not in data


def test_room_page_and_play_page(client):
    code = open_room(client, "monolyth")
    page = client.get(f"/r/{code}")
    assert page.status_code == 200 and code[:3].encode() in page.data
    assert client.get(f"/r/{code.lower()}").status_code == 302
    assert client.get("/r/ZZZZZZ").status_code == 404
    assert client.get("/play/chess").status_code == 404
    made = client.post("/play/simstown", data={"players": "2"})
    assert made.status_code == 302 and made.location.startswith("/r/")
    assert client.post("/play/simstown", data={"players": "9"}).status_code == 400
    assert client.get("/join?code=ab c-123").location == "/r/ABC123"


def test_join_qr_code_decodes_to_the_room_url(client, tmp_path):
    code = open_room(client, "copenhagen")
    svg = client.get(f"/r/{code}/qr.svg")
    assert svg.mimetype == "image/svg+xml"
    assert decode_svg(svg.data, tmp_path) == f"http://localhost/r/{code}"


def test_join_qr_code_asked_on_the_laptop_points_phones_at_the_lan_address(app, tmp_path):
    app.config["PUBLIC_URL"] = "http://192.168.1.20:5000"
    client = app.test_client()
    code = open_room(client, "simstown")
    svg = client.get(f"/r/{code}/qr.svg", base_url="http://127.0.0.1:5000").data
    assert decode_svg(svg, tmp_path) == f"http://192.168.1.20:5000/r/{code}"
    assert client.get(f"/r/{code}/qr.svg").status_code == 200
    assert client.get("/r/ZZZZZZ/qr.svg").status_code == 404


def test_a_room_without_a_game_named_is_refused(client):
    response = client.post("/api/rooms", json={})
    assert response.status_code == 400 and "copenhagen" in response.get_json()["error"]


def test_a_saved_final_score_reaches_the_room_log_as_its_savers(app, client):
    from companion import rooms

    code = open_room(client, "lost-cities")
    token = client.post(f"/api/rooms/{code}/seats", json={"name": "Ana"}).get_json()["token"]
    client.post(f"/api/rooms/{code}/seats", json={"name": "Ben"})
    with app.test_request_context():
        state = rooms.save_score(app.extensions["rollsheet.rooms"], code, {"player": "Ana", "token": token},
                                 {"ranking": [[1, "Ana", 120], [2, "Ben", 95]], "tiebreak": None})
    assert state["version"] == 4
    assert client.get(f"/api/rooms/{code}").get_json()["log"][0] == {
        "at": state["log"][0]["at"], "player": "Ana", "seat": 0, "kind": "score",
        "text": "Final score: 1. Ana 120, 2. Ben 95"}


@pytest.mark.parametrize("game_id, chosen", [("lost-cities", "4"), ("copenhagen", "4"), ("simstown", "4")])
def test_a_new_rooms_players_start_at_4_within_the_games_range(client, game_id, chosen):
    page = client.get(f"/play/{game_id}").get_data(as_text=True)
    assert re.findall(r'<option value="(\d+)"\s*selected>', page) == [chosen]
