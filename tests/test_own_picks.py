"""Issue 34 item 5, own picks clear: the dice a player chose for a move are not outlined once the move is answered."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.phones import seated_phone
from tests.tables import Http, Table


@pytest.fixture
def served(module_served):
    """One server for the module."""
    return module_served


def test_the_dice_ben_took_are_not_outlined_after_his_pick(served, phone):
    room = Table(Http(served), "lost-cities", ("Ana", "Cy"), players=3)  # Cy picks after Ben
    ben = seated_phone(phone, served, room.code, "Ben")
    room.ok("Ana", "roll")
    room.ok("Ana", "pick", dice=next(e["dice"] for e in room.state()["allowed"]["0"] if e["move"] == "pick"))
    expect(ben.locator("#log li").first).to_contain_text("Ana picked")
    ben_seat = next(seat["seat"] for seat in room.state()["seats"] if seat["name"] == "Ben")
    chosen = next(entry["dice"] for entry in room.state()["allowed"][str(ben_seat)] if entry["move"] == "pick")
    for i in chosen:
        ben.locator(f'[data-key="die-{i}"]').click()
    expect(ben.locator("#board .die.picked")).to_have_count(len(chosen))
    ben.locator('[data-key="pick"]').click()
    expect(ben.locator("#log li").first).to_contain_text("Ben picked")
    expect(ben.locator("#board .die.picked")).to_have_count(0)
