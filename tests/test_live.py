"""The companion under its real server: event streams, long polls, concurrent taps, two phones."""
from __future__ import annotations

import json
import threading
import time
import urllib.request

import pytest

from tests.tables import Http, Table, together


@pytest.fixture(scope="module")
def served(module_served):
    """One real server for this module's tests (tests/conftest.py): each opens rooms of its own."""
    return module_served


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


def events(base, code, count, headers=None, seen=None):
    """The first `count` events of a room's event stream, [(id, state)], also put into `seen` as they come."""
    request = urllib.request.Request(f"{base}/api/rooms/{code}/events", headers=headers or {})
    seen, fields = [] if seen is None else seen, {}
    with urllib.request.urlopen(request, timeout=10) as stream:
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        while len(seen) < count:
            line = stream.readline().decode().rstrip("\n")
            if line:
                name, _, value = line.partition(": ")
                fields[name] = value
            elif "data" in fields:
                seen.append((int(fields["id"]), json.loads(fields["data"])))
                fields = {}
    return seen


def test_an_event_stream_sends_the_state_then_every_change(live_server):
    room = Table(Http(live_server), "simstown", ("Ana",))
    first, seen, answers = room.state()["version"], [], []
    reader = threading.Thread(target=events, args=(live_server, room.code, 3), kwargs={"seen": seen})
    reader.start()
    for count in (1, 2):
        while len(seen) < count:
            threading.Event().wait(0.01)
        answers.append(room.ok("Ana", "roll"))
    reader.join(timeout=10)
    assert [version for version, _ in seen] == [first, first + 1, first + 2]
    assert seen[1][1]["dice"] == answers[0]["dice"] and seen[2][1] == answers[1]


def test_a_stream_hears_a_heartbeat_after_five_quiet_seconds_and_none_while_the_room_moves(live_server):
    room = Table(Http(live_server), "simstown", ("Ana",))
    first, heard = room.state()["version"], []  # (when, version or "heartbeat")
    with urllib.request.urlopen(f"{live_server}/api/rooms/{room.code}/events", timeout=10) as stream:
        while not heard or heard[-1][1] != "heartbeat":
            line = stream.readline().decode()
            if line.startswith(("id: ", "event: heartbeat")):
                heard.append((time.monotonic(), int(line[4:]) if line.startswith("id: ") else "heartbeat"))
            if len(heard) in (1, 2, 3) and line.startswith("id: "):
                time.sleep(1)  # the room moves every second: a stream that just had news needs no heartbeat
                room.ok("Ana", "roll")
    assert [said for _, said in heard] == [first, first + 1, first + 2, first + 3, "heartbeat"]
    assert 4.5 < heard[-1][0] - heard[-2][0] < 6.5


def test_a_stream_reopened_with_last_event_id_starts_at_the_newest_change(live_server):
    room = Table(Http(live_server), "simstown", ("Ana",))
    first = room.state()["version"]
    for _ in range(3):
        room.ok("Ana", "roll")
    (version, state), = events(live_server, room.code, 1, {"Last-Event-ID": str(first + 1)})
    assert version == first + 3 and state["rolls"] == 3


def test_a_stream_or_poll_of_an_unknown_room_answers_404(live_server):
    for path in ("/api/rooms/ZZZZZZ/events", "/api/rooms/ZZZZZZ?since=0&wait=1"):
        status, answer = Http(live_server)(path)
        assert status == 404 and "No room" in answer["error"]


def test_a_long_poll_answers_at_once_when_the_phone_is_behind(live_server):
    room = Table(Http(live_server), "simstown", ("Ana",))
    first = room.state()["version"]
    room.ok("Ana", "roll")
    assert room.call(f"/api/rooms/{room.code}?since={first}&wait=20")[1]["version"] == first + 1


def test_a_long_poll_without_a_change_answers_the_same_version_after_its_wait(live_server):
    room = Table(Http(live_server), "monolyth", ("Ana",))
    first = room.state()["version"]
    status, answer = room.call(f"/api/rooms/{room.code}?since={first}&wait=0.2")
    assert status == 200 and answer["version"] == first


def test_odd_waits_never_hang_or_crash(live_server):
    room = Table(Http(live_server), "simstown", ("Ana",))
    first = room.state()["version"]
    for wait in ["nan", "-inf", "inf&wait=0.01", "soon"]:
        status, answer = room.call(f"/api/rooms/{room.code}?since={first}&wait={wait}")
        assert status == 200 and answer["version"] == first


def test_twenty_simultaneous_crosses_of_one_tile_give_exactly_one_success(served):
    room = Table(Http(served), "copenhagen", ("Ana", "Ben", "Cy", "Dee"))
    room.ok("Ana", "roll")  # Ana is on turn: she places a shape and crosses its tile (a double tap, a retry...)
    answers = together(20, lambda i: room.cross("Ana", "tiles", "R5"))
    winners = [answer["lists"]["tiles"]["crossed"]["R5"]["by"] for status, answer in answers if status == 200]
    assert len(winners) == 1
    refusals = [answer["error"] for status, answer in answers if status == 409]
    assert len(refusals) == 19 and all(f"by {winners[0][0]}" in error for error in refusals)


def test_sixteen_simultaneous_claims_of_eight_bridges_all_succeed_and_survive_a_restart(live_server, tmp_path):
    from companion import rooms
    from companion.web.app import create_app

    names = ("Ana", "Ben", "Cy", "Dee")
    room = Table(Http(live_server), "lost-cities", names)
    bridges = room.state()["lists"]["bridges"]["items"]
    answers = together(16, lambda i: room.cross(names[i % 4], "bridges", bridges[i // 2]))
    assert [status for status, _ in answers] == [200] * 16
    restarted = create_app({"DATABASE": str(tmp_path / "live.sqlite3")})
    with restarted.test_request_context():
        kept = rooms.state(restarted.extensions["rollsheet.rooms"], room.code)
    assert sorted(kept["lists"]["bridges"]["crossed"]) == sorted(bridges) and kept["version"] == 5 + 16
    assert {name for bridge in bridges for name in kept["lists"]["bridges"]["crossed"][bridge]["by"]} == set(names)


def test_a_double_tap_at_the_same_moment_spends_one_roll(served):
    room = Table(Http(served), "simstown", ("Ana", "Ben"))
    body = room.body("Ana", request="double-tap")
    answers = together(8, lambda i: room.call(f"/api/rooms/{room.code}/roll", body))
    assert [status for status, _ in answers] == [200] * 8
    assert len({answer["version"] for _, answer in answers}) == 1 and room.state()["rolls"] == 1
