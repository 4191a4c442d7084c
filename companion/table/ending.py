"""How a game ends at the table: by the layout's turn limit, by a shared list whose end is reached
(Lost Cities' bridges), by the mechanic's own rule (every dice column exhausted), by a seat's word
where only the sheets know (Copenhagen's 12 points: "We reached the end", once the round is
complete), or when nobody can move any more.

Glossary:
- over: {"reason": "turn-limit", "turns": n}, {"reason": "list", "list": id}, {"reason": "exhausted"},
  {"reason": "declared", "by": name} or {"reason": "stuck"}; companion/table/words.py says it.
- round complete: every seat has had as many turns as the one who started; nothing is made yet
  in the turn that begins the next round.
"""
from __future__ import annotations

from companion.errors import Refused
from companion.language import N_
from companion.table.contract import Act, Entry, Move, Over, no


def ended(act: Act) -> Over | None:
    """Why the game ends with the turn now passing, or None: the turn limit, a list's end, the mechanic's rule."""
    state, end = act.state, act.config.end
    if end and (end.players is None or end.players == state["players"]):
        limit = act.game.amount(end.turns) * (len(state["seats"]) if end.rounds else 1)
        if state["turn"] >= limit:
            return {"reason": "turn-limit", "turns": state["turn"]}
    for list_id, room_list in state.get("lists", {}).items():
        if room_list["complete"] and act.game.lists[list_id].ends_game:
            return {"reason": "list", "list": list_id}
    return act.mechanic.over(state)


def round_complete(state: dict, first_phase: str) -> bool:
    """Whether every seat has had as many turns, and the turn starting the next round has made nothing yet."""
    return state["turn"] > 1 and (state["turn"] - 1) % len(state["seats"]) == 0 and state["phase"] == first_phase


def _starter(state: dict) -> str:
    """The name of the seat that starts each round."""
    order = [s["seat"] for s in state["seats"]]
    first = order[(order.index(state["active"]) - (state["turn"] - 1)) % len(order)]
    return next(s["name"] for s in state["seats"] if s["seat"] == first)


def _refusal(act: Act) -> Refused | None:
    if act.config.declared_end.round and not round_complete(act.state, act.mechanic.FIRST_PHASE):
        return no(409, N_("The end is said once the round is complete, before %(name)s starts the next "
                          "round: everyone has had as many turns then."), name=lambda: _starter(act.state))
    return None


def _declare(act: Act) -> Entry:
    act.state.update(over={"reason": "declared", "by": act.name}, phase="over", done=[])
    return "end", {}


def end_move(phases) -> Move:
    """The declared end ("We reached the end"): any seat, in any phase, when the layout's rule allows it now."""
    return Move(_declare, {phase: "anyone" for phase in phases}, refuse=_refusal, turn=False)
