"""Issue 34 item 3, who is away: a phone whose live stream is cut shows as away on the others within 10 s, beside
its seat and in the turn line while it is on turn; the state's seats carry `away_s` (null while present)."""
from __future__ import annotations

import json
import re
import time
import urllib.request

from playwright.sync_api import expect

from tests.phones import every_look, seated_phone
from tests.serving import serving, within
from tests.tables import Http

LATECOMERS = 8
"""Phones that open the room after Ben's phone went: with two workers, each lands on either."""


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
    every_look(ana, "a seat away, on turn")
    for locale in ("de-DE", "es-ES"):  # a phone watching in another language says it in its own
        watcher = phone(locale=locale)
        watcher.goto(f"{served}/r/{code}")
        expect(watcher.locator("#seats li.seat", has_text="Ben").locator(".away")).to_have_text(
            re.compile(r"Ben.* \d+ s"))
        every_look(watcher, f"a seat away, on turn, {locale}")


def told_away(base: str, code: str, seats: str = "", seconds: float = 3) -> set[int]:
    """The away seats a new event stream of room `code` (naming `seats`) is told of within `seconds` (its presence
    events, the last one heard)."""
    away, deadline = set(), time.monotonic() + seconds
    with urllib.request.urlopen(f"{base}/api/rooms/{code}/events?seats={seats}", timeout=seconds) as stream:
        event = ""
        while not away and time.monotonic() < deadline:
            try:
                name, _, value = stream.readline().decode().rstrip("\n").partition(": ")
            except TimeoutError:  # nothing more within `seconds`: a heartbeat comes every 5 s
                break
            if name == "event":
                event = value
            elif name == "data" and event == "presence":
                away = {int(seat) for seat in json.loads(value)["away_s"]}
    return away


def test_a_phone_that_opens_the_room_after_a_seat_went_is_told_on_any_worker(tmp_path):
    with serving(tmp_path / "served", "--workers", "2") as (base, _):
        code = Http(base)("/api/rooms", {"game": "simstown", "players": 2})[1]["code"]
        ana = urllib.request.urlopen(f"{base}/api/rooms/{code}/events?seats=0", timeout=10)
        urllib.request.urlopen(f"{base}/api/rooms/{code}/events?seats=1", timeout=10).close()  # Ben's phone came, went
        try:
            assert within(10, lambda: told_away(base, code, seconds=1) == {1})
            assert [told_away(base, code) for _ in range(LATECOMERS)] == [{1}] * LATECOMERS
        finally:
            ana.close()
