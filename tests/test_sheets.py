"""Each seat's sheet as room state (issue #38): marks read by anyone in the room, changed by the seat's phones only,
kept through restarts on both engines, live, and scored as they are filled (strict rooms: test_sheets_strict.py)."""
from __future__ import annotations

import json

import pytest

from tests.tables import FlaskCalls, Http, Table, mark, opened

LOST_CITIES_ANA = {**{f"columns.red.{n}": v for n, v in enumerate([2, 3, 3, 5, 7, 8], 1)},
                   "columns.blue.foot": True, "columns.blue.1": 4, "columns.blue.2": 6,
                   **{f"columns.c7.{n}": 1 for n in range(1, 5)}, **{f"columns.c8.{n}": 1 for n in range(1, 4)}}
"""Red 2 3 3 5 7 8 (6 boxes), blue's ring crossed then 4 6 (2 boxes), 4 artifact boxes, 3 dice boxes marked."""
LOST_CITIES_BY_HAND = 25 - 10 * 2 + 10 + 0
"""RULES.md 2: red 6 boxes 25, blue 2 boxes -10 doubled by its ring, 4 artifacts 10, 3 dice boxes 0, no bridge."""
COPENHAGEN_ANA = {**{f"facade.r1c{c}": "blue" for c in range(1, 6)},
                  **{f"facade.r2c{c}": v for c, v in enumerate(["red", "red", "red.brick", "green", "green"], 1)},
                  **{f"facade.r{r}c1": "purple" for r in range(3, 10)},
                  **{f"abilities.red.{n}": True for n in range(1, 10)}}
"""Row 1 all windows, row 2 with a brick, column 1 all windows (rows 1 to 9), the red track completed."""
COPENHAGEN_BY_HAND = 2 + 1 + 4 + 2
"""RULES.md 1: a row of windows 2, a row with a brick 1, a column of windows 4, a completed track 2."""


def test_a_seats_marks_are_kept_versioned_and_read_by_everyone_in_the_room(client, call):
    room = opened(call, "lost-cities")
    version = room.state()["version"]
    status, sheet = mark(client, room, 0, {"columns.red.1": 2, "columns.c7.1": 1})
    assert status == 200 and sheet["marks"] == {"columns.red.1": 2, "columns.c7.1": 1}
    state = room.state()
    assert state["version"] == version + 1 and state["sheets"] == {"0": version + 1}
    assert call(f"/api/rooms/{room.code}/sheets/0") == (200, sheet)
    assert mark(client, room, 0, {"columns.c7.1": None})[1]["marks"] == {"columns.red.1": 2}
    assert call(f"/api/rooms/{room.code}/sheets/1")[1]["marks"] == {}


def test_only_a_token_of_that_seat_changes_its_sheet(client, call):
    room = opened(call, "lost-cities")
    status, answer = mark(client, room, 0, {"columns.red.1": 2}, who="Ben")
    assert status == 403 and "Ana's seat" in answer["error"]
    assert mark(client, room, 0, {"columns.red.1": 2}, who="Cy")[0] == 403
    assert call(f"/api/rooms/{room.code}/sheets/0")[1]["marks"] == {}


@pytest.mark.parametrize(("marks", "said"), [
    ({"columns.pink.1": 2}, "This sheet has no place 'columns.pink.1'."),
    ({"columns.red.1": "2"}, "columns.red.1 takes a whole number from -9999 to 9999, or null to clear it."),
    ({"columns.red.1": True}, "columns.red.1 takes a whole number from -9999 to 9999, or null to clear it.")])
def test_an_unknown_place_or_a_mark_of_the_wrong_kind_is_refused_with_a_sentence(client, call, marks, said):
    room = opened(call, "lost-cities")
    assert mark(client, room, 0, marks) == (400, {"error": said})


def test_a_place_of_another_kind_takes_its_own_marks(client, call):
    room = opened(call, "copenhagen")
    status, answer = mark(client, room, 0, {"facade.r1c1": "pink"})
    assert status == 400 and answer["error"].startswith("facade.r1c1 takes one of red, red.brick, yellow")
    assert mark(client, room, 0, {"abilities.red.1": 1})[0] == 400
    assert mark(client, room, 0, {"facade.r1c1": "red.brick", "abilities.red.1": True})[0] == 200


def test_a_change_sent_twice_applies_once_and_its_id_names_one_change(client, call):
    room = opened(call, "lost-cities")
    first = mark(client, room, 0, {"columns.red.1": 2}, request="tap-1")
    version = room.state()["version"]
    assert mark(client, room, 0, {"columns.red.1": 2}, request="tap-1") == first
    assert room.state()["version"] == version
    assert mark(client, room, 0, {"columns.red.1": 3}, request="tap-1")[0] == 409


def test_marks_outlive_the_server_that_kept_them(companion_on, database):
    room = Table(FlaskCalls(companion_on(database).test_client()), "copenhagen", ("Ana", "Ben"))
    assert mark(companion_on(database).test_client(), room, 1, {"facade.r1c2": "green"}, who="Ben")[0] == 200
    again = FlaskCalls(companion_on(database).test_client())
    assert again(f"/api/rooms/{room.code}/sheets/1")[1]["marks"] == {"facade.r1c2": "green"}


def test_lost_cities_sheet_scores_itself_as_by_hand(client, call):
    room = opened(call, "lost-cities")
    status, sheet = mark(client, room, 0, LOST_CITIES_ANA)
    boxes = {"red": 6, "blue": 2}
    assert status == 200 and sheet["card"] == {
        "expeditions": {colour: {"boxes": boxes.get(colour, 0), "doubled": colour == "blue"}
                        for colour in ("red", "orange", "yellow", "green", "blue", "purple")},
        "artifacts": 4, "dice": 3, "bridges": 0}
    assert sheet["total"] == LOST_CITIES_BY_HAND
    scored = call("/api/score/lost-cities", {"players": [{"name": "Ana", **sheet["card"]}, {"name": "Ben"}]})[1]
    assert scored["players"][0]["total"] == LOST_CITIES_BY_HAND


def test_copenhagen_sheet_scores_itself_as_by_hand(client, call):
    room = opened(call, "copenhagen")
    status, sheet = mark(client, room, 0, COPENHAGEN_ANA)
    assert status == 200 and sheet["card"] == {"rows_windows": 1, "rows_bricks": 1, "columns_windows": 1,
                                               "columns_bricks": 0, "tracks_completed": 1, "empty_cells": 45 - 17}
    assert sheet["total"] == COPENHAGEN_BY_HAND


def test_at_the_end_each_sheet_saves_its_card_and_the_result_follows_without_typing(client, call):
    room = opened(call, "copenhagen")
    assert mark(client, room, 0, COPENHAGEN_ANA)[0] == 200
    assert mark(client, room, 1, {"facade.r1c1": "red", "facade.r1c2": "red.brick"}, who="Ben")[0] == 200
    room.ok("Ana", "roll")
    room.ok("Ana", "use", dice=[])
    room.ok("Ben", "pass")
    room.ok("Ben", "roll")
    room.ok("Ben", "use", dice=[])
    room.ok("Ana", "pass")
    assert room.ok("Ana", "end")["over"] == {"reason": "declared", "by": "Ana"}
    assert [card["saved"] for card in room.state()["cards"]] == [False, False]
    assert mark(client, room, 0, {})[0] == 200
    cards = room.state()["cards"]
    assert cards[0]["saved"] and cards[0]["by"] == "Ana" and cards[0]["fields"]["rows_windows"] == 1
    assert mark(client, room, 1, {"facade.r1c3": "red"}, who="Ben")[0] == 200
    state = room.state()
    assert state["scored"] == {"missing": []}
    assert state["log"][0]["text"].startswith(f"Final score: 1. Ana {COPENHAGEN_BY_HAND}, 2. Ben 0")


def test_simstown_pad_columns_are_each_seats_card_and_score_as_the_rules_example(client, call):
    room = opened(call, "simstown", ("Gabi", "Ben"))
    gabi = mark(client, room, 0, {"pad.c1.r1": 6, "pad.c1.r2": 4, "pad.c1.r3": 3, "pad.c1.r4": 2, "pad.c1.r6": 6},
                who="Gabi")[1]
    ben = mark(client, room, 1, {"pad.c2.r1": 2, "pad.c2.r2": 5, "pad.c2.r3": 4, "pad.c2.r4": 3, "pad.c2.r6": 1},
               who="Ben")[1]
    assert gabi["card"] == {"houses": 6, "commercial": 4, "industry": 3, "parks": 2, "districts": 6}
    cards = [{"name": "Gabi", **gabi["card"]}, {"name": "Ben", **ben["card"]}]
    scored = call("/api/score/simstown", {"players": cards})
    assert [(p["name"], p["total"]) for p in scored[1]["players"]] == [("Gabi", 15 + 5 + 30), ("Ben", 14 + 15 + 5)]


def test_marking_a_sheet_leaves_the_last_move_undoable(client, call):
    room = opened(call, "lost-cities")
    room.ok("Ana", "roll")
    picked = room.ok("Ana", "pick", **pick_of(room.state()))
    assert picked["undo"] == {"seat": 0}
    assert mark(client, room, 0, {"columns.red.1": 3})[0] == 200
    state = room.state()
    assert state["undo"] == {"seat": 0} and state["sheets"] == {"0": state["version"]}
    undone = room.undo("Ana")[1]
    assert undone["undo"] is None and undone["sheets"] == state["sheets"] and undone["picks"] == {}


def pick_of(state: dict) -> dict:
    """The first pick the state allows Ana."""
    return next({k: v for k, v in move.items() if k != "move"} for move in state["allowed"]["0"]
                if move["move"] == "pick")


@pytest.mark.slow
def test_a_mark_wakes_the_seats_other_phone_which_then_reads_the_sheet(live_server):
    import threading
    import urllib.request

    room = Table(Http(live_server), "lost-cities", ("Ana", "Ben"))
    seen, since = {}, room.state()["version"]
    waiter = threading.Thread(target=lambda: seen.update(room.call(f"/api/rooms/{room.code}?since={since}&wait=20")[1]))
    waiter.start()
    body = json.dumps({"token": room.tokens["Ana"], "marks": {"columns.red.1": 4}}).encode()
    patch = urllib.request.Request(f"{live_server}/api/rooms/{room.code}/sheets/0", data=body, method="PATCH",
                                   headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(patch, timeout=10) as answer:
        assert answer.status == 200
    waiter.join(timeout=10)
    assert not waiter.is_alive(), "the held request was not woken by the mark"
    assert seen["sheets"] == {"0": since + 1}
    assert room.call(f"/api/rooms/{room.code}/sheets/0")[1]["marks"] == {"columns.red.1": 4}
