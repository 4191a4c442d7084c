"""Every scoring rule, tie and tie-break of the four games, as RULES.md words them."""
from __future__ import annotations

import pytest

from companion.scoring import ScoreError, score


def play(game: str, *players: dict) -> dict:
    """Score players given as dicts; names default to Ana, Ben, Cy..."""
    names = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
    return score(game, {"players": [{"name": names[i]} | p for i, p in enumerate(players)]})


def points(result: dict, name: str) -> dict:
    """A player's breakdown."""
    return next(p["breakdown"] for p in result["players"] if p["name"] == name)


def total(result: dict, name: str) -> int:
    return next(p["total"] for p in result["players"] if p["name"] == name)


def ranks(result: dict) -> dict[str, int]:
    return {p["name"]: p["rank"] for p in result["players"]}


# Copenhagen: Roll & Write

def test_all_window_row_scores_two():
    assert points(play("copenhagen", {"rows_windows": 1}, {}), "Ana")["rows_windows"] == 2


def test_row_with_a_brick_scores_one():
    assert points(play("copenhagen", {"rows_bricks": 1}, {}), "Ana")["rows_bricks"] == 1


def test_all_window_column_scores_four():
    assert points(play("copenhagen", {"columns_windows": 1}, {}), "Ana")["columns_windows"] == 4


def test_column_with_a_brick_scores_two():
    assert points(play("copenhagen", {"columns_bricks": 1}, {}), "Ana")["columns_bricks"] == 2


def test_completed_ability_track_scores_two():
    assert points(play("copenhagen", {"tracks_completed": 3}, {}), "Ana")["tracks_completed"] == 6


def test_copenhagen_total_adds_rows_columns_and_tracks():
    result = play("copenhagen", {"rows_windows": 2, "rows_bricks": 3, "columns_windows": 1,
                                 "columns_bricks": 1, "tracks_completed": 2}, {})
    assert total(result, "Ana") == 2 * 2 + 3 * 1 + 4 + 2 + 2 * 2


def test_most_points_wins_copenhagen():
    result = play("copenhagen", {"rows_bricks": 5}, {"columns_windows": 2})
    assert result["winners"] == ["Ben"] and ranks(result) == {"Ben": 1, "Ana": 2}


def test_tie_broken_by_fewest_empty_cells():
    result = play("copenhagen", {"rows_windows": 2, "empty_cells": 7}, {"columns_windows": 1, "empty_cells": 4})
    assert result["winners"] == ["Ben"]
    assert ranks(result) == {"Ben": 1, "Ana": 2}
    assert result["tiebreak"] == "Ben wins on fewer empty cells"


def test_tie_with_same_empty_cells_is_shared():
    result = play("copenhagen", {"rows_windows": 2, "empty_cells": 4}, {"columns_windows": 1, "empty_cells": 4})
    assert result["winners"] == ["Ana", "Ben"] and set(ranks(result).values()) == {1}
    assert result["tiebreak"] == "Ana and Ben share the win: same points and same empty cells"


def test_tie_without_empty_cells_is_shared_and_asks_for_them():
    result = play("copenhagen", {"rows_windows": 2, "empty_cells": 4}, {"columns_windows": 1})
    assert result["winners"] == ["Ana", "Ben"]
    assert "give empty cells" in result["tiebreak"]


def test_empty_cells_do_not_change_untied_ranks():
    result = play("copenhagen", {"rows_windows": 1, "empty_cells": 40}, {"empty_cells": 0 + 45})
    assert result["winners"] == ["Ana"] and result["tiebreak"] is None


def test_tie_break_orders_players_below_the_winner():
    result = play("copenhagen", {"rows_windows": 3}, {"rows_bricks": 2, "empty_cells": 9},
                  {"rows_bricks": 2, "empty_cells": 5})
    assert ranks(result) == {"Ana": 1, "Cy": 2, "Ben": 3}


@pytest.mark.parametrize("player, field", [
    ({"rows_windows": 5, "rows_bricks": 5}, "players[0].rows_bricks"),
    ({"columns_windows": 4, "columns_bricks": 2}, "players[0].columns_bricks"),
    ({"tracks_completed": 6}, "players[0].tracks_completed"),
    ({"rows_windows": 1, "empty_cells": 41}, "players[0].empty_cells"),
    ({"columns_windows": 1, "empty_cells": 37}, "players[0].empty_cells"),
    ({"rows_windows": 1, "columns_windows": 1, "empty_cells": 33}, "players[0].empty_cells"),
    ({"rows_bricks": 9, "columns_bricks": 4}, "players[0].columns_bricks"),
    ({"rows_windows": 9, "columns_bricks": 5}, "players[0].columns_windows"),
])
def test_facade_counts_the_sheet_cannot_show_are_refused(player, field):
    with pytest.raises(ScoreError) as refused:
        play("copenhagen", player, {})
    assert refused.value.field == field


def test_full_facade_leaves_no_empty_cell():
    result = play("copenhagen", {"rows_bricks": 9, "columns_bricks": 5, "empty_cells": 0}, {})
    assert total(result, "Ana") == 9 + 10


# Lost Cities: Roll & Write

def test_expedition_scores_by_boxes_filled():
    result = play("lost-cities", {"expeditions": {"red": {"boxes": 1}, "blue": {"boxes": 4}, "green": {"boxes": 9}}}, {})
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
    assert [points(play("lost-cities", {"artifacts": n}, {}), "Ana")["artifacts"] for n in (3, 4, 8, 9)] == [0, 10, 70, 100]


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


# Simstown

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
    result = play("simstown", {"houses": 15, "districts": 6})
    assert total(result, "Ana") == 15 + 5 + 30


@pytest.mark.parametrize("player, field", [
    ({"houses": 49, "districts": 1}, "players[0].houses"),
    ({"houses": 30, "parks": 7, "districts": 1}, "players[0].parks"),
    ({"houses": 9, "districts": 9}, "players[0].districts"),
    ({"houses": 2, "districts": 3}, "players[0].districts"),
    ({"houses": 2}, "players[0].districts"),
])
def test_chips_and_districts_the_plan_cannot_hold_are_refused(player, field):
    with pytest.raises(ScoreError) as refused:
        play("simstown", player)
    assert refused.value.field == field


def test_players_cannot_hold_more_chips_than_the_plan_has_fields():
    with pytest.raises(ScoreError) as refused:
        play("simstown", {"houses": 30, "districts": 8}, {"parks": 19, "districts": 8})
    assert refused.value.field == "players"


def test_simstown_ties_are_shared():
    result = play("simstown", {"houses": 2, "districts": 1}, {"parks": 2, "districts": 1})
    assert result["winners"] == ["Ana", "Ben"]


# Monolyth

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


# All games

def test_shared_ranks_skip_the_places_they_fill():
    result = play("simstown", {"houses": 2, "districts": 1}, {"parks": 2, "districts": 1}, {"industry": 1, "districts": 1})
    assert ranks(result) == {"Ana": 1, "Ben": 1, "Cy": 3}


@pytest.mark.parametrize("game, count", [("copenhagen", 1), ("copenhagen", 5), ("lost-cities", 6), ("monolyth", 5)])
def test_player_count_outside_the_game_is_refused(game, count):
    with pytest.raises(ScoreError) as refused:
        play(game, *[{}] * count)
    assert refused.value.field == "players"


def test_two_players_with_one_name_are_refused():
    with pytest.raises(ScoreError) as refused:
        score("simstown", {"players": [{"name": "Ana"}, {"name": " Ana "}]})
    assert refused.value.field == "players[1].name"
