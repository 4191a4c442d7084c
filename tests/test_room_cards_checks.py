"""Issue 34 items 1 and 2 on a room's score page, in Chromium: a card nobody has typed shows no problem (Lost Cities'
bridges won at the table, no columns typed yet) and each phone may save its own card; a problem shows once its card
is typed, named by its player; the page passes in every look in en/de/es while it waits for cards, shows a problem,
and shows the result of the cards there are; saving every card at once says first whose saved cards it replaces; a
phone holding two seats saves each seat's card."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.card_phones import save_own_card, type_card
from tests.phones import card, every_look, seated_phone
from tests.serving import within
from tests.sheet_phones import held_tokens
from tests.tables import Http, Table


def score_pages(phone, served: str, room: Table, game: str, locales: dict[str, str]) -> list:
    """A phone per player (by name, in its language) seated in `room`, each then on the room's score page."""
    pages = [seated_phone(phone, served, room.code, name, locale=locale) for name, locale in locales.items()]
    room.tokens = held_tokens(room.code, *pages)
    for page in pages:
        page.goto(f"{served}/score/{game}?room={room.code}")
        expect(page.locator("#room-cards")).not_to_be_empty()
    return pages


def test_an_untyped_card_shows_no_problem_and_a_typed_one_names_its_player(served, phone):
    room = Table(Http(served), "lost-cities", (), players=3)
    ana, ben, cy = score_pages(phone, served, room, "lost-cities", {"Ana": "en-US", "Ben": "de-DE", "Cy": "es-ES"})
    for name in ("Ana", "Ben"):  # each won a bridge at the table: the form starts with it, no column typed yet
        assert room.cross(name, "bridges", "red" if name == "Ana" else "dice")[0] == 200
    for page in (ana, ben, cy):
        page.reload()
        expect(card(page, 0).locator('[data-path="bridges"] input')).to_have_value("1")
        expect(page.locator("article.player.invalid, .field.invalid")).to_have_count(0)
        expect(page.locator(".save-card")).to_have_count(1)
    every_look(ben, "lost-cities, a room's cards untyped, de-DE")

    red = '[data-path="expeditions.red.boxes"] input[inputmode=numeric]'
    card(ana, 0).locator(red).fill("3")
    problem = card(ana, 0).locator('[data-path="bridges"] .field-error')
    expect(problem).to_have_text("Ana: 1 bridge won, but only 0 of your columns reach box 7, past the bridge")
    expect(card(ana, 1).locator(".field.invalid")).to_have_count(0)  # Ben's card, untyped here, is not judged
    every_look(ana, "lost-cities, her own card with a problem, en-US")
    card(ana, 0).locator(red).fill("7")
    expect(card(ana, 0).locator(".field.invalid")).to_have_count(0)
    card(ana, 0).get_by_role("button", name="Save my card").click()
    expect(card(ana, 0).locator(".card-status")).to_contain_text("Ana's card saved by Ana")

    card(cy, 2).locator(".save-card").click()  # Cy scored nothing: her card as it opened
    assert within(10, lambda: room.state()["cards"][2]["saved"])
    cy.get_by_role("button", name="Terminar con las tarjetas que hay").click()
    expect(cy.locator("#room-cards")).to_have_text("El resultado de la sala, sin las tarjetas de Ben")
    assert room.state()["scored"] == {"missing": ["Ben"]}
    every_look(cy, "lost-cities, the room's result without Ben's card, es-ES")


def test_saving_every_card_at_once_says_first_whose_saved_cards_it_replaces(served, phone):
    room = Table(Http(served), "simstown", (), players=2)
    ana, ben = score_pages(phone, served, room, "simstown", {"Ana": "en-US", "Ben": "en-US"})
    save_own_card(ben, 1, 4)
    expect(card(ana, 1).locator(".card-status")).to_contain_text("Ben's card saved by Ben")
    type_card(ana, 0, 2)
    save_all = ana.get_by_role("button", name=f"Save to room {room.code}")
    save_all.click()
    expect(ana.locator("#saved")).to_have_text("Ben saved their own cards: saving replaces them with the numbers on "
                                               "this phone. Tap again to replace them.")
    assert [(c["saved"], c["by"]) for c in room.state()["cards"]] == [(False, None), (True, "Ben")]
    save_all.click()
    expect(ana.locator("#saved")).to_have_text(f"Saved to room {room.code}.")
    assert [c["by"] for c in room.state()["cards"]] == ["Ana", "Ana"] and room.state()["scored"] == {"missing": []}


def test_a_phone_holding_two_seats_saves_each_seats_card(served, phone):
    room = Table(Http(served), "copenhagen", (), players=2)
    both = seated_phone(phone, served, room.code, "Ana", "Ben")
    both.goto(f"{served}/score/copenhagen?room={room.code}")
    expect(both.locator(".save-card")).to_have_count(2)
    save_own_card(both, 0, 3)
    expect(both.locator("#room-cards")).to_have_text("Waiting for the cards of Ben")
    save_own_card(both, 1, 2)
    expect(both.locator("#room-cards")).to_have_text("The room's result: every card is in")
    assert [(c["by"], c["fields"]["rows_windows"]) for c in room.state()["cards"]] == [("Ana", 3), ("Ben", 2)]
