"""Games written as YAML alone (the templates in layouts/templates): a Qwixx-style sheet and a Kniffel-style pad,
printed and read back.

They use the kit's box rows (numbers up or down, a lock at the end), the horizontal
points table and computed score-pad rows.
"""
from __future__ import annotations

from collections import Counter

import pytest

import layouts
from sheets.ink import Ink
from sheets.render import Job, render
from tests.pdfread import outside_margin, read_pages
from tests.pdftext import words as words_on

EXAMPLES = layouts.TEMPLATES
QWIXX = layouts.load_file(EXAMPLES / "qwixx.yaml")
KNIFFEL = layouts.load_file(EXAMPLES / "kniffel.yaml")
LOCK_ARC_POINTS = 13  # the lock's shackle: an open arc of 13 points
ROWS = {"red": list(range(2, 13)), "yellow": list(range(2, 13)), "green": list(range(12, 1, -1)),
        "blue": list(range(12, 1, -1))}
"""The rows top down, each with its numbers left to right."""


def printed(game, paper="a4", ink="color") -> bytes:
    return render(Job(game, next(iter(game.printables)), players=2, paper=paper, ink=Ink(ink)))


def words(pdf: bytes) -> list[tuple[str, float, float]]:
    """The words on the first page: (text, centre x, centre y) in mm."""
    return [(w.text, w.x + w.w / 2, w.y + w.h / 2) for w in words_on(read_pages(pdf)[0])]


def lock_centres(pdf: bytes) -> list[tuple[float, float]]:
    return [(c.x + c.w / 2, c.y + c.h) for c in read_pages(pdf)[0]["marks"]
            if c.kind == "curve" and len(c.points) == LOCK_ARC_POINTS]


@pytest.mark.parametrize("paper, ink", [("a4", "color"), ("letter", "mono")])
def test_qwixx_rows_number_their_boxes_up_or_down_and_end_in_a_lock(paper, ink):
    pdf = printed(QWIXX, paper, ink)
    page = read_pages(pdf)[0]
    on_page = words(pdf)
    numbered = [m for m in page["marks"] if m.kind == "curve" and 10 < m.w < 16 and abs(m.w - m.h) < 0.01
                and m.fill in ((1, 1, 1), (1,))
                and any(w.isdigit() and m.x < x < m.x + m.w and m.y < y < m.y + m.h for w, x, y in on_page)]
    first_sheet = sorted((b for b in numbered if b.y < page["height"] / 2), key=lambda b: (round(b.y), b.x))
    rows = [[b for b in first_sheet if round(b.y) == y] for y in sorted({round(b.y) for b in first_sheet})]
    locks = lock_centres(pdf)
    assert [len(row) for row in rows] == [11] * 4
    for head, row in zip(ROWS, rows, strict=True):
        numbers = [next(int(w) for w, x, y in on_page if b.x < x < b.x + b.w and b.y < y < b.y + b.h) for b in row]
        assert numbers == ROWS[head], head
        after = [(x, y) for x, y in locks if row[-1].x + row[-1].w < x < row[-1].x + 2.5 * row[-1].w
                 and row[0].y < y < row[0].y + row[0].h]
        assert len(after) == 1, f"one lock after the {head} row"
    assert not outside_margin(page)


def test_qwixx_points_table_runs_across_and_penalties_have_their_boxes():
    text = read_pages(printed(QWIXX))[0]["text"]
    assert "crosses 1 2 3 4 5 6 7 8 9 10 11 12" in text
    assert "Points 1 3 6 10 15 21 28 36 45 55 66 78" in text
    assert text.count("Penalties -5 -5 -5 -5") == 2, "two sheets a page, four penalty boxes each"


@pytest.mark.parametrize("ink", ["color", "mono"])
def test_kniffel_computed_rows_are_sums_not_write_in_boxes(ink):
    pdf = printed(KNIFFEL, ink=ink)
    page = read_pages(pdf)[0]
    pads = [b for b in KNIFFEL.printables["score-pad"].blocks if b.type == "score_pad"]
    columns = pads[0].columns
    computed = sum(row.computed for pad in pads for row in pad.rows)
    write_in = sum(not row.computed for pad in pads for row in pad.rows) + 1  # and the name row
    bordered = [m for m in page["marks"] if m.kind == "curve" and m.w > 15 and m.h > 8 and m.stroke]
    assert len(bordered) == columns * write_in == 6 * 14
    rules = Counter(round(m.y, 1) for m in page["marks"] if m.kind == "line" and 15 < m.w < 25 and m.h < 0.01)
    double_rules = [y for y in rules if rules[y] == columns and round(y + 0.9, 1) in rules]
    assert len(double_rules) == computed == 6, "each computed row has a double sum rule over every column"
    equals = [m for m in page["marks"] if m.kind == "char" and m.text == "="]
    assert len(equals) == columns * computed
    assert not any(b.y - 1 < y < b.y + b.h for b in bordered for y in double_rules), "no write-in box on a sum"


def test_kniffel_pad_prints_its_sections_bonus_and_grand_total_from_the_values():
    text = " ".join(read_pages(printed(KNIFFEL))[0]["text"].split())
    values = KNIFFEL.values
    for words_ in ("UPPER SECTION", "LOWER SECTION", "Upper total", "GRAND TOTAL",
                   f"{values['upper_bonus']} if the upper total is {values['upper_bonus_at']} or more",
                   f"5 in a row: {values['large_straight_points']}", "should measure 50 mm"):
        assert words_ in text, words_
