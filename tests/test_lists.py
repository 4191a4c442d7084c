"""The shared crossed-off lists: tiles, bridges and token stacks, through the API and the layouts."""
from __future__ import annotations

import pytest

import layouts
from layouts.lists import lists_in_play
from tests.tables import Table


def crossed(room, list_id):
    return room.state()["lists"][list_id]["crossed"]


def test_copenhagen_tiles_are_the_fifteen_limited_shapes_with_their_printed_ids():
    game = layouts.load("copenhagen")
    tiles = lists_in_play(game, 4)["tiles"]
    assert [t.id for t in tiles] == [s.id for s in game.shapes if s.limited] and len(tiles) == 15
    assert {t.shape for t in tiles} >= {"R4a", "R4b", "Y5"} and all(t.colour for t in tiles)


def on_turn(room, who="Ana"):
    """`who` rolls, so that `who` is the player on turn who places a shape (and crosses its tile)."""
    room.ok(who, "roll")


def pass_to_the_next(room, active, others):
    """The active player uses no dice, the others pass: the next seat's turn."""
    room.ok(active, "use", dice=[])
    for other in others:
        room.ok(other, "pass")


def test_crossing_a_tile_records_who_and_answers_the_new_state(call):
    room = Table(call, "copenhagen", ("Ana", "Ben", "Cy"))
    on_turn(room)
    status, answer = room.cross("Ana", "tiles", "R5")
    assert status == 200
    record = answer["lists"]["tiles"]["crossed"]["R5"]
    assert record["by"] == ["Ana"] and record["at"] > 0
    assert answer["log"][0]["text"] == "Single-use tiles: Ana crossed off R5 (red P-pentomino)"


def test_only_the_player_who_places_a_shape_crosses_a_tile(call):
    room = Table(call, "copenhagen", ("Ana", "Ben", "Cy"))
    status, answer = room.cross("Ana", "tiles", "B5")
    assert status == 409 and "Nobody has placed a shape yet" in answer["error"]
    on_turn(room)
    status, answer = room.cross("Ben", "tiles", "B5")
    assert status == 409 and "Only Ana, who places a shape this turn" in answer["error"]
    assert {"move": "cross", "list": "tiles", "item": "B5"} in room.state()["allowed"]["0"]
    assert not [m for m in room.state()["allowed"]["1"] if m["move"] == "cross"]
    room.ok("Ana", "use", dice=[])
    assert room.cross("Ana", "tiles", "B5")[0] == 200


def test_a_turn_that_passed_at_once_leaves_its_player_the_tile_until_the_next_roll(call):
    room = Table(call, "copenhagen", ("Ana", "Ben"))
    on_turn(room)
    room.ok("Ana", "use", dice=[])
    assert room.ok("Ben", "pass")["active"] == 1
    assert room.cross("Ben", "tiles", "R5")[0] == 409
    assert room.cross("Ana", "tiles", "R5")[0] == 200
    room.ok("Ben", "roll")
    status, answer = room.cross("Ana", "tiles", "R4a")
    assert status == 409 and "Only Ben" in answer["error"]


def test_the_placer_crosses_one_tile_for_the_turns_one_shape(call):
    room = Table(call, "copenhagen", ("Ana", "Ben"))
    on_turn(room)
    assert room.cross("Ana", "tiles", "R5")[0] == 200
    status, answer = room.cross("Ana", "tiles", "B5")
    assert status == 409 and answer["error"] == ("Ana crossed off R5 (red P-pentomino) for this turn's shape "
                                                 "already: one shape a turn.")
    assert not [e for e in room.state()["allowed"]["0"] if e["move"] == "cross" and not e.keys() - {"move", "list",
                                                                                                       "item"}]
    room.ok("Ana", "use", dice=[])
    room.ok("Ben", "pass")  # the turn passed: until Ben rolls, Ana's turn's shape still has its tile
    assert room.cross("Ana", "tiles", "B5")[0] == 409
    assert room.cross("Ana", "tiles", "R5", crossed=False)[0] == 200  # the wrong tile, uncrossed: another one
    assert room.cross("Ana", "tiles", "B5")[0] == 200
    room.ok("Ben", "roll")
    assert room.cross("Ben", "tiles", "Y5")[0] == 200 and room.cross("Ben", "tiles", "B5", again=True)[0] == 200


def test_crossing_a_crossed_tile_answers_409_naming_who_did(call):
    room = Table(call, "copenhagen", ("Ben", "Ana"))
    on_turn(room, "Ben")
    room.cross("Ben", "tiles", "B5")
    pass_to_the_next(room, "Ben", ["Ana"])
    on_turn(room, "Ana")
    status, answer = room.cross("Ana", "tiles", "B5")
    assert status == 409 and "by Ben" in answer["error"]


def test_unknown_list_or_item_answers_404(call):
    room = Table(call, "copenhagen", ("Ana", "Ben", "Cy"))
    assert room.cross("Ana", "bridges", "red")[0] == 404
    assert room.cross("Ana", "tiles", "R3")[0] == 404
    assert call("/api/rooms/ZZZZZZ/lists/tiles/R5", {"player": "Ana", "token": "x"})[0] == 404
    assert Table(call, "simstown", ("Ana",)).cross("Ana", "tiles", "R5")[0] == 404


def test_only_the_player_who_crossed_a_tile_uncrosses_it_and_it_is_logged(call):
    room = Table(call, "copenhagen", ("Ben", "Ana", "Cy"))
    on_turn(room, "Ben")
    room.cross("Ben", "tiles", "G5")
    status, answer = room.cross("Ana", "tiles", "G5", crossed=False)
    assert status == 409 and "Only Ben" in answer["error"]
    status, answer = room.cross("Ben", "tiles", "G5", crossed=False)
    assert status == 200 and "G5" not in answer["lists"]["tiles"]["crossed"]
    assert answer["log"][0]["text"] == "Single-use tiles: Ben uncrossed G5 (green X-pentomino), crossed off by Ben"
    assert room.cross("Ben", "tiles", "G5", crossed=False)[0] == 409


def test_yellow_star_uses_a_crossed_tile_again_without_uncrossing(call):
    room = Table(call, "copenhagen", ("Ben", "Ana", "Cy"))
    on_turn(room, "Ben")
    room.cross("Ben", "tiles", "Y5")
    pass_to_the_next(room, "Ben", ["Ana", "Cy"])
    on_turn(room, "Ana")
    assert room.cross("Ana", "tiles", "R5", again=True)[0] == 409
    status, answer = room.cross("Ana", "tiles", "Y5", again=True)
    assert answer["lists"]["tiles"]["crossed"]["Y5"]["by"] == ["Ben"]
    assert "Yellow star" in answer["log"][0]["text"]


def size_four(colour):
    return [s.id for s in layouts.load("copenhagen").shapes if s.limited and s.size == 4 and s.colour == colour]


def test_two_player_setup_crosses_one_size_four_tile_per_colour(call):
    room = Table(call, "copenhagen", ("Ana", "Ben"))
    first, second = size_four("red")
    assert room.cross("Ana", "tiles", first, setup=True)[0] == 200
    status, answer = room.cross("Ana", "tiles", second, setup=True)
    assert status == 409 and first in answer["error"]
    assert "size-4" in room.cross("Ana", "tiles", "B5", setup=True)[1]["error"]
    for colour in ("blue", "purple", "green", "yellow"):
        assert room.cross("Ben", "tiles", size_four(colour)[0], setup=True)[0] == 200
    assert all(record["setup"] for record in crossed(room, "tiles").values())


def test_a_setup_tile_is_not_uncrossed_from_the_normal_tile_panel(call):
    room = Table(call, "copenhagen", ("Ana", "Ben"))
    tile = size_four("red")[0]
    room.cross("Ana", "tiles", tile, setup=True)
    status, answer = room.cross("Ana", "tiles", tile, crossed=False)
    assert status == 409 and "setup" in answer["error"]
    assert room.cross("Ben", "tiles", tile, crossed=False, setup=True)[0] == 200


def test_setup_crossings_are_made_before_the_first_move(call):
    room = Table(call, "copenhagen", ("Ana", "Ben"))
    tile = size_four("red")[0]
    assert {"move": "cross", "list": "tiles", "item": tile, "setup": True} in room.state()["allowed"]["1"]
    room.cross("Ana", "tiles", tile, setup=True)
    on_turn(room)
    status, answer = room.cross("Ana", "tiles", size_four("blue")[0], setup=True)
    assert status == 409 and "before the first move" in answer["error"]
    assert room.cross("Ana", "tiles", tile, crossed=False, setup=True)[0] == 409


def test_setup_crossing_is_only_for_two_players(call):
    room = Table(call, "copenhagen", ("Ana", "Ben", "Cy"))
    status, answer = room.cross("Ana", "tiles", "R4a", setup=True)
    assert status == 409 and "2 players" in answer["error"]


def test_bridge_claims_are_shared_within_the_turn_only(call):
    room = Table(call, "lost-cities", ("Ana", "Ben", "Cy"))
    room.ok("Ana", "roll")
    assert room.cross("Ana", "bridges", "red")[0] == 200
    assert room.cross("Ben", "bridges", "red")[0] == 200
    assert room.cross("Ben", "bridges", "red")[0] == 409
    room.ok("Ana", "refuse")
    room.ok("Ben", "refuse")
    room.ok("Cy", "refuse")
    status, answer = room.cross("Cy", "bridges", "red")
    assert status == 409 and "earlier turn" in answer["error"]
    assert crossed(room, "bridges")["red"]["by"] == ["Ana", "Ben"]
    status, answer = room.cross("Ben", "bridges", "red", crossed=False)
    assert answer["lists"]["bridges"]["crossed"]["red"]["by"] == ["Ana"]


def test_a_bridge_has_at_most_one_claim_per_player(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"))
    room.cross("Ana", "bridges", "blue")
    room.cross("Ben", "bridges", "blue")
    status, answer = call(f"/api/rooms/{room.code}/lists/bridges/blue", {"player": "Cy", "token": "x"})
    assert status == 403 and crossed(room, "bridges")["blue"]["by"] == ["Ana", "Ben"]


def test_all_eight_bridges_taken_ends_the_game_after_that_turn(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"))
    bridges = room.state()["lists"]["bridges"]["items"]
    assert len(bridges) == 8
    room.ok("Ana", "roll")
    for bridge in bridges:
        answer = room.cross("Ana", "bridges", bridge)[1]
    assert answer["lists"]["bridges"]["complete"] is True and answer["over"] is None
    assert "game ends after this turn" in answer["log"][0]["text"]
    room.ok("Ana", "refuse")
    state = room.ok("Ben", "refuse")
    assert state["over"] == {"reason": "list", "list": "bridges"} and state["allowed"] == {"0": [], "1": []}
    assert state["log"][0]["text"].endswith("The game is over: Bridges (first to fill box 7): complete")
    assert state["prompt"]["0"] == "The game is over: Bridges (first to fill box 7): complete"


@pytest.mark.parametrize("players, level_1, has_level_4, prophecies", [
    (1, ["5"], True, 14), (2, ["5", "3"], True, 14),
    (3, ["5", "3", "2"], False, 10), (4, ["5", "3", "2", "1"], False, 10),
])
def test_monolyth_stacks_are_sized_to_the_player_count(call, players, level_1, has_level_4, prophecies):
    lists = Table(call, "monolyth", (), players=players).state()["lists"]
    assert lists["level-1"]["items"] == level_1
    assert ("level-4" in lists) is has_level_4
    assert len(lists["prophecy"]["items"]) == prophecies


def test_a_stack_hands_out_its_highest_remaining_token_once_per_player(call):
    room = Table(call, "monolyth", ("Ana", "Ben", "Cy", "Dee"))
    status, answer = room.cross("Ana", "structure", "8")
    assert status == 409 and "highest" in answer["error"] and "12" in answer["error"]
    assert room.cross("Ana", "structure", "12")[0] == 200
    assert "at most 1" in room.cross("Ana", "structure", "8")[1]["error"]
    assert room.cross("Ben", "structure", "8")[0] == 200
    assert room.cross("Ana", "structure", "12", crossed=False)[0] == 409
    assert room.cross("Ana", "structure", "8", crossed=False)[0] == 409
    assert room.cross("Ben", "structure", "8", crossed=False)[0] == 200


def test_taking_a_prophecy_is_the_active_players_whole_turn(call):
    room = Table(call, "monolyth", ("Ana", "Ben", "Cy"))
    status, answer = room.cross("Ben", "prophecy", "10b")
    assert status == 200 and answer["active"] == 2 and answer["log"][0]["text"].endswith("Cy's turn")
    status, answer = room.cross("Ana", "prophecy", "10a")
    assert status == 409 and "Cy's turn" in answer["error"]
    assert room.cross("Cy", "prophecy", "10a")[0] == 200
    assert room.cross("Ana", "prophecy", "10b")[0] == 409


def test_a_player_holds_at_most_one_prophecy_per_board_side(call):
    room = Table(call, "monolyth", ("Ana",))
    sides = layouts.load("monolyth").values["board_sides"]
    for item in room.state()["lists"]["prophecy"]["items"][:sides]:
        assert room.cross("Ana", "prophecy", item)[0] == 200
    status, answer = room.cross("Ana", "prophecy", room.state()["lists"]["prophecy"]["items"][sides])
    assert status == 409 and f"at most {sides}" in answer["error"]


@pytest.mark.parametrize("body", [{"crossed": "yes"}, {"again": 1}, {"setup": "true"}, {"player": ""}])
def test_malformed_list_requests_answer_400(call, body):
    room = Table(call, "copenhagen", ("Ana", "Ben"))
    status, answer = call(f"/api/rooms/{room.code}/lists/tiles/R5", {**room.body("Ana", None), **body})
    assert status == 400 and answer["error"]


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
    problems = error.value.problems
    assert any(line.startswith(f"{path}: lists.tiles") and message in line for line in problems), problems
