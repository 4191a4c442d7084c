"""Games written as YAML alone (the templates, and the guide's example), added with --layouts: they
check, print, play in a room on a real `rollsheet serve` and score like the shipped games."""
from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.request
from unittest import mock

import pytest
from playwright.sync_api import expect

import layouts
from tests.phones import axe_clean, seated_phone
from tests.serving import serving
from tests.tables import Http, Table

GAMES = layouts.TEMPLATES


def guide_example() -> str:
    """The complete small game of the guide "Write your own game" (docs/authoring.md shows this file as it is)."""
    return (layouts.TEMPLATES / "fives.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def mine(tmp_path_factory):
    """A folder with a broken game."""
    folder = tmp_path_factory.mktemp("mine")
    (folder / "broken.yaml").write_text("id: broken\nname: Broken\nplayers: {min: 1, max: 9}\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def base(tmp_path_factory, mine):
    """`rollsheet serve` finding the templates (the guide's example among them) through ROLLSHEET_LAYOUTS and a
    broken game through --layouts."""
    with mock.patch.dict(os.environ, {"ROLLSHEET_LAYOUTS": str(GAMES)}), \
            serving(tmp_path_factory.mktemp("data"), "--layouts", mine) as (url, _):
        yield url


def test_the_guide_example_checks_and_prints(cli, tmp_path):
    (tmp_path / "fives.yaml").write_text(guide_example(), encoding="utf-8")
    assert cli("check", tmp_path / "fives.yaml").exit_code == 0
    printed = cli("print", tmp_path / "fives.yaml", "--out", tmp_path, "--players", 2)
    assert printed.exit_code == 0 and (tmp_path / "fives-sheet.pdf").stat().st_size > 1000


def test_kniffel_plays_thirteen_rounds_and_the_room_ends_the_game(base):
    room = Table(Http(base), "kniffel", ("Ana", "Ben"))
    for turn in range(26):
        who = ("Ana", "Ben")[turn % 2]
        room.ok(who, "roll")
        room.ok(who, "hold", dice=[0, 1])
        room.ok(who, "roll")
        state = room.ok(who, "next")
    assert state["over"] and state["log"][0]["text"].endswith("All 13 rounds are played: add up your columns.")
    status, result = Http(base)("/api/score/kniffel", {"players": [
        {"name": "Ana", "sixes": 24, "full_house": True, "chance": 20}, {"name": "Ben", "ones": 3, "kniffel": True}]})
    assert status == 200 and [p["total"] for p in result["players"]] == [69, 53]


def test_qwixx_active_player_takes_the_white_pair_and_one_coloured_die_the_others_the_white_pair(base):
    room = Table(Http(base), "qwixx", ("Ana", "Ben", "Cy"))
    state = room.ok("Ana", "roll")
    kinds = [d["die"] for d in state["dice"]]
    assert kinds == ["white", "white", "red", "yellow", "green", "blue"]
    status, answer = room.move("Ana", "pick", dice=[0, 2, 3])
    assert status == 400 and "0 to 1 red, yellow, green, or blue die" in answer["error"]
    room.ok("Ana", "pick", dice=[0, 1, 4])
    room.ok("Ben", "pick", dice=[0, 1])
    assert room.ok("Cy", "refuse")["active"] == 1


def test_qwixx_ends_once_two_rows_are_locked(base):
    room = Table(Http(base), "qwixx", ("Ana", "Ben"))
    assert room.cross("Ana", "locks", "red")[1]["lists"]["locks"]["complete"] is False
    status, state = room.cross("Ben", "locks", "blue")
    assert state["lists"]["locks"]["complete"] is True and state["log"][0]["text"].endswith("the game ends now.")


def page(base: str, path: str) -> tuple[int, str]:
    """(status, HTML) of a page."""
    try:
        with urllib.request.urlopen(base + path) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_the_guide_example_plays_and_scores_from_its_room(base):
    room = Table(Http(base), "fives", ("Ana", "Ben"))
    room.ok("Ben", "roll")
    room.cross("Ben", "bonus", "gold")
    status, html = page(base, f"/score/fives?room={room.code}")
    prefill = json.loads(re.search(r'<script type="application/json" id="prefill">(.*?)</script>', html, re.S)[1])
    assert status == 200 and prefill == [{"name": "Ana", "bonuses": 0}, {"name": "Ben", "bonuses": 1}]
    status, result = Http(base)("/api/score/fives", {"players": [{"name": "Ana", "fives": 4},
                                                                   {"name": "Ben", "fives": 3, "bonuses": 1}],
                                                       "room": room.code, "player": "Ben",
                                                       "token": room.tokens["Ben"]})
    assert status == 200 and result["winners"] == ["Ben"] and result["players"][0]["total"] == 25


def test_a_broken_game_is_listed_with_its_problem_and_never_answers_500(base):
    status, html = page(base, "/")
    assert status == 200 and "Not playable now" in html and "broken" in html
    status, html = page(base, "/play/broken")
    assert status == 404 and "cannot be played" in html
    for status, answer in (Http(base)("/api/games/broken"), Http(base)("/api/rooms", {"game": "broken"})):
        assert status == 404 and "cannot be played" in answer["error"]


@pytest.mark.parametrize("game_id", ["qwixx", "kniffel"])
def test_a_user_game_plays_on_two_phones(base, phone, game_id):
    room = Table(Http(base), game_id, (), players=2)
    ana, ben = seated_phone(phone, base, room.code, "Ana"), seated_phone(phone, base, room.code, "Ben")
    ana.locator('[data-key="roll"]').click()
    expect(ben.locator("#log li").first).to_contain_text("Ana rolled")
    expect(ben.locator("#turn-line")).to_contain_text("waiting for Ana")
    axe_clean(ana, f"{game_id}: the active player's board")
