"""`rollsheet print --for pad|sleeve`: a print shop's pad pages (trim, bleed, crop marks, glue edge) and sleeve pages.

PDFs are read back: the page boxes with pypdf, what is drawn with tests/pdfread.py.
"""
from __future__ import annotations

from io import BytesIO

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

import layouts
from bench.print_bench import naive_pad
from sheets.errors import UsageError
from sheets.jobs import check_request, choose_games, output_name, plan_jobs
from sheets.paper import BLEED, GLUE_EDGE, QUIET, SLUG, lay_out
from sheets.render import Job, render
from tests.pdfread import PT, Printed, read_pages
from tests.printing import print_into, qpdf_check, render_png

EVERY = [(g, p) for g in layouts.game_ids() for p in layouts.load(g).printables]
TOLERANCE = 0.3  # mm: line widths


def pdf_of(game_id: str, printable: str, made_for: str, **options) -> bytes:
    return render(Job(layouts.load(game_id), printable, players=2, made_for=made_for, **options))


@pytest.fixture(scope="module")
def printed():
    """(game, printable, made_for) -> (the PDF, its pages read back), cards with their backs."""
    return Printed(lambda g, p, made_for: (pdf := pdf_of(g, p, made_for, backs=True), read_pages(pdf)))


def boxes_mm(page) -> dict[str, tuple[float, float, float, float]]:
    """A pypdf page's TrimBox and BleedBox as x, y, width, height in mm from the page's top left."""
    height = float(page.mediabox.height)
    found = {}
    for name, box in (("trim", page.trimbox), ("bleed", page.bleedbox)):
        left, bottom, right, top = (float(v) for v in (box.left, box.bottom, box.right, box.top))
        found[name] = (left * PT, (height - top) * PT, (right - left) * PT, (top - bottom) * PT)
    return found


# --- geometry --------------------------------------------------------------------------------------------------

def test_a_pad_sheet_is_trimmed_with_a_quiet_margin_a_blank_glue_edge_on_top_and_bleed_and_marks_outside():
    layout, scale = lay_out((194, 126), "letter", "pad")
    x, y, w, h = layout.trim_box()
    assert scale == 1 and (w, h) == (194 + 2 * QUIET, 126 + GLUE_EDGE + QUIET)
    assert layout.slots[0] == (x + QUIET, y + GLUE_EDGE, 194, 126)
    assert (layout.page.width, layout.page.height) == (w + 2 * SLUG, h + 2 * SLUG)
    assert layout.bleed_box() == (x - BLEED, y - BLEED, w + 2 * BLEED, h + 2 * BLEED)
    assert len(layout.marks()) == 8
    for x1, y1, x2, y2 in layout.marks():
        on_a_trim_line = {x1, x2} <= {x, x + w} or {y1, y2} <= {y, y + h}
        outside_the_bleed = min(x1, x2) >= x + w + BLEED or max(x1, x2) <= x - BLEED or \
            min(y1, y2) >= y + h + BLEED or max(y1, y2) <= y - BLEED
        assert on_a_trim_line and outside_the_bleed


def test_cards_are_cut_not_padded_so_their_trim_is_their_size():
    layout, _ = lay_out((63, 88), "a4", "pad", gutter=0)
    assert layout.trim_box()[2:] == (63, 88)


def test_a_sleeve_sheet_fills_the_safe_area_one_way_round_and_has_no_marks():
    layout, scale = lay_out((194, 126), "a4", "sleeve")
    (_, y, w, h), = layout.slots
    _, sy, sw, sh = layout.page.safe
    assert layout.page.width > layout.page.height and scale > 1.4
    assert w == pytest.approx(sw) and sy <= y and y + h <= sy + sh + 1e-9
    assert layout.marks() == []


# --- the PDFs --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id, printable", EVERY)
def test_pad_pages_carry_trim_and_bleed_boxes_3_mm_apart_and_crop_marks_outside_the_trim(printed, game_id, printable,
                                                                                        tmp_path):
    pdf, pages = printed[game_id, printable, "pad"]
    (tmp_path / "pad.pdf").write_bytes(pdf)
    assert qpdf_check(tmp_path / "pad.pdf").returncode == 0
    spec = layouts.load(game_id).printables[printable]
    for number, page in enumerate(PdfReader(BytesIO(pdf)).pages):
        found = boxes_mm(page)
        (tx, ty, tw, th), (bx, by, bw, bh) = found["trim"], found["bleed"]
        quiet, glue = (0, 0) if spec.gutter == 0 else (QUIET, GLUE_EDGE)
        assert (tw, th) == pytest.approx((spec.size[0] + 2 * quiet, spec.size[1] + glue + quiet), abs=0.01)
        assert (tx - bx, ty - by, bw - tw, bh - th) == pytest.approx((BLEED, BLEED, 2 * BLEED, 2 * BLEED), abs=0.01)
        drawn = pages[number]["marks"]
        outside = [m for m in drawn if m.x + m.w < tx - TOLERANCE or m.x > tx + tw + TOLERANCE
                   or m.y + m.h < ty - TOLERANCE or m.y > ty + th + TOLERANCE]
        assert len(outside) == 8 and all(m.kind == "line" and max(m.w, m.h) == pytest.approx(5, abs=0.1)
                                         for m in outside), "the crop marks, and nothing else, outside the trim"
        in_glue = [m for m in drawn if m not in outside and m.y < ty + glue - TOLERANCE]
        assert not in_glue, f"drawn into the glue edge: {in_glue[:3]}"
        near_the_cut = [m for m in drawn if m not in outside and (m.x < tx + quiet - TOLERANCE
                        or m.x + m.w > tx + tw - quiet + TOLERANCE or m.y + m.h > ty + th - quiet + TOLERANCE)]
        assert not near_the_cut, f"drawn into the quiet margin: {near_the_cut[:3]}"


@pytest.mark.parametrize("game_id, printable", EVERY)
def test_a_sleeve_prints_one_grown_sheet_a_page_with_no_cut_marks(printed, game_id, printable):
    _, pages = printed[game_id, printable, "sleeve"]
    spec = layouts.load(game_id).printables[printable]
    layout, scale = lay_out(spec.size, "a4", "sleeve", gutter=spec.gutter)
    (x, y, w, h), = layout.slots
    assert scale >= 1
    for page in pages:
        stray = [m for m in page["marks"] if m.x < x - TOLERANCE or m.y < y - TOLERANCE
                 or m.x + m.w > x + w + TOLERANCE or m.y + m.h > y + h + TOLERANCE]
        assert not stray, f"drawn outside the sheet (cut marks?): {stray[:3]}"


def test_a_sleeve_makes_the_write_in_boxes_larger_and_keeps_the_scale_bar_50_mm(printed):
    _, sleeve = printed["lost-cities", "score-sheet", "sleeve"]
    home = read_pages(pdf_of("lost-cities", "score-sheet", "home"))

    def widest_box(page):
        return max(m.w for m in page["marks"] if m.kind in ("rect", "curve") and m.h > 5 and m.w < 40)
    assert widest_box(sleeve[0]) > 1.4 * widest_box(home[0])
    assert any(m.kind == "rect" and m.w == pytest.approx(50, abs=0.1) and m.h < 2 for m in sleeve[0]["marks"])


# --- the command ----------------------------------------------------------------------------------------------

def test_pad_and_sleeve_files_are_named_so_and_a_pad_has_no_paper_size():
    game = layouts.load("lost-cities")
    assert output_name(Job(game, "score-sheet", paper="letter", made_for="pad")) == "lost-cities-score-sheet-pad.pdf"
    assert output_name(Job(game, "score-sheet", paper="letter", made_for="sleeve")) == \
        "lost-cities-score-sheet-sleeve-letter.pdf"


@pytest.mark.parametrize("made_for", ["pad", "sleeve"])
def test_more_than_one_sheet_a_page_is_refused_for_a_pad_or_a_sleeve(made_for):
    with pytest.raises(UsageError, match=f"--per-page 2: --for {made_for} prints one sheet a page"):
        check_request(1, 2, None, made_for=made_for)


def test_print_all_prints_the_card_backs_that_carry_words():
    games = [pair for pair in choose_games(None, True) if pair[0].id == "monolyth"]
    jobs = plan_jobs(games, [], None, 1, "a4", "color", None, None, all_games=True, made_for="pad")
    assert [job.printable for job in jobs if job.with_backs] == ["structure-cards"]
    assert not any(job.with_backs for job in plan_jobs(games, [], None, 1, "a4", "color", None, None))


def test_a_sleeve_grows_a_card_back_with_its_card(printed):
    _, pages = printed["monolyth", "structure-cards", "sleeve"]
    spans = [max(m.x + m.w for m in page["marks"]) - min(m.x for m in page["marks"]) for page in pages[:2]]
    assert spans[0] > 2 * 63 and spans[1] > 2 * 63, "a back as large as a home card would span under 63 mm"


def test_print_for_pad_writes_the_pad_file(tmp_path):
    print_into(tmp_path, "lost-cities", "--for", "pad", "--players", "2", "--paper", "letter")
    assert [p.name for p in tmp_path.glob("*.pdf")] == ["lost-cities-score-sheet-pad.pdf"]
    assert len(read_pages((tmp_path / "lost-cities-score-sheet-pad.pdf").read_bytes())) == 2


@pytest.mark.parametrize("game_id, printable", [("lost-cities", "score-sheet"), ("monolyth", "player-boards")])
def test_pad_pages_look_as_if_every_sheet_were_drawn_in_full(game_id, printable, tmp_path):
    job = Job(layouts.load(game_id), printable, players=3, copies=2, url="http://table.local:5000", made_for="pad")
    ours, naive = [], []
    for name, pdf, into in (("ours", render(job), ours), ("naive", naive_pad(job), naive)):
        (tmp_path / f"{name}.pdf").write_bytes(pdf)
        into += [Image.open(png).convert("RGB") for png in render_png(tmp_path / f"{name}.pdf", tmp_path, dpi=50)]
    assert len(ours) == len(naive) == 6
    assert all(ImageChops.difference(a, b).getbbox() is None for a, b in zip(ours, naive, strict=True))
