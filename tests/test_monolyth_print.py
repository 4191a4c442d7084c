"""Monolyth printables: the layout's pieces and patterns, and what the PDFs really draw.

Each PDF is rendered once per module (fixtures) and read back with tests/pdfread.py.
"""
from __future__ import annotations

from collections import Counter
from io import BytesIO
from pathlib import Path

import pdfplumber
import pytest

import layouts
from layouts.patterns import monolith_size
from sheets.ink import INK_MODES, Ink
from sheets.render import Job, render
from tests.glyphread import read_glyphs
from tests.pdfread import PT, Printed, outside_margin, read_pages
from tests.pdftext import words
from tests.printing import decode_qr, print_into, qpdf_check, render_png

URL = "http://table.local:5000"
GAME = layouts.load("monolyth")
LAYOUT = Path(layouts.__file__).parent / "monolyth.yaml"
CARD_FRAME = (59, 84, 61, 86)  # the rounded frame inside a 63 x 88 mm card


def pdf_of(printable, players=3, paper="a4", ink="color", backs=False) -> bytes:
    return render(Job(GAME, printable, players, 1, paper, Ink(ink), URL, None, backs))


@pytest.fixture(scope="module")
def every_pdf():
    """(printable, paper, ink) -> pages read back, cards with backs."""
    return Printed(lambda name, paper, ink: read_pages(pdf_of(name, paper=paper, ink=ink, backs=True)))


# --- the layout's data ---------------------------------------------------------------------------

def test_every_pattern_lies_inside_the_monolith_and_stands():
    size, short, tall = monolith_size(GAME.values)
    assert len(GAME.patterns) >= 12
    for pattern in GAME.patterns:
        for height, cubes in pattern.variants(GAME.values):
            assert height in (short, tall)
            assert all(0 <= x < size and 0 <= y < size and 0 <= z < height for x, y, z in cubes), pattern.id
            assert all(z == 0 or (x, y, z - 1) in cubes for x, y, z in cubes), f"{pattern.id} floats"


def test_pieces_are_connected_polycubes_counted_per_colour_as_the_rules_say():
    counts = {piece.id: piece.count for piece in GAME.pieces}
    assert counts == {"D2": 3, "I3": 2, "L3": 2, "I4": 1, "O4": 1, "T4": 1, "L4": 1, "S4": 1, "TR4": 1, "TW4": 1}
    assert all(2 <= len(piece.cubes) <= 4 for piece in GAME.pieces)
    assert sorted(piece.id for piece in GAME.pieces if not piece.flat) == ["TR4", "TW4"]
    assert GAME.values["blocks_per_colour"] == 8
    assert len(GAME.colours) == 5


def test_the_four_boards_each_have_four_different_edge_colours():
    board = next(b for b in GAME.printables["player-boards"].blocks if b.type == "edge_board")
    assert len(board.boards) == 4
    assert len({tuple(edges) for edges in board.boards}) == 4
    assert all(len(set(edges)) == 4 for edges in board.boards)


@pytest.mark.parametrize("old, new, message", [
    ("layers: [[X..X, ...., ...., X..X], [X..X, ...., ...., X..X], [X..X",
     "layers: [[X..X, ...., ...., X..X], [X..XX, ...., ...., X..X], [X..X",
     "patterns[1].layers: layer 2 row 1 'X..XX': 5 cells; the board is 4 wide"),
    ("layers: [[.XX., XXXX, XXXX, .XX.], [.XX., XXXX, XXXX, .XX.]]",
     "layers: [[.XX., XXXX, XXXX, .XX.], [.XX., XXXX, XXXX, .XX.], [X..., ...., ...., ....], [X..., ...., ...., ....]]",
     "patterns[2].layers: 4 layers; a 4x4x3 monolith has 1 to 3"),
    ("layers: [[XXXX, XXXX, XXXX, XXXX], [...., .XX., .XX., ....], [...., .X.., ...., ....]]",
     "layers: [[XXXX, XXXX, XXXX, XXXX], [...., .XX., .XX., ....], [...., ...X, ...., ....]]",
     "patterns[10].layers: layer 3 row 2 cell 4: floats above a free cell of layer 2"),
    ("{id: TW4, name: twist, count: 1, cubes: [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]]}",
     "{id: TW4, name: twist, count: 1, cubes: [[0, 0, 0], [1, 0, 0], [1, 1, 0], [3, 3, 1]]}",
     "pieces[9]: piece TW4: cubes are not connected"),
    ("{label: Prophecy 2, icon: eye, parts: [N, cubes, met, pts]}",
     "{label: Prophecy 2, icon: eye, parts: [N, cubes, met, pts, bonus]}",
     "printables.score-pad.blocks[4].rows: 'Prophecy 2' splits 35.6 mm boxes into 5 parts of 7.1 mm; "
     "write-in boxes need 8 mm"),
])
def test_check_rejects_a_broken_layout_with_one_line_per_field(cli, tmp_path, old, new, message):
    text = LAYOUT.read_text(encoding="utf-8")
    assert old in text
    broken = tmp_path / "monolyth.yaml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = cli("check", broken)
    assert result.exit_code == 1
    assert f"{broken}: {message}" in result.stderr.splitlines()


# --- what the PDFs draw --------------------------------------------------------------------------

@pytest.mark.slow
def test_nothing_reaches_into_the_safe_margin_on_any_paper_in_any_ink(every_pdf):
    for key in [(name, paper, ink) for name in GAME.printables for paper in ("a4", "letter") for ink in INK_MODES]:
        for number, page in enumerate(every_pdf[key], start=1):
            assert outside_margin(page) == [], f"{key} page {number}"


def test_one_structure_card_per_pattern_each_with_its_name_and_text(every_pdf):
    fronts = every_pdf["structure-cards", "a4", "color"][0::2]
    frames = [m for page in fronts for m in page["marks"] if m.kind == "curve"
              and CARD_FRAME[0] <= m.w <= CARD_FRAME[1] and CARD_FRAME[2] <= m.h <= CARD_FRAME[3]]
    assert len(frames) == len(GAME.patterns) == 12
    text = " ".join(" ".join(page["text"].split()) for page in fronts)
    for pattern in GAME.patterns:
        assert text.count(pattern.name) == 1
        assert pattern.text.split()[-1] in text


@pytest.mark.parametrize("paper, per_page, page_count", [("a4", 5, 6), ("letter", None, 4)])
def test_card_backs_follow_each_page_at_the_mirrored_positions(paper, per_page, page_count):
    """Half-full pages (5 a page on A4: 3 + 2; 8 + 4 on Letter landscape) tell mirrored from copied."""
    pdf = render(Job(GAME, "structure-cards", 3, 1, paper, Ink(), URL, per_page, backs=True))
    pages = read_pages(pdf)
    assert len(pages) == page_count
    for front, back in zip(pages[0::2], pages[1::2], strict=True):
        width, height = front["width"], front["height"]
        cards = [(r.x, r.y, r.x + r.w, r.y + r.h) for r in front["marks"]
                 if r.kind == "curve" and 59 <= r.w <= 61 and 84 <= r.h <= 86]
        if width <= height:
            mirrored = [(width - x1, top, width - x0, bottom) for x0, top, x1, bottom in cards]
        else:
            mirrored = [(x0, height - bottom, x1, height - top) for x0, top, x1, bottom in cards]
        titles = [w for w in words(back) if w.text == "MONOLYTH"]
        assert len(titles) == len(cards)
        for word in titles:
            cx = word.x + word.w / 2
            inside = [m for m in mirrored if m[0] < cx < m[2] and m[1] < word.y < m[3]]
            assert len(inside) == 1 and abs(cx - (inside[0][0] + inside[0][2]) / 2) < PT  # within 1 pt


def read_tokens(page) -> Counter:
    """(label, value) for each token circle: big characters are the value, small ones the label."""
    circles = [m for m in page["marks"] if m.kind == "curve" and 19 <= m.w <= 21 and 19 <= m.h <= 21]
    tokens = Counter()
    for c in circles:
        chars = sorted((m for m in page["marks"] if m.kind == "char" and m.text.strip()
                        and c.x < m.x + m.w / 2 < c.x + c.w and c.y < m.y + m.h / 2 < c.y + c.h),
                       key=lambda m: (round(m.y), m.x))
        value = "".join(m.text for m in chars if m.h > 4)
        label = "".join(m.text for m in chars if m.h <= 4)
        tokens[label, int(value)] += 1
    return tokens


PROPHECIES = Counter({("Prophecy", v): 2 for v in (4, 6, 8, 10, 12)})


def test_three_players_get_the_top_three_tokens_of_each_stack_and_no_level_4():
    expected = Counter({("Level1", 5): 1, ("Level1", 3): 1, ("Level1", 2): 1, ("Level2", 6): 1, ("Level2", 4): 1,
                        ("Level2", 2): 1, ("Level3", 8): 1, ("Level3", 5): 1, ("Level3", 3): 1,
                        ("Structure", 12): 1, ("Structure", 8): 1, ("Structure", 5): 1}) + PROPHECIES
    [page] = read_pages(pdf_of("tokens", players=3))
    assert read_tokens(page) == expected
    assert "Tokens for a table of 3" in page["text"]


def test_one_player_gets_level_4_and_the_prophecies_14_and_16():
    expected = Counter({("Level1", 5): 1, ("Level2", 6): 1, ("Level3", 8): 1, ("Level4", 10): 1,
                        ("Structure", 12): 1, ("Prophecy", 14): 2, ("Prophecy", 16): 2}) + PROPHECIES
    [page] = read_pages(pdf_of("tokens", players=1))
    assert read_tokens(page) == expected


def test_each_player_gets_a_board_with_a_prophecy_slot_in_each_edge_colour():
    pdf = pdf_of("player-boards", players=3)
    first, second = read_pages(pdf)
    assert second["text"].count("Prophecy") == 4  # board 3 alone: 3 players, two boards a page
    board = {w.text for w in words(second) if w.x + w.w < 140}  # the glyph key lies right of the board, from 141 mm
    assert board & {colour.label for colour in GAME.colours.values()} == {"Black", "Teal", "Red", "Blue"}
    edges = {glyph.shape for glyph in read_glyphs(pdf)[1] if glyph.x < 140}
    assert edges == {GAME.colours[colour].glyph for colour in ("black", "teal", "red", "blue")}
    assert "board 3" in second["text"] and "board 4" not in first["text"] + second["text"]
    assert "4x4x3: 3-4 players" in first["text"] and "4x4x4: 1-2 players" in first["text"]


def test_score_pad_has_a_row_per_score_item_and_digit_boxes_big_enough(every_pdf):
    [page] = every_pdf["score-pad", "a4", "color"]
    for label in ("Structure", "Level 1", "Level 4", "Prophecy 1", "Prophecy 4", "TOTAL"):
        assert label in page["text"]
    assert page["text"].count("N cubes met pts") == 4 * 4
    assert "Play on until someone completes their monolith, then finish the round." in " ".join(page["text"].split())
    write_in = [m for m in page["marks"] if m.kind == "curve" and m.h >= 8 and m.w >= 30]
    assert len(write_in) >= 4 * 11


def test_piece_reference_names_every_piece_with_its_count(every_pdf):
    [page] = every_pdf["piece-reference", "a4", "color"]
    for piece in GAME.pieces:
        assert f"{piece.id} {piece.name}" in page["text"]
    assert "8 of each colour" in page["text"]
    assert all(colour.label in page["text"] for colour in GAME.colours.values())


# --- the command -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """`rollsheet print monolyth --players 3 --backs` into a folder, once."""
    return print_into(tmp_path_factory.mktemp("monolyth"), "monolyth", "--players", "3", "--backs",
                      "--companion-url", URL)


def test_print_writes_every_printable_and_qpdf_finds_them_sound(printed):
    names = sorted(p.name for p in printed.glob("*.pdf"))
    assert names == sorted(f"monolyth-{name}.pdf" for name in GAME.printables)
    for path in printed.glob("*.pdf"):
        check = qpdf_check(path)
        assert check.returncode == 0, check.stdout + check.stderr


@pytest.mark.parametrize("printable", ["score-pad", "tokens"])
def test_qr_code_scans_to_the_monolyth_companion_page(printed, tmp_path, printable):
    first_page = render_png(printed / f"monolyth-{printable}.pdf", tmp_path, dpi=200)[0]
    assert decode_qr(first_page) == [f"{URL}/play/monolyth"]
    text = read_pages((printed / f"monolyth-{printable}.pdf").read_bytes())[0]["text"]
    assert "pieces &" in text and "dice" not in text.lower()  # Monolyth has a market of pieces, no dice


def test_backs_without_any_card_back_is_a_usage_error(cli, tmp_path):
    result = cli("print", "monolyth", "--what", "score-pad", "--backs", "--out", tmp_path)
    assert result.exit_code == 2
    assert "--backs" in result.stderr


def test_a_token_stack_is_headed_on_every_line_it_wraps_to():
    with pdfplumber.open(BytesIO(render(Job(layouts.load("monolyth"), "tokens", 2)))) as doc:
        headings = [w["text"] for w in doc.pages[0].extract_words(extra_attrs=["size", "fontname"])
                    if 8.5 < w["size"] < 9.5 and "Bold" in w["fontname"]]  # a token's own label is smaller
    assert headings.count("Prophecy") == 3  # every table's 10 prophecies on two lines, those of 1-2 players
    assert headings.count("Level") == 4 and headings.count("Structure") == 1


def test_the_two_height_labels_of_a_spanish_structure_card_stand_apart():
    game = layouts.load("monolyth", "es")
    page = read_pages(render(Job(game, "structure-cards", 2, lang="es")))[0]
    card = [w for w in words(page) if w.x + w.w < 10 + 63 and w.y < 10 + 25]
    labels = [w for w in card if w.text in ("niveles:", "jugadores", "3-4", "1-2")]
    middle = 10 + 63 / 2
    left = [w for w in labels if w.x + w.w / 2 < middle]
    right = [w for w in labels if w.x + w.w / 2 > middle]
    assert len(left) == len(right) == 3
    assert min(w.x for w in right) - max(w.x + w.w for w in left) > 1.5


@pytest.mark.parametrize("lang", layouts.LANGUAGES)
def test_each_slots_words_lie_inside_its_inner_ring(lang):
    """The slot's label ("Prophezeiung" ran through the ring) and its colour's name, every corner of each word's
    box inside the slot's inner ring, in every language."""
    game = layouts.load("monolyth", lang)
    board = next(b for b in game.printables["player-boards"].blocks if b.type == "edge_board")
    inner = board.slot / 2 - 1.2
    page = read_pages(render(Job(game, "player-boards", 4, lang=lang)))[0]
    rings = [(c.x + c.w / 2, c.y + c.h / 2) for c in page["marks"]
             if c.kind == "curve" and max(abs(c.w - 2 * inner), abs(c.h - 2 * inner)) < 0.2]
    named = [w for w in words(page, x_tolerance=1.5)
             if w.text in {board.slot_label} | {colour.label for colour in game.colours.values()}]
    assert len(rings) == 8, "4 slots on each of the page's 2 boards"
    in_rings = 0
    for word in named:
        corners = [(x, y) for x in (word.x, word.x + word.w) for y in (word.y, word.y + word.h)]
        centre = min(rings, key=lambda c: (c[0] - corners[0][0]) ** 2 + (c[1] - corners[0][1]) ** 2)
        if max(abs(x - centre[0]) for x, _ in corners) > board.slot:
            continue  # a colour's name in the glyph key beside the board
        in_rings += 1
        far = max(((x - centre[0]) ** 2 + (y - centre[1]) ** 2) ** 0.5 for x, y in corners)
        assert far <= inner, f"{word.text!r} reaches {far:.2f} mm from its slot's centre, the ring is at {inner:.2f}"
    assert in_rings == 16, "a label and a colour name in each of the 8 slots"
