"""The companion under its real server: event streams, long polls, concurrent taps, two phones."""
from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor


def call(base, path, body=None):
    """(status, JSON answer) of a GET, or of a POST when there is a body."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data, {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def together(count, work):
    """Run `work(i)` for i in 0..count-1 at the same moment; their results."""
    start = threading.Barrier(count)

    def run(i):
        start.wait()
        return work(i)

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(run, range(count)))


def test_a_waiting_phone_is_woken_by_a_roll(live_server):
    code = call(live_server, "/api/rooms", {"game": "lost-cities"})[1]["code"]
    seen = {}
    waiter = threading.Thread(target=lambda: seen.update(call(live_server, f"/api/rooms/{code}?since=1&wait=20")[1]))
    waiter.start()
    rolled = call(live_server, f"/api/rooms/{code}/roll", {"player": "Ana"})[1]
    waiter.join(timeout=10)
    assert not waiter.is_alive(), "the held request was not woken by the roll"
    assert seen["version"] == 2 and seen["dice"] == rolled["dice"]


def test_twenty_simultaneous_rolls_are_all_kept(live_server):
    code = call(live_server, "/api/rooms", {"game": "copenhagen"})[1]["code"]
    answers = together(20, lambda i: call(live_server, f"/api/rooms/{code}/roll", {"player": f"P{i}"}))
    assert [status for status, _ in answers] == [200] * 20
    state = call(live_server, f"/api/rooms/{code}")[1]
    assert state["version"] == 21 and state["turn"] == 20
    assert sorted(answer["version"] for _, answer in answers) == list(range(2, 22))


def test_simultaneous_simstown_rolls_stop_at_three(live_server):
    code = call(live_server, "/api/rooms", {"game": "simstown"})[1]["code"]
    answers = together(12, lambda i: call(live_server, f"/api/rooms/{code}/roll", {"player": "Ana"}))
    statuses = sorted(status for status, _ in answers)
    assert statuses == [200] * 3 + [409] * 9
    assert call(live_server, f"/api/rooms/{code}")[1]["rolls"] == 3


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
    code = call(live_server, "/api/rooms", {"game": "simstown"})[1]["code"]
    seen, answers = [], []
    reader = threading.Thread(target=events, args=(live_server, code, 3), kwargs={"seen": seen})
    reader.start()
    for version in (1, 2):
        while len(seen) < version:
            threading.Event().wait(0.01)
        answers.append(call(live_server, f"/api/rooms/{code}/roll", {"player": "Ana"})[1])
    reader.join(timeout=10)
    assert [version for version, _ in seen] == [1, 2, 3]
    assert seen[1][1]["dice"] == answers[0]["dice"] and seen[2][1] == answers[1]


def test_a_stream_reopened_with_last_event_id_starts_at_the_newest_change(live_server):
    code = call(live_server, "/api/rooms", {"game": "copenhagen"})[1]["code"]
    for _ in range(3):
        call(live_server, f"/api/rooms/{code}/roll", {"player": "Ana"})
    (version, state), = events(live_server, code, 1, {"Last-Event-ID": "2"})
    assert version == 4 and state["turn"] == 3


def test_a_stream_or_poll_of_an_unknown_room_answers_404(live_server):
    for path in ("/api/rooms/ZZZZZZ/events", "/api/rooms/ZZZZZZ?since=0&wait=1"):
        status, answer = call(live_server, path)
        assert status == 404 and "No room" in answer["error"]


def test_a_long_poll_answers_at_once_when_the_phone_is_behind(live_server):
    code = call(live_server, "/api/rooms", {"game": "simstown"})[1]["code"]
    call(live_server, f"/api/rooms/{code}/roll", {"player": "Ana"})
    assert call(live_server, f"/api/rooms/{code}?since=1&wait=20")[1]["version"] == 2


def test_a_long_poll_without_a_change_answers_the_same_version_after_its_wait(live_server):
    code = call(live_server, "/api/rooms", {"game": "monolyth"})[1]["code"]
    status, answer = call(live_server, f"/api/rooms/{code}?since=1&wait=0.2")
    assert status == 200 and answer["version"] == 1


def test_odd_waits_never_hang_or_crash(live_server):
    code = call(live_server, "/api/rooms", {"game": "simstown"})[1]["code"]
    for wait in ["nan", "-inf", "inf&wait=0.01", "soon"]:
        status, answer = call(live_server, f"/api/rooms/{code}?since=1&wait={wait}")
        assert status == 200 and answer["version"] == 1


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


def test_twenty_simultaneous_crosses_of_one_tile_give_exactly_one_success(live_server):
    code = call(live_server, "/api/rooms", {"game": "copenhagen", "players": 3})[1]["code"]
    answers = together(20, lambda i: call(live_server, f"/api/rooms/{code}/lists/tiles/R5", {"player": f"P{i}"}))
    winners = [answer["lists"]["tiles"]["crossed"]["R5"]["by"] for status, answer in answers if status == 200]
    assert len(winners) == 1
    refusals = [answer["error"] for status, answer in answers if status == 409]
    assert len(refusals) == 19 and all(f"by {winners[0][0]}" in error for error in refusals)


def test_fifteen_simultaneous_crosses_of_fifteen_tiles_all_succeed_and_survive_a_restart(live_server, tmp_path):
    from companion import create_app, rooms

    code = call(live_server, "/api/rooms", {"game": "copenhagen", "players": 4})[1]["code"]
    tiles = call(live_server, f"/api/rooms/{code}")[1]["lists"]["tiles"]["items"]
    answers = together(15, lambda i: call(live_server, f"/api/rooms/{code}/lists/tiles/{tiles[i]}", {"player": f"P{i}"}))
    assert [status for status, _ in answers] == [200] * 15
    restarted = create_app({"DATABASE": str(tmp_path / "live.sqlite3")})
    with restarted.test_request_context():
        kept = rooms.state(code)
    assert sorted(kept["lists"]["tiles"]["crossed"]) == sorted(tiles) and kept["version"] == 16
    assert {kept["lists"]["tiles"]["crossed"][tile]["by"][0] for tile in tiles} == {f"P{i}" for i in range(15)}


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
