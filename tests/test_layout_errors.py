"""Broken layouts: every error names the key path and the fix (the valid keys, the closest, what to write),
and the published schema (`rollsheet schema`) refuses the same mistakes an editor can see."""
from __future__ import annotations

import json

import jsonschema
import pytest

import layouts
from layouts.reading import read_yaml
from layouts.schema import SCHEMA_FILE, layout_schema, schema_text, undescribed
from layouts.wanted import pattern_words
from tests.layout_copies import edited_copy
from tests.test_cli_errors import one_clear_line

LOST_CITIES = layouts.HERE / "lost-cities.yaml"


def blocks(data: dict) -> list:
    return data["printables"]["score-sheet"]["blocks"]


def first_field(data: dict) -> dict:
    return data["scoring"]["sections"][1]["fields"][0]


BROKEN = {
    # name: (change to Lost Cities, the line's path, what the line must say, whether JSON Schema sees it too)
    "misspelt key": (lambda d: blocks(d)[3].update(lable="N"), "printables.score-sheet.blocks[3].lable",
                     "unknown key 'lable'; did you mean `label`? a name_line block has: at, overlap, type, label",
                     True),
    "unknown key, nothing close": (lambda d: d["colours"]["red"].update(shade="dark"), "colours.red.shade",
                                   "unknown key 'shade'; a colour has: label, rgb, glyph", True),
    "missing key in a list item": (lambda d: blocks(d)[5]["items"][0].pop("text"), "printables.score-sheet.blocks[5]"
                                   ".items[0].text", "missing key 'text' (a legend item needs it; its keys: colour, "
                                   "icon, text, value)", True),
    "misspelt block type": (lambda d: blocks(d)[0].update(type="txet"), "printables.score-sheet.blocks[0]",
                            "unknown type 'txet'; did you mean `text`? the types are: text, name_line", True),
    "misspelt word": (lambda d: blocks(d)[1].update(align="centre"), "printables.score-sheet.blocks[1].align",
                      "'centre' is not allowed; did you mean `center`? use 'left', 'center' or 'right'", True),
    "misspelt field kind": (lambda d: first_field(d).update(kind="cont"), "scoring.sections[1].fields[0]",
                            "unknown kind 'cont'; did you mean `count`?", True),
    "misspelt field key": (lambda d: first_field(d).update(maxx=3), "scoring.sections[1].fields[0].maxx",
                           "did you mean `max`? a count field has: id, label, colour, hint, from_marks, kind, max, "
                           "step", True),
    "unknown colour": (lambda d: d["dice"][0]["faces"].__setitem__(0, "pink"), "dice[0].faces[0]",
                       "unknown colour 'pink'; this game has: red, orange, yellow, green, blue, purple", False),
    "a power": (lambda d: d["scoring"]["points"][1].update(points="artifacts ** 2"),
                           "scoring.points[1].points", "`**` (a power) is not allowed: multiply (`x * x`) or read a "
                           "table (`tables.name[x]`); an expression may hold whole numbers", False),
    "a 60,000-term expression": (lambda d: d["scoring"]["points"][1].update(points="+".join(["1"] * 60_000)),
                                 "scoring.points[1].points", "is 119,999 characters; an expression is at most 500: "
                                 "name its parts in `let:`", False),
    "a member that is not a colour": (lambda d: d["scoring"]["sections"][0]["fields"][0]["members"].append("row1"),
                                      "scoring.sections[0].fields[0].members[6]", "unknown colour 'row1'; a member "
                                      "that is not a colour is written {id: row1, label: ...}", False),
    "a newer schema": (lambda d: d.update(schema=99), "schema", "written for layout schema 99, newer than this "
                       "rollsheet reads", True),
    "a number for a mapping": (lambda d: d.update(players=4), "players", "write a mapping {min: ..., max: ...}, not 4",
                               True),
    "a box of three numbers": (lambda d: blocks(d)[0].update(at=[4, 3, 80]), "printables.score-sheet.blocks[0].at",
                               "write 4 values (the block's box on its sheet: x, y (from the top left corner), width, "
                               "height; all mm), not 3", True),
    "a word not among a pattern's": (lambda d: d["printables"]["score-sheet"].update(per="everyone"),
                                     "printables.score-sheet.per", "'everyone': write one of player, table, pattern",
                                     True),
    "a colour's name for its rgb": (lambda d: d["colours"]["red"].update(rgb="gold"), "colours.red.rgb",
                                    "'gold': write #rrggbb, e.g. #e9b81c", True),
    "a word for a number": (lambda d: d["tables"]["dice"]["values"].__setitem__(1, "ten"), "tables.dice.values[1]",
                            "write a whole number, not 'ten'", True),
    "a number under its bound": (lambda d: d["players"].update(min=0), "players.min", "write 1 or more, not 0", True),
    "an empty pick": (lambda d: d["table"].update(active_pick={}), "table.active_pick",
                      "write at least 1 item, not {}", True),
    "an empty name": (lambda d: d["colours"]["red"].update(label=""), "colours.red.label",
                      "write at least 1 character, not ''", True),
    "a pick of a die the game lost": (lambda d: d.update(dice=[die for die in d["dice"] if die["id"] != "number"]),
                                      "table.active_pick", "no die 'number'; the dice are colour", False),
    "a misspelt name in an expression": (lambda d: d["scoring"]["points"][1].update(points="artifact * 2"),
                                         "scoring.points[1].points", "unknown name 'artifact' in 'artifact * 2'; did "
                                         "you mean `artifacts`? the names here: artifacts, boxes,", False),
}


def broken(tmp_path, name: str):
    return edited_copy(tmp_path, LOST_CITIES, BROKEN[name][0])


@pytest.mark.parametrize("name", BROKEN)
def test_every_error_names_the_key_and_the_fix(tmp_path, name):
    path, _ = broken(tmp_path, name)
    with pytest.raises(layouts.LayoutError) as refused:
        layouts.load_file(path)
    _, where, said, _ = BROKEN[name]
    assert any(line.startswith(f"{path}: {where}: ") and said in line for line in refused.value.problems), \
        refused.value.problems


@pytest.mark.parametrize("change, said", [
    (lambda d: d["scoring"]["sections"][0]["fields"][0]["members"].__setitem__(1, {"id": "row1"}),
     ["scoring.sections[0].fields[0].members[1].label: missing key 'label' (a member needs it; its keys: id, label, "
      "colour)"]),
    (lambda d: d.update(colors=d.pop("colours")),
     ["colors: unknown key 'colors'; did you mean `colours`? a game has: schema, id, name, players, bgg_id, colours, "
      "dice, tables, values, lists, shapes, pieces, patterns, printables, table, scoring",
      "colours: missing key 'colours' (a game needs it; its keys: schema, id, name, players, bgg_id, colours, dice, "
      "tables, values, lists, shapes, pieces, patterns, printables, table, scoring)"]),
], ids=["a member of the wrong form", "a misspelt section"])
def test_a_mistake_is_said_once_without_the_lines_it_causes(tmp_path, change, said):
    path, _ = edited_copy(tmp_path, LOST_CITIES, change)
    with pytest.raises(layouts.LayoutError) as refused:
        layouts.load_file(path)
    assert refused.value.problems == [f"{path}: {line}" for line in said]


def test_every_pattern_of_the_schema_is_said_in_words():
    found = set()

    def collect(node):
        if isinstance(node, dict):
            found.update([node["pattern"]] if isinstance(node.get("pattern"), str) else [])
            for value in node.values():
                collect(value)
        elif isinstance(node, list):
            for value in node:
                collect(value)

    collect(layout_schema())
    assert found and all(not pattern_words(pattern).startswith("text matching") for pattern in found)


def test_a_60000_term_expression_is_one_line_in_check(cli, tmp_path):
    path, _ = broken(tmp_path, "a 60,000-term expression")
    result = cli("check", path)
    assert result.exit_code == 1 and len(one_clear_line(result.output)) < 300


VALIDATOR = jsonschema.Draft202012Validator(layout_schema())


def as_json(data):
    """Layout data as an editor sees it: YAML keys are text (`marks: {3: arrow}` has the key "3")."""
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("path", [*layouts.layout_files(layouts.HERE), *layouts.layout_files(layouts.TEMPLATES)],
                         ids=lambda path: path.stem)
def test_the_schema_validates_every_shipped_layout_and_template(path):
    assert [error.message for error in VALIDATOR.iter_errors(as_json(read_yaml(path)))] == []


@pytest.mark.parametrize("name", [name for name, case in BROKEN.items() if case[3]])
def test_the_schema_refuses_the_broken_layouts_an_editor_can_see(tmp_path, name):
    _, data = broken(tmp_path, name)
    assert not VALIDATOR.is_valid(as_json(data))


def knister_with(change) -> dict:
    data = as_json(read_yaml(layouts.TEMPLATES / "knister.yaml"))
    change(data)
    return data


@pytest.mark.parametrize("change, where, said", [
    (lambda d: d["table"].update(kind="shared-rol"), ["table", "kind"], "'shared-rol' is not one of ['hold-and-roll'"),
    (lambda d: d["table"].update(sum="nope"), ["table", "sum"], "'nope' is not of type 'boolean'"),
    (lambda d: d["table"].update(rolls_per_turn=3), ["table"], "('rolls_per_turn' was unexpected)"),
    (lambda d: d["printables"]["grid"]["blocks"][0].update(type="frme"), ["printables", "grid", "blocks", 0, "type"],
     "'frme' is not one of ['text'"),
    (lambda d: d["scoring"]["sections"][0]["fields"][0].update(max_items=3), ["scoring", "sections", 0, "fields", 0],
     "('max_items' was unexpected)"),
    (lambda d: d["colours"]["ink"].update(glyph="squar"), ["colours", "ink", "glyph"], "'squar' is not one of"),
])
def test_a_validators_first_message_names_the_kind_written(change, where, said):
    errors = list(VALIDATOR.iter_errors(knister_with(change)))  # not a failed union of the whole table or scoring
    assert [(list(error.absolute_path), said in error.message) for error in errors] == [(where, True)]
    assert jsonschema.exceptions.best_match(errors) is errors[0]


def test_every_key_of_the_schema_says_what_it_is():
    schema = layout_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert undescribed(schema) == []
    assert schema["$defs"]["Grid"]["properties"]["cell"]["description"].startswith("largest cell side in mm")
    assert schema["$defs"]["ScorePad"]["properties"]["columns"]["default"] == 4


def test_the_shipped_schema_file_is_what_the_models_make(cli):
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), "run `rollsheet schema --out " \
                                                                      "layouts/layout.schema.json`"
    result = cli("schema")
    assert result.exit_code == 0 and json.loads(result.output) == layout_schema()


@pytest.mark.parametrize("path", [*layouts.layout_files(layouts.HERE), *layouts.layout_files(layouts.TEMPLATES)],
                         ids=lambda path: path.stem)
def test_every_shipped_layout_names_the_schema_for_editors_on_its_first_line(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    assert (path.parent / first.split("$schema=", 1)[1]).resolve() == SCHEMA_FILE
