"""The API document (`GET /api/openapi.json`) is written from the code: every API route, every move the served
games' mechanics declare, the answers as they are; and the request models refuse in the companion's sentences."""
from __future__ import annotations

import re

import jsonschema_rs
import pytest
from babel.messages.pofile import read_po

import layouts
from companion.rules import mechanics
from tests import undocumented
from tests.serving import ROOT
from tests.tables import Table


@pytest.fixture
def document(client):
    answer = client.get("/api/openapi.json")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    return answer.get_json()


def conforms(document: dict, name: str, value) -> None:
    """Assert `value` is what the document's component `name` describes."""
    schema = {**document["components"]["schemas"][name], "components": document["components"]}
    jsonschema_rs.Draft202012Validator(schema).validate(value)


def test_the_document_is_openapi_3_1_of_this_companion(document):
    assert document["openapi"] == "3.1.0" and document["info"]["title"] == "rollsheet companion"
    assert jsonschema_rs.meta.is_valid({"$defs": document["components"]["schemas"]})


def test_every_api_route_of_the_app_is_in_the_document(app, document):
    documented = {path.replace("{", "<").replace("}", ">") for path in document["paths"]}
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/") and rule.rule != "/api/rooms/<code>/<action>":
            plain = rule.rule.replace("<int:", "<")
            assert plain in documented, f"{rule.rule} has no entry: mark its view @documented (companion/contract)"


@pytest.mark.parametrize("folder", [None, "tests/games", "layouts/templates"])
def test_every_move_a_served_game_declares_has_its_body(client, folder, monkeypatch):
    if folder:
        monkeypatch.setenv(layouts.ENV_VAR, folder)
    document = client.get("/api/openapi.json").get_json()
    for game_id in layouts.game_ids():
        mechanic = mechanics.mechanic_of(layouts.load(game_id))
        for name, move in (mechanic.moves() if mechanic else {}).items():
            body = document["paths"][f"/api/rooms/{{code}}/{name}"]["post"]["requestBody"]
            schema = body["content"]["application/json"]["schema"]
            keys = [set(document["components"]["schemas"][ref["$ref"].rsplit("/", 1)[1]]["properties"])
                    for ref in schema.get("anyOf", [schema])]
            assert set(move.params) | {"player", "token", "seen", "request"} in keys, (game_id, name)


def test_a_room_state_and_a_game_are_what_the_document_says(call, document):
    for game_id in layouts.game_ids():
        room = Table(call, game_id, ("Ana", "Ben"))
        conforms(document, "PhoneState", room.state())
        first = room.state()["allowed"]["0"][0]
        conforms(document, "PhoneState", room.ok("Ana", first.pop("move"), **first) if "list" not in first
                 else room.cross("Ana", first["list"], first["item"])[1])
        conforms(document, "GameData", call(f"/api/games/{game_id}")[1])


REFUSED = [  # path, body -> status, field, the sentence's start
    ("/api/rooms", {"game": 5}, 400, "game", 'Name the game: "game" is one of copenhagen'),
    ("/api/rooms", {"game": "simstown", "players": "2"}, 400, "players", "Simstown is for 1 to "),
    ("/api/rooms", {"game": "chess"}, 404, None, "Unknown game 'chess'"),
    ("{room}/seats", {"name": 7}, 400, "name", 'Say who you are: send "name" with your name.'),
    ("{room}/seats", {"name": "Ana\u0007"}, 400, "name", "A player name is 1 to 30 printable characters."),
    ("{room}/roll", {"player": "Ana", "token": "{token}", "seen": "3"}, 400, "seen", '"seen" is the version'),
    ("{room}/roll", {"request": 7, "player": 5}, 400, "request", '"request" names the tap'),
    ("{room}/roll", {"player": "Ana", "token": 12}, 400, "token", '"token" is the secret your phone got'),
    ("{room}/roll", {"player": "Ana", "token": "{token}", "dice": [0]}, 400, None, 'roll takes no "dice"'),
    ("{room}/hold", {"player": "Ana", "token": "{token}", "dice": "all"}, 400, None, '"dice" must be a list'),
    ("{room}/seats/order", {"player": "Ana", "token": "{token}", "order": "1,0"}, 400, "order",
     '"order" lists every seat id once, e.g. [1, 0].'),
    ("{room}/roll", {"player": "Ana", "token": "wrong"}, 403, None, "This phone does not hold Ana's seat"),
]


@pytest.mark.parametrize("path, body, status, field, sentence", REFUSED)
def test_a_body_the_model_refuses_answers_the_companion_s_own_sentence(call, path, body, status, field, sentence):
    room = Table(call, "simstown", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    sent = {key: room.tokens["Ana"] if value == "{token}" else value for key, value in body.items()}
    answer_status, answer = call(path.replace("{room}", f"/api/rooms/{room.code}"), sent)
    assert (answer_status, answer.get("field")) == (status, field) and answer["error"].startswith(sentence), answer


def test_a_crossing_takes_its_flags_only(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"))
    for body in ({"crossed": "no"}, {"colour": "red"}):
        status, answer = room.cross("Ana", "bridges", "red", **body)
        assert status == 400 and answer["error"].endswith('is not a crossing\'s: send "crossed", "again" or '
                                                          '"setup" as true or false.'), answer


def test_a_monolyth_move_says_the_crystal_s_reach_for_a_step_that_is_not_a_number(call):
    room = Table(call, "monolyth", ("Ana", "Ben"))
    status, answer = room.move("Ana", "move", steps="2")
    assert status == 400 and answer["error"] == "The crystal moves 1 to 4 slots clockwise, not 2."


def test_a_monolyth_step_below_one_breaks_the_document_and_is_refused_in_the_crystals_words(call, document):
    assert document["components"]["schemas"]["MoveBody"]["properties"]["steps"]["minimum"] == 1
    room = Table(call, "monolyth", ("Ana", "Ben"))
    for steps in (0, -1, 5):
        status, answer = room.move("Ana", "move", steps=steps)
        assert status == 400 and answer["error"] == f"The crystal moves 1 to 4 slots clockwise, not {steps}."


@pytest.mark.parametrize("method, path", [("patch", "/api/groups/{code}/plays/{play_id}"),
                                          ("delete", "/api/groups/{code}/plays/{play_id}"),
                                          ("delete", "/api/groups/{code}")])
def test_a_change_other_than_a_post_lists_the_checks_refusals_too(client, document, method, path):
    assert {"403", "411", "413", "415"} <= set(document["paths"][path][method]["responses"])
    code = client.post("/api/groups", json={"name": "Thu"}).get_json()["code"]
    sent = path.replace("{code}", code).replace("{play_id}", "ABCDEFGHJK")
    assert client.open(sent, method=method.upper(), data="x", content_type="text/plain").status_code == 415
    assert client.open(sent, method=method.upper(), headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403


def test_a_name_is_described_as_the_server_takes_it(client, document):
    schemas = document["components"]["schemas"]
    for model, key in (("TakeSeat", "name"), ("PlayedPlayer", "name"), ("Rename", "to"), ("NewGroup", "name")):
        described = schemas[model]["properties"][key]
        assert described["pattern"] == r"[\p{L}\p{N}]" and "1 to 30 printable characters" in described["description"]
        assert described["maxLength"] == 30
    code = client.post("/api/rooms", json={"game": "simstown"}).get_json()["code"]
    for sign in ("\u2122", "\u338f", "(", "\u2800"):  # ™ and ㎏ are letters only once NFKC writes them out
        answer = client.post(f"/api/rooms/{code}/seats", json={"name": sign})
        assert answer.status_code == 400 and "a letter or a digit that shows" in answer.get_json()["error"], sign


def test_a_name_longer_than_the_document_allows_as_sent_is_refused_though_its_spaces_fold(client, document):
    longest = document["components"]["schemas"]["TakeSeat"]["properties"]["name"]["maxLength"]
    code = client.post("/api/rooms", json={"game": "simstown"}).get_json()["code"]
    seat = client.post(f"/api/rooms/{code}/seats", json={"name": "A" + " " * (longest - 2) + "B"})
    assert seat.status_code == 201 and client.get(f"/api/rooms/{code}").get_json()["seats"][0]["name"] == "A B"
    for path, key in (("seats", "name"), ("roll", "player")):
        body = {key: "A" + " " * (longest - 1) + "B", "token": seat.get_json()["token"]}
        answer = client.post(f"/api/rooms/{code}/{path}", json=body)
        assert answer.status_code == 400 and answer.get_json() == {
            "error": "A player name is 1 to 30 printable characters.", "field": key}


def test_a_score_post_names_its_saver_only_beside_a_room_as_the_document_says(client, document):
    players = [{"name": "Ana"}, {"name": "Ben"}]
    saver = {"players": players, "player": "Ana", "token": "secret"}
    with pytest.raises(jsonschema_rs.ValidationError, match="room"):
        conforms(document, "CopenhagenScore", saver)
    conforms(document, "CopenhagenScore", dict(saver, room="K7QX2M"))
    for key in ("player", "token"):
        answer = client.post("/api/score/copenhagen", json={"players": players, key: saver[key]})
        assert answer.status_code == 400 and answer.get_json()["field"] == key


def test_the_document_lists_the_games_served_where_a_body_names_one_and_the_server_refuses_any_other(client,
                                                                                                   monkeypatch):
    monkeypatch.setenv(layouts.ENV_VAR, "tests/games")
    document = client.get("/api/openapi.json").get_json()
    served = layouts.game_ids()
    assert "own-dice" in served
    for model in ("OpenRoom", "Play", "Correction"):
        assert document["components"]["schemas"][model]["properties"]["game"]["enum"] == served, model
    group = client.post("/api/groups", json={"name": "Thursday"}).get_json()["code"]
    for game, status in (("own-dice", 201), ("chess", 400)):
        play = client.post(f"/api/groups/{group}/plays", json={"game": game, "players": [{"name": "Ana", "score": 3}]})
        assert play.status_code == status, play.get_json()
    assert client.post("/api/rooms", json={"game": "chess"}).status_code == 404


def test_a_score_post_counts_maximum_is_the_largest_the_layout_allows_at_any_table(client, document):
    player = document["components"]["schemas"]["Player"]["properties"]  # Copenhagen's
    assert (player["columns_bricks"]["maximum"], player["rows_bricks"]["maximum"]) == (5, 9)
    assert document["components"]["schemas"]["prophecies"]["properties"]["cubes"]["maximum"] == 16  # 4 levels at 2
    for bricks, status in ((5, 200), (6, 400)):
        body = {"players": [{"name": "Ana", "columns_bricks": bricks, "rows_bricks": 9}, {"name": "Ben"}]}
        answer = client.post("/api/score/copenhagen", json=body)
        assert answer.status_code == status, answer.get_json()
    assert answer.get_json()["error"] == "must be at most 5"
    with pytest.raises(jsonschema_rs.ValidationError, match="maximum"):
        conforms(document, "CopenhagenScore", body)


def test_an_answer_to_an_ask_says_who_answers_as_the_document_says(call, document):
    room = Table(call, "simstown", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    asked = call(f"/api/rooms/{room.code}/seats/1/takeover", {})[1]
    nameless = {"token": room.tokens["Ana"], "ask": asked["ask"]}
    with pytest.raises(jsonschema_rs.ValidationError, match="player"):
        conforms(document, "TakeOver", nameless)
    status, answer = call(f"/api/rooms/{room.code}/seats/1/takeover", nameless)
    assert status == 400 and answer["error"] == 'Say who you are: send "player" with your name.'
    for body in ({}, {"token": room.tokens["Ben"], "back": True, "ask": asked["ask"]}, dict(nameless, player="Ana")):
        conforms(document, "TakeOver", body)  # asking, taking back, answering with a name
    assert call(f"/api/rooms/{room.code}/seats/1/takeover", dict(nameless, player="Ana"))[0] == 200


def test_a_score_name_of_white_space_only_breaks_the_document_as_the_server_refuses_it(client, document):
    for name, status in ((" Ana\u3000", 200), (" \r\u3000", 400)):
        body = {"players": [{"name": name}, {"name": "Ben"}]}
        answer = client.post("/api/score/copenhagen", json=body)
        assert answer.status_code == status, answer.get_json()
        if status == 200:
            conforms(document, "CopenhagenScore", body)
    assert answer.get_json() == {"error": "must not be empty", "field": "players[0].name", "errors": [
        {"error": "must not be empty", "field": "players[0].name"}]}
    with pytest.raises(jsonschema_rs.ValidationError, match="pattern"):
        conforms(document, "CopenhagenScore", body)


def test_a_tokens_field_takes_one_token_a_list_as_the_document_says(client, document):
    four = {"players": [{"name": "Ana", "levels": [5, 6, 8, 10]}]}
    assert client.post("/api/score/monolyth", json=four).status_code == 200
    conforms(document, "MonolythScore", four)
    five = {"players": [{"name": "Ana", "levels": [5, 6, 8, 10, 3]}]}
    assert client.post("/api/score/monolyth", json=five).get_json()["field"] == "players[0].levels"
    with pytest.raises(jsonschema_rs.ValidationError, match="more than 4 items"):
        conforms(document, "MonolythScore", five)


def test_each_refusal_the_document_cannot_say_is_a_sentence_the_server_says():
    catalogue = [form for m in read_po((ROOT / "companion" / "translations" / "messages.pot").open("rb")) if m.id
                 for form in (m.id if isinstance(m.id, tuple) else (m.id,))]  # a plural's every form
    said = [re.sub(r"%\(\w+\)s", "…", message) for message in catalogue]
    said += [frame[:-1] + inner for frame in said if frame.endswith(": …") for inner in said]  # "…'s card: <problem>"
    rows = undocumented.rows()
    assert len(rows) > 20 and undocumented.CHECKS in [sentence for _, sentence in rows]
    for _, sentence in rows:
        if sentence != undocumented.CHECKS:
            assert any(undocumented.wildcard(sentence).fullmatch(message) for message in said), sentence
    known = undocumented.kinds([ROOT / "tests" / "games", layouts.TEMPLATES])
    assert undocumented.documented('{"error": "a chance scores all five dice: 0 or at least 5", "field": '
                                   '"players[3].chance"}', known)
    for other in ('{"error": "must be a whole number", "field": "players[0].chance"}', '{"error": "two players are '
                  'called \'Ana\'", "field": "room"}', '{"error": "two players are called \'Ana\'"}', "Bad request"):
        assert not undocumented.documented(other, known), other
