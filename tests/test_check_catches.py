"""`rollsheet check` catches what is valid but would not print or play as the sheet says: characters the
print font lacks, coloured columns the scoring never reads, counts that disagree, marks too pale for paper."""
from __future__ import annotations

import pytest
import yaml

import layouts
from layouts.colours import contrast_on_white, darker
from layouts.upgrade import CURRENT
from sheets.jobs import plan_jobs
from sheets.render import render
from tests.pdfread import read_pages

LOST_CITIES = layouts.HERE / "lost-cities.yaml"


def variant(tmp_path, change) -> str:
    """Lost Cities written for today's layout schema, changed."""
    data = yaml.safe_load(LOST_CITIES.read_text()) | {"schema": CURRENT}
    change(data)
    path = tmp_path / "variant.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return str(path)


def checked(cli, path) -> list[str]:
    result = cli("check", path)
    return result.output.strip().splitlines() if result.exit_code else []


def sheet(data: dict) -> list:
    return data["printables"]["score-sheet"]["blocks"]


def test_a_character_the_print_font_lacks_is_named_with_its_text(cli, tmp_path):
    path = variant(tmp_path, lambda d: sheet(d)[6].update(text="Arrows ↗ climb"))
    assert checked(cli, path) == [f"{path}: printables.score-sheet.blocks[6].text: '↗' (NORTH EAST ARROW) cannot "
                                  f"be printed: the print font (Helvetica) has no such character and draws a black "
                                  f"box, in 'Arrows ↗ climb'; write it in words or draw an icon"]


def test_german_and_spanish_letters_print(cli, tmp_path):
    assert checked(cli, variant(tmp_path, lambda d: sheet(d)[6].update(text="Größe, año, ¿qué? – 10 €"))) == []


def test_a_coloured_column_the_scoring_never_reads_is_named(cli, tmp_path):
    def drop_purple(data):
        data["scoring"]["sections"][0]["fields"][0]["members"].remove("purple")

    path = variant(tmp_path, drop_purple)
    assert checked(cli, path) == [f"{path}: printables.score-sheet.blocks[2].columns[5]: the purple column is on "
                                  f"the sheet but no field of the scoring reads it: add 'purple' to a field, a "
                                  f"group's members or a part, or say `scored: false`"]

    def not_scored(data):
        drop_purple(data)
        sheet(data)[2]["columns"][5]["scored"] = False

    assert checked(cli, variant(tmp_path, not_scored)) == []


def test_a_house_value_and_its_list_must_count_alike(cli, tmp_path):
    path = variant(tmp_path, lambda d: d["lists"]["bridges"]["items"].append({"id": "extra", "label": "Extra"}))
    assert checked(cli, path) == [f"{path}: values.bridges: 8, but the list 'bridges' holds 9 items; "
                                  f"make the two agree"]


def test_a_pale_colour_gets_its_ratio_and_a_darker_value_that_passes(cli, tmp_path):
    path = variant(tmp_path, lambda d: d["colours"]["blue"].update(rgb="#d9d9d9"))
    fix = darker("#d9d9d9")
    assert checked(cli, path) == [f"{path}: colours.blue.rgb: #d9d9d9 has a contrast of 1.4:1 on white paper; "
                                  f"lines and glyphs printed in it need 3:1 (WCAG non-text contrast): give it "
                                  f"`line: \"{fix}\"` ({contrast_on_white(fix):.1f}:1) for its marks, or a darker rgb"]
    assert contrast_on_white(fix) >= 3 and fix != "#000000"
    assert checked(cli, variant(tmp_path, lambda d: d["colours"]["blue"].update(rgb="#d9d9d9", line=fix))) == []


@pytest.mark.parametrize("rgb, ratio", [("#ffffff", 1.0), ("#000000", 21.0), ("#767676", 4.54)])
def test_contrast_is_the_wcag_ratio(rgb, ratio):
    assert contrast_on_white(rgb) == pytest.approx(ratio, abs=0.01)


def test_a_light_colour_prints_its_lines_in_its_darker_shade():
    game = layouts.load("lost-cities")
    job = plan_jobs([(game, str(LOST_CITIES))], ["score-sheet"], 2, 1, "a4", "color", None, None, False, False)[0]
    strokes = {mark.stroke for page in read_pages(render(job)) for mark in page["marks"] if mark.stroke}
    line = tuple(round(int(game.colours["yellow"].line[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))
    rgb = tuple(round(int(game.colours["yellow"].rgb[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))
    shown = {tuple(round(part, 3) for part in stroke) for stroke in strokes if len(stroke) == 3}
    assert line in shown and rgb not in shown


def test_a_score_field_read_off_marks_the_sheets_do_not_have_is_named(cli, tmp_path):
    def misread(data):
        data["scoring"]["sections"][1]["fields"][0]["from_marks"] = "marked(columns.artefacts)"

    path = variant(tmp_path, misread)
    assert checked(cli, path) == [f"{path}: scoring: field 'artifacts': from_marks 'marked(columns.artefacts)' cannot "
                                  f"be read off the sheets (no 'artefacts' here); their blocks: columns, total"]


def test_a_score_field_read_off_marks_as_a_list_is_named(cli, tmp_path):
    path = variant(tmp_path, lambda d: d["scoring"]["sections"][1]["fields"][0].update(from_marks="columns.c7"))
    unmarked = ", ".join(["None"] * 9)
    assert checked(cli, path) == [f"{path}: scoring: field 'artifacts': from_marks 'columns.c7' gives [{unmarked}], "
                                  f"not a number: count its marks, e.g. marked(...)"]
