"""Every score-form state of every game in every look (light and dark, portrait and landscape, and 320 px wide;
en/de/es; the test games in English): axe-core clean (the dark form's contrast measured by it), tap targets of 44 px,
no text under 12 px, nothing narrower than its text at 320 px (the Knister template too). The states: a tied result
with its notes (a fresh form is the same page with the result hidden), and two cards with a problem; one page per
language, restyled in place."""
from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

import layouts
from tests.phones import every_look
from tests.scoring_play import EXAMPLES, add_games

LOCALES = ("en-US", "de-DE", "es-ES")
TIED = {"copenhagen": [{"name": "Ana", "empty_cells": 3}, {"name": "Ben", "empty_cells": 5}, {"name": "Cy"}]}
"""Players who tie on points (and where the game breaks ties, give the tie-break to some of them)."""


def touched(page) -> None:
    """A tap on the first card's first minus (a count at 0 stays 0), or its first menu chosen as it is: the
    result shows."""
    first = page.locator("article.player").first
    if first.locator(".controls .step").count():
        first.locator(".controls .step").first.click()
    else:
        menu = first.locator("select").first
        menu.select_option(menu.input_value())
    expect(page.locator("#result")).to_be_visible()


def two_nameless(page) -> None:
    """The first two cards lose their players' names."""
    for card in (0, 1):
        page.locator("#player-tabs .tab").nth(card).click()
        page.locator("article.player").nth(card).locator(".name").fill("")
    expect(page.locator("#player-tabs .tab.bad")).to_have_count(2)


@pytest.mark.parametrize("game_id, locales", [(game_id, LOCALES) for game_id in layouts.game_ids()]
                         + [("kniffel", ("en-US",)), ("qwixx", ("en-US",)), ("knister", ("en-US",))])
def test_every_score_form_state_passes_in_every_look_and_language(live_server, phone, monkeypatch, game_id, locales):
    add_games(monkeypatch, EXAMPLES / "kniffel.yaml", EXAMPLES / "qwixx.yaml", EXAMPLES / "knister.yaml")
    tied = TIED.get(game_id, [{"name": name} for name in ("Ana", "Ben", "Cy")])
    for locale in locales:
        page = phone(locale=locale)
        page.goto(f"{live_server}/score/{game_id}?prefill={quote(json.dumps(tied))}")
        touched(page)
        expect(page.locator("#winner")).not_to_be_empty()
        every_look(page, f"{game_id} form, tied, {locale}")
        two_nameless(page)
        every_look(page, f"{game_id} form, two cards with a problem, {locale}")
