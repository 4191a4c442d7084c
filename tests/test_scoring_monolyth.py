"""Monolyth scoring as RULES.md words it: every rule, tie and tie-break."""
from __future__ import annotations

import pytest

from companion.scoring import ScoreError
from tests.scoring_play import play, points, ranks


def test_monolyth_scores_structure_levels_and_fulfilled_prophecies():
    result = play("monolyth", {"structure": 12, "levels": [5, 6, 8, 10],
                               "prophecies": [{"value": 4, "cubes": 4}, {"value": 16, "cubes": 12}]}, {})
    assert points(result, "Ana") == {"structure": 12, "levels": 29, "prophecies": 4}


def test_prophecy_with_too_few_cubes_scores_zero():
    assert points(play("monolyth", {"prophecies": [{"value": 8, "cubes": 7}]}), "Ana")["prophecies"] == 0


def test_prophecy_with_at_least_its_value_in_cubes_scores_its_value():
    assert points(play("monolyth", {"prophecies": [{"value": 8, "cubes": 9}]}), "Ana")["prophecies"] == 8


def test_structure_must_be_a_token_in_play():
    with pytest.raises(ScoreError) as refused:
        play("monolyth", {"structure": 7}, {})
    assert refused.value.field == "players[0].structure"


def test_two_players_cannot_hold_the_same_structure_token():
    with pytest.raises(ScoreError) as refused:
        play("monolyth", {"structure": 12}, {"structure": 12})
    assert refused.value.field == "players[1].structure"


def test_level_stacks_hold_one_token_per_player():
    with pytest.raises(ScoreError) as refused:
        play("monolyth", {"levels": [3]})
    assert refused.value.field == "players[0].levels[0]"


def test_level_four_is_only_built_by_one_or_two_players():
    with pytest.raises(ScoreError) as refused:
        play("monolyth", {"levels": [5, 6, 8, 10]}, {}, {})
    assert refused.value.field == "players[0].levels[3]"


def test_a_level_gives_one_token_per_player():
    with pytest.raises(ScoreError) as refused:
        play("monolyth", {"levels": [6, 6]}, {}, {})
    assert refused.value.field == "players[0].levels"


def test_each_level_token_is_taken_once():
    with pytest.raises(ScoreError) as refused:
        play("monolyth", {"levels": [5, 6]}, {"levels": [6]}, {"levels": [6]})
    assert refused.value.field == "players"


def test_big_prophecies_only_with_one_or_two_players():
    with pytest.raises(ScoreError) as refused:
        play("monolyth", {"prophecies": [{"value": 14, "cubes": 12}]}, {}, {})
    assert refused.value.field == "players[0].prophecies[0].value"


def test_each_prophecy_value_exists_twice():
    with pytest.raises(ScoreError) as refused:
        play("monolyth", {"prophecies": [{"value": 6}, {"value": 6}]}, {"prophecies": [{"value": 6}]})
    assert refused.value.field == "players[1].prophecies[0].value"


def test_one_prophecy_per_board_side():
    with pytest.raises(ScoreError) as refused:
        play("monolyth", {"prophecies": [{"value": v} for v in (4, 6, 8, 10, 12)]})
    assert refused.value.field == "players[0].prophecies"


def test_monolyth_ties_are_shared():
    result = play("monolyth", {"structure": 8}, {"levels": [6, 2]}, {})
    assert result["winners"] == ["Ana", "Ben"] and ranks(result) == {"Ana": 1, "Ben": 1, "Cy": 3}
