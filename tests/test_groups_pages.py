"""A group's pages on a phone: axe-clean in light and dark, in English, German and Spanish, with every word in the
page's language; its charts readable without colour (a glyph and a dash per player, the numbers beside them)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.phones import NARROW, SMALL_TARGETS, axe_clean
from tests.serving import within
from tests.tables import Http

LOCALES = {"en": "en-US", "de": "de-DE", "es": "es-ES"}
SAID = {"en": ("Plays per game", "Send to BG Stats"), "de": ("Partien je Spiel", "An BG Stats senden"),
        "es": ("Partidas por juego", "Enviar a BG Stats")}
PLAYS = [("lost-cities", "2025-01-09", [("Ana", 40), ("Ben", 12), ("Cy", 33)]),
         ("lost-cities", "2025-02-06", [("Ana", -8), ("Ben", 51), ("Cy", 33)]),
         ("copenhagen", "2025-02-20", [("Ana", 12), ("Ben", 9), ("Cy", 12), ("Dee", 4)])]


@pytest.fixture
def group(live_server) -> str:
    """A group with three plays of two games; its code."""
    call = Http(live_server)
    code = call("/api/groups", {"name": "Jueves"})[1]["code"]
    for game, date, players in PLAYS:
        status, answer = call(f"/api/groups/{code}/plays", {"game": game, "date": date, "duration_min": 30, "players": [
            {"name": name, "score": score, "breakdown": {"red": score // 2}} if game == "lost-cities" else
            {"name": name, "score": score} for name, score in players]})
        assert status == 201, answer
    return code


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_group_page_is_axe_clean_and_speaks_the_phones_language(live_server, phone, group, lang, scheme):
    page = phone(color_scheme=scheme, locale=LOCALES[lang])
    page.goto(f"{live_server}/g/{group}")
    heading, link = SAID[lang]
    expect(page.get_by_text(heading, exact=True)).to_be_visible()
    expect(page.locator(".bgstats").first).to_have_text(link)
    for other in set(LOCALES) - {lang}:
        assert SAID[other][0] not in page.content()
    page.locator(".invite summary").click()
    narrow(page, scheme)
    axe_clean(page, f"the group page, {lang}, {scheme}")
    page.locator("#plays .play").first.get_by_role("link").first.click()
    expect(page.locator("#score-0")).not_to_have_value("")
    narrow(page, scheme)
    axe_clean(page, f"a play's page, {lang}, {scheme}")
    page.goto(f"{live_server}/g/{group}/delete")
    narrow(page, scheme)
    axe_clean(page, f"the group's delete page, {lang}, {scheme}")


def narrow(page, scheme: str) -> None:
    """In light, at 320 px wide every tap target is 44 px (and the page is left so, for axe)."""
    if scheme == "light":
        page.wait_for_load_state()  # its stylesheets too
        page.set_viewport_size(NARROW)
        small = page.evaluate(SMALL_TARGETS)
        assert small == [], f"{page.url}: {small}"


def test_on_a_desktop_each_play_shows_its_bg_stats_link_as_a_qr_code(live_server, browser, group):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{live_server}/g/{group}")
    expect(page.locator(".bgstats").first).to_be_hidden()
    first = page.locator("#plays .play").first
    first.get_by_text("Send to BG Stats: scan with your phone").click()
    qr = first.get_by_role("img", name="QR code that opens this play in BG Stats")
    expect(qr).to_be_visible()
    assert within(10, lambda: qr.evaluate("(img) => img.complete && img.naturalWidth > 0"))
    page.locator("#group-location").fill("Café Zeit")
    page.get_by_role("button", name="Save the location").click()
    expect(page.locator("#status")).to_have_text("The location was saved.")
    expect(page.locator("#group-location")).to_have_value("Café Zeit")
    axe_clean(page, "the group page on a desktop, a QR code open")
    context.close()


def test_each_player_has_a_glyph_and_a_dash_of_their_own_in_chart_legend_and_table(live_server, phone, group):
    page = phone()
    page.goto(f"{live_server}/g/{group}")
    chart = page.locator("#game-copenhagen figure").first
    marks = chart.locator("svg[role=img] .series").evaluate_all(
        "groups => groups.map(g => [g.querySelector('.mark').getAttribute('class'),"
        " g.querySelector('.line').getAttribute('stroke-dasharray') || 'solid'])")
    assert len(marks) == 4 and len({kind for kind, _ in marks}) == 4 and len({dash for _, dash in marks}) == 4
    legend = chart.locator(".legend li")
    expect(legend).to_have_text(["Ana", "Ben", "Cy", "Dee"])
    table = page.locator("#game-copenhagen table.numbers").nth(1)
    expect(table.locator("caption")).to_have_text("The scores of each play")
    expect(table.locator("tbody tr").first.locator("td")).to_have_text(["12", "9", "12", "4"])
    assert chart.locator("svg[role=img]").get_attribute("aria-labelledby") == "time-copenhagen"


def test_an_unknown_group_and_play_get_a_page_saying_so(live_server, phone, group):
    page = phone(locale="de-DE")
    answer = page.goto(f"{live_server}/g/ZZZZZZ")
    assert answer.status == 404
    expect(page.get_by_role("heading")).to_have_text("Keine solche Gruppe")
    assert page.goto(f"{live_server}/g/{group}/plays/ABCDEFGHJK").status == 404
    axe_clean(page, "a play that is not there")


def test_the_page_lists_the_newest_plays_a_page_at_a_time_while_the_stats_count_every_play(client):
    code = client.post("/api/groups", json={"name": "Thursday"}).get_json()["code"]
    for day in range(1, 23):
        play = {"game": "simstown", "date": f"2025-03-{day:02d}", "players": [{"name": "Ana", "score": day}]}
        assert client.post(f"/api/groups/{code}/plays", json=play).status_code == 201
    page = client.get(f"/g/{code}").get_data(as_text=True)
    listed = re.findall(r'<h3 id="play-\w+-title">Simstown · (.*?)</h3>', page)
    assert len(listed) == 20 and listed[0] == "Mar 22, 2025" and listed[-1] == "Mar 3, 2025"
    assert "Older plays" in page and "Newer plays" not in page and "22 plays so far." in page
    older = client.get(f"/g/{code}?page=2").get_data(as_text=True)
    assert re.findall(r'<h3 id="play-\w+-title">Simstown · (.*?)</h3>', older) == ["Mar 2, 2025", "Mar 1, 2025"]
    assert "Newer plays" in older and "Older plays" not in older and "22 plays so far." in older
