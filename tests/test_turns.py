"""Turns through the API: only the right player acts, stale taps are refused, the last move is undone."""
from __future__ import annotations

import pytest

from tests.tables import Table


@pytest.mark.parametrize("game_id, start, intruder_move", [
    ("copenhagen", ("roll", {}), ("reroll", {"dice": [0]})),
    ("copenhagen", ("roll", {}), ("use", {"dice": [0]})),
    ("lost-cities", ("roll", {}), ("pick", {"dice": [0, 3]})),
    ("lost-cities", ("roll", {}), ("refuse", {})),
    ("simstown", ("roll", {}), ("hold", {"dice": [0]})),
    ("simstown", ("roll", {}), ("roll", {})),
    ("simstown", ("roll", {}), ("next", {})),
    ("monolyth", ("move", {"steps": 1}), ("move", {"steps": 1})),
])
def test_only_the_active_player_does_the_active_players_part(call, game_id, start, intruder_move):
    room = Table(call, game_id, ("Ana", "Ben", "Cy"))
    first = room.ok("Ana", start[0], **start[1])
    if game_id == "monolyth":
        room.ok("Ben", *("move",), steps=1)
    status, answer = room.move("Ana" if game_id == "monolyth" else "Ben", intruder_move[0], **intruder_move[1])
    whose = "Cy" if game_id == "monolyth" else "Ana"
    assert status == 409 and f"It is {whose}'s turn" in answer["error"]
    assert first["log"][0]["player"] == "Ana"


def test_turns_pass_in_seat_order_and_the_log_names_who_acted(call):
    room = Table(call, "monolyth", ("Ana", "Ben", "Cy"))
    for who in ("Ben", "Cy", "Ana", "Ben"):
        state = room.ok(who, "move", steps=1)
    assert state["turn"] == 5 and state["active"] == 2
    assert [e["player"] for e in state["log"][:4]] == ["Ben", "Ana", "Cy", "Ben"]


def test_others_do_their_own_part_once_and_the_turn_passes_when_all_did(call):
    room = Table(call, "lost-cities", ("Ana", "Ben", "Cy"))
    room.ok("Ana", "roll")
    room.ok("Ana", "pick", dice=[0, 3])
    status, answer = room.move("Ana", "pick", dice=[1, 4])
    assert status == 409 and "other players" in answer["error"]
    room.ok("Ben", "pick", dice=[1, 4])
    assert room.move("Ben", "pick", dice=[1, 4])[0] == 409
    state = room.ok("Cy", "refuse")
    assert state["active"] == 1 and state["turn"] == 2 and state["picks"] == {}


def test_the_active_player_may_end_the_turn_for_a_player_who_is_away(call):
    room = Table(call, "copenhagen", ("Ana", "Ben", "Cy"))
    room.ok("Ana", "roll")
    room.ok("Ana", "use", dice=[0])
    room.ok("Ben", "take", dice=[1])
    state = room.ok("Ana", "next")
    assert state["active"] == 1 and state["log"][0]["text"] == "Ana ended the turn (Cy did not take part). Ben's turn"


def test_a_stale_move_is_refused_saying_what_changed(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"))
    seen = room.state()["version"]
    room.ok("Ana", "roll")
    room.ok("Ana", "pick", dice=[0, 3])
    status, answer = room.move("Ben", "pick", seen=seen, dice=[1, 4])
    assert status == 409 and answer["error"].startswith("The table changed: Ana rolled ")
    assert "Ana picked" in answer["error"]


def test_a_stale_roll_never_replaces_the_roll_everyone_uses(call):
    room = Table(call, "copenhagen", ("Ana", "Ben"))
    seen = room.state()["version"]
    dice = room.ok("Ana", "roll", seen=seen)["dice"]
    assert room.move("Ana", "roll", seen=seen)[0] == 409
    assert room.state()["dice"] == dice


def test_list_crossings_do_not_make_the_dice_stale(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    seen = room.state()["version"]
    assert room.cross("Ben", "bridges", "red")[0] == 200
    assert room.move("Ana", "pick", seen=seen, dice=[0, 3])[0] == 200


@pytest.mark.parametrize("seen", ["3", -1, 1.5, True])
def test_seen_is_a_version_number(call, seen):
    room = Table(call, "copenhagen", ("Ana", "Ben"))
    assert room.move("Ana", "roll", seen=seen)[0] == 400


def test_the_last_move_is_undone_by_its_player_without_rolling_again(call):
    room = Table(call, "copenhagen", ("Ana", "Ben"))
    rolled = room.ok("Ana", "roll")
    used = room.ok("Ana", "use", dice=[0])
    assert used["undo"] == {"seat": 0}
    status, state = room.undo("Ana")
    assert status == 200 and state["dice"] == rolled["dice"] and state["phase"] == "use"
    assert state["log"][0]["text"].startswith("Ana undid: Ana used ") and state["undo"] is None
    assert room.undo("Ana")[0] == 409


def test_undo_is_refused_for_another_player_or_after_anything_else(call):
    room = Table(call, "simstown", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    assert room.undo("Ben")[0] == 409
    seen = room.state()["version"]
    room.ok("Ana", "hold", dice=[0])
    assert room.undo("Ana", seen=seen)[0] == 409
    assert call(f"/api/rooms/{room.code}/seats/1/takeover", {})[0] == 202  # a new phone asks for Ben's seat
    assert room.undo("Ana")[0] == 409


def test_undo_of_a_move_that_passed_the_turn_gives_the_turn_back(call):
    room = Table(call, "copenhagen", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    room.ok("Ana", "use", dice=[])
    before = room.state()
    assert room.ok("Ben", "take", dice=[0, 1])["active"] == 1
    status, state = room.undo("Ben")
    assert status == 200 and state["dice"] == before["dice"] and state["active"] == 0 and state["phase"] == "others"


@pytest.mark.parametrize("game_id, move", [("copenhagen", ("roll", {})), ("simstown", ("roll", {})),
                                           ("lost-cities", ("roll", {})), ("monolyth", ("move", {"steps": 2}))])
def test_a_move_that_rolled_or_drew_is_never_undone(call, game_id, move):
    room = Table(call, game_id, ("Ana", "Ben"))
    state = room.ok("Ana", move[0], **move[1])
    assert state["undo"] is None
    status, answer = room.undo("Ana")
    assert status == 409 and "rolled or drew" in answer["error"] and "Ana " in answer["error"]
    assert room.state()["version"] == state["version"]


def test_undo_after_a_reroll_leaves_the_dice_as_rerolled(call):
    room = Table(call, "copenhagen", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    room.ok("Ana", "use", dice=[])
    room.undo("Ana")
    rerolled = room.ok("Ana", "reroll", dice=[0, 1, 2, 3, 4])["dice"]
    assert room.undo("Ana")[0] == 409 and room.state()["dice"] == rerolled


def test_no_op_moves_are_refused_and_leave_the_log_alone(call):
    room = Table(call, "simstown", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    room.ok("Ana", "hold", dice=[1])
    log = room.state()["log"]
    assert room.move("Ana", "hold", dice=[1])[0] == 409
    assert room.state()["log"] == log


def test_a_tap_sent_twice_with_one_request_id_rolls_once_and_answers_the_first_answer(call):
    room = Table(call, "simstown", ("Ana", "Ben"))
    first = room.ok("Ana", "roll", request="tap-1")
    again = room.ok("Ana", "roll", request="tap-1")
    assert again == first and room.state()["version"] == first["version"] and room.state()["rolls"] == 1
    assert room.ok("Ana", "roll", request="tap-2")["rolls"] == 2


def test_a_request_id_is_remembered_for_crossings_and_undo_too(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"))
    crossed = room.cross("Ana", "bridges", "red", request="claim-red")[1]
    assert room.cross("Ana", "bridges", "red", request="claim-red") == (200, crossed)
    undone = call(f"/api/rooms/{room.code}/undo", room.body("Ana", request="undo-1"))
    assert undone[0] == 200 and call(f"/api/rooms/{room.code}/undo", room.body("Ana", request="undo-1")) == undone


def test_a_refused_request_is_not_remembered_so_a_retry_tries_again(call):
    room = Table(call, "simstown", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    assert room.move("Ben", "roll", request="early")[0] == 409
    room.ok("Ana", "next")
    assert room.move("Ben", "roll", request="early")[0] == 200


@pytest.mark.parametrize("request_id", ["", "x" * 65, 7, ["a"]])
def test_a_request_id_is_a_text_of_1_to_64_characters(call, request_id):
    room = Table(call, "simstown", ("Ana",))
    status, answer = room.move("Ana", "roll", request=request_id)
    assert status == 400 and '"request"' in answer["error"] and room.state()["turn"] == 0


def test_no_undo_is_offered_or_made_once_the_game_is_over(call):
    room = Table(call, "simstown", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    ended = room.ok("Ana", "end")
    assert ended["over"] == {"reason": "declared", "by": "Ana"} and ended["undo"] is None
    status, answer = room.undo("Ana")
    assert status == 409 and answer["error"].startswith("The game is over: ")
    assert room.state()["over"] == ended["over"]
