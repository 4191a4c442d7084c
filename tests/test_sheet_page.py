"""Issue 38 in Chromium: two phones play a whole Lost Cities and a whole Copenhagen game on their sheets on the phone
(/r/<code>/sheet), strict and relaxed; each seat's card comes from its sheet, equal to the sheet scored by hand
(RULES.md), and the room's result is made without typing; the other seats' sheets are shown read-only and live."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.phones import CLIPPED_TEXT, SMALL_TARGETS, axe_clean
from tests.serving import within
from tests.sheet_phones import cross, draw, held_tokens, place, second_phone, sheet_phone, write, write_all
from tests.tables import Http, Table

pytestmark = pytest.mark.slow

ANA_LOST_CITIES = {**{f"columns.red.{n}": v for n, v in enumerate([2, 3, 3, 5, 7, 8], 1)},
                   **{f"columns.c7.{n}": 1 for n in range(1, 5)}}
"""Red 2 3 3 5 7 8 and 4 artifact boxes (the 9 dice boxes follow the refusals)."""
ANA_LOST_CITIES_BY_HAND = 35 + 10 + 0
"""RULES.md 2, once her red 9 is in: red 7 boxes 35, 4 artifacts 10, 9 dice boxes (exhausted) 0, no bridge."""
BEN_LOST_CITIES = {"columns.blue.1": 4, "columns.blue.2": 6, "columns.green.1": 1}
BEN_LOST_CITIES_BY_HAND = -10 - 15 + 0
"""Blue 2 boxes -10, green 1 box -15, exhausted dice 0."""
R5 = ["facade.r3c1", "facade.r3c2", "facade.r2c1", "facade.r2c2", "facade.r1c1"]
"""Red's P-pentomino (tile R5) on the ground, in the facade's left corner (rows count from the ground)."""


@pytest.fixture(scope="module")
def served(module_served):
    return module_served


def room(call, game: str, marking: str) -> Table:
    """A room of `game` for Ana and Ben, its sheets `marking`."""
    code = call("/api/rooms", {"game": game, "players": 2, "marking": marking})[1]["code"]
    return Table(call, game, (), code=code)


def first_use(state: dict, name: str) -> dict:
    """The body of the first "use" move the table offers `name`."""
    seat = next(s["seat"] for s in state["seats"] if s["name"] == name)
    entry = next(e for e in state["allowed"][str(seat)] if e["move"] == "use")
    return {key: value for key, value in entry.items() if key != "move"}


def totals(call, game: str, state: dict) -> dict:
    """Each player's total as the score route makes it of the room's saved cards."""
    cards = [{"name": card["name"], **card["fields"]} for card in state["cards"]]
    return {player["name"]: player["total"] for player in call(f"/api/score/{game}", {"players": cards})[1]["players"]}


def seat_card(state: dict, name: str) -> dict:
    return next(card for card in state["cards"] if card["name"] == name)


def test_lost_cities_played_on_two_strict_sheets_scores_itself(served, phone):
    call = Http(served)
    table = room(call, "lost-cities", "strict")
    ana, ben = (sheet_phone(phone, served, table.code, name) for name in ("Ana", "Ben"))
    table.tokens = held_tokens(table.code, ana, ben)
    write_all(ana, ANA_LOST_CITIES)
    write(ana, "columns.red.7", 4, ok=False)
    expect(ana.locator("#alert")).to_have_text("Numbers along the Red line never go down: 4 cannot follow 8.")
    expect(place(ana, "columns.red.7")).to_have_attribute("aria-label", "Red, box 7, empty")
    ben.locator("#seat-switch").get_by_role("button", name="Ana").click()  # Ana's sheet, to look at
    expect(place(ben, "columns.red.6")).to_have_attribute("aria-label", "Red, box 6, 8")
    expect(place(ben, "columns.red.6")).to_have_attribute("role", "img")
    write(ana, "columns.red.7", 9)
    expect(place(ben, "columns.red.7")).to_have_attribute("aria-label", "Red, box 7, 9")  # live
    ben.locator("#seat-switch").get_by_role("button", name="Ben (this phone)").click()
    write_all(ben, BEN_LOST_CITIES)
    expect(ben.locator("#total")).to_have_text(f"Total: {BEN_LOST_CITIES_BY_HAND}")
    ben.locator("#hide-total").check()
    expect(ben.locator("#total")).to_be_hidden()

    for turn in range(9):  # every refusal marks the dice column; all 9: exhausted, the game ends
        active = ("Ana", "Ben")[turn % 2]
        table.ok(active, "roll")
        table.ok(active, "refuse")
        table.ok(("Ben", "Ana")[turn % 2], "refuse")
        for page in (ana, ben):
            write(page, f"columns.c8.{turn + 1}", 1)
    assert table.state()["over"] == {"reason": "exhausted"}
    expect(ana.locator("#the-end")).to_be_visible()
    assert within(10, lambda: table.state()["scored"] is not None)
    state = table.state()
    assert totals(call, "lost-cities", state) == {"Ana": ANA_LOST_CITIES_BY_HAND, "Ben": BEN_LOST_CITIES_BY_HAND}
    assert seat_card(state, "Ana")["fields"]["expeditions"]["red"]["boxes"] == 7
    assert seat_card(state, "Ben")["fields"]["dice"] == 9
    expect(ben.locator("#the-end").get_by_role("link", name="The result")).to_be_visible()
    axe_clean(ben, "Lost Cities: the end, Ben's sheet")


def test_a_relaxed_lost_cities_sheet_takes_a_falling_number_and_the_seats_other_phone_follows(served, phone):
    table = room(Http(served), "lost-cities", "relaxed")
    ana = sheet_phone(phone, served, table.code, "Ana")
    again = second_phone(phone, served, table.code, ana)
    write_all(ana, {"columns.red.1": 5, "columns.red.2": 4, "columns.blue.2": 0})
    expect(ana.locator("#alert")).to_have_text("")
    expect(place(again, "columns.red.2")).to_have_attribute("aria-label", "Red, box 2, 4")
    place(again, "columns.red.2").press("Enter")  # the other phone marks the same sheet, by keyboard
    again.keyboard.type("6")
    with again.expect_response(lambda r: r.request.method == "PATCH"):
        again.keyboard.press("Enter")
    expect(place(ana, "columns.red.2")).to_have_attribute("aria-label", "Red, box 2, 6")


ANA_COPENHAGEN = [("Blue", [f"facade.r1c{c}" for c in range(1, 6)], ()),
                  ("Red", ["facade.r2c1", "facade.r2c2", "facade.r2c3"], ("facade.r2c3",)),
                  ("Green", ["facade.r2c4", "facade.r2c5"], ()),
                  ("Purple", [f"facade.r{r}c1" for r in range(3, 10)], ())]
"""Row 1 all windows, row 2 with a brick, column 1 all windows (rows 1 to 9), drawn shape by shape."""
ANA_COPENHAGEN_BY_HAND = {"rows_windows": 1, "rows_bricks": 1, "columns_windows": 1, "columns_bricks": 0,
                          "tracks_completed": 1, "empty_cells": 45 - 17}
"""RULES.md 1, with the red ability track completed: 2 + 1 + 4 + 2 = 9 points."""


def test_copenhagen_played_on_two_relaxed_sheets_scores_itself(served, phone):
    call = Http(served)
    table = room(call, "copenhagen", "relaxed")
    ana, ben = (sheet_phone(phone, served, table.code, name) for name in ("Ana", "Ben"))
    table.tokens = held_tokens(table.code, ana, ben)
    for colour, cells, bricks in ANA_COPENHAGEN:
        draw(ana, colour, cells, bricks)
    expect(place(ana, "facade.r2c3")).to_have_attribute("aria-label", "Row 2, column 3, Red brick")
    expect(place(ana, "facade.r1c1")).to_have_attribute("aria-label", "Row 1, column 1, Blue window")
    for box in range(1, 10):
        cross(ana, f"abilities.red.{box}")
    expect(ana.locator("#total")).to_have_text("Total: 9")
    draw(ben, "Red", R5)  # R5 never taken: a relaxed sheet takes it
    place(ben, "abilities.green.1").focus()
    with ben.expect_response(lambda r: r.request.method == "PATCH"):
        ben.keyboard.press("Space")
    expect(place(ben, "abilities.green.1")).to_have_attribute("aria-label", "Green, box 1, crossed")

    for active, other in (("Ana", "Ben"), ("Ben", "Ana")):
        table.ok(active, "roll")
        table.ok(active, "use", **first_use(table.state(), active))
        table.ok(other, "pass")
    table.ok("Ana", "end")
    assert within(10, lambda: table.state()["scored"] is not None)
    state = table.state()
    assert {k: v for k, v in seat_card(state, "Ana")["fields"].items() if k in ANA_COPENHAGEN_BY_HAND} == \
        ANA_COPENHAGEN_BY_HAND
    assert totals(call, "copenhagen", state) == {"Ana": 9, "Ben": 0}
    expect(ana.locator("#the-end")).to_contain_text("Every card came from its sheet.")


def test_a_strict_facade_takes_only_the_tile_taken(served, phone):
    table = room(Http(served), "copenhagen", "strict")
    ana = sheet_phone(phone, served, table.code, "Ana")
    table.tokens = held_tokens(table.code, ana)
    draw(ana, "Red", R5, ("facade.r2c2",), ok=False)
    expect(ana.locator("#alert")).to_have_text("These cells make tile R5, but you did not take it this turn: cross it "
                                               "on the shared list first.")
    ana.locator("#palette").get_by_role("button", name="Cancel").click()
    table.ok("Ana", "roll")
    assert table.cross("Ana", "tiles", "R5")[0] == 200
    draw(ana, "R5", R5, ("facade.r2c2",))
    expect(place(ana, "facade.r1c1")).to_have_attribute("aria-label", "Row 1, column 1, Red window")


@pytest.mark.parametrize("locale", ["en-US", "de-DE", "es-ES"])
def test_the_sheet_page_passes_axe_in_every_look_and_language(served, phone, locale):
    table = room(Http(served), "copenhagen", "strict")
    ana = sheet_phone(phone, served, table.code, "Ana", locale=locale)
    expect(ana.locator("html")).to_have_attribute("lang", locale[:2])
    ana.locator("#palette .palette-row").nth(0).get_by_role("button").first.click()  # a colour, then two cells
    place(ana, "facade.r1c1").click()
    place(ana, "facade.r1c2").click()
    for scheme, width in (("light", 390), ("dark", 390), ("light", 320), ("dark", 320)):
        ana.emulate_media(color_scheme=scheme)
        ana.set_viewport_size({"width": width, "height": 700})
        axe_clean(ana, f"{locale}, {scheme}, {width} px")
    assert ana.evaluate(CLIPPED_TEXT) == [], f"{locale}, 320 px"
    small = [target for target in ana.evaluate(SMALL_TARGETS) if not target.startswith("g.")]  # a sheet's cells: zoom
    assert small == [], f"{locale}, 320 px"
    place(ana, "start").press("Enter")
    expect(ana.locator("#keypad")).to_be_visible()
    axe_clean(ana, f"{locale}: the keypad")
