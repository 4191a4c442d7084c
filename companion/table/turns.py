"""Seats and turns: who is on turn, who may make a move now, and passing the turn in seat order.

Glossary:
- seat: {"seat": id (joining order), "name"}; `state["seats"]` lists them in turn order.
- turn: 0 before the first move, then counts turns; active: the seat id on turn (None before).
- phase: where the turn is; each mechanic names its phases, the first is where every turn starts.
- role: who moves in a phase: "active" (the player on turn) or "others" (each other seat, once).
- done: the seats that did their part in the others' phase of this turn.
- table_version: the room version at which the dice, market or turn last changed.
- over: None while playing; {"reason": "turn-limit", "turns": n} once the room has ended the game.
"""
from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from typing import Callable

from companion.errors import impossible
from companion.language import current, gettext, speaker
from companion.table.words import end_text


class Stale(Exception):
    """A move made on a table that changed after the version the phone drew (`seen`)."""

    def __init__(self, seen: int):
        super().__init__(seen)
        self.seen = seen


@dataclass(frozen=True)
class Move:
    """One move a mechanic offers: what it does, and who may make it in which phase."""

    run: Callable
    phases: dict[str, str]
    """phase -> the role that may make the move in it."""
    starts: bool = False
    """The game's first move: any seat may make it, and starts the first turn."""
    draws: bool = False
    """Rolls dice or draws from a bag: never refused as a no-op, even when the faces come up the same."""


@dataclass
class Act:
    """A move being made: the game, its table config, a copy of the state to change, who moves."""

    game: object
    mechanic: object
    state: dict
    body: dict
    seat: int
    rng: object
    passed: list = field(default_factory=list)

    @property
    def config(self):
        """The layout's `table:` section."""
        return self.game.table

    @property
    def name(self) -> str:
        """The moving seat's name."""
        return seat_name(self.state, self.seat)


def copied(state: dict) -> dict:
    """A deep copy of a JSON state for a move to change (pickle copies one in a tenth of copy.deepcopy's time)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def seat_name(state: dict, seat: int) -> str:
    """The name at a seat."""
    return next(s["name"] for s in state["seats"] if s["seat"] == seat)


def others(state: dict) -> list[int]:
    """The seats other than the active one, in turn order."""
    return [s["seat"] for s in state["seats"] if s["seat"] != state["active"]]


def check(act: Act, move: Move, verb: str, seen: int | None) -> None:
    """Refuse a move the table does not allow now (409 naming whose turn or phase it is); start the game."""
    state, seat = act.state, act.seat
    if state["over"]:
        raise impossible(gettext("The game is over: %(end)s", end=end_text(act.game, speaker(current()))))
    if seen is not None and seen < state["table_version"]:
        raise Stale(seen)
    if state["turn"] == 0:
        if not move.starts:
            raise impossible(gettext("Nobody has started yet: the first player to roll (or move) starts the game."))
        state.update(turn=1, active=seat)
        return
    active = seat_name(state, state["active"])
    role = move.phases.get(state["phase"])
    if seat != state["active"] and (set(move.phases.values()) == {"active"} or role == "active"):
        raise impossible(gettext("It is %(name)s's turn: only %(name)s may %(verb)s now.", name=active, verb=verb))
    if role is None:
        doing = gettext(act.mechanic.PHASES[state["phase"]], active=active)
        raise impossible(gettext("Not now: %(doing)s (turn %(turn)s).", doing=doing, turn=state["turn"]))
    if role == "others" and seat == state["active"]:
        raise impossible(gettext("The other players %(verb)s now; %(name)s has made their part of the turn.",
                                 verb=verb, name=active))
    if role == "others" and seat in state["done"]:
        raise impossible(gettext("%(name)s has already made their part of this turn.", name=seat_name(state, seat)))


def pass_turn(act: Act) -> None:
    """The turn ends: the next seat is on turn, or the game ends when the layout's turn limit is reached."""
    state, end = act.state, act.config.end
    act.passed.append(state["active"])
    limit = end and act.game.amount(end.turns) * (len(state["seats"]) if end.rounds else 1)
    if end and (end.players is None or end.players == state["players"]) and state["turn"] >= limit:
        state.update(over={"reason": "turn-limit", "turns": state["turn"]}, phase="over", done=[])
        return
    order = [s["seat"] for s in state["seats"]]
    following = order[(order.index(state["active"]) + 1) % len(order)]
    state.update(turn=state["turn"] + 1, active=following, phase=act.mechanic.FIRST_PHASE, done=[])
    act.mechanic.new_turn(state)


def part_done(act: Act) -> None:
    """The moving seat made its part of the others' phase; the turn passes once every other seat has."""
    act.state["done"].append(act.seat)
    if set(others(act.state)) <= set(act.state["done"]):
        pass_turn(act)


def active_part_done(act: Act) -> None:
    """The active player made their part: the others' phase, or the next turn when nobody else sits here."""
    act.state.update(phase="others", done=[])
    if not others(act.state):
        pass_turn(act)
