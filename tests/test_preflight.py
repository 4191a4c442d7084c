"""`rollsheet check`'s print preflight: overlapping blocks, small QR codes and text that cannot fit at 7 pt."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import layouts
from sheets.preflight import preflight
from tests.test_layouts import variant

SIMSTOWN = Path(layouts.__file__).parent / "simstown.yaml"
MONOLYTH = layouts.HERE / "monolyth.yaml"
LOST_CITIES = layouts.HERE / "lost-cities.yaml"
SHEET = "printables.score-sheet.blocks"


def lost_cities_block(data, kind) -> tuple[int, dict]:
    """(index, block) of the first block of a kind on the Lost Cities score sheet."""
    return next((i, b) for i, b in enumerate(data["printables"]["score-sheet"]["blocks"]) if b["type"] == kind)


def variant_data(path: Path) -> dict:
    return yaml.safe_load(path.read_text())


def problems(cli, *paths) -> list[str]:
    """`rollsheet check`'s problem lines (its exit code 1 when there are any, else 0)."""
    result = cli("check", *paths)
    assert result.exit_code == (1 if result.stderr else 0), result.output
    return result.stderr.splitlines()


def test_every_shipped_layout_and_every_template_pass(cli):
    kit = layouts.layout_files(layouts.TEMPLATES)
    shipped = [Path(layouts.__file__).parent / f"{game}.yaml" for game in layouts.game_ids()]
    assert {p.stem for p in kit} == {"fives", "kniffel", "knister", "qwixx", "three-rows"}
    assert problems(cli, *[str(p) for p in shipped + kit]) == []


def test_a_block_laid_over_another_is_refused_with_both_named(cli, tmp_path):
    def move_qr_onto_the_total(data):  # the total ends at 163 mm; the QR, as tall, beside it from 166
        qr = lost_cities_block(data, "qr")[1]
        qr["at"] = [160, *qr["at"][1:]]

    path = variant(tmp_path, move_qr_onto_the_total)
    (qr, block), total = lost_cities_block(variant_data(path), "qr"), lost_cities_block(variant_data(path), "write_box")
    total = total[0]
    assert problems(cli, path) == [f"{path}: {SHEET}[{qr}].at: overlaps blocks[{total}] (write_box) by 3 x "
                                   f"{block['at'][3]:g} mm; move one, or let one overlap (`overlap: true`)"]


def test_a_block_that_says_it_may_overlap_is_accepted(cli, tmp_path):
    def overlap_on_purpose(data):
        qr = lost_cities_block(data, "qr")[1]
        qr.update(at=[160, *qr["at"][1:]], overlap=True)

    assert problems(cli, variant(tmp_path, overlap_on_purpose)) == []


def test_a_qr_code_under_15_mm_is_refused_on_every_paper(cli, tmp_path):
    def narrow_qr(data):
        qr = lost_cities_block(data, "qr")[1]
        qr.update(at=[166, qr["at"][1], 14, qr["at"][3]], caption="Scan")

    path = variant(tmp_path, narrow_qr)
    index = lost_cities_block(variant_data(path), "qr")[0]
    assert problems(cli, path) == [f"{path}: {SHEET}[{index}].at: the QR code comes out 14 mm on a4, letter, a3; "
                                   f"phones need 15 mm or more"]


def test_a_grown_board_is_measured_at_its_a3_scale(cli, tmp_path):
    def small_qr(data):
        qr = next(b for b in data["printables"]["city-plan"]["blocks"] if b["type"] == "qr")
        qr.update(at=[211, 124, 12, 46], caption="Scan")

    [line] = problems(cli, variant(tmp_path, small_qr, SIMSTOWN))
    assert line.endswith("the QR code comes out 12 mm on a4, letter; phones need 15 mm or more"), line


def test_text_that_would_shrink_below_7_pt_is_refused(cli, tmp_path):
    def squeeze(data):
        rules = next(b for b in data["printables"]["score-sheet"]["blocks"]
                     if b.get("text", "").startswith("Dice column"))
        rules["at"] = [137, 77, 53, 6]

    path = variant(tmp_path, squeeze)
    [line] = problems(cli, path)
    assert line.startswith(f"{path}: {SHEET}[")
    assert line.endswith("]: text does not fit its space even at 7 pt: 'Dice column: refuse the dice to mark ...' "
                         "(53 x 6 mm); give it more room or fewer words")


def test_the_same_check_measures_other_strings_such_as_a_translation():
    game = layouts.load("lost-cities")
    spec = game.printables["score-sheet"]
    index, legend = next((i, b) for i, b in enumerate(spec.blocks) if b.type == "legend")
    german = [item.model_copy(update={"text": "Beschleunigen: eine begonnene Expedition wiederholt ihre oberste Zahl "
                                              "noch einmal im nächsten Feld"}) for item in legend.items]
    blocks = list(spec.blocks)
    blocks[index] = legend.model_copy(update={"items": german})
    translated = game.model_copy(update={"printables": {"score-sheet": spec.model_copy(update={"blocks": blocks})}})
    assert preflight(game, "lost-cities.yaml") == []
    [line] = preflight(translated, "lost-cities.de.yaml")
    assert line.startswith(f"lost-cities.de.yaml: {SHEET}[{index}]: text does not fit its space even at 7 pt: "
                           f"'Beschleunigen: eine begonnene")


def test_a_district_no_street_reaches_is_refused(cli, tmp_path):
    def only_market_street(data):
        plan = next(b for b in data["printables"]["city-plan"]["blocks"] if b["type"] == "region_map")
        plan["streets"] = plan["streets"][:1]

    [line] = problems(cli, variant(tmp_path, only_market_street, SIMSTOWN))
    assert "districts[5].cells: district 6 borders no street; every district must be reachable by streets" in line


def test_streets_that_do_not_join_are_refused(cli, tmp_path):
    def drop_market_street(data):
        plan = next(b for b in data["printables"]["city-plan"]["blocks"] if b["type"] == "region_map")
        plan["streets"] = plan["streets"][1:]

    [line] = problems(cli, variant(tmp_path, drop_market_street, SIMSTOWN))
    assert "streets[1]: does not join the other streets; every street must be reachable" in line


@pytest.mark.parametrize("at, message", [
    ([4, 110, 40, 6], "at: a 50 mm bar needs a box 50 mm wide, not 40"),
    ([4, 110, 60, 4], "at: the bar and its line of text need 5.6 mm, not 4"),
])
def test_a_scale_bar_needs_room_for_its_length_and_its_words(tmp_path, at, message):
    path = variant(tmp_path, lambda d: lost_cities_block(d, "scale_bar")[1].update(at=at))
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load_file(path)
    assert message in error.value.problems[0]


def _block(data, printable, kind):
    return next(b for b in data["printables"][printable]["blocks"] if b["type"] == kind)


def long_street_name(data):
    _block(data, "city-plan", "region_map")["streets"][4]["name"] = "Bridge Street by the Harbour"


def wide_part_label(data):
    _block(data, "score-pad", "score_pad")["rows"][5]["parts"][1] = "cubes shown"


def long_name_label(data):
    _block(data, "score-sheet", "name_line")["label"] = "Name of the expedition leader"


@pytest.mark.parametrize("source, change, where, text", [
    (SIMSTOWN, long_street_name, "city-plan.blocks[2]", "Bridge Street by the Harbour"),
    (MONOLYTH, wide_part_label, "score-pad.blocks[4]", "cubes shown"),
    (LOST_CITIES, long_name_label, "score-sheet.blocks[3]", "Name of the expedition leader"),
])
def test_words_drawn_unshrunk_are_measured_too(cli, tmp_path, source, change, where, text):
    """A street sign longer than its street, a score-pad part label wider than its part, a name line's label
    leaving less than half the line to write on."""
    path = variant(tmp_path, change, source)
    [line] = problems(cli, path)
    assert line.startswith(f"{path}: printables.{where}: text does not fit its space even at 7 pt: {text!r} (")
