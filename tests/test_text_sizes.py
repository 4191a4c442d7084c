"""One text size per role on a sheet: every paragraph of a printable (the turn, scoring, end and tie-break texts) is
set at one size, and that size fits the longest language, so no box is shrunk on its own in German or Spanish."""
from __future__ import annotations

import pytest

import layouts
from layouts import fill_values
from sheets.units import FONTS, fit_lines

SHIPPED = ["copenhagen", "lost-cities", "monolyth", "simstown"]


def text_blocks(game_id: str, lang: str):
    """Each printable's text blocks of a game in a language: (printable, index, block, the text as printed)."""
    game = layouts.load(game_id, lang)
    for name, printable in game.printables.items():
        for i, block in enumerate(printable.blocks):
            if block.type == "text":
                yield name, i, block, fill_values(block.text, game.values, lang)


def printed_size(block, text: str) -> float:
    """The size the kit sets a text block's words at (shrunk from its own size until they fit, never under 7 pt)."""
    return fit_lines(text, block.at[2], block.at[3], block.size, FONTS[block.bold])[0]


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
@pytest.mark.parametrize("game_id", SHIPPED)
def test_no_text_is_shrunk_in_any_language(game_id, lang):
    shrunk = [(name, i, block.size, printed_size(block, text)) for name, i, block, text in text_blocks(game_id, lang)
              if printed_size(block, text) != block.size]
    assert shrunk == []


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_paragraphs_of_a_sheet_share_one_size(game_id):
    """A paragraph: plain (not bold) text of two lines or more; headings and single lines are other roles."""
    sizes: dict[str, set] = {}
    for name, _, block, text in text_blocks(game_id, "en"):
        if not block.bold and len(fit_lines(text, block.at[2], block.at[3], block.size, FONTS[False])[1]) > 1:
            sizes.setdefault(name, set()).add(block.size)
    assert {name: found for name, found in sizes.items() if len(found) > 1} == {}
