"""Seats and turns: who is on turn, whose part a phase is, passing the turn in seat order.

Glossary:
- seat: {"seat": id (joining order), "name"}; `state["seats"]` lists them in turn order.
- turn: 0 before the first move, then counts turns; active: the seat id on turn (None before).
- phase: where the turn is; each mechanic names its phases, the first is where every turn starts.
- role: who moves in a phase: "active" (the player on turn), "others" (each other seat, once) or
  "anyone" (every seat, e.g. the declared end).
- done: the seats that did their part in the others' phase of this turn.
- table_version: the room version at which the dice, market or turn last changed.
- over: None while playing; once the room has ended the game, why (companion/rules/ending.py).
- refusal: a `Refused` a rule answers instead of raising, so that one function both lists what is
  allowed (the refusals that are None) and says why a move is not.
"""
from __future__ import annotations

import orjson

from companion.rules.contract import Act, Move
from companion.rules.ending import ended
from companion.rules.errors import Refused, no
from companion.rules.language import N_, current, speaker
from companion.rules.room_dice import RECORD

SHARED = frozenset({RECORD})
"""The parts of a state a move never changes in place, shared by its copy: the room's dice record is replaced whole
(room_dice.drawn) and grows with every roll, so copying it cost a move more with every turn of the game."""


def copied(state: dict) -> dict:
    """A deep copy of a JSON state for a move to change, but the SHARED parts, in the same key order: written out
    as JSON and read back by orjson (a 1 KB state: 89 k instructions, pickle 224 k, copy.deepcopy 1,088 k)."""
    changing = orjson.loads(orjson.dumps({k: v for k, v in state.items() if k not in SHARED}))
    return {key: state[key] if key in SHARED else changing[key] for key in state}


def seat_name(state: dict, seat: int) -> str:
    """The name at a seat."""
    return next(s["name"] for s in state["seats"] if s["seat"] == seat)


def others(state: dict) -> list[int]:
    """The seats other than the active one, in turn order."""
    return [s["seat"] for s in state["seats"] if s["seat"] != state["active"]]


def waiting(state: dict, role: str) -> list[int]:
    """The seats a phase of `role` waits for: the active one, or the others who have not made their part."""
    if role == "others":
        return [s for s in others(state) if s not in state["done"]]
    return [state["active"]]


def placer_of(state: dict, first_phase: str) -> int | None:
    """Who places a shape now: the player on turn once they made the first phase, until then the one before."""
    if state["turn"] and state["phase"] != first_phase:
        return state["active"]
    if state["turn"] > 1:
        order = [s["seat"] for s in state["seats"]]
        return order[(order.index(state["active"]) - 1) % len(order)]
    return None


def role_refusal(act: Act, move: Move, verb) -> Refused | None:
    """Why the moving seat may not make `move` in this phase (naming whose turn or phase it is), or None."""
    state, seat = act.state, act.seat
    if state["turn"] == 0:
        return None if move.starts else no(409, N_("Nobody has started yet: the first player to roll (or move) "
                                                   "starts the game."))
    role = move.phases.get(state["phase"])
    if role == "anyone":
        return None
    active = state["active"]
    if seat != active and (role == "active" or set(move.phases.values()) == {"active"}):
        return no(409, N_("It is %(name)s's turn: only %(name)s may %(verb)s now."), verb=verb,
                  name=lambda: seat_name(state, active))
    if role is None:
        names = [seat_name(state, s) for s in waiting(state, act.mechanic.role(state))]
        return no(409, N_("Not now: the table waits for %(names)s to %(doing)s (turn %(turn)s)."),
                  names=lambda: speaker(current()).listing(names), turn=state["turn"],
                  doing=lambda: speaker(current()).gettext(act.mechanic.PHASES[state["phase"]]))
    if role == "others" and seat == active:
        return no(409, N_("The other players %(verb)s now; %(name)s has made their part of the turn."),
                  verb=verb, name=lambda: seat_name(state, active))
    if role == "others" and seat in state["done"]:
        return no(409, N_("%(name)s has already made their part of this turn."), name=lambda: seat_name(state, seat))
    return None


def pass_turn(act: Act) -> None:
    """The turn ends: the game ends when a rule says so (ending.py), else the next seat is on turn."""
    state = act.state
    act.passed.append(state["active"])
    over = ended(act)
    if over:
        state.update(over=over, phase="over", done=[])
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


def end_early(act: Act):
    """The active player ends the turn before every other seat made its part (a player who is away)."""
    skipped = [seat_name(act.state, s) for s in waiting(act.state, "others")]
    pass_turn(act)
    return "next", {"skipped": skipped}
