"""Copenhagen's shape sheet and reference cards as they reach paper: every shape, tick boxes, cut cards."""
from __future__ import annotations

from collections import Counter

import pytest

from tests.copenhagen_pdfs import LIMITED, UNLIMITED, pages_of, pdf_of, words_of
from tests.pdfread import boxes


def test_shape_sheet_divides_unlimited_shapes_from_15_single_use_tiles_with_tick_boxes(printed):
    path = pdf_of(printed["a4", "mono"], "shape-sheet")
    page = pages_of(path)[0]
    divider = next(m for m in page["marks"] if m.kind == "line" and m.h > 100)
    ids = {w[0]: w for w in words_of(path) if w[0] in UNLIMITED + LIMITED}
    assert sorted(ids) == sorted(UNLIMITED + LIMITED)
    assert all(ids[i][1] < divider.x for i in UNLIMITED) and all(ids[i][1] > divider.x for i in LIMITED)
    ticks = [b for b in boxes(page, 3.5, 3.5, 4.5, 4.5) if abs(b.w - b.h) < 0.01 and b.stroke is not None]
    assert len(ticks) == 15
    for tick in ticks:  # each tick box sits just left of a single-use tile's id
        assert any(0 < ids[i][1] - tick.x - tick.w < 2.5 and abs(ids[i][2] - tick.y - tick.h / 2) < 2.5
                   for i in LIMITED)
    assert "2 players (house rule): before play, cross off one size-4 tile of each colour" in page["text"]


def test_shape_sheet_draws_each_shape_from_its_cell_map_above_its_id(printed, game_layout):
    path = pdf_of(printed["a4", "low"], "shape-sheet")
    unit = 7.0
    squares = {(round(b.x, 1), round(b.y, 1)) for b in boxes(pages_of(path)[0], unit - 0.1, unit - 0.1, unit + 0.1,
                                                                unit + 0.1) if b.kind == "rect"}
    labels = [w for w in words_of(path) if w[0] in UNLIMITED + LIMITED]
    drawn = {}
    for x, y in squares:  # each cell belongs to the nearest id below it
        below = [label for label in labels if 0 < label[2] - y < 30]
        owner = min(below, key=lambda label: abs(label[1] + 2 - x - unit / 2) + (label[2] - y) / 10)
        drawn.setdefault(owner[0], []).append((x, y))
    assert len(squares) == sum(s.size for s in game_layout.shapes) == 90
    for shape in game_layout.shapes:
        cells = drawn[shape.id]
        left, top = min(x for x, _ in cells), min(y for _, y in cells)
        assert {(round((x - left) / unit), round((y - top) / unit)) for x, y in cells} == shape.cell_set, shape.id


def test_reference_card_shows_every_shape_id_on_each_of_four_cut_cards(printed):
    for paper in ("a4", "letter"):
        path = pdf_of(printed[paper, "color"], "reference-card")
        page = pages_of(path)[0]
        words = Counter(w[0] for w in words_of(path))
        assert all(words[i] == 4 for i in UNLIMITED + LIMITED)
        cut_marks = [m for m in page["marks"] if m.kind == "line" and max(m.w, m.h) == pytest.approx(3, abs=0.1)]
        assert len(cut_marks) >= 8
