"""Whole games in Chromium: four phones at a real `rollsheet serve`, each player tapping only what
their page offers; the table never refuses a tap the page offered."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

import layouts
from tests.phones import axe_clean, seated_phone, turn_line
from tests.tables import Http

PLAYERS = ("Ana", "Ben", "Cy", "Dee")


class Game:
    """The room as the server has it, and the phones of its players."""

    def __init__(self, served, phone, game_id):
        self.call = Http(served)
        self.code = self.call("/api/rooms", {"game": game_id, "players": 4})[1]["code"]
        self.phones = {name: seated_phone(phone, served, self.code, name) for name in PLAYERS}
        self.kind = layouts.load(game_id).table.kind

    def state(self) -> dict:
        return self.call(f"/api/rooms/{self.code}")[1]

    def tap(self, who: str, key: str) -> None:
        """`who` taps the control with focus key `key`; the table takes it and every phone shows it."""
        page, before = self.phones[who], self.state()["version"]
        control = page.locator(f'[data-key="{key}"]')
        expect(control).to_be_enabled()
        control.click()
        expect(page.locator("#alert")).to_have_text("")
        deadline = time.monotonic() + 5
        while self.state()["version"] == before:
            assert time.monotonic() < deadline, f"{who}'s tap on {key} changed nothing"
            time.sleep(0.05)
        newest = self.state()["log"][0]["text"]
        for other in self.phones.values():
            expect(other.locator("#log li").first).to_contain_text(newest, timeout=5000)

    def select(self, who: str, kinds: list[str]) -> None:
        """`who` taps one open die of each kind (die ids) in order."""
        page, state = self.phones[who], self.state()
        for kind in kinds:
            index = next(i for i, d in enumerate(state["dice"]) if d["die"] == kind
                         and page.locator(f'[data-key="die-{i}"]').is_enabled()
                         and page.locator(f'[data-key="die-{i}"]').get_attribute("aria-pressed") == "false")
            page.locator(f'[data-key="die-{index}"]').click()

    def play_turn(self) -> None:
        """The player on turn makes their part, then every other player theirs."""
        state = self.state()
        active = next(s["name"] for s in state["seats"] if s["seat"] == state["active"]) if state["turn"] else "Ana"
        assert "your turn" in turn_line(self.phones[active]) or state["turn"] == 0
        for other in PLAYERS:
            if other != active and state["turn"]:
                assert f"waiting for {active}" in turn_line(self.phones[other])
        getattr(self, self.kind.replace("-", "_"))(active)

    def dice_pool(self, active: str) -> None:
        self.tap(active, "roll")
        self.select(active, ["colour"])
        self.tap(active, "use")
        for other in PLAYERS:
            if other != active:
                self.select(other, ["colour"])
                self.tap(other, "take")

    def roll_and_draft(self, active: str) -> None:
        self.tap(active, "roll")
        self.select(active, ["colour", "number"])
        self.tap(active, "pick")
        for other in PLAYERS:
            if other != active:
                self.select(other, ["colour", "number"])
                self.tap(other, "pick")

    def hold_and_roll(self, active: str) -> None:
        self.tap(active, "roll")
        self.tap(active, "die-0")
        self.tap(active, "roll")
        self.tap(active, "next")

    def market_ring(self, active: str) -> None:
        page = self.phones[active]
        step = next(n for n in range(1, 5) if page.locator(f'[data-key="move-{n}"]').is_enabled())
        page.locator(f'[data-key="move-{step}"]').click()
        self.tap(active, "take-piece")


@pytest.mark.parametrize("game_id", layouts.game_ids())
def test_a_four_phone_game_plays_round_after_round_without_a_refused_tap(served, phone, game_id):
    game = Game(served, phone, game_id)
    axe_clean(game.phones["Ben"], f"{game_id}: seated, before the first roll")
    for turn in range(8):
        game.play_turn()
        if turn == 1:
            axe_clean(game.phones["Cy"], f"{game_id}: turn 2")
    state = game.state()
    assert state["turn"] == 9 and all(e["player"] in PLAYERS for e in state["log"] if e["player"])
    score_from_the_room(game)


def score_from_the_room(game: Game) -> None:
    """Ana opens the score form from the room (the seated players in seat order); she and Ben save their cards as
    the room knows them, and she finishes with those two: the result reaches every phone."""
    ana = game.phones["Ana"]
    ana.get_by_role("link", name="End of game: enter scores").click()
    cards = ana.locator("#players .player .name")
    expect(cards).to_have_count(len(PLAYERS))
    assert cards.evaluate_all("names => names.map(n => n.value)") == list(PLAYERS)
    ben = game.phones["Ben"]
    ben.goto(ana.url)
    for name, phone in (("Ana", ana), ("Ben", ben)):
        phone.get_by_role("button", name="Save my card").click()
        expect(ana.locator(".card-status").filter(has_text=f"{name}'s card")).to_contain_text(f"saved by {name}")
    ana.get_by_role("button", name="Finish with the cards we have").click()
    expect(ana.locator("#room-cards")).to_contain_text("The room's result, without")
    for phone in game.phones.values():
        if phone not in (ana, ben):
            expect(phone.locator("#log li").first).to_contain_text("Final score: 1. Ana")
    axe_clean(ana, "the score form opened from the room, result saved")
