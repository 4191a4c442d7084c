"""Sheets and cards in German and Spanish: every word on paper read back from the PDFs, in the language asked for."""
from __future__ import annotations

from io import BytesIO

import pdfplumber
import pytest

import layouts
from layouts.plurals import BLOCK
from layouts.translations import words
from sheets.ink import Ink
from sheets.preflight import preflight
from sheets.render import Job, render
from tests.pdfread import outside_margin, read_pages
from tests.pdftext import words as words_on

URL = "http://192.168.1.20:5000"
SHIPPED = ["copenhagen", "lost-cities", "monolyth", "simstown"]
PRINTABLES = [(game_id, name) for game_id in SHIPPED for name in layouts.load(game_id).printables]
KIT_WORDS = {"de": {"size": "Größe", "level": "Level", "single": "Einzelblock"},
             "es": {"size": "tam.", "level": "nivel", "single": "bloque"}}
"""What the kit's catalogue says for the words drawers write themselves (sheets/locale)."""
KIT_WORDS_ON = {("copenhagen", "shape-sheet"): "size", ("copenhagen", "reference-card"): "size",
                ("monolyth", "structure-cards"): "level", ("monolyth", "piece-reference"): "single"}


def printed_words(game_id: str, printable: str, lang: str, paper: str = "a4", ink: str = "color") -> set[str]:
    """Every word the printable puts on paper in `lang` (rotated words too), cards with their backs."""
    game = layouts.load(game_id, lang)
    pdf = render(Job(game, printable, game.players.min, 1, paper, Ink(ink), URL, backs=True, lang=lang))
    return {word.text for page in read_pages(pdf) for word in words_on(page, x_tolerance=1, rotated="btt")}


def layout_words(game_id: str, lang: str, printable: str | None = None) -> set[str]:
    """The words of the game's texts in `lang` (the overlay's), leaving out {placeholders}; with `printable`,
    only the words it prints (its title goes to the PDF's metadata)."""
    texts = words(layouts.load(game_id, lang))
    if printable:
        texts = {path: text for path, text in texts.items()
                 if path.startswith(f"printables.{printable}.") and path != f"printables.{printable}.title"}
    return {token.casefold() for text in texts.values() for token in BLOCK.sub("{count}", text).split()
            if "{" not in token and "}" not in token}  # a plural block prints one of its forms: like a placeholder


@pytest.mark.parametrize("game_id, printable", PRINTABLES)
@pytest.mark.parametrize("lang", ["de", "es"])
def test_every_word_of_a_printable_is_printed_in_the_language(game_id, printable, lang):
    on_paper = {word.casefold() for word in printed_words(game_id, printable, lang)}
    assert layout_words(game_id, lang, printable) <= on_paper
    english_only = {word for word in layout_words(game_id, "en", printable) - layout_words(game_id, lang)
                    if len(word) > 1 and not word.isdigit()}  # glyphs and numbers are the same in every language
    assert english_only and not english_only & on_paper


@pytest.mark.parametrize("game_id, printable", KIT_WORDS_ON)
@pytest.mark.parametrize("lang", ["de", "es"])
def test_the_words_drawers_write_themselves_come_from_the_kits_catalogue(game_id, printable, lang):
    kit_word = KIT_WORDS_ON[game_id, printable]
    assert KIT_WORDS[lang][kit_word] in printed_words(game_id, printable, lang)
    assert kit_word in printed_words(game_id, printable, "en") - printed_words(game_id, printable, lang)


@pytest.mark.parametrize("game_id", SHIPPED)
@pytest.mark.parametrize("lang", ["de", "es"])
def test_every_printable_passes_the_preflight_in_the_language(game_id, lang):
    source = str(layouts.game_file(game_id))
    assert preflight(layouts.load(game_id, lang), source, lang) == []


@pytest.mark.parametrize("game_id, printable", PRINTABLES)
def test_letter_and_mono_print_the_same_words_inside_the_margin(game_id, printable):
    game = layouts.load(game_id, "de")
    pages = read_pages(render(Job(game, printable, game.players.min, 1, "letter", Ink("mono"), URL, lang="de")))
    assert all(outside_margin(page) == [] for page in pages)
    assert printed_words(game_id, printable, "de", "letter", "mono") == printed_words(game_id, printable, "de")


def test_a_pdf_says_its_language_and_its_title_in_it():
    pdf = render(Job(layouts.load("lost-cities", "es"), "score-sheet", lang="es"))
    with pdfplumber.open(BytesIO(pdf)) as doc:
        assert doc.metadata["Title"] == "Lost Cities: Roll & Write: Hoja de puntuación"
        assert doc.doc.catalog["Lang"].decode() == "es"
