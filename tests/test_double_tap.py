"""Issue 34 item 5: a double tap on Simstown's "Roll the dice" makes one roll and sets nothing aside (the second tap
would land on the middle die drawn under the finger)."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.phones import seated_phone
from tests.serving import within
from tests.tables import Http


def test_a_double_tap_on_roll_makes_one_roll_and_sets_nothing_aside(served, phone):
    call = Http(served)
    code = call("/api/rooms", {"game": "simstown", "players": 2})[1]["code"]
    ana = seated_phone(phone, served, code, "Ana")
    seated_phone(phone, served, code, "Ben")
    roll = ana.locator('[data-key="roll"]').bounding_box()
    ana.mouse.click(roll["x"] + roll["width"] / 2, roll["y"] + roll["height"] / 2)  # the first tap rolls
    die = ana.locator('[data-key="die-2"]')
    expect(die).to_be_visible()
    middle = die.bounding_box()
    ana.mouse.move(middle["x"] + middle["width"] / 2, middle["y"] + middle["height"] / 2)
    ana.mouse.down(click_count=2)  # the second tap of the double tap lands on the die drawn under the finger
    ana.mouse.up(click_count=2)
    ana.locator('[data-key="die-2"]').click()  # a tap of its own sets it aside
    assert within(5, lambda: [d["held"] for d in call(f"/api/rooms/{code}")[1]["dice"]].count(True) == 1)
    state = call(f"/api/rooms/{code}")[1]
    assert state["rolls"] == 1 and [e["kind"] for e in state["log"]].count("roll") == 1
    assert [e["kind"] for e in state["log"]].count("hold") == 1
