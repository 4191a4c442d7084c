"""Seats: who is at the table, proven by a token only the seat's phone holds."""
from __future__ import annotations

import pytest

from tests.tables import Table


def test_a_phone_takes_a_seat_and_gets_a_token_that_the_state_never_shows(call):
    room = Table(call, "copenhagen", (), players=3)
    status, answer = room.sit("Ana")
    assert status == 201 and answer["seat"] == 0 and len(answer["token"]) >= 16
    room.sit("Ben")
    state = room.state()
    assert state["seats"] == [{"name": "Ana", "seat": 0}, {"name": "Ben", "seat": 1}]
    assert answer["token"] not in str(state) and state["log"][0]["text"] == "Ben took a seat at the table"


def test_a_seated_name_answers_409_unless_the_phone_holds_that_seat(call):
    room = Table(call, "simstown", ("Ana",), players=3)
    assert room.sit("ana")[0] == 409
    status, answer = call(f"/api/rooms/{room.code}/seats", {"name": "Ana", "token": room.tokens["Ana"]})
    assert status == 200 and answer == {"seat": 0, "token": room.tokens["Ana"]}


def test_a_full_room_answers_409(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"))
    status, answer = room.sit("Cy")
    assert status == 409 and "Every seat is taken" in answer["error"]


@pytest.mark.parametrize("name", ["", "   ", 7, None, "x" * 31, "A\u0007"])
def test_a_seat_needs_a_readable_name(call, name):
    room = Table(call, "monolyth", (), players=2)
    assert call(f"/api/rooms/{room.code}/seats", {"name": name})[0] == 400


def test_nobody_can_act_as_another_player(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"))
    room.tokens["Ana"] = room.tokens["Ben"]
    status, answer = room.move("Ana", "roll")
    assert status == 403 and "does not hold Ana's seat" in answer["error"]
    assert room.move("Zed", "roll")[0] == 403
    assert call(f"/api/rooms/{room.code}/roll", {"player": "Ben"})[0] == 403
    assert room.state()["version"] == 3


def test_one_phone_may_hold_several_seats_and_acts_as_the_one_on_turn(call):
    room = Table(call, "simstown", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    room.ok("Ana", "next")
    state = room.ok("Ben", "roll")
    assert state["active"] == 1 and state["log"][0]["player"] == "Ben"


def test_a_seat_whose_phone_died_is_taken_over_when_another_player_confirms(call):
    room = Table(call, "copenhagen", ("Ana", "Ben", "Cy"))
    old = room.tokens["Ben"]
    status, answer = call(f"/api/rooms/{room.code}/seats/1/takeover", room.body("Ana", None))
    assert status == 200 and answer["seat"] == 1 and answer["token"] != old
    assert room.state()["log"][0]["text"] == "Ana confirmed a new phone for Ben's seat"
    assert room.move("Ben", "roll")[0] == 403
    room.tokens["Ben"] = answer["token"]
    assert room.move("Ben", "roll")[0] == 200


def test_a_takeover_needs_a_seated_player_and_a_real_seat(call):
    room = Table(call, "copenhagen", ("Ana", "Ben"))
    assert call(f"/api/rooms/{room.code}/seats/1/takeover", {"player": "Zed", "token": "x"})[0] == 403
    assert call(f"/api/rooms/{room.code}/seats/5/takeover", room.body("Ana", None))[0] == 409


def test_the_seat_order_can_change_before_the_first_roll_only(call):
    room = Table(call, "lost-cities", ("Ana", "Ben", "Cy"))
    status, state = call(f"/api/rooms/{room.code}/seats/order", room.body("Ben", None, order=[2, 0, 1]))
    assert status == 200 and [s["name"] for s in state["seats"]] == ["Cy", "Ana", "Ben"]
    assert state["log"][0]["text"] == "Ben changed the seat order: Cy, Ana, Ben"
    room.ok("Ana", "roll")
    room.ok("Ana", "pick", dice=[0, 3])
    room.ok("Ben", "refuse")
    assert room.ok("Cy", "refuse")["active"] == 1
    status, answer = call(f"/api/rooms/{room.code}/seats/order", room.body("Ben", None, order=[0, 1, 2]))
    assert status == 409 and "fixed once the game has started" in answer["error"]


def test_the_same_seat_order_again_changes_nothing(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"))
    status, answer = call(f"/api/rooms/{room.code}/seats/order", room.body("Ana", None, order=[0, 1]))
    assert status == 409 and "in that order already" in answer["error"]


@pytest.mark.parametrize("order", [[0, 1], [0, 1, 1], "012", [0, 1, "2"], None])
def test_a_seat_order_lists_every_seat_once(call, order):
    room = Table(call, "lost-cities", ("Ana", "Ben", "Cy"))
    assert call(f"/api/rooms/{room.code}/seats/order", room.body("Ana", None, order=order))[0] == 400
