"""Simstown printables: the city plan, build-field cards, chip sheet and score pad, read back from the PDFs."""
from __future__ import annotations

import copy
import re
from collections import Counter

import pytest
import yaml
from reportlab.lib.colors import HexColor

import layouts
from layouts.write_ins import places
from sheets.ink import INK_MODES, Ink
from sheets.paper import grow_scale, impose
from sheets.render import Job, render
from tests import pdftext
from tests.glyphread import read_glyphs
from tests.pdfread import Printed, outside_margin, read_pages
from tests.printing import decode_qr, qpdf_check, render_png

URL = "http://table.local:5000"
GAME = layouts.load("simstown")
PLAN = next(b for b in GAME.printables["city-plan"].blocks if b.type == "region_map")
FIELDS = next(b for b in GAME.printables["build-fields"].blocks if b.type == "dice_fields")
PAD = next(b for b in GAME.printables["score-pad"].blocks if b.type == "score_pad")
CLOSE = 0.25


@pytest.fixture(scope="module")
def pdfs():
    """(printable, paper, ink) -> (pdf, pages): A4 and Letter in every ink, the plan on A3 too."""
    def printed(name, paper, ink):
        pdf = render(Job(GAME, name, 4, paper=paper, ink=Ink(ink), url=URL))
        return pdf, read_pages(pdf)

    return Printed(printed)


def near(a: float, b: float) -> bool:
    return abs(a - b) < CLOSE


def plan_fields_drawn(printed, paper):
    """The expected field squares on the plan's page, each as (type, the drawn mark or None, the shapes of the
    glyphs drawn inside it, its side)."""
    pdf, pages = printed
    page, drawn_glyphs = pages[0], read_glyphs(pdf)[0]
    scale = grow_scale(GAME.printables["city-plan"].size, paper)
    slot_x, slot_y, _, _ = impose(tuple(s * scale for s in GAME.printables["city-plan"].size), paper).slots[0]
    found = []
    for kind, (x, y, side, _) in ((place.colour, place.at) for place in places(GAME, "city-plan")):
        x, y, side = slot_x + x * scale, slot_y + y * scale, side * scale
        mark = next((m for m in page["marks"] if m.kind == "curve" and near(m.x, x) and near(m.y, y)
                     and near(m.w, side) and near(m.h, side)), None)
        glyphs = {g.shape for g in drawn_glyphs if x < g.x < x + side and y < g.y < y + side}
        found.append((kind, mark, glyphs, side))
    return found


@pytest.mark.parametrize("paper,ink", [("a4", "color"), ("letter", "mono"), ("a3", "color")])
def test_plan_draws_every_field_of_the_layout_with_its_type_glyph(pdfs, paper, ink):
    found = plan_fields_drawn(pdfs["city-plan", paper, ink], paper)
    assert len(found) == PLAN.field_count == 48
    assert all(mark is not None for _, mark, _, _ in found)
    assert all(GAME.colours[kind].glyph in glyphs for kind, _, glyphs, _ in found)
    assert {kind for kind, *_ in found} == set(PLAN.types) == {"houses", "commercial", "industry", "parks"}


def test_plan_has_projects_of_2_to_4_fields_for_every_type_with_4_field_parks_and_houses(pdfs):
    page = pdfs["city-plan", "a4", "color"][1][0]
    by_fill = {tuple(round(v, 3) for v in HexColor(GAME.colours[kind].rgb).rgb()): kind for kind in PLAN.types}
    by_glyph = {GAME.colours[kind].glyph: kind for kind in PLAN.types}
    fields = [(mark, {by_glyph[g] for g in glyphs if g in by_glyph})
              for _, mark, glyphs, _ in plan_fields_drawn(pdfs["city-plan", "a4", "color"], "a4")]
    sizes = {}
    for lot in (m for m in page["marks"]
                if m.kind == "curve" and m.fill and tuple(round(v, 3) for v in m.fill) in by_fill):
        inside = [kinds for mark, kinds in fields if lot.x < mark.x and mark.x + mark.w < lot.x + lot.w
                  and lot.y < mark.y and mark.y + mark.h < lot.y + lot.h]
        if inside:  # a project's lot in its type's colour, its fields showing that type's glyph
            kind = by_fill[tuple(round(v, 3) for v in lot.fill)]
            assert all(kinds == {kind} for kinds in inside)
            sizes.setdefault(kind, []).append(len(inside))
    assert {kind: sum(counts) for kind, counts in sizes.items()} == {kind: 12 for kind in PLAN.types}
    assert all(2 <= n <= 4 for counts in sizes.values() for n in counts)
    assert all(len(set(counts)) >= 2 for counts in sizes.values()), "every type comes in several sizes"
    assert 4 in sizes["parks"] and 4 in sizes["houses"]


def block_texts(game, printable) -> list[str]:
    """The words printed inside each text block's box on the first sheet (A4), in the layout's order."""
    spec = game.printables[printable]
    scale = grow_scale(spec.size, "a4") if spec.grow else 1.0
    left, top, _, _ = impose(tuple(s * scale for s in spec.size), "a4", total=1).slots[0]  # one sheet: centred
    page = read_pages(render(Job(game, printable, 1, url=URL)))[0]
    return [" ".join(pdftext.text(page, within=(left + x * scale, top + y * scale, left + (x + w) * scale,
                                                top + (y + h) * scale)).split())
            for x, y, w, h in (b.at for b in spec.blocks if b.type == "text")]


def test_solo_house_rule_is_printed_from_its_value_and_building_is_optional():
    game = GAME.model_copy(update={"values": {**GAME.values, "solo_turns": 25}})
    plan, card = " ".join(block_texts(game, "city-plan")), " ".join(block_texts(game, "build-fields"))
    assert "Solo (house rule): the game lasts 25 turns; every type you built counts as your majority" in plan
    assert "SOLO (house rule): the game lasts 25 turns; every type you built counts as your majority" in card
    assert "may put 1 chip" in plan and "A build field full? You may build" in card


def test_plan_is_larger_on_a3(pdfs):
    a4_side = plan_fields_drawn(pdfs["city-plan", "a4", "color"], "a4")[0][3]
    a3_side = plan_fields_drawn(pdfs["city-plan", "a3", "color"], "a3")[0][3]
    assert a3_side > 1.4 * a4_side
    assert not outside_margin(pdfs["city-plan", "a3", "color"][1][0])


def test_plan_numbers_every_district_and_names_types_and_streets(pdfs):
    page = pdfs["city-plan", "a4", "mono"][1][0]
    numbers = {m.text for m in page["marks"] if m.kind == "char" and m.text.isdigit() and m.h > 5}
    assert numbers == {str(n) for n in range(1, len(PLAN.districts) + 1)} and len(PLAN.districts) == 8
    for kind in PLAN.types:
        assert GAME.colours[kind].label in page["text"]
    for street in PLAN.streets:
        if street.cells[2] > street.cells[3]:
            assert street.name in page["text"]


def test_plan_prints_the_scoring_values_of_the_layout():
    values = {**GAME.values, "points_per_chip": 2, "majority_points": 6, "points_per_district": 7}
    game = GAME.model_copy(update={"values": values})
    page = read_pages(render(Job(game, "city-plan", paper="a4", url=URL)))[0]
    slot_x, _, width, _ = impose(game.printables["city-plan"].size, "a4").slots[0]
    right_column = sorted((m.y, m.text) for m in page["marks"] if m.kind == "char" and near(m.x + m.w, slot_x + width))
    assert [text for _, text in right_column] == ["2", "6", "7"]


def test_build_field_cards_show_each_face_as_pips_in_a_chip_sized_circle(pdfs):
    pdf, pages = pdfs["build-fields", "a4", "color"]
    circles = [m for page in pages for m in page["marks"] if m.kind == "curve"
               and near(m.w, FIELDS.circle) and near(m.h, FIELDS.circle)]
    pip = FIELDS.circle * 0.6 * 0.2
    glyphs = [g for page in read_glyphs(pdf) for g in page]
    pips = [m for page in pages for m in page["marks"] if m.kind == "curve" and near(m.w, pip) and m.fill
            and not any(g.x <= m.x and m.x + m.w <= g.x + g.side for g in glyphs)]  # a ring glyph's hole is no pip
    faces = [face for field in FIELDS.fields for face in field.faces]
    assert len(circles) == 4 * len(faces) == 4 * 24
    assert len(pips) == 4 * sum(faces)
    assert FIELDS.circle >= GAME.printables["chips"].blocks[0].size
    assert "Joker" in pages[0]["text"] and "Pass the dice left" in pages[0]["text"]


def test_chip_sheet_holds_36_chips_per_player_with_its_glyph(pdfs):
    chips = GAME.printables["chips"].blocks[0]
    pdf, pages = pdfs["chips", "letter", "mono"]
    squares = [m for m in pages[0]["marks"] if m.kind == "rect" and near(m.w, chips.size) and near(m.h, chips.size)]
    glyphs = Counter(g.shape for g in read_glyphs(pdf)[0]
                     if any(s.x < g.x and g.x + g.side < s.x + s.w and s.y < g.y < s.y + s.h for s in squares))
    assert len(squares) == 4 * GAME.values["chips_per_player"] == 144
    assert {glyphs[GAME.colours[c].glyph] for c in chips.colours} == {36}


def test_cut_marks_only_around_the_chip_cards_printed(pdfs):
    size = GAME.printables["chips"].size
    assert impose(size, "a4").per_page > 4
    lowest_card = max(y + h for _, y, _, h in impose(size, "a4", total=4).slots)  # the 4 printed
    marks = [m for m in pdfs["chips", "a4", "color"][1][0]["marks"] if m.kind == "line"]
    assert marks and max(m.y + m.h for m in marks) <= lowest_card + 4.5


def test_score_pad_has_a_box_per_player_and_row(pdfs):
    page = pdfs["score-pad", "a4", "color"][1][0]
    boxes = [m for m in page["marks"] if m.kind == "curve" and m.w > 8 and m.h > 8 and m.fill == (1.0, 1.0, 1.0)]
    assert len(boxes) == PAD.columns * (len(PAD.rows) + 1) == 4 * 8
    for label in ("Houses", "Commercial", "Industry", "Parks", "Majorities", "Districts", "TOTAL"):
        assert label in page["text"]


@pytest.mark.slow
def test_every_mark_inside_the_safe_margin_on_a4_and_letter_in_every_ink(pdfs):
    for name, paper, ink in [(name, paper, ink) for paper in ("a4", "letter") for ink in INK_MODES
                             for name in GAME.printables]:
        for number, page in enumerate(pdfs[name, paper, ink][1], start=1):
            assert not outside_margin(page), f"{name} {paper} {ink} page {number}"


def test_print_simstown_writes_all_printables_that_pass_qpdf_and_scan(cli, tmp_path):
    result = cli("print", "simstown", "--players", 4, "--companion-url", URL, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "build-fields.pdf  (4 sheets" in result.output and "chips.pdf  (4 sheets" in result.output
    for name in GAME.printables:
        assert qpdf_check(tmp_path / f"simstown-{name}.pdf").returncode == 0
    for name in ("city-plan", "build-fields", "score-pad"):
        first_page = render_png(tmp_path / f"simstown-{name}.pdf", tmp_path)[0]
        assert f"{URL}/play/simstown" in decode_qr(first_page)


def _broken(tmp_path, change) -> str:
    raw = yaml.safe_load((layouts.HERE / "simstown.yaml").read_text())
    raw = copy.deepcopy(raw)
    change(next(b for b in raw["printables"]["city-plan"]["blocks"] if b["type"] == "region_map"))
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(raw))
    return str(path)


def _set(path, value):
    def change(plan):
        *parents, last = path
        target = plan
        for key in parents:
            target = target[key]
        target[last] = value
    return change


@pytest.mark.parametrize("change,message", [
    (_set(["districts", 1, "projects", 1, "cells"], [5, 1, 2, 2]),
     r"districts\[1\]\.projects\[1\]\.cells: .*overlaps districts\[1\]\.projects\[0\]"),
    (_set(["districts", 2, "projects", 0, "cells"], [11, 0, 2, 1]),
     r"districts\[2\]\.projects\[0\]\.cells: .*outside the 12 x 10 plan"),
    (_set(["districts", 0, "projects", 0, "type"], "harbour"),
     r"districts\[0\]\.projects\[0\]\.type: unknown type 'harbour'"),
    (_set(["districts", 3, "projects"], []), r"districts\[3\]\.projects: this district has no project"),
])
def test_check_rejects_a_broken_plan_with_one_line_pointing_at_the_field(cli, tmp_path, change, message):
    path = _broken(tmp_path, change)
    result = cli("check", path)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1
    assert re.match(rf"{re.escape(path)}: printables\.city-plan\.blocks\[2\]\S*: ", lines[0])
    assert re.search(message, lines[0]), lines[0]
