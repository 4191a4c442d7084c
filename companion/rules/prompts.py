"""What each seat reads about the turn: one line per seat, and one for a phone that holds no seat,
written from what the referee allows (the state's `allowed`) in the phone's language.

Glossary:
- prompt: {"<seat id>": line, ..., "watching": line}, e.g. "Turn 3: Ana · your part, Ben: take 1 of
  the dice left, or pass" or "Turn 3: Ana · waiting for Ana to choose the dice to use".
- acting seat: a seat with a turn move now (a mechanic's move, a turn action's crossing); the
  declared end and the other crossings do not make a seat one.
- aside: what every seat does besides the turn's moves (the mechanic's, e.g. "write 7 on your sheet"): a
  seat without a move reads it instead of "waiting for ...", the seat on turn before its move.
"""
from __future__ import annotations

from companion.rules.language import Speaker
from companion.rules.mechanics import mechanic_of
from companion.rules.referee import turn_entries
from companion.rules.turns import seat_name
from companion.rules.words import end_text
from layouts import Game, fill_values

WATCHING = "watching"


def _taking(game: Game, entries: list[dict], say: Speaker) -> str | None:
    """"take from Prophecies": the turn action's lists the entries cross (None when they cross none)."""
    lists = list(dict.fromkeys(fill_values(game.lists[e["list"]].label, game.values, say.language) for e in entries
                               if e["move"] == "cross"))
    return say.gettext("take from %(list)s", list=say.listing(lists, style="or")) if lists else None


def _doing(game: Game, mechanic, state: dict, entries: list[dict], say: Speaker) -> str:
    """What an acting seat is to do: its mechanic's words, and the turn action's list it may take from instead."""
    own = any(e["move"] != "cross" for e in entries)
    taking = _taking(game, entries, say)
    if not taking:
        return mechanic.said(state, say)
    return say.gettext("%(doing)s, or %(other)s", doing=mechanic.said(state, say), other=taking) if own else taking


def _waited(game: Game, mechanic, state: dict, acting: dict[str, list[dict]], say: Speaker) -> str:
    """What the others wait for: the mechanic's words, or only the lists where no acting seat has a move of its own
    (Monolyth's empty ring)."""
    entries = [e for seat_entries in acting.values() for e in seat_entries]
    if any(e["move"] != "cross" for e in entries):
        return mechanic.waited(state, say)
    return _taking(game, entries, say) or mechanic.waited(state, say)


def prompts(game: Game, state: dict, say: Speaker) -> dict[str, str]:
    """Each seat's line about the turn, and the line of a phone watching without a seat (WATCHING)."""
    mechanic, seats = mechanic_of(game), [str(s["seat"]) for s in state["seats"]]
    if state["over"]:
        line = say.gettext("The game is over: %(end)s", end=end_text(game, say, state["over"]))
        return {seat: line for seat in [*seats, WATCHING]}
    if mechanic is None:
        return {seat: "" for seat in [*seats, WATCHING]}
    acting = {str(seat): turn_entries(game, state["allowed"][str(seat)]) for seat in state["waiting"]}
    if state["turn"] == 0:
        start = say.gettext("Nobody has started yet: the first player to %(doing)s starts.",
                            doing=mechanic.said(state, say))
        return {**{seat: start for seat in seats}, WATCHING: say.gettext("Take a seat to play.")}
    head = say.gettext("Turn %(turn)s: %(name)s", turn=state["turn"], name=seat_name(state, state["active"]))
    names = say.listing([seat_name(state, int(seat)) for seat in acting])
    waiting = say.gettext("waiting for %(names)s to %(doing)s", names=names,
                          doing=_waited(game, mechanic, state, acting, say))
    lines = {WATCHING: f"{head} · {waiting}"}
    aside = mechanic.aside(state, say)
    for seat in seats:
        if seat not in acting:
            lines[seat] = f"{head} · {aside}" if aside else lines[WATCHING]
            continue
        values = {"me": seat_name(state, int(seat)), "doing": _doing(game, mechanic, state, acting[seat], say)}
        if int(seat) == state["active"] and aside:
            # TRANSLATORS: what the player on turn does first (an imperative, "write 12 on your sheet"), then
            # its move (an infinitive phrase, "roll the dice for everyone").
            values["doing"] = say.gettext("%(first)s, then %(doing)s", first=aside, doing=values["doing"])
        part = say.gettext("your turn, %(me)s: %(doing)s", **values) if int(seat) == state["active"] \
            else say.gettext("your part, %(me)s: %(doing)s", **values)
        lines[seat] = f"{head} · {part}"
    return lines
