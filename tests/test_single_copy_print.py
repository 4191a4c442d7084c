"""Fewer sheets than a page holds (a single copy of a shared sheet) are centred on the page at their size,
not placed where the first of a full page would go. PDFs are read back with tests/pdfread.py."""
from __future__ import annotations

import pytest

import layouts
from sheets.ink import Ink
from sheets.paper import MARK_LENGTH, impose
from sheets.render import Job, render
from tests.pdfread import outside_margin, read_pages

TOLERANCE = 0.5  # mm: line widths


def test_a_single_item_is_centred_on_the_page_a_full_page_is_not_changed():
    alone = impose((194, 126), "a4", total=1)
    assert alone.per_page == 1
    x, y, w, h = alone.slots[0]
    assert (x + w / 2, y + h / 2) == pytest.approx((alone.page.width / 2, alone.page.height / 2))
    assert impose((194, 126), "a4", total=7).slots == impose((194, 126), "a4").slots


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ink", ["color", "mono"])
@pytest.mark.parametrize("game_id,printable", [("simstown", "score-pad"), ("monolyth", "piece-reference")])
def test_one_copy_of_a_shared_sheet_prints_in_the_middle_of_the_page_at_its_size(game_id, printable, paper, ink):
    game = layouts.load(game_id)
    page = read_pages(render(Job(game, printable, copies=1, paper=paper, ink=Ink(ink))))[0]
    w, h = game.printables[printable].size
    left, top = (page["width"] - w) / 2, (page["height"] - h) / 2
    marks = [m for m in page["marks"] if not (m.kind == "line" and max(m.w, m.h) <= MARK_LENGTH + 0.1)]  # cut marks
    drawn = (min(m.x for m in marks), min(m.y for m in marks),
             max(m.x + m.w for m in marks), max(m.y + m.h for m in marks))
    assert drawn[0] >= left - TOLERANCE and drawn[2] <= left + w + TOLERANCE
    assert drawn[1] >= top - TOLERANCE and drawn[3] <= top + h + TOLERANCE
    assert drawn[3] - drawn[1] > 0.8 * h, "the sheet is drawn at its natural size"
    assert not outside_margin(page)
    assert "50 mm" in page["text"]
