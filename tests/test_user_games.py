"""User games: every *.yaml in ROLLSHEET_LAYOUTS or --layouts is a game beside the shipped ones."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
import yaml

import layouts
from layouts import reading
from tests.test_cli_errors import ROOT

SHIPPED = ["copenhagen", "lost-cities", "monolyth", "simstown"]


def user_game(folder, game_id, change=None, source="lost-cities", stem=None):
    """A copy of a shipped layout saved as `<stem or game_id>.yaml` in `folder`, with its id and name changed."""
    data = yaml.safe_load((layouts.HERE / f"{source}.yaml").read_text())
    data.update(id=game_id, name=f"{game_id.title()} (ours)")
    if change:
        change(data)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem or game_id}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_the_environment_adds_games_beside_the_shipped_ones(mine):
    path = user_game(mine, "harbour")
    user_game(mine, "draft", stem=".draft")
    assert layouts.game_ids() == sorted([*SHIPPED, "harbour"])
    assert layouts.load("harbour").name == "Harbour (ours)"
    assert layouts.game_file("harbour") == path.resolve()


def test_several_folders_are_joined_like_path(tmp_path, monkeypatch):
    user_game(tmp_path / "a", "harbour")
    user_game(tmp_path / "b", "quarry")
    monkeypatch.setenv(layouts.ENV_VAR, os.pathsep.join([str(tmp_path / "a"), "", str(tmp_path / "b")]))
    assert {"harbour", "quarry"} <= set(layouts.game_ids())


def test_game_ids_read_no_file(mine, monkeypatch):
    (mine / "junk.yaml").write_bytes(b"\0\1\2")
    monkeypatch.setattr(reading, "read_yaml", lambda path: pytest.fail(f"game_ids read {path}"))
    assert "junk" in layouts.game_ids()


def test_the_cache_follows_the_environment_and_the_file(tmp_path, monkeypatch):
    first = user_game(tmp_path / "a", "harbour")
    user_game(tmp_path / "b", "harbour", lambda d: d.update(name="Other harbour"))
    monkeypatch.setenv(layouts.ENV_VAR, str(tmp_path / "a"))
    assert layouts.load("harbour").name == "Harbour (ours)"
    monkeypatch.setenv(layouts.ENV_VAR, str(tmp_path / "b"))
    assert layouts.load("harbour").name == "Other harbour"
    monkeypatch.setenv(layouts.ENV_VAR, str(tmp_path / "a"))
    first.write_text(first.read_text().replace("Harbour (ours)", "Harbour, edited at the table"))
    assert layouts.load("harbour").name == "Harbour, edited at the table"
    monkeypatch.delenv(layouts.ENV_VAR)
    with pytest.raises(KeyError, match="unknown game 'harbour'"):
        layouts.load("harbour")


def test_one_request_sees_one_version_of_a_game_edited_meanwhile(mine):
    path = user_game(mine, "harbour")
    with layouts.settled():
        assert layouts.load("harbour").name == "Harbour (ours)"
        path.write_text(path.read_text().replace("Harbour (ours)", "Harbour, edited at the table"))
        assert layouts.load("harbour").name == "Harbour (ours)"
    assert layouts.load("harbour").name == "Harbour, edited at the table"


def test_a_user_game_is_named_by_its_file(mine):
    path = user_game(mine, "harbour", stem="my-harbour")
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load("my-harbour")
    assert error.value.problems == [f"{path.resolve()}: id: 'harbour' differs from the file name 'my-harbour'; "
                                    f"a game in a layouts folder is named by its file: rename the file or the id"]


def test_a_user_file_shadowing_a_shipped_game_names_both_files(mine):
    path = user_game(mine, "lost-cities")
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load("lost-cities")
    assert error.value.problems == [f"{path.resolve()}: id: game 'lost-cities' is already defined by "
                                    f"{layouts.HERE / 'lost-cities.yaml'}; rename one of the two files "
                                    f"(a game's id is its file name)"]
    assert layouts.load("copenhagen").id == "copenhagen"


def test_two_folders_with_one_game_name_both_files(tmp_path, monkeypatch):
    first, second = user_game(tmp_path / "a", "harbour"), user_game(tmp_path / "b", "harbour")
    monkeypatch.setenv(layouts.ENV_VAR, os.pathsep.join(map(str, [tmp_path / "a", tmp_path / "b"])))
    with pytest.raises(layouts.LayoutError, match=f"{second.resolve()}: id: .* defined by {first.resolve()};"):
        layouts.load("harbour")


def test_a_folder_named_twice_is_no_clash(mine, monkeypatch):
    user_game(mine, "harbour")
    monkeypatch.setenv(layouts.ENV_VAR, os.pathsep.join([str(mine), str(mine / "." / "")]))
    assert layouts.load("harbour").id == "harbour"


def test_a_broken_user_game_is_a_layout_error_one_line_per_problem(mine):
    def break_twice(data):
        data["players"]["min"] = 0
        data["colours"]["red"]["rgb"] = "red"

    path = user_game(mine, "harbour", break_twice)
    with pytest.raises(layouts.LayoutError) as error:
        layouts.load("harbour")
    assert [line.split(": ")[:2] for line in error.value.problems] == \
        [[str(path.resolve()), "players.min"], [str(path.resolve()), "colours.red.rgb"]]


def test_list_shows_user_games_and_a_broken_one_with_its_first_problem(cli, mine):
    user_game(mine, "harbour")
    user_game(mine, "quarry", lambda d: d["players"].update(min=0, max=99))
    result = cli("list")
    assert result.exit_code == 1, result.output
    assert f"harbour  (Harbour (ours), 2-5 players)  from {(mine / 'harbour.yaml').resolve()}" in result.output
    assert f"quarry  BROKEN: {(mine / 'quarry.yaml').resolve()}: players.min: " in result.output
    assert "(and 1 more problem)" in result.output
    assert "lost-cities  (Lost Cities: Roll & Write, 2-5 players; en, de, es)\n" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", [["list"], ["check"], ["print", "harbour"]])
def test_layouts_option_adds_a_folder_for_one_command(cli, tmp_path, monkeypatch, command):
    monkeypatch.delenv(layouts.ENV_VAR, raising=False)
    user_game(tmp_path / "mine", "harbour")
    result = cli(*command, "--layouts", tmp_path / "mine", *(["--out", tmp_path] if command[0] == "print" else []))
    assert result.exit_code == 0, result.output
    assert {"list": "harbour  (Harbour", "check": "ok: 5 layouts valid",
            "print": "wrote " + str(tmp_path / "harbour-score-sheet.pdf")}[command[0]] in result.output
    assert layouts.ENV_VAR not in os.environ and "harbour" not in layouts.game_ids()


def test_check_without_files_checks_every_game_found(cli, mine):
    user_game(mine, "harbour", stem="my-harbour")
    user_game(mine, "lost-cities")
    result = cli("check")
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 2
    assert "differs from the file name 'my-harbour'" in lines[1] and "is already defined by" in lines[0]


@pytest.mark.parametrize("args, message", [
    (["--layouts", "/no/such/folder"], "Error: --layouts /no/such/folder: no such folder"),
    ([], "Error: ROLLSHEET_LAYOUTS names /no/such/folder, which does not exist; make it with mkdir -p /no/such/folder"),
])
def test_a_missing_layouts_folder_is_bad_usage(cli, monkeypatch, args, message):
    if not args:
        monkeypatch.setenv(layouts.ENV_VAR, "/no/such/folder")
    result = cli("list", *args)
    assert result.exit_code == 2 and message in result.output


@pytest.mark.process
def test_print_takes_a_layout_file_directly(tmp_path, monkeypatch):
    monkeypatch.delenv(layouts.ENV_VAR, raising=False)
    path = user_game(tmp_path, "harbour", stem="any name")
    done = subprocess.run([sys.executable, "-m", "sheets.cli", "print", path, "--players", "2", "--out", tmp_path],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert f"wrote {tmp_path / 'harbour-score-sheet.pdf'}  (2 sheets on 1 page)" in done.stdout


def test_print_names_a_missing_layout_file(cli, tmp_path):
    result = cli("print", tmp_path / "gone.yaml", "--out", tmp_path)
    assert result.exit_code == 1
    assert result.output.strip() == f"{tmp_path / 'gone.yaml'}: cannot read: No such file or directory"


def test_print_all_includes_user_games(cli, mine, tmp_path):
    user_game(mine, "harbour")
    result = cli("print", "--all", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "harbour-score-sheet.pdf").exists()
