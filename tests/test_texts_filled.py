"""Every layout text with a {value} is shown filled: the end of the game, list labels, button labels."""
from __future__ import annotations

from playwright.sync_api import expect

import layouts
from tests.tables import Http, Table


def test_the_phones_get_every_text_with_its_values_filled(client, monkeypatch):
    monkeypatch.setenv(layouts.ENV_VAR, str(layouts.TEMPLATES))
    data = client.get("/api/games/fives").get_json()
    assert data["table"]["end"]["text"] == "All 8 rounds are played: add up your sheet."
    kniffel = client.get("/api/games/kniffel").get_json()
    assert kniffel["table"]["end"]["text"] == "All 13 rounds are played: add up your columns."
    assert [text for text in strings({key: value for key, value in data.items() if key != "scoring"})
            if "{" in text] == []


def strings(data) -> list[str]:
    """Every string inside JSON data."""
    if isinstance(data, dict):
        return [text for value in data.values() for text in strings(value)]
    if isinstance(data, list):
        return [text for value in data for text in strings(value)]
    return [data] if isinstance(data, str) else []


def test_the_end_of_the_game_reads_with_its_numbers_on_the_phone(live_server, phone, monkeypatch):
    monkeypatch.setenv(layouts.ENV_VAR, str(layouts.TEMPLATES))
    room = Table(Http(live_server), "fives", ("Ana",), players=1)
    for _ in range(8):
        room.ok("Ana", "roll")
        state = room.ok("Ana", "next")
    assert state["over"]
    page = phone()
    page.goto(f"{live_server}/r/{room.code}")
    expect(page.locator("#turn-line")).to_contain_text("All 8 rounds are played: add up your sheet.")
    assert "{rounds}" not in page.locator("main").inner_text()
