"""The shared crossed-off lists: tiles, bridges and token stacks, through the API and the layouts."""
from __future__ import annotations

import pytest

import layouts
from layouts.lists import lists_in_play


def open_room(client, game_id, players):
    return client.post("/api/rooms", json={"game": game_id, "players": players}).get_json()["code"]


def cross(client, code, list_id, item, player="Ana", **body):
    return client.post(f"/api/rooms/{code}/lists/{list_id}/{item}", json={"player": player, **body})


def crossed(client, code, list_id):
    return client.get(f"/api/rooms/{code}").get_json()["lists"][list_id]["crossed"]


def test_copenhagen_tiles_are_the_fifteen_limited_shapes_with_their_printed_ids():
    game = layouts.load("copenhagen")
    tiles = lists_in_play(game, 4)["tiles"]
    assert [t.id for t in tiles] == [s.id for s in game.shapes if s.limited] and len(tiles) == 15
    assert {t.shape for t in tiles} >= {"R4a", "R4b", "Y5"} and all(t.colour for t in tiles)


def test_crossing_a_tile_records_who_and_answers_the_new_state(client):
    code = open_room(client, "copenhagen", 3)
    answer = cross(client, code, "tiles", "R5")
    assert answer.status_code == 200
    record = answer.get_json()["lists"]["tiles"]["crossed"]["R5"]
    assert record["by"] == ["Ana"] and record["at"] > 0
    assert answer.get_json()["log"][0]["text"] == "Ana crossed off R5 (Single-use tiles)"


def test_crossing_a_crossed_tile_answers_409_naming_who_did(client):
    code = open_room(client, "copenhagen", 3)
    cross(client, code, "tiles", "B4L", player="Ben")
    again = cross(client, code, "tiles", "B4L")
    assert again.status_code == 409 and "by Ben" in again.get_json()["error"]


def test_unknown_list_or_item_answers_404(client):
    code = open_room(client, "copenhagen", 3)
    assert cross(client, code, "bridges", "red").status_code == 404
    assert cross(client, code, "tiles", "R3").status_code == 404
    assert cross(client, "ZZZZZZ", "tiles", "R5").status_code == 404
    assert cross(client, open_room(client, "simstown", 2), "tiles", "R5").status_code == 404


def test_uncross_is_possible_and_logged(client):
    code = open_room(client, "copenhagen", 3)
    cross(client, code, "tiles", "G5", player="Ben")
    undone = cross(client, code, "tiles", "G5", crossed=False)
    assert undone.status_code == 200 and "G5" not in undone.get_json()["lists"]["tiles"]["crossed"]
    assert undone.get_json()["log"][0]["text"].startswith("Ana uncrossed G5, crossed off by Ben")
    assert cross(client, code, "tiles", "G5", crossed=False).status_code == 409


def test_yellow_star_uses_a_crossed_tile_again_without_uncrossing(client):
    code = open_room(client, "copenhagen", 3)
    assert cross(client, code, "tiles", "Y4L", again=True).status_code == 409
    cross(client, code, "tiles", "Y4L", player="Ben")
    answer = cross(client, code, "tiles", "Y4L", again=True).get_json()
    assert answer["lists"]["tiles"]["crossed"]["Y4L"]["by"] == ["Ben"]
    assert "Yellow star" in answer["log"][0]["text"]


def test_two_player_setup_crosses_one_size_four_tile_per_colour(client):
    code = open_room(client, "copenhagen", 2)
    assert cross(client, code, "tiles", "R4a", setup=True).status_code == 200
    second_red = cross(client, code, "tiles", "R4b", setup=True)
    assert second_red.status_code == 409 and "R4a" in second_red.get_json()["error"]
    assert "size-4" in cross(client, code, "tiles", "B5", setup=True).get_json()["error"]
    for tile in ("B4L", "P4b", "G4b", "Y4L"):
        assert cross(client, code, "tiles", tile, setup=True).status_code == 200
    assert all(record["setup"] for record in crossed(client, code, "tiles").values())


def test_setup_crossing_is_only_for_two_players(client):
    code = open_room(client, "copenhagen", 3)
    answer = cross(client, code, "tiles", "R4a", setup=True)
    assert answer.status_code == 409 and "2 players" in answer.get_json()["error"]


def test_bridge_claims_are_shared_within_the_turn_only(client):
    code = open_room(client, "lost-cities", 3)
    client.post(f"/api/rooms/{code}/roll", json={"player": "Ana"})
    assert cross(client, code, "bridges", "red").status_code == 200
    assert cross(client, code, "bridges", "red", player="Ben").status_code == 200
    assert cross(client, code, "bridges", "red", player="Ben").status_code == 409
    client.post(f"/api/rooms/{code}/roll", json={"player": "Ben"})
    late = cross(client, code, "bridges", "red", player="Cy")
    assert late.status_code == 409 and "earlier turn" in late.get_json()["error"]
    assert crossed(client, code, "bridges")["red"]["by"] == ["Ana", "Ben"]
    undone = cross(client, code, "bridges", "red", player="Ben", crossed=False).get_json()
    assert undone["lists"]["bridges"]["crossed"]["red"]["by"] == ["Ana"]


def test_all_eight_bridges_taken_ends_the_game(client):
    code = open_room(client, "lost-cities", 2)
    bridges = client.get(f"/api/rooms/{code}").get_json()["lists"]["bridges"]["items"]
    assert len(bridges) == 8
    for bridge in bridges:
        answer = cross(client, code, "bridges", bridge).get_json()
    assert answer["lists"]["bridges"]["complete"] is True
    assert "game ends after this turn" in answer["log"][0]["text"]


@pytest.mark.parametrize("players, level_1, has_level_4, prophecies", [
    (1, ["5"], True, 14), (2, ["5", "3"], True, 14), (3, ["5", "3", "2"], False, 10), (4, ["5", "3", "2", "1"], False, 10),
])
def test_monolyth_stacks_are_sized_to_the_player_count(client, players, level_1, has_level_4, prophecies):
    lists = client.get(f"/api/rooms/{open_room(client, 'monolyth', players)}").get_json()["lists"]
    assert lists["level-1"]["items"] == level_1
    assert ("level-4" in lists) is has_level_4
    assert len(lists["prophecy"]["items"]) == prophecies


def test_a_stack_hands_out_its_highest_remaining_token_once_per_player(client):
    code = open_room(client, "monolyth", 4)
    skipped = cross(client, code, "structure", "8")
    assert skipped.status_code == 409 and "highest" in skipped.get_json()["error"] and "12" in skipped.get_json()["error"]
    assert cross(client, code, "structure", "12").status_code == 200
    assert "already has" in cross(client, code, "structure", "8").get_json()["error"]
    assert cross(client, code, "structure", "8", player="Ben").status_code == 200
    assert cross(client, code, "structure", "12", crossed=False).status_code == 409
    assert cross(client, code, "structure", "8", crossed=False).status_code == 200


def test_prophecies_are_taken_in_any_order_two_of_each(client):
    code = open_room(client, "monolyth", 3)
    assert cross(client, code, "prophecy", "10b").status_code == 200
    assert cross(client, code, "prophecy", "10a", player="Ben").status_code == 200
    assert cross(client, code, "prophecy", "10a").status_code == 409


@pytest.mark.parametrize("body", [{"crossed": "yes"}, {"again": 1}, {"setup": "true"}, {"player": ""}])
def test_malformed_list_requests_answer_400(client, body):
    code = open_room(client, "copenhagen", 2)
    response = client.post(f"/api/rooms/{code}/lists/tiles/R5", json={"player": "Ana", **body})
    assert response.status_code == 400 and response.get_json()["error"]


def test_game_data_draws_every_list_item(client):
    data = client.get("/api/games/monolyth").get_json()
    assert data["list_items"]["level-4"]["10"]["value"] == 10
    assert data["list_items"]["prophecy"]["16b"]["label"] == "16"
    assert client.get("/api/games/lost-cities").get_json()["list_items"]["bridges"]["red"]["label"] == "Red"


@pytest.mark.parametrize("lists_yaml, message", [
    ("  tiles: {label: T, mode: once, shapes: limited, tables: [{table: prophecy}]}", "one way"),
    ("  tiles: {label: T, mode: stack, items: [{id: a}]}", "from tables"),
    ("  tiles: {label: T, mode: once, tables: [{table: nothing}]}", "unknown table"),
    ("  tiles: {label: T, mode: sometimes, items: [{id: a}]}", "mode"),
    ("  tiles: {label: T, mode: once, items: [{id: a}, {id: a}]}", "repeat"),
])
def test_list_layout_mistakes_are_reported_by_field(tmp_path, lists_yaml, message):
    source = (layouts.HERE / "monolyth.yaml").read_text(encoding="utf-8")
    start = source.index("\nlists:")
    end = source.index("\ntables:")
    path = tmp_path / "variant.yaml"
    path.write_text(source[:start] + "\nlists:\n" + lists_yaml + "\n" + source[end:], encoding="utf-8")
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load_file(path)
    assert any(line.startswith(f"{path}: lists.tiles") and message in line for line in error.value.problems), error.value.problems
