"""Issue 34 in Chromium: four phones each type only their own card and save it, in every shipped game; the room's
result and the group's play hold all four cards and the right winner; a correction by one seat changes the result
and is logged; the other phones show each card as it arrives."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

import layouts
from tests.card_phones import CARDS, NAMES, save_own_card, type_card
from tests.phones import axe_clean, card, seated_phone
from tests.serving import within
from tests.tables import Http, Table

NUMBERS = {"monolyth": (8, 12, 5, 3)}
"""Each seat's number (Monolyth's: the structure tokens in play for four); else 2, 4, 1, 3."""
CORRECTED = {"monolyth": 0}
"""Dee's number once she corrects her card (Monolyth: no structure token); else 5."""


def scored(call: Http, game: str, cards: list[dict]) -> dict:
    """The score route's result of the cards."""
    return call(f"/api/score/{game}", {"players": [{"name": c["name"], **c["fields"]} for c in cards]})[1]


def expected_ranking(call: Http, game: str, cards: list[dict]) -> str:
    """The ranking the score route makes of the cards, as the log writes it."""
    result = scored(call, game, cards)
    return ", ".join(f"{p['rank']}. {p['name']} {p['total']}" for p in result["players"])


@pytest.mark.parametrize("game", layouts.game_ids())
def test_four_phones_each_save_their_own_card_and_a_correction_follows(served, phone, game):
    call = Http(served)
    group = call("/api/groups", {"name": "Thursday"})[1]["code"]
    code = call("/api/rooms", {"game": game, "players": 4, "group": group})[1]["code"]
    phones = [seated_phone(phone, served, code, name) for name in NAMES]
    for page in phones:
        page.goto(f"{served}/score/{game}?room={code}")
        expect(page.locator("#room-cards")).to_contain_text("Waiting for the cards of")
    numbers = NUMBERS.get(game, (2, 4, 1, 3))
    for seat, page in enumerate(phones):
        save_own_card(page, seat, numbers[seat])
    expect(phones[0].locator("#room-cards")).to_have_text("The room's result: every card is in")
    expect(card(phones[0], 3).locator(".card-status")).to_contain_text("Dee's card saved by Dee")
    path, value = next(iter(CARDS[game](numbers[3]).items()))
    shown = card(phones[0], 3).locator(f'[data-path="{path}"]')
    if game == "monolyth":
        expect(shown.locator(f'input[value="{value}"]')).to_be_checked()
    else:
        expect(shown.locator("input[inputmode=numeric]")).to_have_value(str(value))
    state = Table(call, game, (), code=code).state()
    assert [(c["name"], c["by"]) for c in state["cards"]] == list(zip(NAMES, NAMES, strict=True))
    score = next(e["text"] for e in state["log"] if e["kind"] == "score")
    assert score.startswith(f"Final score: {expected_ranking(call, game, state['cards'])}"), score
    play = call(f"/api/groups/{group}")[1]["plays"][0]
    assert sorted((p["name"], p["score"]) for p in play["players"]) == sorted(
        (p["name"], p["total"]) for p in scored(call, game, state["cards"])["players"])
    assert [p["name"] for p in play["players"] if p["winner"]] == scored(call, game, state["cards"])["winners"]
    axe_clean(phones[0], f"{game}: every card in")

    type_card(phones[3], 3, CORRECTED.get(game, 5))
    card(phones[3], 3).get_by_role("button", name="Save my card again").click()
    table = Table(call, game, (), code=code)
    assert within(10, lambda: table.state()["log"][0]["text"].startswith("Final score, Dee corrected their card"))
    state = table.state()
    assert state["log"][0]["text"].startswith(f"Final score, Dee corrected their card: "
                                              f"{expected_ranking(call, game, state['cards'])}"), state["log"][0]
    assert call(f"/api/groups/{group}")[1]["plays"][0]["players"] != play["players"]


def test_a_card_saved_on_another_phone_shows_its_running_total_on_a_phone_that_typed_nothing(served, phone):
    call = Http(served)
    code = call("/api/rooms", {"game": "simstown", "players": 2})[1]["code"]
    ana, ben = (seated_phone(phone, served, code, name) for name in NAMES[:2])
    for page in (ana, ben):
        page.goto(f"{served}/score/simstown?room={code}")
        expect(page.locator("#room-cards")).to_contain_text("Waiting for the cards of")
    save_own_card(ben, 1, 4)
    total = scored(call, "simstown", [{"name": "Ben", "fields": CARDS["simstown"](4)}])["players"][0]["total"]
    assert total > 0
    expect(ana.locator("#player-tabs .tab").nth(1)).to_have_accessible_name(f"Ben: {total} points")
