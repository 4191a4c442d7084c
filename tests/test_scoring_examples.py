"""Games written as YAML alone score through the same engine: a Kniffel pad and a Qwixx sheet."""
from __future__ import annotations

import pytest

from companion.scoring import ScoreError
from tests.scoring_play import EXAMPLES, add_games, example, play_file, points, ranks, total

UPPER_63 = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}


@pytest.fixture(scope="module")
def kniffel():
    return example("kniffel")


@pytest.fixture(scope="module")
def qwixx():
    return example("qwixx")


def test_upper_section_of_63_earns_the_bonus(kniffel):
    assert points(play_file(kniffel, UPPER_63), "Ana")["bonus"] == 35


def test_upper_section_of_62_earns_no_bonus(kniffel):
    assert points(play_file(kniffel, UPPER_63 | {"ones": 2}), "Ana")["bonus"] == 0


def test_kniffel_total_adds_every_box(kniffel):
    result = play_file(kniffel, UPPER_63 | {"three_of_a_kind": 17, "four_of_a_kind": 0, "full_house": True,
                                            "small_straight": True, "large_straight": True, "kniffel": True,
                                            "chance": 22})
    assert total(result, "Ana") == 63 + 35 + 17 + 25 + 30 + 40 + 50 + 22


def test_a_scratched_box_scores_nothing(kniffel):
    assert points(play_file(kniffel, {"full_house": False, "chance": 0}), "Ana")["full_house"] == 0


@pytest.mark.parametrize("player, field", [
    ({"twos": 3}, "players[0].twos"),
    ({"sixes": 36}, "players[0].sixes"),
    ({"chance": 31}, "players[0].chance"),
    ({"chance": 4}, "players[0].chance"),
    ({"full_house": 25}, "players[0].full_house"),
])
def test_boxes_no_roll_can_give_are_refused(kniffel, player, field):
    with pytest.raises(ScoreError) as refused:
        play_file(kniffel, player)
    assert refused.value.field == field


def test_kniffel_ties_are_shared(kniffel):
    result = play_file(kniffel, {"chance": 20}, {"sixes": 18, "ones": 2}, {"chance": 19})
    assert ranks(result) == {"Ana": 1, "Ben": 1, "Cy": 3} and result["tiebreak"] == "Ana and Ben share the win"


def test_crosses_score_by_the_table(qwixx):
    result = play_file(qwixx, {"rows": {"red": {"crosses": 1}, "yellow": {"crosses": 4}, "blue": {"crosses": 11}}})
    assert [points(result, "Ana")[row] for row in ("red", "yellow", "green", "blue")] == [1, 10, 0, 66]


def test_a_lock_counts_as_one_more_cross(qwixx):
    result = play_file(qwixx, {"rows": {"green": {"crosses": 11, "locked": True}}})
    assert points(result, "Ana")["green"] == 78


def test_each_penalty_costs_five(qwixx):
    result = play_file(qwixx, {"rows": {"red": {"crosses": 3}}, "penalties": 2})
    assert points(result, "Ana")["penalties"] == -10 and total(result, "Ana") == 6 - 10


@pytest.mark.parametrize("player, field", [
    ({"rows": {"red": {"crosses": 5, "locked": True}}}, "players[0].rows.red.locked"),
    ({"rows": {"blue": {"crosses": 12}}}, "players[0].rows.blue.crosses"),
    ({"rows": {"pink": {"crosses": 2}}}, "players[0].rows.pink"),
    ({"penalties": 5}, "players[0].penalties"),
])
def test_sheets_qwixx_cannot_show_are_refused(qwixx, player, field):
    with pytest.raises(ScoreError) as refused:
        play_file(qwixx, player, {})
    assert refused.value.field == field


def test_user_games_score_through_the_api(client, monkeypatch):
    add_games(monkeypatch, EXAMPLES / "kniffel.yaml", EXAMPLES / "qwixx.yaml")
    answer = client.post("/api/score/qwixx", json={"players": [
        {"name": "Ana", "rows": {"red": {"crosses": 6, "locked": True}}}, {"name": "Ben", "penalties": 1}]})
    assert answer.status_code == 200 and answer.get_json()["winners"] == ["Ana"]
    assert answer.get_json()["players"][0]["total"] == 28
    page = client.get("/score/kniffel")
    assert page.status_code == 200 and b'data-path="full_house"' in page.data and b'data-step="3"' in page.data
