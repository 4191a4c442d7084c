"""The companion under a real waitress server: live updates, concurrent taps, two phones."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from companion.live import Bell
from tests.tables import Http, Table


def together(count, work):
    """Run `work(i)` for i in 0..count-1 at the same moment; their results."""
    start = threading.Barrier(count)

    def run(i):
        start.wait()
        return work(i)

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(run, range(count)))


def test_a_waiting_phone_is_woken_by_a_roll(served):
    room = Table(Http(served), "lost-cities", ("Ana", "Ben"))
    seen, since = {}, room.state()["version"]
    waiter = threading.Thread(target=lambda: seen.update(room.call(f"/api/rooms/{room.code}?since={since}&wait=20")[1]))
    waiter.start()
    rolled = room.ok("Ana", "roll")
    waiter.join(timeout=10)
    assert not waiter.is_alive(), "the held request was not woken by the roll"
    assert seen["version"] == since + 1 and seen["dice"] == rolled["dice"]


def test_two_simultaneous_moves_on_the_same_table_exactly_one_wins(served):
    room = Table(Http(served), "monolyth", ("Ana", "Ben"))
    room.ok("Ana", "move", steps=1)
    seen = room.state()["version"]
    answers = together(2, lambda i: room.move("Ben", "move", seen=seen, steps=1 + i))
    assert sorted(status for status, _ in answers) == [200, 409]
    refused = next(answer for status, answer in answers if status == 409)
    assert refused["error"].startswith("The table changed: Ben moved the crystal")
    state = room.state()
    assert state["version"] == seen + 1 and state["log"][0]["player"] == "Ben"


def test_twenty_simultaneous_first_rolls_start_the_game_once(served):
    room = Table(Http(served), "copenhagen", ("Ana", "Ben", "Cy", "Dee"))
    seen = room.state()["version"]
    answers = together(20, lambda i: room.move(("Ana", "Ben", "Cy", "Dee")[i % 4], "roll", seen=seen))
    assert sorted(status for status, _ in answers) == [200] + [409] * 19
    state = room.state()
    assert state["turn"] == 1 and state["version"] == seen + 1


def test_out_of_turn_and_impersonating_moves_are_refused_by_the_server(served):
    room = Table(Http(served), "simstown", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    status, answer = room.move("Ben", "roll")
    assert status == 409 and "It is Ana's turn" in answer["error"]
    room.tokens["Ben"] = room.tokens["Ana"]
    assert room.move("Ben", "roll")[0] == 403
    assert [e["player"] for e in room.state()["log"][:1]] == ["Ana"]


def test_simultaneous_simstown_rolls_stop_at_three(served):
    room = Table(Http(served), "simstown", ("Ana", "Ben"))
    answers = together(12, lambda i: room.move("Ana", "roll", seen=None))
    assert sorted(status for status, _ in answers) == [200] * 3 + [409] * 9
    assert room.state()["rolls"] == 3


def test_undo_over_the_network_and_one_phone_holding_two_seats(served):
    room = Table(Http(served), "lost-cities", ("Ana", "Ben"))
    rolled = room.ok("Ana", "roll")
    room.ok("Ana", "pick", dice=[0, 3])
    status, state = room.undo("Ana")
    assert status == 200 and state["dice"] == rolled["dice"] and state["phase"] == "pick"
    room.ok("Ana", "refuse")
    assert room.ok("Ben", "refuse")["active"] == 1


def test_bell_wakes_a_waiter_when_its_room_changes():
    bell = Bell(max_waiters=2)
    woken = []
    waiter = threading.Thread(target=lambda: woken.append(bell.wait("ROOM", since=1, known=1, timeout=30)))
    waiter.start()
    while not bell._waiting:
        threading.Event().wait(0.01)
    bell.ring("OTHER", 5)
    bell.ring("ROOM", 2)
    waiter.join(timeout=10)
    assert woken == [True]


def test_bell_answers_at_once_when_every_waiting_place_is_taken():
    bell = Bell(max_waiters=0)
    assert bell.wait("ROOM", since=1, known=1, timeout=30) is False
    assert bell.wait("ROOM", since=1, known=2, timeout=30) is True


def test_twenty_simultaneous_crosses_of_one_tile_give_exactly_one_success(served):
    names = ("Ana", "Ben", "Cy", "Dee")
    room = Table(Http(served), "copenhagen", names)
    answers = together(20, lambda i: room.cross(names[i % 4], "tiles", "R5"))
    winners = [answer["lists"]["tiles"]["crossed"]["R5"]["by"] for status, answer in answers if status == 200]
    assert len(winners) == 1
    refusals = [answer["error"] for status, answer in answers if status == 409]
    assert len(refusals) == 19 and all(f"by {winners[0][0]}" in error for error in refusals)


def test_fifteen_simultaneous_crosses_of_fifteen_tiles_all_succeed_and_survive_a_restart(live_server, tmp_path):
    from companion import create_app, rooms

    names = ("Ana", "Ben", "Cy", "Dee")
    room = Table(Http(live_server), "copenhagen", names)
    tiles = room.state()["lists"]["tiles"]["items"]
    answers = together(15, lambda i: room.cross(names[i % 4], "tiles", tiles[i]))
    assert [status for status, _ in answers] == [200] * 15
    restarted = create_app({"DATABASE": str(tmp_path / "live.sqlite3")})
    with restarted.test_request_context():
        kept = rooms.state(room.code)
    assert sorted(kept["lists"]["tiles"]["crossed"]) == sorted(tiles) and kept["version"] == 5 + 15
    assert {kept["lists"]["tiles"]["crossed"][tile]["by"][0] for tile in tiles} == set(names)
