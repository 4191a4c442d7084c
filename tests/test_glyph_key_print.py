"""Every printable that draws colour glyphs names each glyph's colour in its own language, read back from the PDF."""
from __future__ import annotations

import re

import pytest

import layouts
from sheets.ink import Ink
from sheets.render import Job, render
from tests.glyphread import glyph_words
from tests.pdfread import read_pages

URL = "http://192.168.1.20:5000"
SHIPPED = ["copenhagen", "lost-cities", "monolyth", "simstown"]
PRINTED = [(game_id, name, lang) for game_id in SHIPPED for name in layouts.load(game_id).printables
           for lang in layouts.LANGUAGES]
LETTER_IN_PROSE = re.compile(r"\b[A-Z]-Stern|\bEstrella [A-Z]\b|\b[A-Z] star\b")
"""How schema 1 sheets named a colour by its glyph: "G-Stern", "Estrella G", "G star"."""


def pdf_of(game_id: str, printable: str, lang: str, ink: str = "color", paper: str = "a4") -> bytes:
    game = layouts.load(game_id, lang)
    return render(Job(game, printable, game.players.min, 1, paper, Ink(ink), URL, backs=True, lang=lang))


def names_colour(words: list[str], label: str) -> bool:
    """Whether a word is the colour's name or a form of it ("Roter" for Rot, "roja" for Rojo)."""
    stem = label.casefold()[:max(3, len(label) - 1)]
    return any(word.strip(":,.()«»").casefold().startswith(stem) for word in words)


@pytest.mark.parametrize("game_id, printable, lang", PRINTED)
def test_each_glyph_on_a_printable_has_its_colour_named_beside_or_under_it(game_id, printable, lang):
    game = layouts.load(game_id, lang)
    colours = {colour.glyph: colour.label for colour in game.colours.values()}
    for page in glyph_words(pdf_of(game_id, printable, lang)):
        for shape in {glyph.shape for glyph, _, _ in page}:
            named = [names_colour(right, colours[shape]) or names_colour(under, colours[shape])
                     for glyph, right, under in page if glyph.shape == shape]
            assert any(named), f"{printable} ({lang}): no {shape} glyph says {colours[shape]!r}"


@pytest.mark.parametrize("game_id, printable, lang", [p for p in PRINTED if p[2] == "en"])
@pytest.mark.parametrize("ink, paper", [("mono", "letter"), ("color", "a4")])
def test_every_glyph_is_printed_at_least_3_mm_wide(game_id, printable, lang, ink, paper):
    pages = glyph_words(pdf_of(game_id, printable, lang, ink, paper))
    assert all(glyph.side >= 2.95 for page in pages for glyph, _, _ in page)


@pytest.mark.parametrize("game_id, printable, lang", PRINTED)
def test_prose_names_colours_never_glyphs(game_id, printable, lang):
    text = "\n".join(page["text"] for page in read_pages(pdf_of(game_id, printable, lang)))
    assert not LETTER_IN_PROSE.search(text)


def test_chips_name_their_players_colour_on_each_players_sheet():
    game = layouts.load("simstown", "es")
    pdf = render(Job(game, "chips", 2, 1, "a4", Ink("mono"), lang="es"))
    named = {(glyph.shape, right[0]) for page in glyph_words(pdf) for glyph, right, _ in page if right}
    assert named == {("triangle", "Rojo"), ("crescent", "Azul")}
