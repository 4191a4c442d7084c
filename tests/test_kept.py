"""Work kept per loaded game (layouts/kept.py): worked out once for the game a phone plays, anew for a game read
again from its changed files, never handed to another object."""
from __future__ import annotations

import pytest

from layouts import kept
from layouts.kept import per_object
from layouts.mark_scope import sheet_places


def counting():
    """A kept function that doubles `thing["n"]`, and the things it was worked out for."""
    calls = []

    @per_object
    def doubled(thing: dict) -> int:
        calls.append(thing)
        return thing["n"] * 2

    return doubled, calls


def test_the_same_object_is_worked_out_once():
    doubled, calls = counting()
    game = {"n": 3}
    assert [doubled(game) for _ in range(3)] == [6, 6, 6]
    assert calls == [game]


def test_an_equal_object_read_again_is_worked_out_anew():
    doubled, calls = counting()
    first, again = {"n": 3}, {"n": 3}
    doubled(first)
    again["n"] = 4  # the file changed: a new object, whatever it holds
    assert doubled(again) == 8 and len(calls) == 2


def test_only_the_last_used_are_kept(monkeypatch):
    monkeypatch.setattr(kept, "MOST", 2)
    doubled, calls = counting()
    games = [{"n": n} for n in range(3)]
    for game in games:
        doubled(game)
    doubled(games[0])
    assert len(calls) == 4  # the first was let go when the third came


def test_a_sheets_places_are_shared_read_only():
    import layouts

    game = layouts.load("lost-cities")
    places = sheet_places(game)
    assert sheet_places(game) is places and "columns.red.foot" in places
    with pytest.raises(TypeError):
        places["columns.red.foot"] = None
