"""Copenhagen's printables as they reach paper: facade, tracks, tally, turn text, QR, margins (shapes and cards:
test_copenhagen_shapes_print.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.copenhagen_pdfs import PRINTABLES, URL, page_count, pages_of, pdf_of, words_of
from tests.glyphread import read_glyphs
from tests.pdfread import boxes, outside_margin
from tests.printing import decode_qr, qpdf_check, render_png

TRACKS = {  # RULES.md section 1, read off the rulebook, not the layout
    "red": "+*+***---", "blue": "+*-*+*---", "purple": "+-*+*-*--", "green": "+--*+-**-", "yellow": "+-*+-**--",
}


@pytest.fixture(scope="module")
def sheet(printed) -> dict:
    """The first A4 colour player sheet page."""
    return pages_of(pdf_of(printed["a4", "color"], "player-sheet"))[0]


def icons(path: Path, page: int = 0) -> list[tuple[str, float, float]]:
    """Star (10 corners) and plus (12 corners) icons on a page: (kind, centre x, centre y) in mm."""
    kinds = {11: "*", 13: "+"}
    return [(kinds[len(c.points)], c.x + c.w / 2, c.y + c.h / 2) for c in pages_of(path)[page]["marks"]
            if c.kind == "curve" and len(c.points) in kinds]


def rows_of(marks, key=lambda m: m.y) -> list[list]:
    """Marks grouped by (rounded) y, top to bottom, each row left to right."""
    rows = {}
    for mark in marks:
        rows.setdefault(round(key(mark), 1), []).append(mark)
    return [sorted(row, key=lambda m: m.x) for _, row in sorted(rows.items())]


def test_print_writes_four_player_sheets_a_shape_sheet_and_four_cards(printed):
    for folder in printed.values():
        assert page_count(pdf_of(folder, "player-sheet")) == 4
        assert page_count(pdf_of(folder, "shape-sheet")) == 1
        cards = pages_of(pdf_of(folder, "reference-card"))
        assert len(cards) == 1 and cards[0]["text"].count("COPENHAGEN") == 4


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ink", ["color", "low", "mono"])
def test_every_mark_lies_inside_the_safe_margin(printed, paper, ink):
    for printable in PRINTABLES:
        for page in pages_of(pdf_of(printed[paper, ink], printable)):
            assert outside_margin(page) == [], printable


def test_mono_prints_black_and_greys_only(printed):
    for printable in PRINTABLES:
        for page in pages_of(pdf_of(printed["a4", "mono"], printable)):
            colours = {c for m in page["marks"] for c in (m.stroke, m.fill) if c is not None}
            assert all(len(set(c)) == 1 for c in colours), printable


def test_facade_is_45_square_white_cells_of_at_least_10mm(sheet):
    cells = [b for b in boxes(sheet, 10, 10, 25, 25) if b.kind == "rect" and abs(b.w - b.h) < 0.01
             and b.fill in ((1, 1, 1), (1,))]
    assert len(cells) == 45
    assert len({round(c.x, 1) for c in cells}) == 5 and len({round(c.y, 1) for c in cells}) == 9


def test_shields_sit_beside_rows_2_4_6_from_the_bottom_and_above_columns_2_and_4(printed, sheet):
    cells = [b for b in boxes(sheet, 10, 10, 25, 25) if b.kind == "rect" and abs(b.w - b.h) < 0.01]
    xs, ys = sorted({c.x for c in cells}), sorted({c.y for c in cells})
    side = cells[0].w
    sheet = pages_of(pdf_of(printed["a4", "color"], "player-sheet"))[0]
    shields = [(c.x + c.w / 2, c.y + c.h / 2) for c in sheet["marks"] if c.kind == "curve" and len(c.points) == 12]
    beside = sorted(y for x, y in shields if x < xs[0])
    above = sorted(x for x, y in shields if y < ys[0])
    assert beside == pytest.approx([ys[8 - row] + side / 2 for row in (5, 3, 1)], abs=0.5)
    assert above == pytest.approx([xs[col] + side / 2 for col in (1, 3)], abs=0.5)


def tracks_top(path: Path) -> float:
    """The y (mm) of the ABILITY TRACKS heading: the tracks lie below it, the points tally above."""
    return next(y for w, _, y in words_of(path) if w == "ABILITY")


def white_squares(page, low, high) -> list:
    """Rounded white squares between `low` and `high` mm across, outlined (a white glyph has no outline)."""
    return [b for b in boxes(page, low, low, high, high) if b.kind == "curve" and abs(b.w - b.h) < 0.01
            and b.fill in ((1, 1, 1), (1,)) and b.stroke is not None]


def test_ability_tracks_put_each_symbol_in_its_own_mark_space_under_its_box(printed, sheet, game_layout):
    path = pdf_of(printed["a4", "color"], "player-sheet")
    top = tracks_top(path)
    colour_of = {colour.glyph: name for name, colour in game_layout.colours.items()}
    badges = [g for g in read_glyphs(path.read_bytes())[0] if g.y > top]
    rewards = [(x, y) for w, x, y in words_of(path) if w == "+2"]
    track_boxes = [b for b in white_squares(sheet, 6, 10) if b.y > top and b.x > min(g.x for g in badges) + 5
                   and not any(b.x < x < b.x + b.w and b.y < y < b.y + b.h for x, y in rewards)]
    spaces = [b for b in white_squares(sheet, 2.5, 5) if b.y > top]
    rows = rows_of(track_boxes)
    assert len(rewards) == 5, "a completion reward after each track"
    assert len(track_boxes) == 45 and [len(r) for r in rows] == [9] * 5
    symbols = icons(path)
    for row in rows:
        colour = next(colour_of[g.shape] for g in badges if row[0].y <= g.y + g.side / 2 <= row[0].y + row[0].h)
        drawn = ""
        for box in row:
            assert not [k for k, x, y in symbols if box.x < x < box.x + box.w and box.y < y < box.y + box.h]
            under = [k for k, x, y in symbols if box.x < x < box.x + box.w and box.y + box.h < y < box.y + 1.8 * box.h]
            drawn += under[0] if under else "-"
            if under:  # the symbol sits in a mark space of its own, just under the box
                assert len([s for s in spaces if box.x < s.x and s.x + s.w < box.x + box.w
                            and box.y + box.h < s.y and s.y + s.h < box.y + 1.8 * box.h]) == 1
        assert drawn == TRACKS[colour], colour
    assert len(spaces) == sum(len(t) - t.count("-") for t in TRACKS.values())


def test_two_red_stars_are_printed_apart_from_the_tracks(printed, sheet):
    stars = [s for s in icons(pdf_of(printed["a4", "color"], "player-sheet")) if s[0] == "*"]
    assert len(stars) == sum(t.count("*") for t in TRACKS.values()) + 2
    assert "Red star: reroll any dice" in sheet["text"]


def test_points_tally_runs_1_to_20_and_marks_12_as_the_end(printed, sheet):
    path = pdf_of(printed["a4", "color"], "player-sheet")
    tally = [b for b in boxes(sheet, 7, 7, 9.9, 9.9) if b.kind == "curve" and abs(b.w - b.h) < 0.01
             and b.y < tracks_top(path)]
    rows = rows_of(tally)
    assert len(tally) == 20 and [len(r) for r in rows] == [10, 10]
    words = words_of(path)

    def inside(box, below=0.0):
        return [w for w, x, y in words if box.x <= x <= box.x + box.w and box.y + below <= y <= box.y + box.h + below]

    assert [inside(b) for row in rows for b in row] == [[str(n)] for n in range(1, 21)]
    assert [inside(b, below=b.h / 2 + 2) for row in rows for b in row if inside(b) == ["12"]] == [["END"]]


def test_sheet_has_name_line_start_player_box_and_scoring_reminder(sheet):
    text = " ".join(sheet["text"].split())
    for words in ("Name", "Start player", "1 with a brick, 2 all windows", "2 with a brick, 4 all windows",
                  "Completed ability track: 2", "1x1 window"):
        assert words in text


def test_sheet_says_how_a_turn_works_and_prints_the_tie_break_as_a_house_rule(sheet, game_layout):
    text = " ".join(sheet["text"].split())
    for words in ("YOUR TURN", "Roll all 5 dice. In your turn you may use as many stars as you like, at any time",
                  "its dice + jokers", "(the grey face, any colour)", "+ phantom dice (its + symbols you",
                  "you may take one unused die and cross the leftmost empty box of its colour",
                  "a joker crosses any track (house rule)", "rotate, never mirror (house rule)",
                  "Blue star: as you draw, its brick becomes a window",
                  f"2 players (house rule): take {game_layout.values['two_player_dice']} dice.",
                  "Tie (house rule): fewest empty cells wins",
                  "Green star: turn all dice of one colour into another, never into jokers (house rule)",
                  "draw one 1x1 window in any empty cell,",
                  "Cross a box to earn the symbol under it; cross the symbol when you use it"):
        assert words in text, words


@pytest.mark.parametrize("printable", ["player-sheet", "shape-sheet"])
def test_qr_code_opens_the_companion(printed, tmp_path, printable):
    png = render_png(pdf_of(printed["letter", "mono"], printable), tmp_path, dpi=150)[0]
    assert decode_qr(png) == [f"{URL}/play/copenhagen"]


def test_every_pdf_passes_qpdf_check(printed):
    for printable in PRINTABLES:
        done = qpdf_check(pdf_of(printed["a4", "color"], printable))
        assert done.returncode == 0, done.stdout + done.stderr
