"""Copenhagen: Roll & Write scoring as RULES.md words it: every rule, tie and tie-break."""
from __future__ import annotations

import pytest

from companion.scoring import ScoreError
from tests.scoring_play import play, points, ranks, total


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
    assert result["tiebreak"] == "Ben wins on fewer empty cells (house rule)"


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


def test_tie_break_orders_players_below_the_winner_and_says_so():
    result = play("copenhagen", {"rows_windows": 3}, {"rows_bricks": 2, "empty_cells": 9},
                  {"rows_bricks": 2, "empty_cells": 5})
    assert ranks(result) == {"Ana": 1, "Cy": 2, "Ben": 3} and result["tiebreak"] is None
    assert result["tiebreaks"] == ["Cy and Ben tied on points: fewer empty cells puts them in order (2. Cy, 3. Ben) "
                                   "(house rule)"]


def test_every_tie_is_explained_the_win_first():
    result = play("copenhagen", {"rows_windows": 3, "empty_cells": 2}, {"rows_windows": 3, "empty_cells": 6},
                  {"rows_bricks": 2, "empty_cells": 5}, {"rows_bricks": 2})
    assert result["tiebreaks"] == ["Ana wins on fewer empty cells (house rule)",
                                   "Cy and Dee share place 3 on points; give empty cells to break the tie "
                                   "(house rule)"]
    result = play("copenhagen", {"rows_windows": 3}, {"rows_bricks": 2, "empty_cells": 5},
                  {"rows_bricks": 2, "empty_cells": 5})
    assert result["tiebreaks"] == ["Ben and Cy share place 2: same points and same empty cells"]


def test_a_win_of_three_tied_on_points_explains_the_order_of_the_other_two():
    result = play("copenhagen", {"rows_windows": 3, "empty_cells": 2}, {"rows_windows": 3, "empty_cells": 6},
                  {"rows_windows": 3, "empty_cells": 4})
    assert ranks(result) == {"Ana": 1, "Cy": 2, "Ben": 3}
    assert result["tiebreaks"] == ["Ana wins on fewer empty cells (house rule)",
                                   "Cy and Ben tied on points: fewer empty cells puts them in order (2. Cy, 3. Ben) "
                                   "(house rule)"]


def test_a_tie_below_the_win_without_a_tie_break_is_a_shared_place():
    result = play("lost-cities", {"artifacts": 4}, {"artifacts": 2}, {"artifacts": 2})
    assert result["tiebreaks"] == ["Ben and Cy share place 2"] and "tiebreak" not in result["players"][0]


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
