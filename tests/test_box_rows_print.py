"""Rows of boxes as a Qwinto-like sheet has them: rows starting further in, a gap, boxes of other shapes and
marks; every box on the grid of slots (box side + 1 mm), whatever the row."""
from __future__ import annotations

import pytest

import layouts
from tests.pdfread import read_pages

ROWS = """\
schema: 2
id: rows
name: Rows
players: {min: 1, max: 4}
colours:
  orange: {label: Orange, rgb: "#c4600c", glyph: triangle}
  yellow: {label: Yellow, rgb: "#9a7d0a", glyph: circle}
  purple: {label: Purple, rgb: "#8a4fb0", glyph: square}
printables:
  sheet:
    title: Staggered rows
    size: [150, 50]
    blocks:
      - type: box_rows
        at: [5, 5, 140, 40]
        head: 20
        rows:
          - {colour: orange, labels: ["", "", "", "", "", "", "", "", ""], offset: 2, gaps: [4],
             shapes: {3: pentagon, 8: pentagon}, scored: false}
          - {colour: yellow, labels: ["", "", "", "", "", "", "", "", ""], offset: 1, gaps: [5],
             shapes: {2: pentagon, 7: star}, marks: {4: star}, scored: false}
          - {colour: purple, first: 1, last: 9, gaps: [6], shapes: {1: circle}, end: lock, scored: false}
"""
SIDE = (140 - 20 - 1) / 12 - 1
"""The widest row takes 12 slots (2 in, 9 boxes, a gap): each slot a box side and 1 mm."""


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    folder = tmp_path_factory.mktemp("rows")
    (folder / "rows.yaml").write_text(ROWS, encoding="utf-8")
    from typer.testing import CliRunner

    from sheets.cli import app

    for args in (["check", str(folder / "rows.yaml")], ["print", str(folder / "rows.yaml"), "--out", str(folder)]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
    return read_pages((folder / "rows-sheet.pdf").read_bytes())[0]


def slots_of(page, row: int) -> dict[int, float]:
    """Slot (from the row's head) -> the width of the outline drawn in it, for one row of the first sheet."""
    boxes = [m for m in page["marks"] if m.kind == "curve" and SIDE * 0.8 < m.w < SIDE * 1.2
             and m.fill and min(m.fill[:3]) > 0.99]  # white boxes, not the heads' coloured badges
    top = min(m.y for m in boxes)
    marks = [m for m in boxes if m.y < top + 40]  # the first (topmost) sheet's
    first = min(m.x for m in marks)
    return {round((m.x + m.w / 2 - first - SIDE / 2) / (SIDE + 1)): round(m.w / SIDE, 2) for m in marks
            if round((m.y - top) / (40 / 3)) == row}


def test_rows_start_in_their_offset_and_leave_their_gaps_on_one_grid(page):
    assert sorted(slots_of(page, 0)) == [2, 3, 4, 5, 7, 8, 9, 10, 11]
    assert sorted(slots_of(page, 1)) == [1, 2, 3, 4, 5, 7, 8, 9, 10]
    assert sorted(slots_of(page, 2)) == [0, 1, 2, 3, 4, 5, 7, 8, 9, 10], "the gap after box 6, the lock in slot 10"


def test_a_box_takes_the_shape_its_place_names(page):
    pentagon = 0.95  # a pentagon's width is 0.95 of its height's circle: sin 72°
    assert [slot for slot, width in slots_of(page, 0).items() if width == pentagon] == [4, 10]
    assert slots_of(page, 1)[2] == pentagon and slots_of(page, 1)[8] > 1, "a star reaches past its slot"


def test_a_shape_or_gap_past_the_last_box_is_refused(tmp_path):
    (tmp_path / "rows.yaml").write_text(ROWS.replace("gaps: [6]", "gaps: [10]"), encoding="utf-8")
    with pytest.raises(layouts.LayoutError) as refused:
        layouts.load_file(tmp_path / "rows.yaml")
    assert "gaps: the row has 9 boxes, no box 10 (places count from 1)" in refused.value.problems[0]
