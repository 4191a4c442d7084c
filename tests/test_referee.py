"""The one referee walked at random: seats make random moves from `allowed` over thousands of turns of
every game (the shipped ones, the templates and tests/games); the table never stalls, never refuses what it offered,
never makes what it did not offer, and every game ends by its rule. Pure logic: no server, no database."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import layouts
from companion.rules import contract, lists, mechanics, referee
from companion.rules.ending import round_complete
from companion.rules.errors import Refused
from companion.rules.lists import FLAGS
from tests.lanes import short_and_long

GAMES = {path.stem: path for folder in (layouts.TEMPLATES, Path(__file__).parent / "games")
         for path in layouts.layout_files(folder)}
"""The templates and the games of tests/games, by id."""
TURNS = 2000
"""Turns walked per game, over as many games as it takes (each to its end, two at least); the fast lane walks a
tenth of them."""
WALKED = [*layouts.game_ids(), *sorted(GAMES)]
"""The shipped games, the templates and the games of tests/games."""
ENDS = {"copenhagen": {"declared"}, "lost-cities": {"list", "exhausted"}, "simstown": {"declared", "turn-limit"},
        "monolyth": {"declared", "stuck"}, "kniffel": {"turn-limit"}, "qwixx": {"list", "declared"},
        "knister": {"turn-limit"}}
"""How each game may end: by its rules where the table knows them, else by a seat's word."""


def ends(game) -> set[str]:
    """How a game may end: as ENDS says, or for another game as its layout says (and a stuck table)."""
    table = game.table
    return ENDS.get(game.id) or {"stuck"} | {reason for reason, given in (
        ("turn-limit", table.end), ("declared", table.declared_end),
        ("exhausted", getattr(table, "exhausted_after", None)),
        ("list", any(spec.ends_game for spec in game.lists.values())),
        ("counter", any(c.ends_at is not None for c in table.counters.values()))) if given}
SIDE = {"cross", "end", "count"}
"""Moves a walker makes rarely (a table crosses a tile, counts a failed throw or ends the game now and then)."""


class Randbelow:
    """The walk's random source for dice and bags."""

    def __init__(self, walk: random.Random):
        self.walk = walk

    def randbelow(self, n: int) -> int:
        return self.walk.randrange(n)


def load(game_id: str) -> layouts.Game:
    shipped = game_id in layouts.game_ids()
    return layouts.load(game_id) if shipped else layouts.load_file(GAMES[game_id])


def make(game, state: dict, seat: int, move: dict, version: int, rng):
    """Make a move body through the referee, as rooms.py does: (new state, entry, undoable)."""
    body = {key: value for key, value in move.items() if key not in ("move", "list", "item")}
    if move["move"] == "cross":
        return referee.cross(game, state, move["list"], move["item"], body, seat, version, 0.0)
    return referee.act(game, state, move["move"], body, seat, version, rng)


def unoffered(game, state: dict, allowed: dict, walk: random.Random) -> list[tuple[int, dict]]:
    """A few move bodies some seat is not offered now: other options of the moves, crossings, a stranger's."""
    mechanic, seats = mechanics.mechanic_of(game), [s["seat"] for s in state["seats"]]
    found = []
    for _ in range(2):
        seat = walk.choice(seats)
        name = walk.choice(sorted(mechanic.moves()))
        act = contract.Act(game, mechanic, state, {}, seat)
        bodies = [{"move": name, **option} for option in mechanic.moves()[name].options(act)] or [{"move": name}]
        if state.get("lists"):
            list_id = walk.choice(sorted(state["lists"]))
            bodies.append({"move": "cross", "list": list_id, "item": walk.choice(state["lists"][list_id]["items"]),
                           **walk.choice(FLAGS)})
        body = walk.choice(bodies)
        if body not in allowed[str(seat)]:
            found.append((seat, body))
    return found


def check_end(game, before: dict, state: dict) -> None:
    """The game ends by its rule, and only then."""
    over = state["over"]
    assert over["reason"] in ends(game), over
    if over["reason"] == "list":
        assert state["lists"][over["list"]]["complete"] and game.lists[over["list"]].ends_game
    if over["reason"] == "exhausted":
        limit = game.amount(game.table.exhausted_after)
        assert all(state["refusals"].get(str(s["seat"]), 0) >= limit for s in state["seats"])
    if over["reason"] == "turn-limit":
        end = game.table.end
        assert state["turn"] == game.amount(end.turns) * (len(state["seats"]) if end.rounds else 1)
    if over["reason"] == "declared" and game.table.declared_end.round:
        assert round_complete(before, mechanics.mechanic_of(game).FIRST_PHASE)
    if over["reason"] == "counter":
        counter = game.table.counters[over["counter"]]
        seat = next(s["seat"] for s in state["seats"] if s["name"] == over["by"])
        assert state["counts"][str(seat)][over["counter"]] == over["count"] == game.amount(counter.ends_at)
    if over["reason"] == "stuck":
        assert not any(referee.allowed(game, dict(before, over=None)).values()) or before["turn"] < state["turn"]


def check_no_late_end(game, before: dict, state: dict) -> None:
    """A turn does not pass on once a rule the table knows has ended the game."""
    if state["over"] or state["turn"] == before["turn"] or before["turn"] == 0:
        return  # (the first move starts turn 1: no turn passed)
    ended = [i for i, r in before.get("lists", {}).items() if r["complete"] and game.lists[i].ends_game]
    assert not ended, f"the turn passed with {ended} complete"
    limit = game.table.exhausted_after if game.table.kind == "roll-and-draft" else None
    if limit is not None:
        assert not all(before["refusals"].get(str(s["seat"]), 0) >= game.amount(limit) for s in before["seats"])


def walk_game(game, players: int, walk: random.Random, heard=None) -> tuple[int, str]:
    """Play one game to its end with random allowed moves; (turns played, why it ended). `heard(state, entry,
    refusals)`, when given, is told each state made, its log entry and the refusals of the moves not offered
    (companion.rules.errors.Refused)."""
    rng = Randbelow(walk)
    state = dict(referee.new_state(game, players, rng), lists=lists.start(game, players))
    state["seats"] = [{"seat": seat, "name": f"P{seat}"} for seat in range(players)]
    for version in range(2, 100_000):
        allowed = referee.allowed(game, state)
        choices = {}
        for seat, moves in allowed.items():
            for move in moves:
                choices.setdefault(move["move"], []).append((int(seat), move))
        assert choices, f"dead end: no seat may act and the game is not over: {state}"
        refusals = []
        for seat, body in unoffered(game, state, allowed, walk):
            with pytest.raises(Refused) as refused:
                make(game, state, seat, body, version, rng)
            refusals.append(refused.value)
        kinds = sorted(choices)
        main = [kind for kind in kinds if kind not in SIDE] or kinds
        kind = walk.choice(kinds if walk.random() < 0.1 else main)
        seat, move = walk.choice(choices[kind])
        try:
            new, entry, _ = make(game, state, seat, move, version, rng)
        except Refused as refusal:
            raise AssertionError(f"refused an offered move {move} of seat {seat}: {refusal.message}") from None
        check_no_late_end(game, state, new)
        if heard:
            heard(new, entry, refusals)
        if new["over"]:
            check_end(game, state, new)
            return new["turn"], new["over"]["reason"]
        state = new
    raise AssertionError(f"{game.id} never ended")


@pytest.mark.parametrize("walked", short_and_long(TURNS))
@pytest.mark.parametrize("game_id", WALKED)
def test_a_random_table_never_stalls_and_every_game_ends_by_its_rule(game_id, walked):
    game, walk = load(game_id), random.Random(game_id)
    turns, games, reasons = 0, 0, set()
    while turns < walked or games < 2:
        players = walk.randint(game.players.min, min(game.players.max, 5))
        played, reason = walk_game(game, players, walk)
        turns, games = turns + played, games + 1
        reasons.add(reason)
    assert reasons <= ends(game)
