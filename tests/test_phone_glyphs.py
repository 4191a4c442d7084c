"""Phones draw each colour's glyph as the paper does: the served shape on dice, tiles, bridges, market pieces and
the score form, and name colours in words; nothing clipped at 320 px in Spanish and German (headless Chromium)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

import layouts
from tests.phones import axe_clean, seated_phone
from tests.tables import Http, Table

CLIPPED = """() => [...document.querySelectorAll('.die .label, .item, .item .name, .move .label')]
  .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)"""


def shapes_shown(page, selector: str) -> list[str]:
    """The glyph images the page shows inside `selector`: masks of spans, and <use> inside drawn tiles."""
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)].flatMap((node) => [
        ...[...node.querySelectorAll('.glyph-shape')].map((g) => getComputedStyle(g).maskImage),
        ...[...node.querySelectorAll('use')].map((u) => u.getAttribute('href'))])""", selector)


@pytest.mark.parametrize("locale, game_id", [("es-ES", "copenhagen"), ("de-DE", "lost-cities")])
def test_dice_and_list_items_show_the_shape_of_their_colour_and_nothing_clips_at_320_px(served, phone, locale,
                                                                                      game_id):
    room = Table(Http(served), game_id, ("Ana", "Ben"), players=3)
    page = seated_phone(lambda **o: phone(locale=locale, **o), served, room.code, "Cy")
    page.set_viewport_size({"width": 320, "height": 740})
    room.ok("Ana", "roll")
    expect(page.locator(".die.colour").first).to_be_visible()
    game = layouts.load(game_id)
    colours = {c.glyph: c for c in game.colours.values()}
    dice = shapes_shown(page, ".die.colour")
    assert dice and all(any(f"/glyphs/{shape}.svg" in mask for shape in colours) for mask in dice)
    items = shapes_shown(page, "#lists .item")
    assert {href.split("/glyphs/")[1].split(".svg")[0] for href in items if "/glyphs/" in href} <= set(colours)
    assert page.evaluate(CLIPPED) == []
    assert "triangle" not in page.locator("main").inner_text()
    axe_clean(page, f"{game_id} room in {locale} at 320 px")


def test_the_score_form_shows_each_colours_shape_in_its_chip(served, phone):
    page = phone(locale="de-DE")
    page.goto(f"{served}/score/lost-cities")
    chips = page.locator(".chip .glyph-shape")
    expect(chips.first).to_be_visible()
    masks = shapes_shown(page, ".field .label")
    assert {f"/glyphs/{c.glyph}.svg" for c in layouts.load("lost-cities").colours.values()} <= \
        {mask.split('"')[1].replace(served, "") for mask in masks}
    assert "diamond" not in page.locator("main").inner_text()
    axe_clean(page, "German score form")
