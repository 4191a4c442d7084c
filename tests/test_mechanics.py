"""The table mechanics as pure functions (through the referee), with a scripted random source and seated players."""
from __future__ import annotations

import secrets
from collections import Counter

import pytest

import layouts
from companion.rules import lists, mechanics, referee
from companion.rules.errors import Refused
from companion.rules.language import speaker
from companion.rules.mechanics.market_ring import draw, full_box
from companion.rules.words import describe


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


def room(game_id, names=("Ana", "Ben", "Cy"), rng=None):
    game = layouts.load(game_id)
    state = dict(referee.new_state(game, len(names), rng or Script()), lists=lists.start(game, len(names)))
    state["seats"] = [{"seat": i, "name": name} for i, name in enumerate(names)]
    return game, state


def seat_of(state, who):
    return next(s["seat"] for s in state["seats"] if s["name"] == who)


def act(game, state, action, who="Ana", rng=None, **body):
    new, (kind, params), _ = referee.act(game, state, action, body, seat_of(state, who), 2, rng or Script())
    return new, describe(game, kind, params, who, speaker("en"))


def allowed(game, state, who):
    return referee.allowed(game, state)[str(seat_of(state, who))]


def refused(game, state, action, status, who="Ana", **body):
    with pytest.raises(Refused) as error:
        act(game, state, action, who, **body)
    assert error.value.status == status, error.value.message
    return error.value.message


def test_copenhagen_roll_shows_each_die_face_from_the_layout_and_starts_the_turn():
    game, state = room("copenhagen")
    state, line = act(game, state, "roll", rng=Script(0, 1, 2, 3, 5))
    assert [d["face"] for d in state["dice"]] == ["red", "yellow", "green", "blue", "joker"]
    assert state["active"] == 0 and state["turn"] == 1 and state["phase"] == "use"
    assert line == "Ana rolled red, yellow, green, blue, joker"


def test_each_die_asks_the_source_for_one_of_its_six_faces():
    game, state = room("copenhagen")
    rng = Script(*range(5))
    act(game, state, "roll", rng=rng)
    assert rng.asked == [6] * 5


def test_the_first_roll_may_come_from_any_seat_and_that_seat_starts():
    game, state = room("lost-cities")
    state, _ = act(game, state, "roll", "Cy")
    assert state["active"] == 2 and state["turn"] == 1


def test_red_star_rerolls_only_the_chosen_dice_and_is_logged():
    game, state = room("copenhagen")
    state, _ = act(game, state, "roll", rng=Script(0, 0, 0, 0, 0))
    state, line = act(game, state, "reroll", rng=Script(3, 4), dice=[1, 3])
    assert [d["face"] for d in state["dice"]] == ["red", "blue", "red", "purple", "red"]
    assert line == "Ana rolled 2 dice again: blue, purple"


def test_green_star_turns_every_die_of_a_colour_never_into_the_joker():
    game, state = room("copenhagen")
    state, _ = act(game, state, "roll", rng=Script(0, 0, 3, 5, 0))
    state, line = act(game, state, "recolour", **{"from": "red", "to": "green"})
    assert [d["face"] for d in state["dice"]] == ["green", "green", "blue", "joker", "green"]
    assert line == "Ana turned 3 red into green"
    assert "one of" in refused(game, state, "recolour", 400, **{"from": "blue", "to": "joker"})


def test_copenhagen_others_take_one_leftover_die_each_then_the_turn_passes():
    game, state = room("copenhagen")
    state, _ = act(game, state, "roll", rng=Script(0, 0, 2, 3, 4))
    state, line = act(game, state, "use", dice=[0, 1])
    assert state["phase"] == "others" and line == "Ana used red, red; left for the others: green, blue, purple"
    assert "left" in refused(game, state, "take", 409, "Ben", dice=[0])
    assert "Take 1" in refused(game, state, "take", 400, "Ben", dice=[2, 3])
    state, _ = act(game, state, "take", "Ben", dice=[2])
    state, line = act(game, state, "take", "Cy", dice=[2])
    assert state["active"] == 1 and state["turn"] == 2 and state["phase"] == "roll"
    assert line == "Cy took green. Ben's turn"


def test_copenhagen_with_two_players_the_other_takes_two_player_dice():
    game, state = room("copenhagen", ("Ana", "Ben"))
    state, _ = act(game, state, "roll", rng=Script(0, 1, 2, 3, 4))
    state, _ = act(game, state, "use", dice=[0])
    assert f"Take {game.values['two_player_dice']}" in refused(game, state, "take", 400, "Ben", dice=[1])
    state, _ = act(game, state, "take", "Ben", dice=[1, 4])
    assert state["active"] == 1


def test_lost_cities_active_player_picks_first_the_others_from_the_two_and_two_left():
    game, state = room("lost-cities")
    state, _ = act(game, state, "roll", rng=Script(0, 1, 2, 5, 0, 9))
    assert "Ana's turn" in refused(game, state, "pick", 409, "Ben", dice=[0, 3])
    state, line = act(game, state, "pick", dice=[0, 4])
    assert line == "Ana picked red, 0/10; the others pick from orange, yellow, 5, 9"
    assert "taken by Ana" in refused(game, state, "pick", 409, "Ben", dice=[0, 3])
    state, _ = act(game, state, "pick", "Ben", dice=[1, 3])
    state, line = act(game, state, "pick", "Cy", dice=[1, 3])
    assert state["active"] == 1 and line.endswith("Ben's turn")


def test_lost_cities_pick_is_one_colour_and_one_number():
    game, state = room("lost-cities")
    state, _ = act(game, state, "roll")
    assert "1 colour die and 1 number die" in refused(game, state, "pick", 400, dice=[0, 1])


def test_lost_cities_refusal_opens_all_six_dice():
    game, state = room("lost-cities")
    state, _ = act(game, state, "roll")
    state, line = act(game, state, "refuse")
    assert line == "Ana refused the dice; every die is open to the others"
    state, _ = act(game, state, "pick", "Ben", dice=[0, 3])
    state, _ = act(game, state, "pick", "Cy", dice=[0, 3])
    assert state["turn"] == 2


def test_copenhagen_use_takes_dice_of_one_colour_and_jokers_join_it():
    game, state = room("copenhagen")
    state, _ = act(game, state, "roll", rng=Script(0, 3, 5, 0, 5))  # red, blue, joker, red, joker
    assert "one colour" in refused(game, state, "use", 409, dice=[0, 1])
    uses = [m["dice"] for m in allowed(game, state, "Ana") if m["move"] == "use"]
    assert [0, 2, 3, 4] in uses and [1, 2] in uses and [2, 4] in uses and [] in uses
    assert not any({0, 1} <= set(dice) for dice in uses)
    state, line = act(game, state, "use", dice=[0, 2, 3])
    assert line == "Ana used red, joker, red; left for the others: blue, joker"


def test_copenhagen_others_may_pass_and_the_turn_moves_on_when_all_did():
    game, state = room("copenhagen")
    state, _ = act(game, state, "roll", rng=Script(0, 1, 2, 3, 4))
    state, _ = act(game, state, "use", dice=[0])
    assert {"move": "pass"} in allowed(game, state, "Ben")
    state, line = act(game, state, "pass", "Ben")
    assert line == "Ben passed" and state["takes"] == {"1": "passed"}
    state, line = act(game, state, "take", "Cy", dice=[4])
    assert state["active"] == 1 and line.endswith("Ben's turn")


def test_copenhagen_all_five_dice_used_passes_the_turn_without_a_tap():
    game, state = room("copenhagen")
    state, _ = act(game, state, "roll", rng=Script(0, 0, 5, 0, 0))
    state, line = act(game, state, "use", dice=[0, 1, 2, 3, 4])
    assert state["active"] == 1 and state["turn"] == 2 and state["phase"] == "roll"
    assert line == "Ana used red, red, joker, red, red; left for the others: nothing. Ben's turn"


def test_copenhagen_with_two_players_and_one_die_left_the_other_takes_it():
    game, state = room("copenhagen", ("Ana", "Ben"))
    state, _ = act(game, state, "roll", rng=Script(0, 0, 0, 0, 1))
    state, _ = act(game, state, "use", dice=[0, 1, 2, 3])
    assert [m for m in allowed(game, state, "Ben") if m["move"] == "take"] == [{"move": "take", "dice": [4]}]


def test_the_declared_end_comes_once_the_round_is_complete():
    game, state = room("copenhagen", ("Ana", "Ben"))
    state, _ = act(game, state, "roll", "Ben", rng=Script(0, 0, 0, 0, 0))
    assert {"move": "end"} not in allowed(game, state, "Ana")
    assert "before Ben starts the next round" in refused(game, state, "end", 409)
    state, _ = act(game, state, "use", "Ben", dice=[0])
    state, _ = act(game, state, "pass")
    state, _ = act(game, state, "roll")
    state, _ = act(game, state, "use", dice=[])
    state, _ = act(game, state, "pass", "Ben")
    assert state["active"] == 1 and {"move": "end"} in allowed(game, state, "Ana")
    state, line = act(game, state, "end")
    assert state["over"] == {"reason": "declared", "by": "Ana"}
    assert line == "Ana said: we reached the end. The game is over: Someone has 12 points or more (said by Ana)"
    assert referee.allowed(game, state) == {"0": [], "1": []}


def test_simstown_held_dice_keep_their_faces_and_holds_are_a_move_of_their_own():
    game, state = room("simstown", ("Ana",))
    state, _ = act(game, state, "roll", rng=Script(0, 1, 2))
    state, line = act(game, state, "hold", dice=[0, 2])
    assert [d["held"] for d in state["dice"]] == [True, False, True] and line == "Ana set aside 1, 3"
    assert "nothing changed" in refused(game, state, "hold", 409, dice=[0, 2])
    state, line = act(game, state, "roll", rng=Script(5))
    assert [d["face"] for d in state["dice"]] == [1, 6, 3] and line == "Ana rolled 6; kept 1, 3 (roll 2 of 3)"


def test_simstown_allows_rolls_per_turn_then_only_ending_the_turn():
    game, state = room("simstown", ("Ana", "Ben"))
    for _ in range(game.values["rolls_per_turn"]):
        state, _ = act(game, state, "roll")
    assert "Only 3 rolls" in refused(game, state, "roll", 409)
    assert "No rolls are left" in refused(game, state, "hold", 409, dice=[0])
    assert "Ana's turn" in refused(game, state, "roll", 409, "Ben")
    state, line = act(game, state, "next")
    assert state["active"] == 1 and state["rolls"] == 0 and line == "Ana ended the turn. Ben's turn"


def test_simstown_solo_game_ends_after_solo_turns():
    game, state = room("simstown", ("Ana",))
    rolled = dict(state, turn=1, active=0, phase="rolling", rolls=3,
                  dice=[{"die": "d6", "face": 1, "held": False, "used": False}])
    assert "roll" not in {m["move"] for m in allowed(game, rolled, "Ana")}
    for _ in range(game.values["solo_turns"]):
        state, _ = act(game, state, "roll")
        state, line = act(game, state, "next")
    assert state["over"] and line.endswith(f"over after {game.values['solo_turns']} turns: count your city.")
    assert "game is over" in refused(game, state, "roll", 409)


def test_lost_cities_refusals_run_out_and_every_seat_exhausted_ends_the_game():
    game, state = room("lost-cities", ("Ana", "Ben"))
    boxes = game.values["boxes"]
    for turn in range(boxes):
        active, other = ("Ana", "Ben") if turn % 2 == 0 else ("Ben", "Ana")
        assert not state["over"]
        state, _ = act(game, state, "roll", active)
        state, _ = act(game, state, "refuse", active)
        state, line = act(game, state, "refuse", other)
    assert state["refusals"] == {"0": boxes, "1": boxes}
    assert state["over"] == {"reason": "exhausted"} and line.endswith("every player has used up their refusals")


def test_lost_cities_an_exhausted_seat_may_refuse_no_more():
    game, state = room("lost-cities", ("Ana", "Ben"))
    state["refusals"] = {"1": game.values["boxes"]}
    state, _ = act(game, state, "roll")
    state, _ = act(game, state, "refuse")
    assert {"move": "refuse"} not in allowed(game, state, "Ben")
    assert "refused 9 times" in refused(game, state, "refuse", 409, "Ben")


def test_monolyth_crystal_starts_beside_the_full_market():
    game, state = room("monolyth")
    assert state["crystal"] is None and all(state["ring"]) and len(state["ring"]) == 12
    assert sum(state["box"].values()) == sum(full_box(game).values()) - 12


def test_monolyth_move_takes_the_piece_and_refills_where_the_crystal_started():
    game, state = room("monolyth")
    state, line = act(game, state, "move", steps=3)
    assert state["crystal"] == 2 and state["ring"][2] is None and "refilled" not in line
    in_box = sum(state["box"].values())
    state, line = act(game, state, "move", "Ben", steps=4)
    assert state["crystal"] == 6 and state["ring"][2] is not None and state["ring"][6] is None
    assert sum(state["box"].values()) == in_box - 1 and "slot 3 refilled" in line and line.endswith("Cy's turn")


def test_monolyth_block_swap_spends_a_block_of_the_piece_colour():
    game, state = room("monolyth")
    colour = state["ring"][0]["colour"]
    state, line = act(game, state, "move", steps=1, take="block")
    assert state["blocks"][colour] == game.values["blocks_per_colour"] - 1 and "1x1 block" in line


def test_monolyth_crystal_moves_one_to_reach():
    game, state = room("monolyth")
    for steps in (0, 5, "2", None):
        assert "moves 1 to 4" in refused(game, state, "move", 400, steps=steps)
    assert "no move 'roll'" in refused(game, state, "roll", 404)


def test_box_draws_without_replacement_until_empty():
    box = {"red/D2": 2, "blue/I3": 1}
    drawn = [draw(box, secrets) for _ in range(4)]
    assert Counter((p["colour"], p["piece"]) for p in drawn[:3]) == {("red", "D2"): 2, ("blue", "I3"): 1}
    assert drawn[3] is None


def test_monolyth_an_empty_market_passes_the_turn_and_a_table_nobody_can_move_at_ends():
    game, state = room("monolyth", ("Ana", "Ben"))
    state["ring"] = [state["ring"][0]] + [None] * 11
    state["box"] = {key: 0 for key in state["box"]}
    for item in state["lists"]["prophecy"]["items"]:
        state["lists"]["prophecy"]["crossed"][item] = {"by": ["Dee"], "at": 0, "turn": 0, "setup": False}
    state, line = act(game, state, "move", steps=1)
    assert state["over"] == {"reason": "stuck"} and line.endswith("The game is over: nobody can make a move any more")


def test_monolyth_watchers_read_only_the_moves_an_emptying_market_leaves():
    from companion.rules.prompts import WATCHING, prompts

    game, state = room("monolyth", ("Ana", "Ben"))
    state, _ = act(game, state, "move", steps=1)
    state, _ = act(game, state, "move", who="Ben", steps=1)
    state["box"] = {key: 0 for key in state["box"]}
    ahead = state["ahead"]
    state["ring"] = [piece if slot == ahead[1] else None for slot, piece in enumerate(state["ring"])]

    def read():
        return prompts(game, dict(state, **referee.answers(game, state)), speaker("en"))[WATCHING]

    assert read().endswith("waiting for Ana to move the crystal 2 slots and take that piece")
    state["ring"][ahead[1]] = None
    assert read().endswith("waiting for Ana to take from Prophecies (take any)")


def test_unknown_move_names_the_game_moves():
    game, state = room("simstown")
    assert "end, hold, next, roll" in refused(game, state, "fly", 404)


def test_a_move_takes_only_its_own_parameters():
    game, state = room("simstown")
    state, _ = act(game, state, "roll")
    assert '"hold"' in refused(game, state, "roll", 400, hold=[0])


def test_a_reroll_that_comes_up_the_same_is_still_a_reroll():
    game, state = room("copenhagen")
    state, _ = act(game, state, "roll", rng=Script(0, 1, 2, 3, 4))
    again, line = act(game, state, "reroll", rng=Script(0), dice=[0])
    assert again["dice"] == state["dice"] and line == "Ana rolled 1 die again: red"


def games_of_kind(kind):
    """Every game (shipped, templates and tests/games) whose table is of `kind`."""
    from tests.test_referee import WALKED, load

    return [game for game in map(load, WALKED) if game.table.kind == kind]


def test_every_table_kind_of_the_layout_schema_has_its_mechanic():
    from typing import get_args

    from layouts.table import Mechanic as Config

    configs = get_args(get_args(Config)[0])
    assert sorted(mechanics.kinds()) == sorted(get_args(c.model_fields["kind"].annotation)[0] for c in configs)


@pytest.mark.parametrize("kind", sorted(mechanics.kinds()))
def test_every_mechanic_fits_the_declared_contract(kind):
    import inspect
    from typing import get_type_hints

    from companion.rules.contract import Mechanic
    from companion.rules.state import TableState

    for game in games_of_kind(kind):
        mechanic = mechanics.mechanic_of(game)
        assert isinstance(mechanic, Mechanic) and mechanic.kind == kind
        for name, member in vars(Mechanic).items():
            if inspect.isfunction(member) and not name.startswith("_"):
                wanted = list(inspect.signature(member).parameters)[1:]
                assert list(inspect.signature(getattr(mechanic, name)).parameters) == wanted, name
        keys = set(get_type_hints(TableState)) | set(mechanic.STATE)  # the common keys and the mechanic's own
        assert mechanic.FIRST_PHASE in mechanic.PHASES and set(mechanic.TABLE_KEYS) <= keys
        for name, move in mechanic.moves().items():
            assert set(move.phases) <= set(mechanic.PHASES)
            assert set(move.phases.values()) <= {"active", "others", "anyone"}
            assert mechanic.undoable({"move": name}) is not move.draws
        assert all(any(phase in m.phases for m in mechanic.moves().values()) for phase in mechanic.PHASES)
        state = referee.new_state(game, game.players.min, Script())
        assert set(state) <= keys, set(state) - keys
