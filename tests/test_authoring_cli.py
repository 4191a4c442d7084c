"""Starting a game of your own from the command line: `rollsheet new`, `list --paths`, and the errors that
say where games are found."""
from __future__ import annotations

import pytest
import yaml

import layouts
from layouts.schema import SCHEMA_FILE
from layouts.starting import templates
from tests.test_cli_errors import one_clear_line, rollsheet
from tests.test_user_games import user_game


def test_new_writes_the_small_complete_game_into_the_first_layouts_folder(cli, mine):
    result = cli("new", "harbour")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [f"wrote {mine / 'harbour.yaml'}",
                                          f"wrote {mine / 'layout.schema.json'}  (the layout schema its first line "
                                          f"names, for editors)",
                                          "next: rollsheet check harbour  (editors read the schema named on its "
                                          "first line)"]
    text = (mine / "harbour.yaml").read_text()
    assert text.splitlines()[0] == "# yaml-language-server: $schema=layout.schema.json"
    assert (mine / "layout.schema.json").read_text() == SCHEMA_FILE.read_text()
    game = layouts.load("harbour")
    assert (game.id, game.name, game.scoring is not None, game.table.kind) == ("harbour", "Harbour", True,
                                                                              "hold-and-roll")
    assert cli("check", "harbour").exit_code == 0 and layouts.languages("harbour") == ["en"]


@pytest.mark.parametrize("template", templates())
def test_new_from_a_template_with_languages_copies_its_overlays_renamed(cli, tmp_path, template):
    result = cli("new", "pad", "--from", template, "--with-languages", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".yaml") == ["pad.de.yaml", "pad.es.yaml",
                                                                               "pad.yaml"]
    assert "next: rollsheet check pad --layouts " in result.output
    assert yaml.safe_load((tmp_path / "pad.de.yaml").read_text())["name"] == "Pad"
    checked = cli("check", "pad", "--layouts", tmp_path)
    assert checked.exit_code == 0 and "1 layout valid with 2 translations" in checked.output


def test_new_from_a_template_copies_no_overlay_unless_asked(cli, tmp_path):
    assert cli("new", "pad", "--from", "three-rows", "--out", tmp_path).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".yaml") == ["pad.yaml"]
    checked = cli("check", "pad", "--layouts", tmp_path)
    assert checked.exit_code == 0 and "1 layout valid with 0 translations" in checked.output


def test_the_help_of_new_names_every_template(cli):
    assert f"a template ({', '.join(templates())})" in " ".join(cli("new", "--help").output.split())


def test_new_from_a_shipped_game_makes_a_variant_that_checks(cli, mine):
    assert cli("new", "my-cities", "--from", "lost-cities", "--with-languages").exit_code == 0
    game = layouts.load("my-cities", "de")
    assert game.id == "my-cities" and game.colours["red"].label == "Rot"
    assert game.bgg_id is None and layouts.load("lost-cities").bgg_id == 327831, "BG Stats would log the copy as " \
                                                                               "the original game"
    assert layouts.load("lost-cities").id == "lost-cities"


def test_the_schema_beside_the_games_is_written_once_and_again_when_outdated(cli, mine):
    assert cli("new", "harbour").exit_code == 0
    again = cli("new", "quarry", "--from", "kniffel")
    assert again.exit_code == 0 and "layout.schema.json" not in again.output
    (mine / "layout.schema.json").write_text("{}")
    renewed = cli("new", "pad", "--from", "qwixx")
    assert f"wrote {mine / 'layout.schema.json'}" in renewed.output
    assert (mine / "layout.schema.json").read_text() == SCHEMA_FILE.read_text()


def test_new_makes_the_layouts_folder_the_others_name_the_mkdir(cli, tmp_path, monkeypatch):
    games = tmp_path / "x" / "games"
    monkeypatch.setenv(layouts.ENV_VAR, str(games))
    refused = cli("check")
    assert refused.exit_code == 2 and one_clear_line(refused.output) == (
        f"Error: ROLLSHEET_LAYOUTS names {games}, which does not exist; make it with mkdir -p {games}")
    result = cli("new", "harbour")
    assert result.exit_code == 0, result.output
    assert (games / "harbour.yaml").is_file() and "next: rollsheet check harbour  " in result.output
    assert cli("check", "harbour").exit_code == 0


def test_a_layouts_folder_that_is_a_file_is_named_so(cli, tmp_path, monkeypatch):
    (tmp_path / "games").write_text("")
    monkeypatch.setenv(layouts.ENV_VAR, str(tmp_path / "games"))
    result = cli("new", "harbour")
    assert result.exit_code == 2 and one_clear_line(result.output) == (
        f"Error: ROLLSHEET_LAYOUTS names {tmp_path / 'games'}, which is a file, not a folder; set ROLLSHEET_LAYOUTS "
        f"to a folder")


@pytest.mark.parametrize("args, said", [
    (["Harbour"], "Error: NAME 'Harbour': a game id is lower case letters, digits and -, starting with a letter"),
    (["copenhagen"], "Error: a game 'copenhagen' exists already ("),
    (["pad", "--from", "chess"], "Error: --from: no game or template 'chess'; the templates: fives, kniffel, knister, "
                                 "qwixx, three-rows;"),
])
def test_new_refuses_in_one_line(cli, mine, args, said):
    result = cli("new", *args)
    assert result.exit_code == 2 and one_clear_line(result.output).startswith(said)


def test_new_never_overwrites_a_file(cli, tmp_path):
    (tmp_path / "pad.de.yaml").write_text("name: mine\n")
    result = cli("new", "pad", "--from", "kniffel", "--with-languages", "--out", tmp_path)
    assert result.exit_code == 2 and "pad.de.yaml exists already" in one_clear_line(result.output)
    assert (tmp_path / "pad.de.yaml").read_text() == "name: mine\n" and not (tmp_path / "pad.yaml").exists()


def test_check_says_the_layouts_errors_first_and_counts_the_translation_problems(cli, tmp_path):
    assert cli("new", "pad", "--from", "knister", "--with-languages", "--out", tmp_path).exit_code == 0
    layout = tmp_path / "pad.yaml"
    layout.write_text(layout.read_text().replace("  sum: true", "  sum: nope", 1))
    for lang in ("de", "es"):
        with (tmp_path / f"pad.{lang}.yaml").open("a") as overlay:
            overlay.write("gone.label: x\n")
    result = cli("check", "pad", "--layouts", tmp_path)
    lines = result.output.splitlines()
    assert result.exit_code == 1 and len(lines) == 1 and "table" in lines[0], result.output
    layout.write_text(layout.read_text().replace("  sum: nope", "  sum: true"))
    counted = cli("check", "pad", "--layouts", tmp_path)
    assert counted.exit_code == 1 and counted.output.splitlines() == [
        "2 translation problems in the language overlays: `rollsheet check --translations` lists them"]
    listed = cli("check", "pad", "--translations", "--layouts", tmp_path)
    assert listed.exit_code == 1 and [line.split(": ")[1] for line in listed.output.splitlines()] == ["gone.label"] * 2


def test_list_paths_shows_where_every_game_and_template_is(cli, mine):
    user_game(mine, "harbour")
    lines = cli("list", "--paths").output.splitlines()
    assert f"harbour  {(mine / 'harbour.yaml').resolve()}" in lines
    assert f"lost-cities  {layouts.HERE / 'lost-cities.yaml'}  (and lost-cities.de.yaml, lost-cities.es.yaml)" in lines
    assert lines[-1] == f"templates (fives, kniffel, knister, qwixx, three-rows)  {layouts.TEMPLATES}  " \
                        f"(rollsheet new NAME --from " \
                        f"TEMPLATE)"


def test_a_missing_layouts_folder_is_one_line():
    done = rollsheet("check", "--layouts", "/nope")
    assert done.returncode == 2 and one_clear_line(done.stderr) == "Error: --layouts /nope: no such folder"


def test_an_unknown_game_says_how_games_of_ones_own_are_found(cli):
    result = cli("check", "knister")
    assert result.exit_code == 2
    line = one_clear_line(result.output)
    assert "unknown game 'knister'" in line and "ROLLSHEET_LAYOUTS or --layouts DIR" in line
    printed = cli("print", "knister")
    assert printed.exit_code == 2 and "ROLLSHEET_LAYOUTS or --layouts DIR" in one_clear_line(printed.output)


def test_check_by_file_in_a_layouts_folder_applies_the_id_rule_as_list_does(cli, mine, tmp_path):
    path = user_game(mine, "harbour", stem="my-harbour")
    result = cli("check", path)
    assert result.exit_code == 1 and "id: 'harbour' differs from the file name 'my-harbour'" in result.output
    elsewhere = user_game(tmp_path / "elsewhere", "harbour", stem="my-harbour")
    assert cli("check", elsewhere).exit_code == 0
