"""Issue 34 item 4, a tap kept through a drop: a move that rolls and draws nothing (a pass in Copenhagen), tapped while
the connection is lost, shows as sending and is made once when the connection is back, or is dropped with a
sentence when the table moved on; a roll tapped offline is refused on the phone and never sent. And item 5's
latecomer: "Take over" is offered beside a seat whose phone is away, beside the others only once claimed."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.phones import axe_clean, every_look, seated_phone
from tests.silent_network import silent_network
from tests.tables import Http, Table

OUTAGE_S = 15
BACK_MS = 40_000  # the live stream's restarts back off while it is down (live.js): up to 24 s between tries


@pytest.fixture
def served(module_served):
    """One server for the module: each test opens its own room."""
    return module_served


@pytest.fixture
def network(served):
    """The network between Ben's phone and the server, that can go silent as a dropped Wi-Fi does."""
    with silent_network(served) as relay:
        yield relay


def offer_ben_a_pass(served, network, phone):
    """Copenhagen for two: Ana (a script) rolled and used no die, Ben's phone is offered the pass; its POSTs counted."""
    room = Table(Http(served), "copenhagen", ("Ana",), players=2)
    ben = seated_phone(phone, network.base, room.code, "Ben")
    room.ok("Ana", "roll")
    room.ok("Ana", "use", dice=[])
    expect(ben.locator('[data-key="pass"]')).to_be_enabled()
    posts = []
    ben.on("request", lambda r: posts.append(r.url.rsplit("/", 1)[1]) if r.method == "POST" else None)
    return room, ben, posts


def go_offline(page, network) -> float:
    """The phone's network goes silent; once the page says so (its stream silent 8 s), the moment it was lost."""
    lost = time.monotonic()
    network.silence()
    expect(page.locator("#connection")).to_be_visible(timeout=15_000)
    return lost


def come_back(page, network) -> None:
    """The network is back, and the page knows it."""
    network.back()
    expect(page.locator("#connection")).to_be_hidden(timeout=BACK_MS)


def test_a_pass_tapped_during_a_15_s_outage_is_made_once_when_the_server_returns(served, network, phone):
    room, ben, posts = offer_ben_a_pass(served, network, phone)
    lost = go_offline(ben, network)
    ben.locator('[data-key="pass"]').click()
    ben.locator('[data-key="pass"]').click()  # tapped again, impatient: still one tap
    kept = ben.locator("#kept")
    expect(kept).to_have_text('Sending as soon as the connection is back: "Pass: take no die"')
    every_look(ben, "a tap kept while offline")
    ben.wait_for_timeout(max(0, lost + OUTAGE_S - time.monotonic()) * 1000)  # the outage itself: 15 s without a network
    assert room.state()["active"] == 0 and posts == []
    come_back(ben, network)
    expect(kept).to_be_hidden(timeout=10_000)
    expect(ben.locator("#log li").first).to_contain_text("Ben passed")
    passes = [entry for entry in room.state()["log"] if entry["text"].startswith("Ben passed")]
    assert len(passes) == 1 and room.state()["active"] == 1
    assert posts == ["pass"]
    expect(ben.locator("#alert")).to_have_text("")


def test_a_roll_tapped_offline_is_refused_on_the_phone_and_never_sent(served, network, phone):
    room, ben, posts = offer_ben_a_pass(served, network, phone)
    with ben.expect_response(lambda answer: answer.url.endswith("/pass")):  # its answer in before the network goes
        ben.locator('[data-key="pass"]').click()
    expect(ben.locator('[data-key="roll"]')).to_be_enabled()
    posts.clear()
    go_offline(ben, network)
    ben.locator('[data-key="roll"]').click()
    expect(ben.locator("#alert")).to_have_text(
        "This phone cannot roll or draw while the connection is lost: tap again once it is back.")
    expect(ben.locator("#kept")).to_be_hidden()
    every_look(ben, "a roll refused offline")
    come_back(ben, network)
    assert posts == [] and not any("Ben rolled" in entry["text"] for entry in room.state()["log"])
    ben.locator('[data-key="roll"]').click()
    expect(ben.locator("#log li").first).to_contain_text("Ben rolled")


def test_a_kept_tap_the_table_moved_past_is_dropped_with_a_sentence(served, network, phone):
    room, ben, posts = offer_ben_a_pass(served, network, phone)
    go_offline(ben, network)
    ben.locator('[data-key="pass"]').click()
    expect(ben.locator("#kept")).to_be_visible()
    room.undo("Ana")  # Ana takes her move back: Ben has nothing to pass any more
    come_back(ben, network)
    expect(ben.locator("#alert")).to_have_text(
        'The table moved on while the connection was lost: "Pass: take no die" was not made.', timeout=10_000)
    expect(ben.locator("#kept")).to_be_hidden()
    assert posts == [] and not any(entry["text"].startswith("Ben passed") for entry in room.state()["log"])


def test_a_latecomer_is_offered_take_over_only_beside_a_seat_whose_phone_is_away(served, phone):
    room = Table(Http(served), "simstown", (), players=2)
    seated_phone(phone, served, room.code, "Ana")
    ben = seated_phone(phone, served, room.code, "Ben")
    latecomer = phone()
    latecomer.goto(f"{served}/r/{room.code}")
    mine = latecomer.get_by_role("button", name="One of these seats is mine")
    expect(mine).to_be_visible()
    expect(latecomer.get_by_role("button", name="Take over")).to_have_count(0)
    ben.context.set_offline(True)
    ben.close()
    expect(latecomer.locator("#seats li.seat", has_text="Ben").locator(".away")).to_have_text(
        re.compile(r"Ben's phone: offline \d+ s"), timeout=20_000)  # test_away.py holds it to 10 s on a quiet machine
    expect(latecomer.get_by_role("button", name="Ask to take over Ben's seat on this phone")).to_be_visible()
    expect(latecomer.get_by_role("button", name="Ask to take over Ana's seat on this phone")).to_have_count(0)
    axe_clean(latecomer, "a latecomer, one seat away")
    mine.click()
    expect(latecomer.get_by_role("button", name="Ask to take over Ana's seat on this phone")).to_be_focused()
    expect(mine).to_have_count(0)
