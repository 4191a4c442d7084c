"""Layout files: the shipped ones load; broken ones are rejected one line per problem."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

import layouts

LOST_CITIES = Path(layouts.__file__).parent / "lost-cities.yaml"


def variant(tmp_path, change, source: Path = LOST_CITIES) -> Path:
    """A copy of a layout (Lost Cities unless told) with `change(data)` applied, written to tmp_path."""
    data = yaml.safe_load(source.read_text())
    change(data)
    path = tmp_path / "variant.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_every_shipped_layout_loads(game):
    assert game.id in layouts.game_ids()
    assert game.colours, "every game names its colours"


def test_every_colour_has_a_glyph_of_its_own(game):
    glyphs = [c.glyph for c in game.colours.values()]
    assert len(set(glyphs)) == len(glyphs)


def test_lost_cities_values_are_data():
    game = layouts.load("lost-cities")
    columns = game.printables["score-sheet"].blocks[2]
    assert len(columns.columns) == 8 and columns.boxes == game.values["boxes"] == 9
    assert columns.bridge.after == 6
    assert game.tables["expedition"].values[8] == 50 and game.tables["artifacts"].values[9] == 100


def test_layouts_are_frozen():
    game = layouts.load("lost-cities")
    with pytest.raises(ValidationError, match="frozen"):
        game.name = "other"


def test_unknown_key_names_its_path(tmp_path):
    path = variant(tmp_path, lambda d: d["colours"]["red"].update(shade="dark"))
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load_file(path)
    assert error.value.problems == [
        f"{path}: colours.red.shade: unknown key 'shade'; a colour has: label, rgb, glyph, line"]


def test_bad_colour_value_is_rejected(tmp_path):
    path = variant(tmp_path, lambda d: d["colours"]["blue"].update(rgb="blue-ish"))
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load_file(path)
    assert error.value.problems == [f"{path}: colours.blue.rgb: 'blue-ish': write #rrggbb, e.g. #e9b81c"]


def test_reference_to_an_unknown_colour_points_at_the_column(tmp_path):
    path = variant(tmp_path, lambda d: d["printables"]["score-sheet"]["blocks"][2]["columns"][0].update(colour="pink"))
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load_file(path)
    line = error.value.problems[0]
    assert line.startswith(f"{path}: printables.score-sheet.blocks[2].columns[0].colour: unknown colour 'pink'")


def test_value_out_of_range_is_rejected(tmp_path):
    path = variant(tmp_path,
                   lambda d: d["printables"]["score-sheet"]["blocks"][2]["columns"][0]["marks"].update({12: "arrow"}))
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load_file(path)
    assert "box 12 is not in 1..9" in error.value.problems[0]


def test_every_problem_gets_its_own_line(tmp_path):
    def break_twice(d):
        d["players"]["min"] = 0
        d["dice"][0]["count"] = 99

    path = variant(tmp_path, break_twice)
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load_file(path)
    assert [p.split(": ")[1] for p in error.value.problems] == ["players.min", "dice[0].count"]


def test_placeholder_without_a_value_is_rejected(tmp_path):
    path = variant(tmp_path, lambda d: d["values"].pop("bridge_points"))
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load_file(path)
    assert "placeholder 'bridge_points' is not a value of this game" in error.value.problems[0]


def test_yaml_syntax_error_names_the_line(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("id: x\ncolours: {red: [\n")
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load_file(path)
    assert error.value.problems[0].startswith(f"{path}: line ")


def test_unknown_game_names_the_known_ones():
    with pytest.raises(KeyError, match="choose from copenhagen"):
        layouts.load("chess")
