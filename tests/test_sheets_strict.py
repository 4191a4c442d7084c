"""Strict and relaxed sheets (issue #38): a room opened strict refuses, with a sentence in the reader's language, what
a block's `rule:` forbids (Lost Cities' rising columns, Copenhagen's tracks and tile shapes); a relaxed room allows
the same marks. Where a room is opened strict: the play page's choice."""
from __future__ import annotations

import pytest

from tests.tables import mark, opened


def test_a_strict_room_refuses_a_falling_number_in_its_readers_language_a_relaxed_one_allows_it(client, call):
    strict = opened(call, "lost-cities", marking="strict")
    assert mark(client, strict, 0, {"columns.red.1": 5, "columns.red.2": 7})[0] == 200
    status, answer = mark(client, strict, 0, {"columns.red.3": 4})
    assert status == 409 and answer["error"] == "Numbers along the Red line never go down: 4 cannot follow 7."
    status, answer = mark(client, strict, 0, {"columns.red.3": 4}, **{"Accept-Language": "de"})
    assert status == 409 and "4" in answer["error"] and "Zahlen" in answer["error"]
    assert mark(client, strict, 0, {"columns.red.3": 0})[0] == 200  # once started, a 0 counts as 10
    assert mark(client, strict, 0, {"columns.blue.1": 0})[0] == 409
    assert mark(client, strict, 0, {"columns.blue.2": 3})[0] == 409  # box 1 still free
    relaxed = opened(call, "lost-cities")
    assert mark(client, relaxed, 0, {"columns.red.1": 5, "columns.red.2": 7, "columns.red.3": 4,
                                     "columns.blue.2": 0})[0] == 200


def test_a_strict_room_refuses_a_shape_that_is_not_the_tile_taken_a_relaxed_one_allows_it(client, call):
    five = {"facade.r3c1": "red", "facade.r3c2": "red", "facade.r2c1": "red", "facade.r2c2": "red.brick",
            "facade.r1c1": "red"}  # R5, the red P-pentomino (rows count from the bottom)
    mirrored = {"facade.r1c4": "red", "facade.r1c5": "red", "facade.r2c4": "red", "facade.r2c5": "red.brick",
                "facade.r3c4": "red"}
    strict = opened(call, "copenhagen", marking="strict")
    status, answer = mark(client, strict, 0, five)
    assert status == 409 and answer["error"] == ("These cells make tile R5, but you did not take it this turn: cross "
                                                 "it on the shared list first.")
    status, answer = mark(client, strict, 0, {"facade.r1c1": "blue", "facade.r1c3": "blue.brick"})
    assert status == 409 and answer["error"].startswith("These cells make no Blue shape")
    assert mark(client, strict, 0, {"facade.r1c2": "blue", "facade.r1c3": "blue.brick"})[0] == 200  # B2
    status, answer = mark(client, strict, 0, {"facade.r5c3": "green", "facade.r5c4": "green"})
    assert status == 409 and answer["error"] == "This shape floats: it rests on the ground or on filled cells."
    status, answer = mark(client, strict, 0, {"facade.r2c2": "green.brick", "facade.r2c3": "green.brick"})
    assert status == 409 and answer["error"] == "A shape has one brick at most; its other cells are windows."
    assert mark(client, strict, 0, {"facade.r2c2": "green", "facade.r2c3": "green.brick"})[0] == 200  # on B2
    assert mark(client, strict, 0, {"facade.r7c5": "purple.brick"})[0] == 200  # a star's single cell
    strict.ok("Ana", "roll")
    assert strict.cross("Ana", "tiles", "R5")[0] == 200
    assert mark(client, strict, 0, mirrored)[0] == 409
    assert mark(client, strict, 0, five)[0] == 200
    relaxed = opened(call, "copenhagen")
    floating_bricks = {"facade.r5c3": "green.brick", "facade.r5c4": "green.brick"}
    assert mark(client, relaxed, 0, {**five, **mirrored, **floating_bricks})[0] == 200


def test_a_strict_room_fills_an_ability_track_from_its_first_box(client, call):
    room = opened(call, "copenhagen", marking="strict")
    status, answer = mark(client, room, 0, {"abilities.green.2": True})
    assert status == 409 and answer["error"] == "Fill the Green line from its first box on: box 1 is still free."
    assert mark(client, room, 0, {"abilities.green.1": True, "abilities.green.2": True})[0] == 200


def test_the_play_page_opens_a_room_with_strict_sheets_when_asked(client, call):
    strict = client.post("/play/lost-cities", data={"players": "2", "marking": "strict"})
    relaxed = client.post("/play/lost-cities", data={"players": "2"})
    codes = [answer.headers["Location"].rsplit("/", 1)[1] for answer in (strict, relaxed)]
    assert [call(f"/api/rooms/{code}")[1]["marking"] for code in codes] == ["strict", "relaxed"]


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["en-US", "de-DE", "es-ES"])
def test_the_play_pages_strict_choice_passes_every_look(live_server, phone, locale):
    from tests.phones import every_look

    page = phone(locale=locale)
    page.goto(f"{live_server}/play/copenhagen")
    page.get_by_role("checkbox").check()
    every_look(page, f"play page, {locale}")


def test_a_tile_crossed_in_the_setup_is_not_taken_but_one_used_again_is(client, call):
    y5 = {"facade.r3c1": "yellow", "facade.r3c2": "yellow", "facade.r2c2": "yellow.brick", "facade.r1c2": "yellow",
          "facade.r1c3": "yellow"}  # Y5, the Z-pentomino (rows count from the bottom)
    square = {"facade.r1c4": "red", "facade.r1c5": "red", "facade.r2c4": "red", "facade.r2c5": "red.brick"}
    room = opened(call, "copenhagen", marking="strict")
    assert room.cross("Ana", "tiles", "R4a", setup=True)[0] == 200
    status, answer = mark(client, room, 0, square)
    assert status == 409 and "tile R4a / R4b, but you did not take it" in answer["error"]
    room.ok("Ana", "roll")
    assert room.cross("Ana", "tiles", "Y5")[0] == 200
    room.ok("Ana", "use", dice=[])
    room.ok("Ben", "pass")
    room.ok("Ben", "roll")
    assert mark(client, room, 1, y5, who="Ben")[0] == 409
    assert room.cross("Ben", "tiles", "Y5", again=True)[0] == 200
    assert mark(client, room, 1, y5, who="Ben")[0] == 200
