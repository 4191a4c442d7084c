"""Lost Cities: Roll & Write scoring as RULES.md words it: every rule, tie and tie-break."""
from __future__ import annotations

import pytest

from companion.scoring import ScoreError
from tests.scoring_play import play, points, ranks


def test_expedition_scores_by_boxes_filled():
    boxes = {"red": {"boxes": 1}, "blue": {"boxes": 4}, "green": {"boxes": 9}}
    result = play("lost-cities", {"expeditions": boxes}, {})
    assert [points(result, "Ana")[c] for c in ("red", "blue", "green", "orange")] == [-15, 5, 65, 0]


def test_doubled_negative_expedition():
    result = play("lost-cities", {"expeditions": {"red": {"boxes": 2, "doubled": True}}}, {})
    assert points(result, "Ana")["red"] == -20


def test_doubled_positive_expedition():
    result = play("lost-cities", {"expeditions": {"red": {"boxes": 8, "doubled": True}}}, {})
    assert points(result, "Ana")["red"] == 100


def test_doubled_unstarted_expedition_scores_nothing():
    result = play("lost-cities", {"expeditions": {"purple": {"boxes": 0, "doubled": True}}}, {})
    assert points(result, "Ana")["purple"] == 0


def test_artifacts_score_from_the_fourth_box():
    scored = [points(play("lost-cities", {"artifacts": n}, {}), "Ana")["artifacts"] for n in (3, 4, 8, 9)]
    assert scored == [0, 10, 70, 100]


def test_dice_score_from_the_fourth_box():
    assert [points(play("lost-cities", {"dice": n}, {}), "Ana")["dice"] for n in (3, 4, 8)] == [0, 10, 70]


def test_exhausted_dice_column_scores_zero():
    assert points(play("lost-cities", {"dice": 9}, {}), "Ana")["dice"] == 0


def test_bridge_won_scores_twenty():
    result = play("lost-cities", {"expeditions": {"red": {"boxes": 7}}, "dice": 8, "bridges": 2}, {})
    assert points(result, "Ana")["bridges"] == 40


def test_players_reaching_a_bridge_in_the_same_turn_all_score():
    result = play("lost-cities", {"artifacts": 7, "bridges": 1}, {"artifacts": 7, "bridges": 1})
    assert points(result, "Ana")["bridges"] == points(result, "Ben")["bridges"] == 20


def test_bridges_need_columns_past_box_seven():
    with pytest.raises(ScoreError) as refused:
        play("lost-cities", {"expeditions": {"red": {"boxes": 7}}, "bridges": 2}, {})
    assert refused.value.field == "players[0].bridges"


def test_unknown_expedition_colour_is_refused():
    with pytest.raises(ScoreError) as refused:
        play("lost-cities", {"expeditions": {"pink": {"boxes": 3}}}, {})
    assert refused.value.field == "players[0].expeditions.pink"


def test_lost_cities_ties_are_shared():
    result = play("lost-cities", {"artifacts": 4}, {"dice": 4}, {"artifacts": 3})
    assert result["winners"] == ["Ana", "Ben"] and ranks(result) == {"Ana": 1, "Ben": 1, "Cy": 3}
    assert result["tiebreak"] == "Ana and Ben share the win"
