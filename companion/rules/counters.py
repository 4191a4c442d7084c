"""Counters per seat (the layout's `table.counters`, e.g. a Qwinto-like game's failed throws): the `count` move
adds one to a seat's counter, once per roll, made by the roller (or by any seat, as the counter says); every phone
shows the counts, the game ends as soon as a seat's count reaches the counter's `ends_at`, and the score form
starts a field `from_counter` at it (companion/scoring/from_room.py).

Glossary:
- counts: seat id (as text) -> counter id -> the seat's count (a counter nobody added to is absent: 0).
- counted: seat id (as text) -> the counters that seat added to in the window `counted_at`.
- window: what a counter counts once in (the mechanic's `window`: the turn, or a shared roll's roll);
  a new window forgets `counted`.
- roller: the seat the counter's `by: roller` offers the move to (the mechanic's `roller`: the player on turn,
  or the seat that rolled the roll standing).
"""
from __future__ import annotations

from companion.rules.contract import Act, Entry, Move, Param
from companion.rules.errors import no
from companion.rules.language import N_
from companion.rules.turns import seat_name
from layouts import fill_values


def counter_keys(config) -> dict:
    """The state's keys a table with counters starts with (none without)."""
    return {"counts": {}, "counted": {}, "counted_at": None} if config.counters else {}


def count_of(state: dict, seat: int, counter: str) -> int:
    """The seat's count of `counter`."""
    return state.get("counts", {}).get(str(seat), {}).get(counter, 0)


def _label(act: Act, counter: str) -> str:
    return fill_values(act.config.counters[counter].label, act.game.values)


def _refusal(act: Act):
    state, counter = act.state, act.body["counter"]
    spec = act.config.counters.get(counter)
    if spec is None:
        return no(400, N_('"counter" names one of this table\'s counters: %(names)s.'),
                  names=", ".join(act.config.counters))
    roller = act.mechanic.roller(state)
    if roller is None:
        return no(409, N_("Nothing to count yet: %(label)s is counted once a roll stands."),
                  label=lambda: _label(act, counter))
    if spec.by == "roller" and act.seat != roller:
        return no(409, N_("Only %(name)s, who rolled, may add to %(label)s now."),
                  name=lambda: seat_name(state, roller), label=lambda: _label(act, counter))
    if state.get("counted_at") == act.mechanic.window(state) and counter in state["counted"].get(str(act.seat), []):
        return no(409, N_("%(name)s has already added to %(label)s for this roll."), name=act.name,
                  label=lambda: _label(act, counter))
    return None


def _count(act: Act) -> Entry:
    state, counter, seat = act.state, act.body["counter"], str(act.seat)
    window = act.mechanic.window(state)
    if state.get("counted_at") != window:
        state.update(counted={}, counted_at=window)
    state["counted"].setdefault(seat, []).append(counter)
    count = state["counts"].setdefault(seat, {})[counter] = count_of(state, act.seat, counter) + 1
    ends_at = act.config.counters[counter].ends_at
    if ends_at is not None and count >= act.game.amount(ends_at):
        state.update(over={"reason": "counter", "counter": counter, "by": act.name, "count": count},
                     phase="over", done=[])
    return "count", {"counter": counter, "count": count}


def count_move(config, phases) -> Move:
    """The `count` move: in any phase, adds one to a counter of the moving seat (not part of the turn)."""
    wrong = Param(str, lambda act: no(400, N_('"counter" must be the id of a counter, e.g. "%(example)s"'),
                                      example=next(iter(config.counters))),
                  description="a counter's id (the layout's table.counters)")
    return Move(_count, {phase: "anyone" for phase in phases}, params={"counter": wrong},
                options=lambda act: ({"counter": counter} for counter in config.counters), refuse=_refusal,
                turn=False)
