"""The three-rows template (a Qwinto-like game, layouts/templates/three-rows.yaml) at the table: the roller chooses
1-3 dice, rolls them, may roll them once more or keep them; everyone writes the sum; a roller who wrote nothing
counts a failed throw (the table's `failed` counter), shown on every phone, and the fourth ends the game."""
from __future__ import annotations

import pytest
import yaml

import layouts
from companion.rules import referee
from companion.rules.errors import Refused
from companion.rules.language import speaker
from companion.rules.mechanics import mechanic_of
from companion.rules.words import describe
from companion.scoring.from_room import prefill
from layouts import consistency
from tests.layout_copies import edited_copy
from tests.test_mechanics import Script
from tests.test_shared_roll import lines, room

THREE_ROWS = layouts.TEMPLATES / "three-rows.yaml"


def three_rows(**table_changes) -> layouts.Game:
    data = yaml.safe_load(THREE_ROWS.read_text())
    data["table"].update(table_changes)
    return layouts.Game.model_validate(data, context=layouts._references(data))


def move(game, state, who: int, action: str, body=None, faces=(), lang="en"):
    new, (kind, params), _ = referee.act(game, state, action, body or {}, who, 2, Script(*[f - 1 for f in faces]))
    return new, describe(game, kind, params, state["seats"][who]["name"], speaker(lang))


def test_the_roller_chooses_one_to_three_dice_and_the_phone_is_offered_each_set():
    game = three_rows()
    offered = referee.allowed(game, room(game))["0"]
    assert [m["dice"] for m in offered if m["move"] == "roll"] == [[0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]]
    with pytest.raises(Refused) as refused:
        move(game, room(game), 0, "roll", {"dice": []})
    assert refused.value.message == 'Choose 1 to 3 dice to roll: "dice": [0, 2].'
    assert lines(game, room(game))["0"] == "Nobody has started yet: the first player to choose 1 to 3 dice and " \
                                           "roll them for everyone starts."


def test_a_roll_may_be_rolled_once_more_then_it_stands_and_the_turn_passes():
    game = three_rows()
    state, said = move(game, room(game), 0, "roll", {"dice": [0, 2]}, faces=(3, 4))
    assert said == "Ana rolled orange 3, purple 4: 7 in all"
    assert (state["phase"], state["active"], [d["die"] for d in state["dice"]]) == ("reroll", 0, ["orange", "purple"])
    assert referee.allowed(game, state)["0"] == [{"move": "reroll"}, {"move": "keep"}, {"move": "end"}]
    said = lines(game, state)
    assert said["0"] == "Turn 1: Ana · your turn, Ana: roll the dice again, or keep 7"
    assert said["1"] == said["watching"] == "Turn 1: Ana · waiting for Ana to roll the dice again, or keep 7"
    state, said = move(game, state, 0, "reroll", faces=(6, 5))
    assert said == "Ana rolled 2 dice again: orange 6, purple 5: 11 in all. Ben's turn"
    assert (state["phase"], state["active"], state["sum"]) == ("roll", 1, 11)
    said = lines(game, state)
    assert said["0"] == "Turn 2: Ben · write 11 in a row of a colour rolled, or nothing"
    assert said["1"].startswith("Turn 2: Ben · your turn, Ben: write 11 in a row of a colour rolled, or nothing, "
                                "then choose 1 to 3 dice")


def test_keeping_the_roll_passes_the_turn_and_the_layouts_words_are_said_in_german():
    game, de = three_rows(), layouts.load_file(THREE_ROWS, "de")
    state, _ = move(game, room(game), 0, "roll", {"dice": [1]}, faces=(5,))
    state, said = move(de, state, 0, "keep", lang="de")
    assert said.startswith("Ana behielt ") and said.endswith(": zusammen 5. Ben ist dran") and state["active"] == 1
    assert lines(de, state)["2"].endswith("trag 5 in eine Reihe einer gewürfelten Farbe ein, oder nichts")


def test_the_roller_who_wrote_nothing_counts_a_failed_throw_once_per_roll():
    game = three_rows()
    state, _ = move(game, room(game), 0, "roll", {"dice": [0]}, faces=(2,))
    assert {"move": "count", "counter": "failed"} not in referee.allowed(game, state)["0"]  # may still reroll
    state, _ = move(game, state, 0, "keep")
    offered = referee.allowed(game, state)
    assert {"move": "count", "counter": "failed"} in offered["0"]
    assert not any(m["move"] == "count" for m in offered["1"] + offered["2"])
    with pytest.raises(Refused) as refused:
        move(game, state, 2, "count", {"counter": "failed"})
    assert refused.value.message == "Only Ana, who rolled, may add to Failed throws now."
    state, said = move(game, state, 0, "count", {"counter": "failed"})
    assert said == "Failed throws: Ana adds one, 1 now" and state["counts"] == {"0": {"failed": 1}}
    with pytest.raises(Refused) as refused:
        move(game, state, 0, "count", {"counter": "failed"})
    assert refused.value.message == "Ana has already added to Failed throws for this roll."
    assert state["active"] == 1 and state["over"] is None  # not a move of the turn: Ben rolls on


def test_the_fourth_failed_throw_ends_the_game_and_the_score_form_starts_at_each_count():
    game = three_rows()
    state = room(game)
    for turn in range(10):
        seat = turn % 3
        state, _ = move(game, state, seat, "roll", {"dice": [0, 1, 2]}, faces=(1, 1, 1))
        state, _ = move(game, state, seat, "keep")
        if seat == 0:
            state, said = move(game, state, 0, "count", {"counter": "failed"})
    assert state["over"] == {"reason": "counter", "counter": "failed", "by": "Ana", "count": 4}
    assert said == "Failed throws: Ana adds one, 4 now. The game is over: Ana has reached 4: Failed throws"
    assert set(lines(game, state).values()) == {"The game is over: Ana has reached 4: Failed throws"}
    assert [p.get("failed") for p in prefill(game, state)] == [4, 0, 0]


@pytest.mark.parametrize("changes, said", [
    ({"choose": [3, 1], "write": "write {sum}"},
     ["choose: [3, 1] names fewest before most: write [1, 3]",
      "write: 'write {sum}': its only placeholder is {roll}, the roll to write"]),
    ({"labels": {"count": "Failed"}, "counters": {}},
     [("labels.count: the shared-roll table has this move only with `counters`; its moves here: roll, reroll, "
       "keep, end")]),
], ids=["choose and write", "count without counters"])
def test_choices_words_and_counters_are_checked_where_the_layout_is_read(tmp_path, changes, said):
    path, _ = edited_copy(tmp_path, THREE_ROWS, lambda data: data["table"].update(changes))
    with pytest.raises(layouts.LayoutError) as refused:
        layouts.load_file(path)
    assert refused.value.problems == [f"{path}: table.{line}" for line in said]


def test_the_templates_moves_and_phases_in_the_layout_are_its_mechanics():
    game = three_rows()
    assert set(mechanic_of(game).moves()) == set(game.table.moves()) == {"roll", "reroll", "keep", "end", "count"}
    assert set(mechanic_of(game).PHASES) == set(game.table.phases()) == {"roll", "reroll"}


def test_check_names_a_choice_beyond_the_dice_and_a_score_field_counting_from_no_counter():
    data = yaml.safe_load(THREE_ROWS.read_text())
    data["table"].update(choose=[4, 4], counters={})
    game = layouts.Game.model_validate(data, context=layouts._references(data))
    assert consistency.problems(game) == [
        "table.choose: at least 4 dice to roll, but the game has 3",
        "scoring: field 'failed': from_counter 'failed' is not a counter of the table; its counters: none"]
    assert consistency.problems(three_rows()) == []


def test_a_counter_on_another_table_is_counted_once_a_turn_by_any_seat_when_it_says_so():
    data = yaml.safe_load(layouts.game_file("simstown").read_text())
    data["table"]["counters"] = {"busts": {"label": "Busts", "by": "anyone"}}
    game = layouts.Game.model_validate(data, context=layouts._references(data))
    state, _ = move(game, room(game), 0, "roll", faces=(1, 2, 3))
    assert all({"move": "count", "counter": "busts"} in referee.allowed(game, state)[seat] for seat in "012")
    state, said = move(game, state, 2, "count", {"counter": "busts"})
    assert said == "Busts: Cy adds one, 1 now" and {"move": "count", "counter": "busts"} not in \
        referee.allowed(game, state)["2"]
    state, _ = move(game, state, 0, "next")
    assert {"move": "count", "counter": "busts"} in referee.allowed(game, state)["2"]  # a new turn
