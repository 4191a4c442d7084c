"""POST /api/score/<game>: the scoring contract, its 400s, the exports, and properties over random input."""
from __future__ import annotations

import csv
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import layouts
from companion.scoring import forms, score
from companion.scoring.inputs import player_model
from companion.web.app import create_app
from tests.lanes import short_and_long

GAMES = ("copenhagen", "lost-cities", "simstown", "monolyth")
LOST_CITIES_COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    """One test client for the module, so hypothesis examples share it."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("api") / "api.sqlite3")})
    return app.test_client()


def test_nested_field_is_named_with_its_path(api):
    answer = api.post("/api/score/lost-cities", json={"players": [
        {"name": "Ana"}, {"name": "Ben", "expeditions": {"blue": {"boxes": 10}}}]})
    assert answer.status_code == 400 and answer.get_json()["field"] == "players[1].expeditions.blue.boxes"


def test_doubled_must_be_true_or_false(api):
    answer = api.post("/api/score/lost-cities", json={"players": [
        {"name": "Ana", "expeditions": {"red": {"boxes": 2, "doubled": "yes"}}}, {"name": "Ben"}]})
    assert answer.status_code == 400 and answer.get_json()["field"] == "players[0].expeditions.red.doubled"


def test_an_integer_valued_number_is_the_whole_number_it_writes_as_the_document_says(api):
    for rows in (3, 3.0):
        answer = api.post("/api/score/copenhagen", json={"players": [{"name": "Ana", "rows_windows": rows},
                                                                     {"name": "Ben", "empty_cells": 4.0}]})
        assert answer.status_code == 200, answer.get_json()
        assert [(p["name"], p["total"], p.get("tiebreak")) for p in answer.get_json()["players"]] == [
            ("Ana", 6, None), ("Ben", 0, 4)]
    half = api.post("/api/score/copenhagen", json={"players": [{"name": "Ana", "rows_windows": 2.5}, {"name": "Ben"}]})
    assert half.status_code == 400 and half.get_json()["error"] == "must be a whole number"


def test_unknown_game_answers_404_naming_the_games(api):
    answer = api.post("/api/score/chess", json={"players": []})
    assert answer.status_code == 404 and "copenhagen" in answer.get_json()["error"]


@pytest.mark.parametrize("body", [b"", b"{", b"[" * 5000, b"\xff\xfe", b'{"players": NaN}', b"1" * 5000])
def test_unreadable_body_answers_400(api, body):
    answer = api.post("/api/score/simstown", data=body, content_type="application/json")
    assert answer.status_code == 400 and answer.get_json()["field"] in ("body", "players")


def test_oversized_body_answers_413(api):
    answer = api.post("/api/score/simstown", json={"players": [{"name": "x" * 70000}]})
    assert answer.status_code == 413 and answer.get_json()["field"] == "body"


def test_result_exports_as_csv(api):
    answer = api.post("/api/score/copenhagen?format=csv", json={"players": [
        {"name": "Ana", "rows_windows": 2, "empty_cells": 9},
        {"name": "=Ben", "columns_windows": 1, "empty_cells": 3}]})
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    assert 'filename="copenhagen-score.csv"' in answer.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    assert [(r["rank"], r["name"], r["total"], r["winner"]) for r in rows] == [("1", "'=Ben", "4", "yes"),
                                                                                ("2", "Ana", "4", "no")]
    assert rows[0]["columns_windows"] == "4"
    assert rows[0]["tiebreak"] == "'=Ben wins on fewer empty cells (house rule)"
    assert [r["empty_cells"] for r in rows] == ["3", "9"]


def test_every_bad_field_is_named_not_only_the_first(api):
    answer = api.post("/api/score/copenhagen", json={"players": [
        {"name": "Ana", "rows_windows": 12}, {"name": "Ben", "rows_bricks": -1, "tracks_completed": "3"},
        {"name": "Ana"}]})
    body = answer.get_json()
    assert answer.status_code == 400
    assert (body["field"], body["error"]) == (body["errors"][0]["field"], body["errors"][0]["error"])
    assert sorted(e["field"] for e in body["errors"]) == ["players[0].rows_bricks", "players[0].rows_windows",
                                                         "players[1].rows_bricks", "players[1].tracks_completed",
                                                         "players[2].name"]


def test_a_sum_too_large_is_flagged_on_every_field_it_adds_with_the_ranges_at_once(api):
    answer = api.post("/api/score/copenhagen", json={"players": [
        {"name": "Ana", "rows_windows": 20, "columns_bricks": 99}, {"name": "Ben"}]})
    rows = "20 completed rows (windows + bricks), but the facade has 9 rows"
    assert [(e["field"], e["error"], e.get("about")) for e in answer.get_json()["errors"]] == [
        ("players[0].columns_bricks", "must be at most 5", None), ("players[0].rows_bricks", rows, None),
        ("players[0].rows_windows", rows, "players[0].rows_bricks")]  # the columns' checks wait for columns_bricks


def test_result_exports_as_json_download(api):
    payload = {"players": [{"name": "Ana", "structure": 12}]}
    answer = api.post("/api/score/monolyth?format=json", json=payload)
    assert 'filename="monolyth-score.json"' in answer.headers["Content-Disposition"]
    assert json.loads(answer.get_data()) == api.post("/api/score/monolyth", json=payload).get_json()


def test_unknown_export_format_answers_400(api):
    answer = api.post("/api/score/monolyth?format=xlsx", json={"players": [{"name": "Ana"}]})
    assert answer.status_code == 400 and answer.get_json()["field"] == "format"


def test_result_scored_in_a_room_joins_its_history(api):
    code = api.post("/api/rooms", json={"game": "monolyth"}).get_json()["code"]
    token = api.post(f"/api/rooms/{code}/seats", json={"name": "Ana"}).get_json()["token"]
    api.post(f"/api/rooms/{code}/seats", json={"name": "Ben"})
    before = api.get(f"/api/rooms/{code}").get_json()["version"]
    answer = api.post("/api/score/monolyth", json={"players": [{"name": "Ana", "structure": 12},
                                                              {"name": "Ben", "structure": 8}], "room": code,
                                                  "player": "Ana", "token": token})
    assert answer.status_code == 200 and answer.get_json()["winners"] == ["Ana"]
    room = api.get(f"/api/rooms/{code}").get_json()
    assert room["version"] > before
    assert "Final score: 1. Ana 12, 2. Ben 8" in json.dumps(room)


@pytest.mark.parametrize("room", ["NOSUCH", 42])
def test_score_for_an_unknown_room_answers_400_naming_the_room(api, room):
    answer = api.post("/api/score/monolyth", json={"players": [{"name": "Ana"}], "room": room})
    assert answer.status_code == 400 and answer.get_json()["field"] == "room"


def test_score_for_a_room_of_another_game_is_refused(api):
    code = api.post("/api/rooms", json={"game": "simstown"}).get_json()["code"]
    answer = api.post("/api/score/monolyth", json={"players": [{"name": "Ana"}], "room": code})
    assert answer.status_code == 400 and "plays another game" in answer.get_json()["error"]
    assert "Final score" not in json.dumps(api.get(f"/api/rooms/{code}").get_json())


@pytest.mark.parametrize("game", GAMES)
def test_score_form_is_served_for_each_game(api, game):
    page = api.get(f"/score/{game}")
    assert page.status_code == 200 and b'inputmode="numeric"' in page.data


def test_score_form_of_unknown_game_is_404(api):
    assert api.get("/score/chess").status_code == 404


# Properties over random input

def count(high: int):
    """A count up to a little past what the sheet allows, so some examples are refused."""
    return st.integers(0, high + 2)


PLAYER_FIELDS = {
    "copenhagen": st.fixed_dictionaries({}, optional={
        "rows_windows": count(9), "rows_bricks": count(9), "columns_windows": count(5),
        "columns_bricks": count(5), "tracks_completed": count(5), "empty_cells": count(45)}),
    "lost-cities": st.fixed_dictionaries({}, optional={
        "expeditions": st.dictionaries(st.sampled_from(LOST_CITIES_COLOURS), st.fixed_dictionaries(
            {"boxes": count(9)}, optional={"doubled": st.booleans()})),
        "artifacts": count(9), "dice": count(9), "bridges": count(8)}),
    "simstown": st.fixed_dictionaries({}, optional={
        "houses": count(12), "commercial": count(12), "industry": count(12), "parks": count(12),
        "districts": count(8)}),
    "monolyth": st.fixed_dictionaries({}, optional={
        "structure": st.sampled_from([0, 3, 5, 8, 12]),
        "levels": st.lists(st.sampled_from([1, 2, 3, 4, 5, 6, 8, 10]), max_size=4),
        "prophecies": st.lists(st.fixed_dictionaries({"value": st.sampled_from([4, 6, 8, 10, 12, 14, 16]),
                                                      "cubes": count(16)}), max_size=4)}),
}


@st.composite
def games(draw):
    """A game id and a payload of 1-5 players with plausible numbers."""
    game = draw(st.sampled_from(GAMES))
    players = draw(st.lists(PLAYER_FIELDS[game], min_size=1, max_size=5))
    return game, {"players": [{"name": f"P{i}"} | p for i, p in enumerate(players)]}


def relaxed(examples):
    """Hypothesis settings for `examples` drawn payloads, posted with one client."""
    return settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("examples", short_and_long(150))
def test_total_is_the_sum_of_the_breakdown_and_ranks_follow_totals(api, examples):
    relaxed(examples)(given(games())(total_is_the_sum_of_the_breakdown_and_ranks_follow_totals))(api)


def total_is_the_sum_of_the_breakdown_and_ranks_follow_totals(api, drawn):
    game, payload = drawn
    answer = api.post(f"/api/score/{game}", json=payload)
    assert answer.status_code in (200, 400)
    if answer.status_code == 400:
        assert answer.get_json()["field"].startswith(("players", "body"))
        return
    players = answer.get_json()["players"]
    assert len(players) == len(payload["players"])
    for p in players:
        assert p["total"] == sum(p["breakdown"].values())
        above = sum(q["total"] > p["total"] for q in players)
        assert above + 1 <= p["rank"] <= above + sum(q["total"] == p["total"] for q in players)
    assert answer.get_json()["winners"] == [p["name"] for p in players if p["rank"] == 1]
    assert [p["rank"] for p in players] == sorted(p["rank"] for p in players)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20)


@st.composite
def malformed(draw):
    """A valid-looking payload with one part replaced by random JSON, or random JSON outright."""
    game, payload = draw(games())
    if draw(st.booleans()):
        return game, draw(json_values)
    player = draw(st.sampled_from(payload["players"]))
    player[draw(st.sampled_from([*player, "name", "rows_windows", "expeditions", "levels", "prophecies"]))] = \
        draw(json_values)
    return game, payload


@pytest.mark.parametrize("examples", short_and_long(150))
def test_malformed_payloads_never_give_a_500(api, examples):
    relaxed(examples)(given(malformed())(malformed_payloads_never_give_a_500))(api)


def malformed_payloads_never_give_a_500(api, drawn):
    game, payload = drawn
    answer = api.post(f"/api/score/{game}", data=json.dumps(payload), content_type="application/json")
    assert answer.status_code in (200, 400)
    if answer.status_code == 400:
        body = answer.get_json()
        assert set(body) == {"error", "field", "errors"}
        assert body["error"] and body["errors"][0]["field"] == body["field"]



@pytest.mark.parametrize("game", GAMES)
def test_every_form_field_is_an_input_the_api_takes(game):
    taken = player_model(layouts.load(game).scoring.fields).model_fields
    paths = [w.path for section in forms.form(layouts.load(game)) for w in section.widgets]
    assert paths and all(path.split(".")[0].removesuffix("[]") in taken for path in paths)


@pytest.mark.parametrize("game", GAMES)
def test_result_labels_name_every_breakdown_part(game):
    breakdown = score(game, {"players": [{"name": "Ana"}, {"name": "Ben"}]})["players"][0]["breakdown"]
    assert set(breakdown) <= set(forms.breakdown_labels(layouts.load(game)))
