"""The `scoring:` section of a layout: checked when the layout loads, and what the server does with it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import given

import layouts
from companion.scoring import score_game
from layouts.expressions import ExprError, Unknown, evaluate
from tests.lanes import short_and_long
from tests.scoring_play import EXAMPLES, add_games
from tests.test_scoring_api import malformed, relaxed

SMALL = {"id": "dicey", "name": "Dicey", "players": {"min": 1, "max": 4}, "colours": {},
         "values": {"per_six": 3}, "tables": {"runs": {"label": "Runs", "values": [0, 1, 4]}},
         "scoring": {"sections": [{"title": "Sheet", "fields": [{"id": "sixes", "label": "Sixes", "max": 5}]}],
                     "points": [{"id": "sixes", "label": "Sixes", "points": "sixes * per_six"}]}}


def write_text(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def write(tmp_path, layout: dict, name: str = "dicey") -> Path:
    return write_text(tmp_path / f"{name}.yaml", yaml.safe_dump(layout))


def with_scoring(**changes) -> dict:
    return SMALL | {"scoring": SMALL["scoring"] | changes}


@pytest.mark.parametrize("changes, problem", [
    ({"points": [{"id": "sixes", "points": "sixes * per_sixx"}]}, "points[0].points: unknown name 'per_sixx'"),
    ({"points": [{"id": "sixes", "points": "tables.runz[sixes]"}]}, "tables has no 'runz'"),
    ({"points": [{"id": "sixes", "points": "__import__('os')"}]}, "the functions are"),
    ({"points": [{"id": "sixes", "points": "sixes ** 99"}]}, "`**` (a power) is not allowed: multiply (`x * x`)"),
    ({"points": [{"id": "sixes", "each": "sixes", "points": "1"}]}, "either an id or `each"),
    ({"checks": [{"at": "sixes", "value": "sixes", "message": "too many"}]}, "at_most goes with value"),
    ({"checks": [{"at": "fives", "require": "sixes > 0", "message": "no"}]}, "'fives' is not a field"),
    ({"checks": [{"at": "sixes.red", "require": "sixes > 0", "message": "no"}]},
     "checks[0].at: 'sixes.red': a field is named by its id, a group's by <group>.<member>.<field>"),
    ({"uses": {"plan": "region_map"}}, "uses.plan: the printables have no region_map block"),
    ({"sections": [{"title": "S", "fields": [{"id": "sixes", "allowed": [0, "six"]}]}]},
     "allowed: [0, 'six']: write whole numbers from 0, e.g. [0, 1, 3, 8], or an expression giving them"),
    ({"sections": [{"title": "S", "fields": [{"id": "sixes", "kind": "token", "label": "T", "lists": ["bag"]}]}]},
     "'bag' is not a list of tokens"),
])
def test_a_scoring_mistake_is_named_when_the_layout_loads(tmp_path, changes, problem):
    with pytest.raises(layouts.LayoutError) as refused:
        layouts.load_file(write(tmp_path, with_scoring(**changes)))
    assert problem in refused.value.problems[0] and "scoring" in refused.value.problems[0]


@pytest.mark.parametrize("at, problem", [
    ("lastt", "checks[0].at: 'lastt' is not a field of rows (the check's `each`); its fields: crosses, locked"),
    ("crosses", None),
])
def test_a_checks_at_names_a_field_of_its_group(tmp_path, at, problem):
    text = (layouts.TEMPLATES / "qwixx.yaml").read_text(encoding="utf-8").replace("      at: locked", f"      at: {at}")
    if problem is None:
        assert layouts.load_file(write_text(tmp_path / "pad.yaml", text)).scoring.checks[0].at == at
        return
    with pytest.raises(layouts.LayoutError) as refused:
        layouts.load_file(write_text(tmp_path / "pad.yaml", text))
    assert problem in refused.value.problems[0]


def test_check_warns_of_a_rule_reading_an_optional_field(cli, tmp_path):
    layout = with_scoring(points=[{"id": "sixes", "points": "sixes * per_six"}],
                          checks=[{"at": "sixes", "value": "sixes", "at_most": 5, "message": "at most 5"}])
    layout["scoring"]["sections"][0]["fields"][0]["optional"] = True
    result = cli("check", write(tmp_path, layout))
    assert result.exit_code == 0 and result.stdout.splitlines()[0] == (
        f"note: {tmp_path / 'dicey.yaml'}: scoring.points[0]: reads sixes, which a player may leave empty (optional); "
        f"then this part scores nothing without a word: make the field not optional, or its rule not need it")
    assert len(result.stdout.splitlines()) == 2, "a check at the optional field itself is meant to be skipped"


def test_check_warns_of_a_rule_for_each_member_reading_an_optional_field_of_the_group(cli, tmp_path):
    text = (layouts.TEMPLATES / "qwixx.yaml").read_text(encoding="utf-8")
    text = text.replace("{id: crosses, label: crosses, max: numbers_per_row}",
                        "{id: crosses, label: crosses, max: numbers_per_row, optional: true}")
    result = cli("check", write_text(tmp_path / "pad.yaml", text))
    notes = [line for line in result.stdout.splitlines() if "optional" in line]
    assert result.exit_code == 0
    assert [line.split(": ")[2] for line in notes] == ["scoring.points[0]", "scoring.checks[0]"]


def test_a_field_hides_a_house_value_of_its_name(tmp_path):
    layout = with_scoring(points=[{"id": "sixes", "points": "sixes * values.sixes"}])
    layout["values"] = {"sixes": 3}
    assert layouts.load_file(write(tmp_path, layout)).scoring.points[0].points == "sixes * values.sixes"


def test_expressions_read_a_key_of_every_member():
    group = {"red": {"boxes": 7}, "blue": {"boxes": 2}}
    assert evaluate("atleast(g.boxes + [a], 7)", {"g": group, "a": 9}) == 2


def test_an_empty_optional_field_makes_an_expression_unknown():
    with pytest.raises(Unknown):
        evaluate("empty_cells <= 3", {"empty_cells": None})


@pytest.mark.parametrize("text", ["x // 0", "'a' + 1", "t[5]", "t.nothing"])
def test_an_expression_that_cannot_be_worked_out_says_so(text):
    with pytest.raises(ExprError):
        evaluate(text, {"x": 1, "t": [1, 2]})


def test_game_without_scoring_answers_a_readable_404(client, monkeypatch, tmp_path):
    add_games(monkeypatch, write(tmp_path, SMALL | {"scoring": None}))
    page = client.get("/score/dicey")
    assert page.status_code == 404 and b"Dicey has no scoring section" in page.data and b"<h1>" in page.data
    answer = client.post("/api/score/dicey", json={"players": [{"name": "Ana"}]})
    assert answer.status_code == 404 and answer.get_json()["field"] == "game"
    assert "copenhagen" in answer.get_json()["error"]


def test_broken_user_layout_answers_404_not_500(client, monkeypatch, tmp_path):
    add_games(monkeypatch, write(tmp_path, with_scoring(points=[{"id": "x", "points": "nope"}])))
    assert client.get("/score/dicey").status_code == 404
    assert client.post("/api/score/dicey", json={"players": [{"name": "Ana"}]}).status_code == 404


def test_a_user_game_scores_from_its_layout(client, monkeypatch, tmp_path):
    add_games(monkeypatch, write(tmp_path, SMALL))
    answer = client.post("/api/score/dicey", json={"players": [{"name": "Ana", "sixes": 4}]})
    assert answer.get_json()["players"][0]["breakdown"] == {"sixes": 12}


def test_a_bad_field_keeps_the_running_totals_of_the_others(client):
    answer = client.post("/api/score/simstown?running=1", json={"players": [
        {"name": "Ana", "houses": 3, "districts": 2}, {"name": "Ben", "houses": 99}, {"name": "Cy", "parks": 2,
                                                                                      "districts": 1}]})
    body = answer.get_json()
    assert answer.status_code == 400 and body["field"] == "players[1].houses"
    assert body["running"] == [3 + 5 + 10, None, 2 + 5 + 5]


def test_running_totals_come_only_when_asked(client):
    answer = client.post("/api/score/simstown", json={"players": [{"name": "Ana", "houses": 99}]})
    assert set(answer.get_json()) == {"error", "field", "errors"}


def test_running_totals_need_a_readable_players_list(client):
    answer = client.post("/api/score/simstown?running=1", json={"players": "Ana"})
    assert answer.status_code == 400 and answer.get_json()["running"] is None


def test_score_form_carries_its_prefill_as_data(client):
    prefill = [{"name": "Ana", "bridges": 2}, {"name": "Ben"}]
    page = client.get("/score/lost-cities", query_string={"prefill": json.dumps(prefill)})
    assert page.status_code == 200
    block = page.data.split(b'id="prefill">')[1].split(b"</script>")[0]
    assert json.loads(block) == prefill


def test_score_form_refuses_a_prefill_that_is_not_a_list(client):
    page = client.get("/score/lost-cities", query_string={"prefill": '{"name": "Ana"}'})
    assert page.status_code == 400 and b"prefill must be a JSON list" in page.data


def test_example_games_are_whole_games_in_one_layout():
    for path in layouts.layout_files(EXAMPLES):
        game = layouts.load_file(path)
        assert game.scoring and game.printables and game.table


def test_running_totals_when_every_player_is_wrong(client):
    answer = client.post("/api/score/simstown?running=1", json={"players": [{"name": "Ana", "houses": 1},
                                                                            {"name": "Ben", "parks": 99}]})
    assert answer.get_json()["running"] == [None, None]


@pytest.mark.parametrize("examples", short_and_long(100))
def test_running_totals_never_give_a_500(client, examples):
    relaxed(examples)(given(malformed())(running_totals_never_give_a_500))(client)


def running_totals_never_give_a_500(client, drawn):
    game, payload = drawn
    answer = client.post(f"/api/score/{game}?running=1", data=json.dumps(payload), content_type="application/json")
    assert answer.status_code in (200, 400)
    running = answer.get_json().get("running")
    if answer.status_code == 400 and isinstance(payload, dict) and isinstance(payload.get("players"), list) \
            and running is not None:
        assert len(running) == len(payload["players"])


def test_the_guides_example_game_scores(tmp_path):
    guide = (Path(__file__).parents[1] / "docs" / "authoring.md").read_text(encoding="utf-8")
    example = guide.split("## The `scoring:` section of a layout")[1].split("```yaml\n")[1].split("```")[0]
    game = layouts.load_file(write_text(tmp_path / "pig-pad.yaml", example))
    result = score_game(game, {"players": [{"name": "Ana", "banked": 96, "pigs": 2, "doubled": True},
                                           {"name": "Ben", "banked": 100, "pigs": 2, "streak": 3}]})
    assert [(p["name"], p["total"]) for p in result["players"]] == [("Ana", 192 + 10 + 20), ("Ben", 100 + 10 + 10 + 20)]


def test_a_broken_section_it_reads_gives_one_error_not_two(tmp_path):
    layout = with_scoring(uses={"plan": "region_map"}) | {"values": {"per_six": "three"}}
    with pytest.raises(layouts.LayoutError) as refused:
        layouts.load_file(write(tmp_path, layout))
    assert len(refused.value.problems) == 1 and "values.per_six" in refused.value.problems[0]
