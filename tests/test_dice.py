"""The dice rules of each game, as pure functions with a scripted random source."""
from __future__ import annotations

import secrets
from collections import Counter

import pytest

import layouts
from companion import rules
from companion.errors import Refused
from companion.rules.monolyth import draw, full_box


class Script:
    """A random source that answers `randbelow` from a list, checking each answer is in range."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.asked = []

    def randbelow(self, n):
        self.asked.append(n)
        answer = self.answers.pop(0) if self.answers else 0
        assert 0 <= answer < n
        return answer


def room(game_id, players=None, rng=None):
    game = layouts.load(game_id)
    return game, rules.new_state(game, players or game.players.max, rng or Script())


def act(game, state, action, rng=None, **body):
    return rules.apply(game, state, action, dict(body, player=body.get("player", "Ana")), rng or Script())


def refused(game, state, action, status, **body):
    with pytest.raises(Refused) as error:
        act(game, state, action, **body)
    assert error.value.status == status
    return error.value.message


def test_copenhagen_roll_shows_each_die_face_from_the_layout():
    game, state = room("copenhagen")
    state, line = act(game, state, "roll", Script(0, 1, 2, 3, 5))
    assert [d["face"] for d in state["dice"]] == ["red", "yellow", "green", "blue", "joker"]
    assert state["active"] == "Ana" and state["turn"] == 1
    assert line == "Ana rolled red, yellow, green, blue, joker"


def test_each_die_asks_the_source_for_one_of_its_six_faces():
    game, state = room("copenhagen")
    rng = Script(*range(5))
    act(game, state, "roll", rng)
    assert rng.asked == [6] * 5


def test_red_star_rerolls_only_the_chosen_dice_and_is_logged():
    game, state = room("copenhagen")
    state, _ = act(game, state, "roll", Script(0, 0, 0, 0, 0))
    state, line = act(game, state, "reroll", Script(4, 4), dice=[1, 3])
    assert [d["face"] for d in state["dice"]] == ["red", "purple", "red", "purple", "red"]
    assert "red star" in line


def test_green_star_turns_every_unused_die_of_a_colour():
    game, state = room("copenhagen")
    state, _ = act(game, state, "roll", Script(3, 3, 0, 3, 5))
    state, _ = act(game, state, "use", dice=[0])
    state, line = act(game, state, "recolour", **{"from": "blue", "to": "green"})
    assert [d["face"] for d in state["dice"]] == ["blue", "green", "red", "green", "joker"]
    assert "green star" in line and "2 blue turned green" in line


def test_copenhagen_refusals_explain_themselves():
    game, state = room("copenhagen")
    assert "roll first" in refused(game, state, "reroll", 409, dice=[0])
    state, _ = act(game, state, "roll", Script(0, 1, 2, 3, 4))
    assert "no die 5" in refused(game, state, "reroll", 400, dice=[5])
    assert "Name two colours" in refused(game, state, "recolour", 400, **{"from": "red", "to": "joker"})
    assert "No unused die" in refused(game, state, "recolour", 409, **{"from": "joker", "to": "red"})
    state, _ = act(game, state, "use", dice=[0, 1])
    assert "already used" in refused(game, state, "reroll", 409, dice=[1])


def test_lost_cities_pick_leaves_two_and_two_for_the_others():
    game, state = room("lost-cities")
    state, line = act(game, state, "roll", Script(0, 1, 2, 0, 5, 9))
    assert "0/10" in line
    state, line = act(game, state, "pick", dice=[1, 3])
    left = [d for d in state["dice"] if not d["used"]]
    assert sorted(d["die"] for d in left) == ["colour", "colour", "number", "number"]
    assert "the others pick from red, yellow, 5, 9" in line
    assert "already picked" in refused(game, state, "refuse", 409)


def test_lost_cities_pick_is_one_colour_and_one_number():
    game, state = room("lost-cities")
    state, _ = act(game, state, "roll")
    assert "one colour die and one number die" in refused(game, state, "pick", 400, dice=[0, 1])
    assert "one colour die and one number die" in refused(game, state, "pick", 400, dice=[0, 3, 4])


def test_lost_cities_refusal_opens_all_six_dice():
    game, state = room("lost-cities")
    state, _ = act(game, state, "roll")
    state, line = act(game, state, "refuse")
    assert state["picked"] == "refused" and not any(d["used"] for d in state["dice"])
    assert "all six" in line


def test_simstown_held_dice_keep_their_faces():
    game, state = room("simstown")
    state, _ = act(game, state, "roll", Script(5, 0, 2))
    state, line = act(game, state, "roll", Script(3, 3), hold=[0])
    assert [d["face"] for d in state["dice"]] == [6, 4, 4]
    assert [d["held"] for d in state["dice"]] == [True, False, False]
    assert "kept 6" in line and "roll 2 of 3" in line


def test_simstown_allows_three_rolls_a_turn_then_next_turn():
    game, state = room("simstown")
    for _ in range(3):
        state, _ = act(game, state, "roll")
    assert "Only 3 rolls per turn" in refused(game, state, "roll", 409)
    state, _ = act(game, state, "next", player="Ana")
    state, line = act(game, state, "roll", player="Ben")
    assert state["active"] == "Ben" and state["turn"] == 2 and "roll 1 of 3" in line


def test_simstown_refuses_holds_that_make_no_sense():
    game, state = room("simstown")
    assert "before the first roll" in refused(game, state, "roll", 400, hold=[0])
    state, _ = act(game, state, "roll")
    assert "no die 3" in refused(game, state, "roll", 400, hold=[3])
    assert "Every die is held" in refused(game, state, "roll", 400, hold=[0, 1, 2])
    assert "It is Ana's turn" in refused(game, state, "roll", 409, player="Ben")


def test_monolyth_market_starts_full_and_the_box_is_short_by_the_ring():
    game, state = room("monolyth")
    assert all(state["ring"]) and len(state["ring"]) == 12
    assert sum(state["box"].values()) == sum(full_box(game).values()) - 12


def test_monolyth_move_takes_the_piece_and_refills_where_the_crystal_started():
    game, state = room("monolyth")
    state, _ = act(game, state, "move", steps=2)
    taken_slot = state["ring"][2]
    assert state["crystal"] == 2 and taken_slot is None
    in_box = sum(state["box"].values())
    state, line = act(game, state, "move", steps=4)
    assert state["crystal"] == 6 and state["ring"][2] is not None and state["ring"][6] is None
    assert sum(state["box"].values()) == in_box - 1
    assert "slot 3 refilled" in line


def test_monolyth_block_swap_spends_a_block_of_the_piece_colour():
    game, state = room("monolyth")
    colour = state["ring"][1]["colour"]
    state, line = act(game, state, "move", steps=1, take="block")
    assert state["blocks"][colour] == game.values["blocks_per_colour"] - 1
    assert "1x1 block" in line


def test_monolyth_crystal_moves_one_to_four():
    game, state = room("monolyth")
    for steps in (0, 5, "2", None):
        assert "moves 1 to 4" in refused(game, state, "move", 400, steps=steps)
    assert "no dice" in refused(game, state, "roll", 400)


def test_box_draws_without_replacement_until_empty():
    box = {"red/D2": 2, "blue/I3": 1}
    drawn = [draw(box, secrets) for _ in range(4)]
    assert Counter((p["colour"], p["piece"]) for p in drawn[:3]) == {("red", "D2"): 2, ("blue", "I3"): 1}
    assert drawn[3] is None


def test_unknown_action_names_the_game_actions():
    game, state = room("simstown")
    with pytest.raises(Refused) as error:
        act(game, state, "fly")
    assert error.value.status == 404 and "next, roll" in error.value.message
