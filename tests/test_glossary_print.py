"""The glossaries read back from the PDFs: every printable of every game, in each language, prints none of the words
its language's glossary bans for that game or for the whole product (the layouts' words and the kit's own).
tests/test_glossary.py holds the layouts and the catalogues to the same glossaries."""
from __future__ import annotations

import pytest

import layouts
from sheets.render import Job, render
from tests import pdftext
from tests.pdfread import read_pages
from tests.test_glossary import PRODUCT, SHIPPED, glossary, has_whole


def printed_text(game_id: str, lang: str) -> str:
    """The words on every page of every printable of a game in a language, as printed for its fewest players."""
    game = layouts.load(game_id, lang)
    pdfs = [render(Job(game, name, game.players.min, lang=lang)) for name in game.printables]
    return "\n".join(pdftext.text(page) for pdf in pdfs for page in read_pages(pdf))


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_paper_prints_none_of_the_words_the_glossary_bans(game_id, lang):
    text = " ".join(printed_text(game_id, lang).split())
    assert glossary(lang)[game_id]["house rule"]["word"] in text  # every game prints a house rule, so the text is read
    terms = [*glossary(lang)[game_id].values(), *glossary(lang).get(PRODUCT, {}).values()]
    assert sorted({word for entry in terms for word in entry.get("not", []) if has_whole(text, word)}) == []
