"""Issue 34 item 3, who is away: a phone whose live stream is cut shows as away on the others within 10 s, beside
its seat and in the turn line while it is on turn; the state's seats carry `away_s` (null while present)."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.phones import axe_clean, seated_phone
from tests.serving import within
from tests.tables import Http


def test_a_phone_whose_stream_is_cut_shows_as_away_on_the_others(served, phone):
    call = Http(served)
    code = call("/api/rooms", {"game": "simstown", "players": 2})[1]["code"]
    ana = seated_phone(phone, served, code, "Ana")
    ben = seated_phone(phone, served, code, "Ben")
    ben.locator('[data-key="roll"]').click()  # Ben starts: he is on turn
    expect(ana.locator("#turn-line")).to_contain_text("Ben")
    assert within(10, lambda: all(seat["away_s"] is None for seat in call(f"/api/rooms/{code}")[1]["seats"]))
    ben.context.set_offline(True)
    ben.close()
    expect(ana.locator("#seats li.seat", has_text="Ben").locator(".away")).to_have_text(
        re.compile(r"Ben's phone: offline \d+ s"), timeout=10_000)
    # a worker of `serve --workers` that watches no phone of the room knows of no one away: ask until one that does
    assert within(10, lambda: [seat["away_s"] is None
                               for seat in call(f"/api/rooms/{code}")[1]["seats"]] == [True, False])
    expect(ana.locator("#turn-line .away-turn")).to_have_text(re.compile(r"\(Ben's phone: offline \d+ s\)"))
    expect(ana.locator("#seats li.seat", has_text="Ana").locator(".away")).to_have_text("")
    axe_clean(ana, "a seat away")
