"""Seats: who is at the table, proven by a token only the seat's phone holds."""
from __future__ import annotations

import time

import pytest

from companion.rooms import takeovers
from tests.tables import FlaskCalls, Http, Table, together


def test_a_phone_takes_a_seat_and_gets_a_token_that_the_state_never_shows(call):
    room = Table(call, "copenhagen", (), players=3)
    status, answer = room.sit("Ana")
    assert status == 201 and answer["seat"] == 0 and len(answer["token"]) >= 16
    room.sit("Ben")
    state = room.state()
    assert state["seats"] == [{"name": "Ana", "seat": 0, "away_s": None}, {"name": "Ben", "seat": 1, "away_s": None}]
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


def ask(call, room, seat: int):
    """A new phone (holding no seat) asks for `seat`: (status, answer)."""
    return call(f"/api/rooms/{room.code}/seats/{seat}/takeover", {})


def answer(call, room, seat: int, who: str, asked: str, let: bool = True):
    """`who`'s phone lets the new phone of ask `asked` take `seat` (or turns it away); (status, answer)."""
    return call(f"/api/rooms/{room.code}/seats/{seat}/takeover", room.body(who, None, ask=asked, let=let))


def holds(call, room, name: str, token: str) -> bool:
    """Whether `token` is the seat of `name` now (a phone rejoining with its token gets 200)."""
    return call(f"/api/rooms/{room.code}/seats", {"name": name, "token": token})[0] == 200


def test_a_new_phone_gets_a_seat_whose_phone_died_when_another_player_lets_it(call):
    room = Table(call, "copenhagen", ("Ana", "Ben", "Cy"))
    room.ok("Ana", "roll")
    status, asked = ask(call, room, 1)
    assert status == 202 and asked["seat"] == 1 and len(asked["ask"]) == 4
    state = room.state()
    assert state["takeovers"] == [{"seat": 1, "ask": asked["ask"], "answer": [1, 0, 2]}]
    assert state["log"][0]["text"] == f"A new phone asks for Ben's seat (it shows {asked['ask']})"
    assert asked["token"] not in str(state) and not holds(call, room, "Ben", asked["token"])
    status, state = answer(call, room, 1, "Cy", asked["ask"])
    assert status == 200 and state["takeovers"] == [] and state["moved"] == {"1": asked["ask"]}
    assert state["log"][0]["text"] == "Cy confirmed a new phone for Ben's seat"
    assert holds(call, room, "Ben", asked["token"]) and not holds(call, room, "Ben", room.tokens["Ben"])
    assert room.move("Ben", "pass")[0] == 403


def test_a_stranger_with_the_room_code_cannot_lock_a_player_out(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"), players=3)
    assert room.sit("Mallory")[0] == 201  # a free seat before the first move: the table sees her sit down
    mallory = ask(call, room, 0)[1]
    status, refused = answer(call, room, 0, "Mallory", mallory["ask"])
    assert status == 403 and "only Ana's own phone" in refused["error"]
    status, _ = call(f"/api/rooms/{room.code}/seats/0/takeover", room.body("Mallory", None))  # the reproduced call
    assert status == 202 and room.ok("Ana", "roll")["turn"] == 1
    assert holds(call, room, "Ana", room.tokens["Ana"]) and not holds(call, room, "Ana", mallory["token"])


def test_only_players_seated_before_the_first_move_let_a_new_phone_in(call):
    room = Table(call, "lost-cities", ("Ana",), players=3)
    room.ok("Ana", "roll")  # one seat is too few to fit the room: its two other seats stay open
    room.sit("Ben")
    room.sit("Mallory")
    asked = ask(call, room, 0)[1]
    assert room.state()["takeovers"][0]["answer"] == [0]
    for latecomer in ("Mallory", "Ben"):
        status, refused = answer(call, room, 0, latecomer, asked["ask"])
        assert status == 403 and "at the table when the game started" in refused["error"]
    assert answer(call, room, 0, "Ana", asked["ask"])[0] == 200  # the seat's own phone, alive, may move it


def test_a_turned_away_phone_gets_nothing_and_a_seat_has_one_open_ask_the_newest(call):
    room = Table(call, "simstown", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    asks = [ask(call, room, 1)[1] for _ in range(3)]
    assert [a["ask"] for a in room.state()["takeovers"]] == [asks[2]["ask"]]
    assert answer(call, room, 1, "Ana", asks[0]["ask"])[0] == 409
    status, state = answer(call, room, 1, "Ana", asks[2]["ask"], let=False)
    assert status == 200 and state["takeovers"] == []
    assert state["log"][0]["text"] == "Ana turned away the new phone asking for Ben's seat"
    assert not holds(call, room, "Ben", asks[2]["token"]) and holds(call, room, "Ben", room.tokens["Ben"])
    asked = ask(call, room, 1)[1]
    assert answer(call, room, 1, "Ana", asked["ask"], let="yes")[0] == 400


def test_asks_count_toward_the_clients_new_rooms_limit_and_flood_no_phone(client):
    room = Table(FlaskCalls(client), "copenhagen", ("Ana", "Ben", "Cy"))
    room.ok("Ana", "roll")
    flood = [client.post(f"/api/rooms/{room.code}/seats/{i % 3}/takeover", json={},
                         environ_overrides={"REMOTE_ADDR": "192.0.2.7"}) for i in range(40)]
    assert [r.status_code for r in flood] == [202] * 30 + [429] * 10
    assert "seat asks" in flood[-1].get_json()["error"] and 0 < int(flood[-1].headers["Retry-After"]) <= 60
    assert sorted(a["seat"] for a in room.state()["takeovers"]) == [0, 1, 2]  # one card per seat, the newest
    log = [entry["text"] for entry in room.state()["log"]]
    assert sum("A new phone asks" in text for text in log) == 3 and "Ana rolled" in " ".join(log)
    assert client.post(f"/api/rooms/{room.code}/seats/0/takeover", json={},
                       environ_overrides={"REMOTE_ADDR": "192.0.2.8"}).status_code == 202


def test_the_phone_a_takeover_displaced_takes_its_seat_back_and_the_phone_that_let_it_in_is_barred(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"), players=3)
    room.sit("Mallory")  # a stranger with the room code, at a free seat before the first move
    room.ok("Ana", "roll")
    mallory = ask(call, room, 0)[1]
    status, state = answer(call, room, 0, "Mallory", mallory["ask"])
    assert status == 200 and state["moved"] == {"0": mallory["ask"]} and set(state["displaced"]) == {"0"}
    assert 590 <= state["displaced"]["0"] - state["log"][0]["at"] <= 601 and "digest" not in str(state)
    assert room.move("Ana", "pick", dice=[0, 3])[0] == 403  # Ana's phone is locked out ...
    wrong = call(f"/api/rooms/{room.code}/seats/0/takeover", {"token": mallory["token"], "back": True})
    assert wrong[0] == 403 and "Only the phone that held Ana's seat" in wrong[1]["error"]
    status, state = call(f"/api/rooms/{room.code}/seats/0/takeover", {"token": room.tokens["Ana"], "back": True})
    assert status == 200 and state["moved"] == {} and state["displaced"] == {} and state["barred"] == [2]
    assert state["log"][0]["text"] == "Ana took the seat back from the new phone"
    assert room.ok("Ana", "pick", dice=[0, 3])["log"][0]["player"] == "Ana"  # ... until it takes the seat back
    assert not holds(call, room, "Ana", mallory["token"])
    again = ask(call, room, 0)[1]
    assert room.state()["takeovers"][0]["answer"] == [0, 1]
    status, refused = answer(call, room, 0, "Mallory", again["ask"])
    assert status == 403 and "taken back" in refused["error"]
    status, refused = call(f"/api/rooms/{room.code}/seats/0/takeover", {"token": room.tokens["Ana"], "back": True})
    assert status == 409 and "within 10 minutes" in refused["error"]


def chained(call, room, seat: int, who: str, count: int) -> list[dict]:
    """`who` lets `count` new phones take `seat` one after another; their asks ({"seat", "ask", "token"})."""
    asks = []
    for _ in range(count):
        asked = ask(call, room, seat)[1]
        assert answer(call, room, seat, who, asked["ask"])[0] == 200
        asks.append(asked)
    return asks


def back(call, room, seat: int, token: str):
    return call(f"/api/rooms/{room.code}/seats/{seat}/takeover", {"token": token, "back": True})


def test_after_two_takeovers_in_a_row_the_holder_from_before_takes_the_seat_back(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"), players=3)
    room.sit("Mallory")
    room.ok("Ana", "roll")
    first, second = chained(call, room, 0, "Mallory", 2)
    assert back(call, room, 0, first["token"])[0] == 403  # a phone of the chain cannot take it
    status, state = back(call, room, 0, room.tokens["Ana"])
    assert status == 200 and state["moved"] == {} and state["displaced"] == {} and state["barred"] == [2]
    assert not holds(call, room, "Ana", first["token"]) and not holds(call, room, "Ana", second["token"])
    assert room.ok("Ana", "pick", dice=[0, 3])["log"][0]["player"] == "Ana"


def test_a_phone_that_handed_its_seat_on_offers_nothing_back_and_the_new_phone_is_the_holder(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"), players=3)
    room.sit("Mallory")
    room.ok("Ana", "roll")
    (moved,) = chained(call, room, 0, "Ana", 1)  # Ana moves to a new phone herself
    assert room.state()["displaced"] == {}
    assert back(call, room, 0, room.tokens["Ana"])[0] == 409
    chained(call, room, 0, "Mallory", 2)
    status, state = back(call, room, 0, moved["token"])
    assert status == 200 and state["barred"] == [2] and holds(call, room, "Ana", moved["token"])


def test_an_intruder_cannot_take_back_a_seat_a_helper_gave_back_nor_bar_the_helper(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"), players=3)
    room.sit("Mallory")
    room.ok("Ana", "roll")
    first, second = chained(call, room, 0, "Mallory", 2)
    (helped,) = chained(call, room, 0, "Ben", 1)  # Ana's phone asks again, Ben lets it in
    for intruder in (first, second):
        status, refused = back(call, room, 0, intruder["token"])
        assert status == 403 and "Only the phone that held Ana's seat" in refused["error"]
    state = room.state()
    assert state["barred"] == [] and holds(call, room, "Ana", helped["token"])
    again = ask(call, room, 2)[1]
    assert answer(call, room, 2, "Ben", again["ask"])[0] == 200  # Ben may still let a phone in


def test_a_seat_is_taken_back_only_within_ten_minutes_of_its_takeover(call, monkeypatch):
    room = Table(call, "simstown", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    asked = ask(call, room, 1)[1]
    answer(call, room, 1, "Ana", asked["ask"])
    later = time.time() + takeovers.TAKE_BACK_S + 1
    monkeypatch.setattr(takeovers.time, "time", lambda: later)
    status, refused = call(f"/api/rooms/{room.code}/seats/1/takeover", {"token": room.tokens["Ben"], "back": True})
    assert status == 409 and "within 10 minutes of the takeover" in refused["error"]
    assert room.state()["displaced"] == {} and holds(call, room, "Ben", asked["token"])


def test_a_takeover_needs_a_seated_player_and_a_real_seat(call):
    room = Table(call, "copenhagen", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    asked = ask(call, room, 1)[1]
    stranger = {"player": "Zed", "token": "x", "ask": asked["ask"]}
    assert call(f"/api/rooms/{room.code}/seats/1/takeover", stranger)[0] == 403
    assert ask(call, room, 5)[0] == 409


def test_fifty_simultaneous_takeovers_of_one_seat_give_one_token(live_server):
    call = Http(live_server)
    room = Table(call, "monolyth", ("Ana", "Ben", "Cy"))
    room.ok("Ana", "move", steps=1, take="piece")
    asks = together(50, lambda i: ask(call, room, 2)[1])
    pending = [a["ask"] for a in room.state()["takeovers"]]
    answers = together(50, lambda i: answer(call, room, 2, ("Ana", "Ben")[i % 2], pending[i % len(pending)])[0])
    assert sorted(set(answers)) == [200, 409] and answers.count(200) == 1
    assert sum(holds(call, room, "Cy", a["token"]) for a in asks) == 1
    assert not holds(call, room, "Cy", room.tokens["Cy"])


def test_phones_sitting_down_at_once_each_get_a_seat_of_their_own_and_a_token_that_holds_it(live_server):
    call = Http(live_server)
    room = Table(call, "copenhagen", (), players=4)  # worked out as the room was read: the others' seats come first
    names = ("Ana", "Ben", "Cy", "Dee", "Eve", "Flo")
    taken = together(len(names), lambda i: room.sit(names[i]))
    seated = {names[i]: answer for i, (status, answer) in enumerate(taken) if status == 201}
    assert len(seated) == 4 and sorted(status for status, _ in taken) == [201] * 4 + [409] * 2
    assert sorted(answer["seat"] for answer in seated.values()) == [0, 1, 2, 3]
    assert all(holds(call, room, name, answer["token"]) for name, answer in seated.items())
    assert {s["name"]: s["seat"] for s in room.state()["seats"]} == {n: a["seat"] for n, a in seated.items()}


def test_the_room_counts_the_seats_taken_when_the_first_move_is_made(call):
    room = Table(call, "lost-cities", ("Ana", "Ben", "Cy"), players=5)
    assert room.state()["players"] == 5
    state = room.ok("Ben", "roll")
    assert state["players"] == 3 and state["seated_at_start"] == [0, 1, 2]
    status, answer = room.sit("Dee")
    assert status == 409 and "Every seat is taken (3 players)" in answer["error"]


def test_before_the_first_move_the_lists_are_those_of_the_seats_taken(call):
    room = Table(call, "monolyth", ("Ana", "Ben"), players=4)
    state = room.state()
    assert state["players"] == 4 and len(state["lists"]["structure"]["items"]) == 2 and "level-4" in state["lists"]
    room.sit("Cy")
    state = room.state()
    assert len(state["lists"]["structure"]["items"]) == 3 and "level-4" not in state["lists"]


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
