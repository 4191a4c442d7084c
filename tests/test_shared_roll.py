"""The shared-roll table (the template layouts/templates/knister.yaml): the player on turn rolls for everyone,
every seat writes that roll at once; the turn passes with the roll (no Done tap) or once the others said they
wrote it."""
from __future__ import annotations

import pytest
import yaml

import layouts
from companion.rules import lists, mechanics, referee
from companion.rules.errors import Refused
from companion.rules.language import speaker
from companion.rules.prompts import prompts
from companion.rules.words import describe
from tests.layout_copies import edited_copy
from tests.test_mechanics import Script

KNISTER = layouts.TEMPLATES / "knister.yaml"


def knister(**table_changes) -> layouts.Game:
    data = yaml.safe_load(KNISTER.read_text())
    data["table"].update(table_changes)
    return layouts.Game.model_validate(data, context=layouts._references(data))


def room(game, names=("Ana", "Ben", "Cy")) -> dict:
    state = dict(referee.new_state(game, len(names), Script()), lists=lists.start(game, len(names)))
    state["seats"] = [{"seat": i, "name": name} for i, name in enumerate(names)]
    return state


def move(game, state, who: int, action: str, *faces):
    new, (kind, params), _ = referee.act(game, state, action, {}, who, 2, Script(*[f - 1 for f in faces]))
    return new, describe(game, kind, params, state["seats"][who]["name"], speaker("en"))


def lines(game, state) -> dict[str, str]:
    return prompts(game, dict(state, **referee.answers(game, state)), speaker("en"))


def test_a_roll_is_for_everyone_and_passes_the_turn_without_a_done_tap():
    game = knister()
    state, said = move(game, room(game), 0, "roll", 3, 4)
    assert said == "Ana rolled 3, 4: 7 in all. Ben's turn"
    assert (state["sum"], state["active"]) == (7, 1)
    assert referee.allowed(game, state) == {"0": [], "1": [{"move": "roll"}], "2": []}
    said = lines(game, state)
    assert said["1"] == "Turn 2: Ben · your turn, Ben: write 7 on your sheet, then roll the dice for everyone"
    assert said["0"] == said["2"] == "Turn 2: Ben · write 7 on your sheet"
    assert said["watching"] == "Turn 2: Ben · waiting for Ben to roll the dice for everyone"


def test_the_layouts_turn_limit_ends_the_game_after_the_last_cell():
    game = knister()
    state = room(game)
    for n in range(25):
        state, said = move(game, state, n % 3, "roll", 6, 6)
    assert state["over"] == {"reason": "turn-limit", "turns": 25}
    assert said == "Ana rolled 6, 6: 12 in all. The game is over: All 25 cells are filled: score every line."
    assert set(lines(game, state).values()) == {"The game is over: All 25 cells are filled: score every line."}


def test_with_passes_written_the_turn_waits_for_every_other_seat_to_have_written():
    game = knister(passes="written", sum=False)
    state, said = move(game, room(game), 0, "roll", 2, 5)
    assert said == "Ana rolled 2, 5" and state["phase"] == "write"
    assert referee.allowed(game, state) == {"0": [], "1": [{"move": "written"}], "2": [{"move": "written"}]}
    assert lines(game, state)["1"] == "Turn 1: Ana · your part, Ben: write 2, 5 on your sheet, then tap Written"
    assert lines(game, state)["0"] == "Turn 1: Ana · write 2, 5 on your sheet"
    state, said = move(game, state, 1, "written")
    assert said == "Ben wrote the roll" and state["active"] == 0
    with pytest.raises(Refused) as refused:
        move(game, state, 1, "written")
    assert refused.value.message == "Ben has already made their part of this turn."
    state, said = move(game, state, 2, "written")
    assert said == "Cy wrote the roll. Ben's turn" and state["phase"] == "roll"
    said = lines(game, state)
    assert said["0"] == said["2"] == said["watching"] == "Turn 2: Ben · waiting for Ben to roll the dice for everyone"
    assert said["1"] == "Turn 2: Ben · your turn, Ben: roll the dice for everyone"


def test_the_layouts_prompts_say_what_the_table_waits_for():
    game = knister(prompts={"roll": "roll both dice for the table"})
    state, _ = move(game, room(game), 0, "roll", 6, 6)
    assert lines(game, state)["watching"] == "Turn 2: Ben · waiting for Ben to roll both dice for the table"
    assert lines(game, state)["1"] == "Turn 2: Ben · your turn, Ben: write 12 on your sheet, then roll both dice " \
                                      "for the table"


@pytest.mark.parametrize("table_keys, said", [
    ({"labels": {"rol": "Roll", "written": "Done"}, "prompts": {"write": "write it down", "rolling": "roll"}},
     ["labels.rol: not one of the shared-roll table's moves; did you mean `roll`? they are: roll",
      "labels.written: the shared-roll table has this move only with `passes: written`; its moves here: roll",
      "prompts.rolling: not one of the shared-roll table's phases; did you mean `roll`? they are: roll",
      "prompts.write: the shared-roll table has this phase only with `passes: written`; its phases here: roll"]),
    ({"passes": "written", "labels": {"end": "We are done"}, "prompts": {"end": "end"}},
     ["labels.end: the shared-roll table has this move only with `declared_end`; its moves here: roll, written",
      "prompts.end: not one of the shared-roll table's phases; they are: roll, write"]),
    ({"passes": "written", "labels": {"written": "Done"}, "prompts": {"write": "write it down"}}, []),
], ids=["passes: roll", "no declared end", "passes: written"])
def test_labels_and_prompts_name_only_the_moves_and_phases_the_table_has_with_its_options(tmp_path, table_keys, said):
    path, _ = edited_copy(tmp_path, KNISTER, lambda data: data["table"].update(table_keys))
    try:
        assert layouts.load_file(path).table.prompts == table_keys["prompts"] and not said
    except layouts.LayoutError as refused:
        assert refused.problems == [f"{path}: table.{line}" for line in said]


def variant(game_id: str, **table_changes) -> layouts.Game:
    data = yaml.safe_load(layouts.game_file(game_id).read_text())
    data["table"].update(table_changes)
    return layouts.Game.model_validate(data, context=layouts._references(data))


@pytest.mark.parametrize("game", [*(layouts.load(g) for g in layouts.game_ids()), knister(), knister(passes="written"),
                                  variant("lost-cities", refuse=None),
                                  variant("copenhagen", powers=[], declared_end=None, labels={})],
                         ids=lambda game: f"{game.id}-{len(game.table.moves())}")
def test_each_tables_moves_and_phases_in_the_layout_are_its_mechanics(game):
    mechanic = mechanics.mechanic_of(game)
    assert set(mechanic.moves()) == set(game.table.moves()) and set(mechanic.PHASES) == set(game.table.phases())


def test_a_phone_watching_the_others_write_reads_their_sheets_not_its_own():
    game = knister(passes="written")
    state, _ = move(game, room(game), 0, "roll", 2, 5)
    assert lines(game, state)["watching"] == "Turn 1: Ana · waiting for Ben and Cy to write the roll on their sheet"
