"""Layout schema versions: a file written for schema 1 (a frozen copy of lost-cities.yaml as it shipped)
still checks, prints, plays and scores through the upgrade; `rollsheet upgrade` rewrites it in place."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import layouts
from layouts.upgrade import CURRENT
from tests.scoring_play import add_games
from tests.tables import FlaskCalls, Table
from tests.test_cli_errors import one_clear_line

FROZEN = Path(__file__).parent / "layouts_v1" / "lost-cities.yaml"


def test_the_frozen_schema_1_layout_checks_and_prints(cli, tmp_path):
    assert cli("check", FROZEN).exit_code == 0
    printed = cli("print", FROZEN, "--players", 2, "--out", tmp_path)
    assert printed.exit_code == 0 and (tmp_path / "lost-cities-score-sheet.pdf").stat().st_size > 10_000


def test_the_frozen_schema_1_layout_plays_and_scores(client, monkeypatch):
    add_games(monkeypatch, FROZEN)
    assert layouts.load("lost-cities").schema_version == CURRENT
    room = Table(FlaskCalls(client), "lost-cities", ("Ana", "Ben"))
    state = room.ok("Ana", "roll")
    assert [d["die"] for d in state["dice"]] == ["colour"] * 3 + ["number"] * 3
    answer = client.post("/api/score/lost-cities", json={"players": [
        {"name": "Ana", "expeditions": {"red": {"boxes": 5}}}, {"name": "Ben", "artifacts": 4}]})
    assert answer.status_code == 200 and [p["total"] for p in answer.get_json()["players"]] == [15, 10]


def test_upgrade_rewrites_in_place_keeping_comments_and_a_backup(cli, tmp_path):
    path = tmp_path / "lost-cities.yaml"
    shutil.copy(FROZEN, path)
    result = cli("upgrade", path)
    assert result.exit_code == 0 and result.output.strip() == (
        f"{path}: upgraded from layout schema 1 to {CURRENT} (the old file is lost-cities.yaml.bak)")
    assert (tmp_path / "lost-cities.yaml.bak").read_text() == FROZEN.read_text()
    text = path.read_text()
    assert f"\nschema: {CURRENT}\nid: lost-cities\n" in text and "# FROZEN" in text and "# HV:" in text
    assert '  yellow: {label: Yellow, rgb: "#e8c31a", glyph: circle, line: "#ad9111"}\n' in text
    assert '  red:    {label: Red,    rgb: "#d1342f", glyph: triangle}\n' in text
    assert layouts.load_file(path) == layouts.load_file(FROZEN)
    again = cli("upgrade", path)
    assert again.output.strip() == f"{path}: already at layout schema {CURRENT}"


def test_upgrade_adds_a_key_to_a_block_mapping_at_its_indent(cli, tmp_path):
    text = FROZEN.read_text().replace('  yellow: {label: Yellow, rgb: "#e8c31a", glyph: Y}\n',
                                      '  yellow:\n    label: Yellow   # the rulebook\'s word\n    rgb: "#e8c31a"\n'
                                      '    glyph: Y\n')
    path = tmp_path / "lost-cities.yaml"
    path.write_text(text)
    assert cli("upgrade", path).exit_code == 0
    assert '    glyph: circle\n    line: "#ad9111"\n' in path.read_text()
    assert layouts.load_file(path).colours["yellow"].line == "#ad9111"


@pytest.mark.parametrize("said, message", [
    (99, f"schema: written for layout schema 99, newer than this rollsheet reads ({CURRENT}); upgrade rollsheet"),
    ("two", "schema: the layout's schema version is a whole number from 1, not 'two'"),
])
def test_a_version_this_code_cannot_read_is_one_line(cli, tmp_path, said, message):
    path = tmp_path / "lost-cities.yaml"
    path.write_text(f"schema: {said}\n" + FROZEN.read_text())
    for command in ("check", "upgrade"):
        result = cli(command, path)
        assert result.exit_code == 1 and message in one_clear_line(result.output)
