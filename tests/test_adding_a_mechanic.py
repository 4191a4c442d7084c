"""A mechanic added in three places (docs/development.md, "Adding a mechanic"): `own-roll`, everyone rolls their own
dice, played by tests/games/own-dice.yaml. It plays through the referee and the API like every other, its phone board
is the generic one, and its name stands nowhere but in its module, its layout options and the authors' docs."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import layouts
from companion.rules import lists, referee
from companion.rules.errors import Refused
from companion.rules.language import speaker
from companion.rules.words import describe
from tests.tables import Table

ROOT = Path(__file__).resolve().parent.parent
GAMES = Path(__file__).parent / "games"
PLACES = {"companion/rules/mechanics/own_roll.py", "layouts/table.py", "docs/authoring.md"}
"""Where a new mechanic is written: its module, its layout options, the authors' list of table kinds."""
MADE = ("layouts/layout.schema.json", "docs/reference.md", "companion/translations/")
"""Files made by commands from those (the layout schema and reference, the catalogues), not written by hand."""


class Dice:
    """A random source whose dice come up 6, 5, 4, ... (each answer checked in range)."""

    def __init__(self):
        self.next = 5

    def randbelow(self, n):
        assert 0 <= self.next < n
        answer, self.next = self.next, (self.next - 1) % n
        return answer


def seated(names):
    game = layouts.load_file(GAMES / "own-dice.yaml")
    state = dict(referee.new_state(game, len(names), Dice()), lists=lists.start(game, len(names)))
    state["seats"] = [{"seat": i, "name": name} for i, name in enumerate(names)]
    return game, state


def test_everyone_rolls_their_own_dice_in_turn_until_the_rounds_are_up():
    game, state = seated(("Ana", "Ben"))
    said, rng = [], Dice()
    for seat in (0, 1, 0, 1):
        assert referee.allowed(game, state)[str(seat)] == [{"move": "roll"}]
        state, (kind, params), _ = referee.act(game, state, "roll", {}, seat, 2, rng)
        said.append(describe(game, kind, params, ("Ana", "Ben")[seat], speaker("en")))
    assert said[:2] == ["Ana rolled their own dice: 6. Ben's turn", "Ben rolled their own dice: 5. Ana's turn"]
    assert said[3] == "Ben rolled their own dice: 3. The game is over: Two rounds are played."
    assert state["over"] == {"reason": "turn-limit", "turns": 4} and state["roller"] == 1


def test_only_the_seat_on_turn_rolls_and_is_told_so_in_the_mechanics_own_words():
    game, state = seated(("Ana", "Ben"))
    state, _, _ = referee.act(game, state, "roll", {}, 0, 2, Dice())
    assert referee.allowed(game, state)["0"] == []
    with pytest.raises(Refused) as refused:
        referee.act(game, state, "roll", {}, 0, 3, Dice())
    assert refused.value.message == "It is Ben's turn: only Ben may roll their own dice now."
    assert speaker("de").gettext("roll their own dice") != "roll their own dice"


def test_a_room_of_the_new_mechanic_names_the_generic_board(call, monkeypatch):
    monkeypatch.setenv(layouts.ENV_VAR, str(GAMES))
    room = Table(call, "own-dice", ("Ana", "Ben"))
    assert room.state()["board"] == "generic" and room.state()["allowed"]["0"] == [{"move": "roll"}]
    rolled = room.ok("Ana", "roll")
    assert rolled["board"] == "generic" and rolled["log"][0]["text"].startswith("Ana rolled their own dice: ")


def test_the_new_mechanic_is_named_only_in_its_three_places():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    naming = {path for path in tracked if not path.startswith(("tests/", *MADE)) and (ROOT / path).is_file()
              and any(name in (ROOT / path).read_text(errors="replace") for name in ("own-roll", "own_roll",
                                                                                     "OwnRoll"))}
    assert naming == PLACES
