"""How a game ends at the table: by the layout's turn limit, by a shared list whose end is reached
(Lost Cities' bridges), by the mechanic's own rule (every dice column exhausted), by a seat's word
where only the sheets know (Copenhagen's 12 points: "We reached the end", once the round is
complete), or when nobody can move any more.

Glossary:
- over: {"reason": "turn-limit", "turns": n}, {"reason": "list", "list": id}, {"reason": "exhausted"},
  {"reason": "declared", "by": name} or {"reason": "stuck"}; companion/rules/words.py says it.
- round complete: every seat has had as many turns as the one who started; nothing is made yet
  in the turn that begins the next round.
- tie: winners level on points; the layout's tie-break (`scoring.tiebreak`) may order them (`tie_text` says how).
"""
from __future__ import annotations

from companion.rules.contract import Act, Entry, Move
from companion.rules.errors import Refused, no
from companion.rules.language import N_, Speaker
from companion.rules.state import Over
from layouts.scoring import TieBreak

TIES = {"shared": N_("%(names)s share the win"),
        "fewer": N_("%(names)s wins on fewer %(what)s"), "more": N_("%(names)s wins on more %(what)s"),
        "same": N_("%(names)s share the win: same points and same %(what)s"),
        "open": N_("%(names)s share the win on points; give %(what)s to break the tie")}
"""The tie-break sentence by case: the winners share, or one won on `fewer` or `more` of the tie-break."""


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


def tie_text(case: str, winners: list[str], tiebreak: TieBreak | None, say: Speaker) -> str:
    """The tie-break sentence of a case ("fewer": 'Ana wins on fewer empty cells (house rule)')."""
    text = say.gettext(TIES[case], names=say.listing(winners), what=tiebreak.what if tiebreak else "")
    house = tiebreak is not None and tiebreak.house and case in ("fewer", "more", "open")
    return say.gettext("%(text)s (house rule)", text=text) if house else text
