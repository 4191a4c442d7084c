"""Issue 34 item 5: a double tap on Simstown's "Roll the dice" makes one roll and sets nothing aside (the second tap
would land on the middle die drawn under the finger)."""
from __future__ import annotations

from tests.phones import seated_phone
from tests.serving import within
from tests.tables import Http


def test_a_double_tap_on_roll_makes_one_roll_and_sets_nothing_aside(served, phone):
    call = Http(served)
    code = call("/api/rooms", {"game": "simstown", "players": 2})[1]["code"]
    ana = seated_phone(phone, served, code, "Ana")
    seated_phone(phone, served, code, "Ben")
    ana.locator('[data-key="roll"]').click()  # the first tap rolls
    # the finger onto the middle die once it is drawn (hover finds it again when a presence event redraws the board
    # while it is measured, where a box read from it then came back empty)
    ana.locator('[data-key="die-2"]').hover()
    ana.mouse.down(click_count=2)  # the second tap of the double tap lands on the die drawn under the finger
    ana.mouse.up(click_count=2)
    ana.locator('[data-key="die-2"]').click()  # a tap of its own sets it aside
    assert within(5, lambda: [d["held"] for d in call(f"/api/rooms/{code}")[1]["dice"]].count(True) == 1)
    state = call(f"/api/rooms/{code}")[1]
    assert state["rolls"] == 1 and [e["kind"] for e in state["log"]].count("roll") == 1
    assert [e["kind"] for e in state["log"]].count("hold") == 1
