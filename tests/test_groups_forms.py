"""A group page's play forms (enter a play, correct one) refuse a score or minutes that is no whole number in ASCII
digits with the form's sentence, the page keeping what was typed; never a 500."""
from __future__ import annotations

import pytest
from markupsafe import escape

TYPED = ["--5", "\u00b2", "1" * 5000, "+-3", "5-"]
"""Scores and minutes a phone can type that are no whole number (superscript two, 5,000 digits, ...)."""


@pytest.fixture
def group(client) -> tuple[str, str]:
    """A group with one play entered through the API: (its code, the play's id)."""
    code = client.post("/api/groups", json={"name": "Thursday"}).get_json()["code"]
    play = client.post(f"/api/groups/{code}/plays", json={"game": "simstown", "players": [{"name": "Ana", "score": 3}]})
    return code, play.get_json()["id"]


def form(score: str = "7", minutes: str = "") -> dict:
    """A play form as the page posts it: Ana with `score`, the minutes it took."""
    return {"game": "simstown", "date": "2025-05-01", "duration_min": minutes, "name-0": "Ana", "score-0": score}


@pytest.mark.parametrize("typed", TYPED)
@pytest.mark.parametrize("where", ["enter", "correct"])
def test_a_score_that_is_no_whole_number_is_refused_with_the_typed_text_kept(client, group, where, typed):
    code, play = group
    path = f"/g/{code}/plays" if where == "enter" else f"/g/{code}/plays/{play}"
    answer = client.post(path, data=form(score=typed))
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400
    assert 'id="alert"' in page and escape('"score" is a whole number of points.') in page
    assert f'value="{escape(typed)}"' in page


@pytest.mark.parametrize("typed", TYPED)
def test_minutes_that_are_no_whole_number_are_refused_not_dropped(client, group, typed):
    code, _ = group
    answer = client.post(f"/g/{code}/plays", data=form(minutes=typed))
    assert answer.status_code == 400 and "how many minutes the play took" in answer.get_data(as_text=True)


def test_whole_numbers_typed_with_a_minus_or_spaces_are_taken(client, group):
    code, _ = group
    answer = client.post(f"/g/{code}/plays", data=form(score=" -5 ", minutes="45"))
    assert answer.status_code == 303
    entered = answer.headers["Location"].partition("#play-")[2]
    played = next(p for p in client.get(f"/api/groups/{code}").get_json()["plays"] if p["id"] == entered)
    assert played["players"][0]["score"] == -5 and played["duration_min"] == 45
