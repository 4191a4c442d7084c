"""Phones in Chromium speaking German, Spanish and English at one table: each sees the same moves in its
own language, the switch is remembered across reloads, and the score form (with its CSV) speaks it too."""
from __future__ import annotations

import csv
import io
import re

from playwright.sync_api import expect

from tests.phones import axe_clean, seated_phone
from tests.tables import Http, Table


def test_three_phones_see_the_same_table_each_in_its_own_language(served, phone):
    room = Table(Http(served), "lost-cities", (), players=3)
    ana = seated_phone(phone, served, room.code, "Ana", locale="de-DE")
    ben = seated_phone(phone, served, room.code, "Ben", locale="es-ES")
    cy = seated_phone(phone, served, room.code, "Cy", locale="en-GB")
    for page, lang in ((ana, "de"), (ben, "es"), (cy, "en")):
        expect(page.locator("html")).to_have_attribute("lang", lang)
    ana.locator('[data-key="roll"]').click()
    expect(ana.locator("#log li").first).to_contain_text("Ana hat ")
    expect(ben.locator("#log li").first).to_contain_text("Ana sacó ")
    expect(cy.locator("#log li").first).to_contain_text("Ana rolled ")
    expect(ana.locator("#log li").nth(1)).to_contain_text("Cy hat am Tisch Platz genommen")
    expect(ben.locator("#log li").nth(1)).to_contain_text("Cy se sentó a la mesa")
    expect(ana.locator("#turn-line")).to_have_text(
        "Zug 1: Ana · du bist dran, Ana: 1 Würfel (Farbe) und 1 Würfel (Zahl) wählen oder verzichten")
    expect(ben.locator("#turn-line")).to_have_text(
        "Turno 1: Ana · esperando a Ana: elegir 1 dado (color) y 1 dado (número), o renunciar")
    expect(cy.locator("#turn-line")).to_have_text(
        "Turn 1: Ana · waiting for Ana to pick 1 colour die and 1 number die, or refuse")
    expect(ana.locator('[data-key="refuse"]')).to_have_text("Verzichten: ein Würfelfeld ankreuzen")
    expect(ana.locator("#seats h2")).to_have_text("Plätze 3 von 3 am Tisch")
    expect(ben.locator("#seats h2")).to_have_text("Asientos 3 de 3 sentados")
    expect(ben.locator(".list h2")).to_contain_text("Puentes")
    colour_die = ana.locator('[data-key="die-0"]').get_attribute("aria-label")
    assert colour_die.startswith("Würfel 1: ") and colour_die.split(": ")[1] in {
        "Rot", "Orange", "Gelb", "Grün", "Blau", "Lila"}
    ana.locator('[data-key="die-0"]').click()
    expect(ana.locator('[data-key="pick"]')).to_be_disabled()  # the server offers no pick of one colour die alone
    ana.locator('[data-key="die-3"]').click()
    ana.locator('[data-key="pick"]').click()
    expect(ana.locator("#log li").first).to_contain_text("Ana hat ")
    expect(ana.locator("#turn-line")).to_contain_text("Zug 1: Ana · warte auf Ben und Cy: ")
    axe_clean(ana, "German room, the others picking")
    axe_clean(ben, "Spanish room, waiting")


def test_each_phone_shows_the_logs_times_on_its_own_regions_clock(served, phone):
    room = Table(Http(served), "simstown", ("Ben",), players=3)
    phones = {locale: seated_phone(phone, served, room.code, name, locale=locale)
              for name, locale in (("Ana", "en-GB"), ("Cy", "en-US"))}
    phones["de-DE"] = phone(locale="de-DE")
    phones["de-DE"].goto(f"{served}/r/{room.code}")
    times = {locale: page.locator("#log li time").first.inner_text() for locale, page in phones.items()}
    assert re.fullmatch(r"\d\d:\d\d:\d\d", times["en-GB"]), times  # English, on a British 24-hour clock
    assert re.fullmatch(r"\d\d:\d\d:\d\d [AP]M", times["en-US"]), times
    assert re.fullmatch(r"\d\d:\d\d:\d\d", times["de-DE"]) and times["de-DE"] == times["en-GB"], times


def test_the_language_switch_is_remembered_across_reloads(served, phone):
    room = Table(Http(served), "monolyth", ("Ben",), players=2)
    page = seated_phone(phone, served, room.code, "Ana", locale="en-US")
    expect(page.locator('[data-key="take-piece"]')).to_have_text("Take the piece")
    page.get_by_role("button", name="Español").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator('[data-key="take-piece"]')).to_have_text("Coger la pieza")
    expect(page.locator("#seats")).to_contain_text("Ana (este móvil)")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("button", name="Español")).to_have_attribute("aria-pressed", "true")
    page.goto(served)
    expect(page.locator("main p").first).to_have_text("Elige tu juego.")
    page.get_by_role("button", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page).to_have_url(f"{served}/")


def score_csv(page) -> list[list[str]]:
    with page.expect_download() as download:
        page.locator('[data-export="csv"]').click()
    return list(csv.reader(io.StringIO(open(download.value.path(), encoding="utf-8").read())))


def test_the_score_form_speaks_each_language_and_keeps_its_numbers_when_switched(served, phone):
    room = Table(Http(served), "lost-cities", ("Ana", "Ben"))
    page = phone(locale="de-DE")
    page.goto(f"{served}/score/lost-cities?room={room.code}")
    expect(page.locator("fieldset.section legend").first).to_have_text("Expeditionen: gefüllte Felder")
    expect(page.locator("#add-player")).to_have_text("+ Spieler hinzufügen")
    cards = page.locator("article.player")
    cards.nth(0).locator('[data-path="artifacts"] .controls input').fill("4")
    page.locator("#player-tabs .tab").nth(1).click()  # one card at a time: Ben's
    cards.nth(1).locator('[data-path="expeditions.red.boxes"] .controls input').fill("4")
    expect(page.locator("#winner")).to_have_text("Ana gewinnt")
    expect(page.locator("#ranking tr").first).to_contain_text("Ana · Sieger")
    rows = score_csv(page)
    assert rows[0] == ["Spiel", "Platz", "Name", "Punkte", "Rot", "Orange", "Gelb", "Grün", "Blau", "Lila",
                       "Artefakte", "Würfel", "Brücken", "Sieger", "Gleichstand"]
    assert rows[1][:4] == ["lost-cities", "1", "Ana", "10"] and rows[1][-2] == "ja" and rows[2][-2] == "nein"
    axe_clean(page, "German score form with a result")
    page.get_by_role("button", name="Español").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("fieldset.section legend").first).to_have_text("Expediciones: espacios llenos")
    expect(cards.nth(1).locator('[data-path="expeditions.red.boxes"] .controls input')).to_have_value("4")
    expect(page.locator("#winner")).to_have_text("Ana gana")
    assert score_csv(page)[0][:5] == ["juego", "puesto", "nombre", "total", "Rojo"]
    axe_clean(page, "Spanish score form with a result")
