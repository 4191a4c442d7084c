"""The Lost Cities score sheet as it reaches paper: size, margins, boxes, QR, structure."""
from __future__ import annotations

from itertools import pairwise

import pytest

import layouts
from sheets.paper import impose
from sheets.render import Job, render
from tests import pdftext
from tests.pdfread import PT, boxes, outside_margin, read_pages
from tests.printing import decode_qr, print_into, qpdf_check, render_png

URL = "http://table.local:5000"
ARTIFACT_CORNERS = 6  # the artifact icon: a gem of five corners, drawn closed
PAGE_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@pytest.fixture(scope="module", params=["a4", "letter"])
def printed(request, tmp_path_factory):
    """`rollsheet print lost-cities --players 4 --paper P --companion-url URL` once per paper."""
    out = print_into(tmp_path_factory.mktemp(request.param), "lost-cities", "--players", "4",
                     "--paper", request.param, "--companion-url", URL)
    pdf = next(out.glob("*.pdf"))
    return request.param, pdf, read_pages(pdf.read_bytes())


def test_pages_are_exactly_the_paper_size(printed):
    paper, _, pages = printed
    for page in pages:
        assert (page["width"], page["height"]) == pytest.approx(PAGE_MM[paper], abs=0.05)


def test_four_players_get_four_sheets_two_per_page(printed):
    _, _, pages = printed
    assert len(pages) == 2
    assert [p["text"].count("LOST CITIES") for p in pages] == [2, 2]


def test_every_mark_lies_inside_the_safe_margin(printed):
    _, _, pages = printed
    for page in pages:
        assert outside_margin(page) == []


def test_each_sheet_has_72_large_write_in_boxes(printed):
    """At least 10 x 7.55 mm: room for a two-digit number (the turn printed under the columns takes the rest)."""
    _, _, pages = printed
    write_in = write_in_boxes(pages[0])
    assert len(write_in) == 2 * (8 * 9 + 8), "9 boxes in each of 8 columns, plus a points box per column"
    assert all(b.fill in ((1, 1, 1), None) or b.fill == (1.0, 1.0, 1.0) for b in write_in)


def write_in_boxes(page) -> list:
    """The boxes a number is written in: taller than the 7.5 mm column heads."""
    return boxes(page, min_w=10, min_h=7.55, max_w=20, max_h=12)


def sheet_columns(page) -> list[list]:
    """The write-in boxes of each column, left to right over both sheets, each column top to bottom."""
    columns = {}
    for box in write_in_boxes(page):
        columns.setdefault((round(box.x), box.y > page["height"] / 2), []).append(box)
    return [sorted(col, key=lambda b: b.y) for _, col in sorted(columns.items(), key=lambda kv: (kv[0][1], kv[0][0]))]


def artifact_centres(page) -> list[tuple[float, float]]:
    return [(c.x + c.w / 2, c.y + c.h / 2) for c in page["marks"]
            if c.kind == "curve" and len(c.points) == ARTIFACT_CORNERS]


def test_box_9_of_every_expedition_holds_the_artifact_symbol(printed):
    _, _, pages = printed
    centres = artifact_centres(pages[0])
    columns = sheet_columns(pages[0])
    assert len(columns) == 16 and all(len(col) == 10 for col in columns), "9 boxes and a points box, 8 columns x 2"
    for sheet in (columns[:8], columns[8:]):
        for number, column in enumerate(sheet):
            box_9 = column[0]
            inside = [c for c in centres if box_9.x < c[0] < box_9.x + box_9.w and box_9.y < c[1] < box_9.y + box_9.h]
            assert len(inside) == (1 if number < 6 else 0), f"column {number + 1}"


def right_column_text(page, paper: str) -> str:
    """The words of the right-hand column (table, legend, rules) of every sheet on the first page, sheet by sheet:
    read from the page as a whole, a line of the columns' bridge badges falls between two lines of the legend."""
    spec = layouts.load("lost-cities").printables["score-sheet"]
    columns = [(left + 135, top, left + spec.size[0], top + spec.size[1])
               for left, top, _, _ in impose(spec.size, paper).slots]
    return " ".join(" ".join(pdftext.text(page, within=column).split()) for column in columns)


def test_a_legend_explains_every_icon_the_dice_column_and_the_full_column_artifact(printed):
    paper, _, pages = printed
    text = right_column_text(pages[0], paper)
    bonus = layouts.load("lost-cities").values["bridge_points"]
    for words in ("Arrow: repeat a started expedition's top number; on another arrow, again",
                  "Artifact: mark the next artifact box", "Circle: a 0 before the start doubles the column",
                  "Bridge: first to fill box 7;", "all (house rule)", f"+{bonus}",
                  "Dice column: refuse the dice to mark its lowest free box; box 9: exhausted, but you keep playing.",
                  "The active player refuses: the others pick from all 6 dice (house rule).",
                  "A full expedition that could take one more number gives an artifact",
                  "The game ends after the turn in which all players are exhausted or all 8 bridges are taken.",
                  "Points (house rule); published: Artifacts and Dice boxes 8-9, Dice boxes 1-3"):
        assert text.count(words) == 2, words


def test_bridge_between_boxes_six_and_seven_is_marked_with_its_value(printed):
    _, _, pages = printed
    bonus = layouts.load("lost-cities").values["bridge_points"]
    assert pages[0]["text"].count(" ".join([str(bonus)] * 8)) == 2, "a bridge badge on all 8 columns"


def test_points_table_is_printed_from_the_layout(printed):
    _, _, pages = printed
    tables = layouts.load("lost-cities").tables
    for box in range(1, 10):
        row = f"{box} {tables['expedition'].values[box]} {tables['artifacts'].values[box]} {tables['dice'].values[box]}"
        assert row in pages[0]["text"]


def test_qr_code_opens_the_companion_for_this_game(printed, tmp_path):
    _, pdf, _ = printed
    first_page = render_png(pdf, tmp_path)[0]
    assert decode_qr(first_page) == [f"{URL}/play/lost-cities"] * 2


def test_pdf_passes_qpdf_check(printed):
    _, pdf, _ = printed
    done = qpdf_check(pdf)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
def test_each_points_table_header_stands_apart_in_its_own_column(lang):
    """"Espacio" once filled its 20 % first column edge to edge and read "EspacioExpedición": every column is now
    as wide as its widest text and more, so the headers read as words with room between them."""
    game = layouts.load("lost-cities", lang)
    spec = game.printables["score-sheet"]
    block = next(b for b in spec.blocks if b.type == "table")
    left, top, _, _ = impose(spec.size, "a4").slots[0]
    x, y, w, h = block.at
    page = read_pages(render(Job(game, "score-sheet", game.players.min, lang=lang)))[0]
    words = pdftext.words(page, x_tolerance=1, within=(left + x, top + y, left + x + w, top + y + h / 10))
    divider = [line for line in page["marks"] if line.kind == "line" and abs(line.y - (top + y)) < PT and line.w == 0
               and left + x + 1 < line.x < left + x + w - 1]
    header = [block.header] + [game.tables[t].label for t in block.tables]
    assert [word.text for word in words] == header
    gaps = [b.x - (a.x + a.w) for a, b in pairwise(words)]
    assert min(gaps) >= 1.5, f"{header}: {gaps}"
    assert len(divider) == 1 and words[0].x + words[0].w + 0.4 <= divider[0].x <= words[1].x - 0.4
