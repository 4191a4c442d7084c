"""Imposition and the safe area, as geometry (no rendering)."""
from __future__ import annotations

import pytest

from layouts import load
from sheets.paper import SAFE_MARGIN, impose, page
from sheets.render import Job, render


def inside(rect, area, tolerance=1e-6):
    x, y, w, h = rect
    ax, ay, aw, ah = area
    return x >= ax - tolerance and y >= ay - tolerance and x + w <= ax + aw + tolerance and y + h <= ay + ah + tolerance


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_safe_area_is_the_page_less_8_mm(paper):
    sheet = page(paper)
    assert sheet.safe == (SAFE_MARGIN, SAFE_MARGIN, sheet.width - 16, sheet.height - 16)


def test_landscape_swaps_width_and_height():
    assert (page("a4", landscape=True).width, page("a4", landscape=True).height) == (297, 210)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_cards_abut_inside_the_safe_area_with_cut_marks_outside_them(paper):
    layout = impose((63, 88), paper, gutter=0)
    assert layout.per_page >= 6
    for slot in layout.slots:
        assert inside(slot, layout.page.safe)
    for x1, y1, x2, y2 in layout.cut_marks():
        assert inside((min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)), layout.page.safe)
        assert not any(inside((min(x1, x2) + 0.01, min(y1, y2) + 0.01, 0, 0), s) and
                       inside((max(x1, x2) - 0.01, max(y1, y2) - 0.01, 0, 0), s) for s in layout.slots)


def test_more_per_page_than_fit_is_refused():
    with pytest.raises(ValueError, match="at most 2 fit on a letter page"):
        impose((194, 126), "letter", per_page=3)


def test_an_item_larger_than_the_safe_area_is_refused():
    with pytest.raises(ValueError, match="does not fit inside the safe area of a4"):
        impose((200, 290), "a4")


def test_landscape_is_chosen_when_it_holds_more():
    layout = impose((120, 90), "a4")
    assert layout.page.width > layout.page.height and layout.per_page == 4


def test_a_pad_reuses_the_sheet_drawing_so_extra_sheets_cost_little():
    game = load("lost-cities")
    one = len(render(Job(game, "score-sheet", players=2, copies=1)))
    hundred = len(render(Job(game, "score-sheet", players=2, copies=50)))
    assert (hundred - one) / 99 < 2048, "each added sheet should cost under 2 KB"
