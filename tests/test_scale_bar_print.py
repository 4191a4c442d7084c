"""The "print at 100 %" check: every page of every printable carries a scale bar that measures 50 mm."""
from __future__ import annotations

import pytest

import layouts
from sheets.render import Job, render
from tests.pdfread import outside_margin, read_pages

PRINTABLES = [(game_id, name) for game_id in layouts.game_ids() for name in layouts.load(game_id).printables]
BAR_MM = 50.0


def scale_bars(page) -> list:
    """The bars' outlines: stroked rects about 50 mm long and under 2 mm thick."""
    return [m for m in page["marks"] if m.kind == "rect" and m.stroke and 40 < m.w < 75 and 1 < m.h < 2]


def test_every_game_prints_all_thirteen_printables():
    assert len(PRINTABLES) == 13


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id, printable", PRINTABLES)
def test_every_page_has_a_scale_bar_of_50_mm_inside_the_safe_area(game_id, printable, paper):
    game = layouts.load(game_id)
    pages = read_pages(render(Job(game, printable, players=game.players.min, paper=paper)))
    for number, page in enumerate(pages, start=1):
        bars = scale_bars(page)
        assert bars, f"page {number}"
        assert [bar.w for bar in bars] == pytest.approx([BAR_MM] * len(bars), abs=0.05)
        assert " ".join(page["text"].split()).count("should measure 50 mm") == len(bars)
        assert not outside_margin(page)


def test_a_bar_on_a_board_grown_to_a3_still_measures_50_mm():
    game = layouts.load("simstown")
    assert game.printables["city-plan"].grow
    page = read_pages(render(Job(game, "city-plan", paper="a3")))[0]
    fields = [m for m in page["marks"] if m.kind == "curve" and 12 < m.w < 20 and abs(m.w - m.h) < 0.01]
    assert fields, "the plan's fields are larger on A3 than the 11 mm they have on A4"
    assert [bar.w for bar in scale_bars(page)] == pytest.approx([BAR_MM], abs=0.05)
