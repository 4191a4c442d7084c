"""Knister-like (the template layouts/templates/knister.yaml) played by three phones in Chromium on the shared-roll
table: one roll for the table, its sum large on every phone, nobody taps Done or reads "waiting"; then scored
through its choice fields on the score form."""
from __future__ import annotations

from playwright.sync_api import expect

import layouts
from tests.phones import axe_clean, seated_phone, tap
from tests.serving import within
from tests.tables import Http, Table
from tests.test_scoring_form import field


def test_three_phones_play_knister_to_its_end_and_score_it(live_server, phone, monkeypatch, tmp_path):
    monkeypatch.setenv(layouts.ENV_VAR, str(layouts.TEMPLATES))
    room = Table(Http(live_server), "knister", (), players=3)
    ana = seated_phone(phone, live_server, room.code, "Ana")
    ben = seated_phone(phone, live_server, room.code, "Ben", locale="de-DE")
    cy = seated_phone(phone, live_server, room.code, "Cy")
    phones, rolls = [ana, ben, cy], ["Roll for the table", "Für alle würfeln", "Roll for the table"]
    tap(ana, "Roll for the table")
    expect(ben.get_by_role("button", name="Für alle würfeln", exact=True)).to_be_enabled()
    assert within(5, lambda: room.state()["sum"] is not None)  # the tap's roll has landed
    total = str(room.state()["sum"])
    for page in phones:
        expect(page.locator('[data-key="sum"]')).to_contain_text(total)
        expect(page.locator('[data-key="next"], [data-key="written"]')).to_have_count(0)
    expect(ben.locator("#turn-line")).to_contain_text(f"trag {total} auf deinem Blatt ein, danach: für alle würfeln")
    for page in (ana, cy):
        expect(page.locator("#turn-line")).to_contain_text(f"write {total} on your sheet")
        expect(page.locator("#turn-line")).not_to_contain_text("waiting")
        expect(page.locator('[data-key="roll"]')).to_have_count(0)
    axe_clean(ana, "a Knister phone while the next player rolls")
    ana.screenshot(path=str(tmp_path.parent / "knister-phone.png"), full_page=True)
    for n, page in ((1, ben), (2, cy)):  # each phone rolls once by a tap; the rest of the game goes by the API
        tap(page, rolls[n])
        expect(phones[(n + 1) % 3].locator('[data-key="roll"]')).to_be_enabled()
    room.tokens = {seat["name"]: seat["token"] for page in phones for seat in page.evaluate(
        f"JSON.parse(localStorage.getItem('rollsheet.seats.{room.code}') || '[]')")}
    for n in range(3, 25):
        room.ok(("Ana", "Ben", "Cy")[n % 3], "roll")
    for page, said in ((ana, "All 25 cells are filled"), (ben, "Alle 25 Felder sind gefüllt"), (cy, "All 25 cells")):
        expect(page.locator("#turn-line")).to_contain_text(said)
    assert room.state()["over"] == {"reason": "turn-limit", "turns": 25}

    score = phone()
    score.goto(f"{live_server}/score/knister?room={room.code}")
    cards = score.locator("article.player")
    expect(cards).to_have_count(3)
    for player, line, hand in ((0, "lines.row1", "full-house"), (0, "diagonals.up", "pair"),
                               (1, "lines.col2", "straight-no-seven")):
        field(score, player, f"{line}.hand").locator("select").select_option(hand)
    expect(cards.nth(0).locator(".running")).to_have_text("10")
    expect(cards.nth(1).locator(".running")).to_have_text("12")
    expect(score.locator("#winner")).to_have_text("Ben wins")
    axe_clean(score, "the Knister score form")
