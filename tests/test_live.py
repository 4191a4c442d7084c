"""The companion under a real waitress server: live updates, concurrent taps, two phones."""
from __future__ import annotations

import json
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


def open_phone(phone, base, code, name):
    page = phone()
    page.add_init_script(f"localStorage.setItem('rollsheet.name', {json.dumps(name)})")
    page.goto(f"{base}/r/{code}")
    page.wait_for_selector("#board .actions")
    return page


def test_two_phones_see_the_same_roll_within_a_second(live_server, phone):
    from playwright.sync_api import expect

    code = call(live_server, "/api/rooms", {"game": "copenhagen"})[1]["code"]
    ana, ben = open_phone(phone, live_server, code, "Ana"), open_phone(phone, live_server, code, "Ben")
    ana.get_by_role("button", name="Roll all five: new turn").click()
    expect(ana.locator("#log li").first).to_contain_text("Ana rolled")
    rolled = call(live_server, f"/api/rooms/{code}")[1]["log"][0]["text"]
    expect(ben.locator("#log li").first).to_contain_text(rolled, timeout=1000)
    expect(ben.locator("#status")).to_have_text(rolled)
    assert ben.locator("#board .die").evaluate_all("ds => ds.map(d => d.ariaLabel)") == \
        ana.locator("#board .die").evaluate_all("ds => ds.map(d => d.ariaLabel)")


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


def test_phone_a_crosses_r5_and_phone_b_sees_it_crossed(live_server, phone):
    from playwright.sync_api import expect

    code = call(live_server, "/api/rooms", {"game": "copenhagen", "players": 3})[1]["code"]
    ana, ben = open_phone(phone, live_server, code, "Ana"), open_phone(phone, live_server, code, "Ben")
    ana.get_by_role("button", name="R5 P-pentomino, free").click()
    expect(ben.get_by_role("button", name="R5 P-pentomino, crossed off by Ana")).to_be_visible(timeout=1000)
    expect(ben.locator("#status")).to_have_text("Ana crossed off R5 (Single-use tiles)")


def test_taps_on_the_phone_drive_each_game(live_server, phone):
    from playwright.sync_api import expect

    def room(game_id):
        code = call(live_server, "/api/rooms", {"game": game_id})[1]["code"]
        return code, open_phone(phone, live_server, code, "Ana")

    def state(code):
        return call(live_server, f"/api/rooms/{code}")[1]

    code, page = room("simstown")
    page.get_by_role("button", name="Roll three dice").click()
    expect(page.get_by_role("button", name="Roll again (2 of 3)")).to_be_visible()
    page.locator("#board .die").first.click()
    page.get_by_role("button", name="Roll again (2 of 3)").click()
    expect(page.get_by_role("button", name="Roll again (3 of 3)")).to_be_visible()
    assert [d["held"] for d in state(code)["dice"]] == [True, False, False]

    code, page = room("lost-cities")
    page.get_by_role("button", name="Roll all six: new turn").click()
    page.locator("#board .die.colour").first.click()
    page.locator("#board .die.number").last.click()
    page.get_by_role("button", name="Take the chosen 2 dice").click()
    expect(page.locator("#board .left")).to_contain_text("the others pick")
    assert [d["used"] for d in state(code)["dice"]] == [True, False, False, False, False, True]

    code, page = room("monolyth")
    page.locator("#board .move").nth(1).click()
    page.get_by_role("button", name="Take the piece").click()
    expect(page.locator("#log li").first).to_contain_text("Ana moved the crystal 2")
    assert state(code)["crystal"] == 2
