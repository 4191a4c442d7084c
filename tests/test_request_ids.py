"""Request ids: a tap's id is bound to the seat that sent it and what it asked, checked after the seat's token,
kept for the room's life; opening a room and taking a seat take one too, so a retry opens one room and one seat."""
from __future__ import annotations

from tests.tables import Http, Table


def test_another_seats_move_with_a_used_id_is_refused_409_and_not_silently_dropped(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"))
    room.cross("Ana", "bridges", "red", request="tap-1")
    status, answer = room.cross("Ben", "bridges", "blue", request="tap-1")
    assert status == 409 and "used for another tap" in answer["error"]
    assert room.cross("Ben", "bridges", "blue", request="tap-2")[0] == 200


def test_another_move_by_the_same_seat_with_a_used_id_is_refused_409(call):
    room = Table(call, "simstown", ("Ana", "Ben"))
    room.ok("Ana", "roll", request="tap-1")
    status, answer = room.move("Ana", "hold", dice=[1], request="tap-1")
    assert status == 409 and "used for another tap" in answer["error"] and room.state()["log"][0]["kind"] == "roll"


def test_a_wrong_or_missing_token_with_a_used_id_is_refused_403(call):
    room = Table(call, "simstown", ("Ana", "Ben"))
    room.ok("Ana", "roll", request="tap-1")
    wrong = call(f"/api/rooms/{room.code}/roll", {"player": "Ana", "token": "guessed", "request": "tap-1"})
    missing = call(f"/api/rooms/{room.code}/roll", {"player": "Ana", "request": "tap-1"})
    assert wrong[0] == missing[0] == 403 and "does not hold Ana's seat" in wrong[1]["error"]


def test_an_id_is_remembered_past_many_newer_changes_so_a_late_replay_applies_nothing(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"))
    room.cross("Ana", "bridges", "red", request="early")
    for turn in range(20):
        room.cross("Ben", "bridges", "blue", crossed=turn % 2 == 1)
    now = room.state()
    assert room.cross("Ana", "bridges", "red", request="early") == (200, now)  # the room as it is, nothing made again


def test_a_seat_taken_back_twice_with_one_id_answers_the_first_answer_and_only_to_its_phone(call):
    room = Table(call, "lost-cities", ("Ana", "Ben"))
    room.ok("Ana", "roll")
    asked = call(f"/api/rooms/{room.code}/seats/0/takeover", {})[1]
    let = room.body("Ben", None, ask=asked["ask"], request="let-1")
    answered = call(f"/api/rooms/{room.code}/seats/0/takeover", let)
    assert answered[0] == 200 and call(f"/api/rooms/{room.code}/seats/0/takeover", let) == answered
    back = {"token": room.tokens["Ana"], "back": True, "request": "back-1"}
    first, again = (call(f"/api/rooms/{room.code}/seats/0/takeover", back) for _ in range(2))
    assert first[0] == 200 and again == first
    stranger = call(f"/api/rooms/{room.code}/seats/0/takeover", dict(back, token=asked["token"]))
    assert stranger[0] == 403


def test_an_opening_sent_twice_opens_one_room_and_another_body_with_its_id_is_refused(call):
    opening = {"game": "simstown", "players": 2, "request": "open-1"}
    first, again = call("/api/rooms", opening), call("/api/rooms", opening)
    assert first[0] == again[0] == 201 and first[1]["code"] == again[1]["code"]
    status, answer = call("/api/rooms", dict(opening, players=3))
    assert status == 409 and "used for another tap" in answer["error"]
    assert call("/api/rooms", dict(opening, request="open-2"))[1]["code"] != first[1]["code"]


def test_a_seat_taken_twice_with_one_id_is_one_seat_with_one_token(call):
    room = Table(call, "simstown", (), players=3)
    seat = f"/api/rooms/{room.code}/seats"
    first, again = call(seat, {"name": "Ana", "request": "sit-1"}), call(seat, {"name": "Ana", "request": "sit-1"})
    assert first == again and first[0] == 201 and first[1]["seat"] == 0
    assert [(s["name"], s["seat"]) for s in room.state()["seats"]] == [("Ana", 0)]
    room.tokens["Ana"] = first[1]["token"]
    assert room.ok("Ana", "roll")["rolls"] == 1
    other = call(seat, {"name": "Ben", "request": "sit-1"})
    assert other[0] == 409 and "used for another tap" in other[1]["error"]
    assert [s["name"] for s in room.state()["seats"]] == ["Ana"]


def test_the_database_keeps_no_token_as_sent_for_a_seat_taken_with_an_id(app, call):
    room = Table(call, "simstown", (), players=2)
    status, answer = call(f"/api/rooms/{room.code}/seats", {"name": "Ana", "request": "sit-1"})
    with app.app_context():
        from companion.store import reading

        with reading() as db:
            kept = db.answer_of(room.code, "sit-1")
    assert status == 201 and kept is not None and answer["token"] not in kept[2]


def test_the_play_page_form_sent_twice_opens_one_room(client):
    page = client.get("/play/simstown").get_data(as_text=True)
    tap = page.split('name="request" value="')[1].split('"')[0]
    first, again = (client.post("/play/simstown", data={"players": "2", "request": tap}) for _ in range(2))
    assert first.status_code == again.status_code == 302 and first.location == again.location
    other = client.post("/play/simstown", data={"players": "2", "request": tap + "x"})
    assert other.location != first.location


def test_a_group_room_opened_twice_with_one_id_is_one_room(call):
    group = call("/api/groups", {"name": "Thursday"})[1]["code"]
    opening = {"game": "simstown", "group": group, "request": "open-group-1"}
    first, again = call("/api/rooms", opening), call("/api/rooms", opening)
    assert first[0] == again[0] == 201 and first[1]["code"] == again[1]["code"]


def test_a_phone_whose_seat_answer_was_lost_taps_again_and_gets_the_one_seat(served, phone):
    from playwright.sync_api import expect

    room = Table(Http(served), "simstown", (), players=3)
    page = phone()
    page.goto(f"{served}/r/{room.code}")
    lost = []
    page.route("**/seats", lambda route: (lost.append(route.fetch()), route.abort()))  # made, its answer lost
    page.locator("#seat-name").fill("Ana")
    page.locator('[data-key="sit"]').click()
    expect(page.locator("#alert")).to_have_text("No connection to the table's server; try again.")
    page.unroute("**/seats")
    page.locator('[data-key="sit"]').click()
    expect(page.locator("#seats li.seat", has_text="Ana").locator(".mine")).to_be_visible()
    assert len(lost) == 1 and lost[0].status == 201
    assert [(s["name"], s["seat"]) for s in room.state()["seats"]] == [("Ana", 0)]
    page.locator('[data-key="roll"]').click()
    expect(page.locator("#log li").first).to_contain_text("Ana rolled")


def test_a_tap_answered_as_made_before_answers_the_room_with_it_even_when_made_in_between(call, monkeypatch):
    """Taps sent together: one reads the room, the other is made, then the first finds its id made: its answer is
    the room with the move, never the room as it read it before (a double tap once got the room before its roll)."""
    from companion.rooms import retries

    room = Table(call, "simstown", ("Ana", "Ben"))
    body = room.body("Ana", request="double-tap")
    first_answer, between = retries.first_answer, []

    def made_in_between(*args):
        if not between:  # the second tap's first look, after it read the room: the first tap is made now
            between.append(None)
            between[0] = call(f"/api/rooms/{room.code}/roll", body)
        return first_answer(*args)

    monkeypatch.setattr(retries, "first_answer", made_in_between)
    status, answer = call(f"/api/rooms/{room.code}/roll", body)
    assert between[0][0] == status == 200
    assert answer["version"] == between[0][1]["version"] == room.state()["version"] and answer["rolls"] == 1
