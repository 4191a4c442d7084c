"""The glossaries read back from the PDFs: every printable of every game, in each language, prints none of the words
its language's glossary bans for that game or for the whole product (the layouts' words and the kit's own), and the
paper says each thing in the glossary's word. tests/test_glossary.py holds the layouts and the catalogues to the same
glossaries."""
from __future__ import annotations

from functools import cache
from io import BytesIO

import pytest
from pypdf import PdfReader

import layouts
from sheets.render import Job, render
from tests import pdftext
from tests.pdfread import read_pages
from tests.test_glossary import PRODUCT, SHIPPED, glossary, has_whole, uses


@cache
def printed_text(game_id: str, lang: str) -> str:
    """The words on every page of every printable of a game in a language, as printed for its fewest players, and
    each PDF's title (the name a PDF viewer shows), in one line."""
    game = layouts.load(game_id, lang)
    pdfs = [render(Job(game, name, game.players.min, lang=lang)) for name in game.printables]
    pages = [pdftext.text(page) for pdf in pdfs for page in read_pages(pdf)]
    titles = [PdfReader(BytesIO(pdf)).metadata.title for pdf in pdfs]
    return " ".join("\n".join(pages + titles).split())


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_paper_prints_none_of_the_words_the_glossary_bans(game_id, lang):
    text = printed_text(game_id, lang)
    assert glossary(lang)[game_id]["house rule"]["word"] in text  # every game prints a house rule, so the text is read
    terms = [*glossary(lang)[game_id].values(), *glossary(lang).get(PRODUCT, {}).values()]
    assert sorted({word for entry in terms for word in entry.get("not", []) if has_whole(text, word)}) == []


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
def test_the_paper_says_each_thing_in_the_glossarys_word(lang):
    """Each game's terms on that game's paper; the product's (the Spanish púrpura and casilla, acelera, Spielplan,
    durchstreichen, cross off) on the paper of some game."""
    said = {game_id: printed_text(game_id, lang) for game_id in SHIPPED}
    unsaid = [(game_id, term) for game_id in SHIPPED for term, entry in glossary(lang)[game_id].items()
              if not uses(said[game_id], entry["word"])]
    everything = "\n".join(said.values())
    unsaid += [(PRODUCT, term) for term, entry in glossary(lang).get(PRODUCT, {}).items()
               if not uses(everything, entry["word"])]
    assert unsaid == []
