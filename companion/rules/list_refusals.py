"""Every rule of a crossing of a shared list (companion/rules/lists.py) as a refusal, None when it is allowed: lists.py
weighs them for each seat's `allowed`, and the referee asks them of every crossing sent, so the two agree.

Glossary (the room list and its records: companion/rules/lists.py):
- list refusal: what refuses a way of crossing (FLAGS) for the whole list: a flag it has no use for, a turn
  action out of turn, a `crossed_by: active` list crossed by anyone but the player who places a shape.
- item refusal: what refuses one item: how it is crossed already, its mode's rules (a claim's window, a
  stack's top, `per_player`), one fresh item per placed shape (so per turn), the setup step's, who may undo.
"""
from __future__ import annotations

from companion.rules.contract import Act, Move
from companion.rules.errors import Refused, no
from companion.rules.language import N_, current, gettext, in_reading, speaker
from companion.rules.turns import placer_of, role_refusal, seat_name
from companion.rules.words import item_text
from layouts import Game, fill_values

DEFAULTS = {"crossed": True, "again": False, "setup": False}
"""A crossing's flags (companion/lists.FLAGS) and what each is when a body does not send it."""


def label_of(game: Game, list_id: str):
    """A list's name as the reader of the request reads it, written when read."""
    def written() -> str:
        shown = in_reading(game)
        return fill_values(shown.lists[list_id].label, shown.values, current())
    return written


def refusal(game: Game, mechanic, state: dict, move: dict, seat: int) -> Refused | None:
    """Why `seat` may not make the crossing `move` now, or None."""
    spec = game.lists[move["list"]]
    label, flags = label_of(game, move["list"]), {k: v for k, v in move.items() if k in DEFAULTS}
    return list_refusal(game, mechanic, state, spec, label, flags, seat) or \
        item_refusal(game, spec, label, state, move, seat_name(state, seat))


def list_refusal(game, mechanic, state, spec, label, flags, seat) -> Refused | None:
    """What refuses a way of crossing for the whole list: a flag it has no use for, whose turn it is."""
    if flags.get("setup") and not spec.setup:
        return no(400, N_("%(list)s has no setup step."), list=label)
    if flags.get("again") and not spec.again:
        return no(400, N_("Crossed-off items of %(list)s cannot be used again."), list=label)
    if not flags.get("crossed", True) or flags.get("setup"):
        return None
    if spec.turn_action and mechanic:
        act = Act(game, mechanic, state if state["turn"] else dict(state, active=seat), {}, seat)
        refused = role_refusal(act, Move(None, {mechanic.FIRST_PHASE: "active"}, starts=True),
                               lambda: gettext("take from %(list)s", list=label()))
        if refused:
            return refused
    placer = placer_of(state, mechanic.FIRST_PHASE) if spec.crossed_by == "active" else seat
    if placer is None:
        return no(409, N_("Nobody has placed a shape yet: %(list)s are crossed off once the player on turn has "
                          "rolled (or at setup)."), list=label)
    if seat != placer:
        return no(409, N_("Only %(name)s, who places a shape this turn, crosses off %(list)s now."), list=label,
                  name=seat_name(state, placer))
    return None


def item_refusal(game, spec, label, state, move, who) -> Refused | None:
    """What refuses crossing this item: how it is crossed already, the mode's and the setup's rules."""
    room_list, item_id = state["lists"][move["list"]], move["item"]
    name = lambda item: lambda: item_text(in_reading(game), move["list"], item, speaker(current()))  # noqa: E731
    record = room_list["crossed"].get(item_id)
    if not move.get("crossed", True):
        return _uncross_refusal(spec, label, room_list, item_id, who, move.get("setup", False), state, name)
    if move.get("setup"):
        return _setup_refusal(game, spec, state, room_list, item_id, name)
    if move.get("again"):
        return None if record else no(409, N_("%(item)s is not crossed off yet: cross it off instead."),
                                      item=name(item_id))
    return _cross_refusal(game, spec, label, state, room_list, item_id, who, record, name)


def _cross_refusal(game, spec, label, state, room_list, item_id, who, record, name) -> Refused | None:
    crossed = room_list["crossed"]
    if record and spec.mode != "claim":
        return no(409, N_("%(item)s was already taken by %(names)s."), item=name(item_id), names=lambda: _names(record))
    if record:
        if who in record["by"]:
            return no(409, N_("%(name)s already claimed %(item)s."), name=who, item=name(item_id))
        if record["turn"] != state["turn"]:
            return no(409, N_("%(names)s claimed %(item)s in an earlier turn; only players reaching it in the "
                              "same turn share it."), names=lambda: _names(record), item=name(item_id))
        if len(record["by"]) >= state["players"]:
            return no(409, N_("%(item)s has a claim from every player at the table already."), item=name(item_id))
        return None
    if spec.crossed_by == "active":  # the placer's shape of this turn (the turn before, until the next roll)
        shaped = state["turn"] if seat_name(state, state["active"]) == who else state["turn"] - 1
        done = next((item for item, r in crossed.items() if who in r["by"] and not r["setup"] and r["turn"] >= shaped),
                    None)
        if done is not None:
            return no(409, N_("%(name)s crossed off %(item)s for this turn's shape already: one shape a turn."),
                      name=who, item=name(done))
    limit = game.amount(spec.per_player) if spec.per_player is not None else None
    held = [item for item, r in crossed.items() if who in r["by"]]
    if limit is not None and len(held) >= limit:
        return no(409, N_("%(name)s has %(held)s of %(list)s already (%(items)s): at most %(most)s."), name=who,
                  held=len(held), list=label, items=lambda: ", ".join(name(item)() for item in held), most=limit)
    if spec.mode == "stack":
        top = next(item for item in room_list["items"] if item not in crossed)
        if item_id != top:
            return no(409, N_("Take the highest %(list)s token left: %(item)s."), list=label, item=name(top))
    return None


def _setup_refusal(game, spec, state, room_list, item_id, name) -> Refused | None:
    rule = spec.setup
    if state["turn"]:
        return no(409, N_("The setup step is before the first move."))
    if state["players"] > rule.max_players:
        return no(409, N_("The setup step is for %(most)s players; this room has %(players)s."),
                  most=rule.max_players, players=state["players"])
    if item_id in room_list["crossed"]:
        return no(409, N_("%(item)s was already taken by %(names)s."), item=name(item_id),
                  names=lambda: _names(room_list["crossed"][item_id]))
    shape = game.shape(item_id)
    if shape.size != rule.size:
        return no(409, N_("Setup crosses size-%(size)s tiles; %(item)s has size %(has)s."), size=rule.size,
                  item=name(item_id), has=shape.size)
    same = [item for item, r in room_list["crossed"].items() if r["setup"] and game.shape(item).colour == shape.colour]
    if same:
        return no(409, N_("%(colour)s already has its setup tile: %(item)s."),
                  colour=lambda: in_reading(game).colours[shape.colour].label, item=name(same[0]))
    return None


def _uncross_refusal(spec, label, room_list, item_id, who, setup, state, name) -> Refused | None:
    crossed = room_list["crossed"]
    record = crossed.get(item_id)
    if record is None:
        return no(409, N_("%(item)s is not crossed off."), item=name(item_id))
    if record["setup"] != setup:
        return no(409, N_("%(item)s was crossed at setup: only the setup step undoes it.") if record["setup"]
                  else N_("%(item)s was not crossed at setup."), item=name(item_id))
    if setup and state["turn"]:
        return no(409, N_("The setup step is before the first move."))
    if not setup and who not in record["by"]:
        return no(409, N_("Only %(names)s can undo %(item)s."), item=name(item_id),
                  names=lambda: speaker(current()).listing(record["by"], style="or"))
    if spec.mode == "stack":
        last = [item for item in room_list["items"] if item in crossed][-1]
        if item_id != last:
            return no(409, N_("Put back the last %(list)s token taken first: %(item)s."), list=label, item=name(last))
    return None


def _names(record: dict) -> str:
    """The players who crossed or claimed an item, 'Ana and Ben'."""
    return speaker(current()).listing(record["by"])
