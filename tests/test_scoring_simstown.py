"""Simstown scoring as RULES.md words it: every rule, tie and tie-break."""
from __future__ import annotations

import pytest

import layouts
from companion.scoring import ScoreError
from companion.scoring.facts import uses
from tests.scoring_play import play, points, total


def test_each_chip_on_the_plan_scores_one():
    assert points(play("simstown", {"houses": 3, "parks": 2, "districts": 1}), "Ana")["chips"] == 5


def test_most_chips_of_a_type_scores_five():
    result = play("simstown", {"houses": 3, "districts": 1}, {"houses": 2, "districts": 1})
    assert points(result, "Ana")["houses"] == 5 and points(result, "Ben")["houses"] == 0


def test_simstown_tied_majority_scores_for_all():
    result = play("simstown", {"industry": 2, "districts": 1}, {"industry": 2, "districts": 1},
                  {"industry": 1, "districts": 1})
    assert [points(result, n)["industry"] for n in ("Ana", "Ben", "Cy")] == [5, 5, 0]


def test_nobody_scores_a_type_no_one_built():
    result = play("simstown", {"houses": 1, "districts": 1}, {"houses": 1, "districts": 1})
    assert all(points(result, n)[kind] == 0 for n in ("Ana", "Ben") for kind in ("commercial", "industry", "parks"))


def test_every_district_with_a_chip_scores_five():
    assert points(play("simstown", {"houses": 6, "districts": 6}), "Ana")["districts"] == 30


def test_solo_city_scores_its_majorities():
    result = play("simstown", {"houses": 12, "parks": 3, "districts": 6})
    assert total(result, "Ana") == 15 + 5 + 5 + 30


@pytest.mark.parametrize("player, field", [
    ({"houses": 13, "districts": 1}, "players[0].houses"),
    ({"houses": 12, "commercial": 12, "industry": 12, "parks": 1, "districts": 8}, "players[0].parks"),
    ({"houses": 9, "districts": 9}, "players[0].districts"),
    ({"houses": 2, "districts": 3}, "players[0].districts"),
    ({"houses": 2}, "players[0].districts"),
])
def test_chips_and_districts_the_plan_cannot_hold_are_refused(player, field):
    with pytest.raises(ScoreError) as refused:
        play("simstown", player)
    assert refused.value.field == field


def test_a_district_count_the_chips_cannot_hold_says_what_to_fix():
    with pytest.raises(ScoreError) as refused:
        play("simstown", {"houses": 2, "districts": 3})
    assert refused.value.message == ("3 districts with a chip, but 2 chips are in at most 2 districts: lower Districts "
                                     "with a chip to 2, or add the chips you missed")
    with pytest.raises(ScoreError) as refused:
        play("simstown", {"houses": 1})
    assert refused.value.message.endswith("in at least 1 district: set Districts with a chip to 1 or more")


def test_players_cannot_hold_more_chips_of_a_type_than_the_plan_has_fields():
    with pytest.raises(ScoreError) as refused:
        play("simstown", {"houses": 7, "districts": 3}, {"houses": 6, "districts": 3})
    assert refused.value.field == "players[1].houses"


def test_plan_fields_and_districts_come_from_the_city_plan():
    plan = uses(layouts.load("simstown"))["plan"]
    assert sum(plan["fields"].values()) == 48 and plan["districts"] == 8


def test_simstown_ties_are_shared():
    result = play("simstown", {"houses": 2, "districts": 1}, {"parks": 2, "districts": 1})
    assert result["winners"] == ["Ana", "Ben"]
