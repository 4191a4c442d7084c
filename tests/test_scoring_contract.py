"""The scoring contract all four games share: the answer's shape, shared ranks, player counts, 400s."""
from __future__ import annotations

import pytest

from companion.scoring import ScoreError, score
from tests.scoring_play import play, ranks


def test_shared_ranks_skip_the_places_they_fill():
    result = play("simstown", {"houses": 2, "districts": 1}, {"parks": 2, "districts": 1},
                  {"industry": 1, "districts": 1})
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


def test_score_answers_the_contract(client):
    answer = client.post("/api/score/simstown", json={"players": [
        {"name": "Ana", "houses": 4, "parks": 1, "districts": 3}, {"name": "Ben", "houses": 2, "districts": 2}]})
    assert answer.status_code == 200
    assert answer.get_json() == {
        "game": "simstown", "winners": ["Ana"], "tiebreak": None, "tiebreaks": [], "players": [
            {"name": "Ana", "total": 5 + 5 + 5 + 15, "rank": 1,
             "breakdown": {"chips": 5, "houses": 5, "commercial": 0, "industry": 0, "parks": 5, "districts": 15}},
            {"name": "Ben", "total": 2 + 10, "rank": 2,
             "breakdown": {"chips": 2, "houses": 0, "commercial": 0, "industry": 0, "parks": 0, "districts": 10}}]}


@pytest.mark.parametrize("payload, field", [
    ({"players": [{"name": "Ana", "rows_windows": -1}, {"name": "Ben"}]}, "players[0].rows_windows"),
    ({"players": [{"name": "Ana", "rows_windows": "3"}, {"name": "Ben"}]}, "players[0].rows_windows"),
    ({"players": [{"name": "Ana", "rows_windows": 2.5}, {"name": "Ben"}]}, "players[0].rows_windows"),
    ({"players": [{"name": "Ana"}, {"name": "Ben", "row_windows": 1}]}, "players[1].row_windows"),
    ({"players": [{"name": "Ana"}, {"rows_windows": 1}]}, "players[1].name"),
    ({"players": [{"name": ""}, {"name": "Ben"}]}, "players[0].name"),
    ({"players": [{"name": "Ana"}]}, "players"),
    ({"players": "Ana, Ben"}, "players"),
    ({"player": []}, "player"),
    ([1, 2], "body"),
])
def test_bad_input_answers_400_naming_the_field(client, payload, field):
    answer = client.post("/api/score/copenhagen", json=payload)
    assert answer.status_code == 400
    assert answer.get_json()["field"] == field and answer.get_json()["error"]
