"""A turn text's YOUR TURN is a bold heading (a text block's `heading`), not capitals run into the paragraph:
read back from the PDFs in every language, ink and paper, its words in bold type and the paragraph's in plain."""
from __future__ import annotations

from io import BytesIO

import pdfplumber
import pytest

import layouts
from sheets.ink import Ink
from sheets.render import Job, render

TURNS = {("lost-cities", "score-sheet"): 11, ("monolyth", "player-boards"): 7}
HEADINGS = {"en": "YOUR TURN", "de": "DEIN ZUG", "es": "TU TURNO"}


def first_page_words(game_id: str, printable: str, lang: str, paper: str, ink: str) -> list[dict]:
    game = layouts.load(game_id, lang)
    with pdfplumber.open(BytesIO(render(Job(game, printable, paper=paper, ink=Ink(ink), lang=lang)))) as doc:
        return doc.pages[0].extract_words(extra_attrs=["size", "fontname"])


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
@pytest.mark.parametrize("paper,ink", [("a4", "color"), ("letter", "mono")])
@pytest.mark.parametrize("game_id,printable", list(TURNS))
def test_the_turn_text_opens_with_a_bold_heading(game_id, printable, paper, ink, lang):
    block = layouts.load(game_id, lang).printables[printable].blocks[TURNS[game_id, printable]]
    assert block.heading == HEADINGS[lang] and not block.text.startswith(HEADINGS[lang])
    words = first_page_words(game_id, printable, lang, paper, ink)
    heading = HEADINGS[lang].split()
    at = next(i for i in range(len(words)) if [w["text"] for w in words[i:i + len(heading)]] == heading)
    assert all("Bold" in w["fontname"] for w in words[at:at + len(heading)])
    follows = next(w for w in words[at + len(heading):] if w["text"] == block.text.split()[0])  # after, or under
    assert "Bold" not in follows["fontname"] and follows["top"] >= words[at]["top"]
    assert follows["size"] == pytest.approx(block.size), "the paragraph keeps its size"
