"""The table's shared crossed-off lists (layouts/lists.py): cross, uncross, use again, set up.

Every rule of a crossing is a refusal (None when it is allowed), so the crossings a seat may make
now (`allowed`) and the ones `cross` makes are the same.

Glossary:
- room list: `state["lists"][list id]` = {"items": ids in play (in layout order),
  "crossed": {item id: {"by": [names], "at": epoch seconds, "turn": n, "setup": bool,
  "again": [names who used it again]}},
  "complete": the list's end is reached (`ends_after` items crossed, default all)}.
- crossing body: {"move": "cross", "list", "item"} and one of the ways in FLAGS: "setup": true
  (a setup crossing), "again": true (use a crossed item again), "crossed": false (uncross).
- claim window: a `claim` item (a bridge) takes more claimants, at most one per player, only
  during the turn of its first claim; afterwards a claim answers 409.
- turn action: a list whose crossing is the active player's whole turn (it passes the turn).
- crossed by the active player (`crossed_by: active`): only the player who places a shape: the player
  on turn once the turn's first phase is made, and until the next player's first move the player
  whose turn just ended (a turn may pass at once); setup crossings only before the first move.
- who may undo: a crossing's own player (a claim: one's own claim; a stack: the last token taken);
  a setup crossing only through the setup step, before the first move.
"""
from __future__ import annotations

from companion.errors import Refused, missing
from companion.language import N_, current, gettext, in_reading, speaker
from companion.table.contract import Act, Move, no
from companion.table.turns import pass_turn, placer_of, role_refusal, seat_name
from companion.table.words import item_text
from layouts import Game, fill_values
from layouts.lists import lists_in_play

FLAGS = ({}, {"setup": True}, {"again": True}, {"crossed": False}, {"crossed": False, "setup": True})
DEFAULTS = {"crossed": True, "again": False, "setup": False}


def start(game: Game, players: int, before: dict | None = None) -> dict:
    """The room lists for `players`: the game's lists in play, nothing crossed (or what `before` had crossed of
    the items still in play)."""
    return {name: {"items": [item.id for item in items], "complete": False,
                   "crossed": {i: r for i, r in (before or {}).get(name, {}).get("crossed", {}).items()
                               if i in {item.id for item in items}}}
            for name, items in lists_in_play(game, players).items()}


def crossing(game: Game, state: dict, list_id: str, item_id: str, body: dict) -> dict:
    """The crossing body of a request (404 for an unknown list or item, 400 for a malformed flag)."""
    if list_id not in state.get("lists", {}):
        raise missing(gettext("This room has no list %(list)s; it has: %(lists)s.", list=repr(list_id),
                              lists=", ".join(state.get("lists", {})) or gettext("none")))
    if item_id not in state["lists"][list_id]["items"]:
        raise missing(gettext("%(list)s has no %(item)s here; it has: %(items)s.", item=repr(item_id),
                              list=_label(game, list_id)(),
                              items=", ".join(state["lists"][list_id]["items"])))
    flags = {key: body[key] for key, value in DEFAULTS.items() if body.get(key, value) != value}
    if flags not in FLAGS:
        raise no(400, N_('Send one way of crossing: "setup": true, "again": true or "crossed": false '
                         '(with "setup": true to undo a setup crossing).'))
    return {"move": "cross", "list": list_id, "item": item_id, **flags}


def allowed(game: Game, mechanic, state: dict, seat: int, turn_only: bool = False) -> list[dict]:
    """Every crossing `seat` may make now (`turn_only`: only those that are the seat's turn)."""
    if state["over"]:
        return []
    found, who = [], seat_name(state, seat)
    for list_id, room_list in state.get("lists", {}).items():
        spec = game.lists[list_id]
        if turn_only and not spec.turn_action:
            continue
        label, refused = _label(game, list_id), {}
        for item_id in room_list["items"]:
            for flags in _ways(spec, room_list["crossed"].get(item_id), state["turn"], turn_only):
                way = tuple(flags)
                if way not in refused:
                    refused[way] = _list_refusal(game, mechanic, state, spec, label, flags, seat)
                if refused[way] is not None:
                    continue
                move = {"move": "cross", "list": list_id, "item": item_id, **flags}
                if _item_refusal(game, spec, label, state, move, who) is None:
                    found.append(move)
    return found


def _ways(spec, record: dict | None, turn: int, turn_only: bool) -> list[dict]:
    """The ways of FLAGS worth weighing for an item (any other is refused whatever else the state holds)."""
    if record is None:
        return [{}] + ([{"setup": True}] if spec.setup and turn == 0 and not turn_only else [])
    if turn_only:
        return []
    return [{"crossed": False, **({"setup": True} if record["setup"] else {})}] + \
        ([{"again": True}] if spec.again else []) + ([{}] if spec.mode == "claim" else [])


def _label(game: Game, list_id: str):
    """A list's name as the reader of the request reads it, written when read."""
    def written() -> str:
        shown = in_reading(game)
        return fill_values(shown.lists[list_id].label, shown.values, current())
    return written


def refusal(game: Game, mechanic, state: dict, move: dict, seat: int) -> Refused | None:
    """Why `seat` may not make the crossing `move` now, or None."""
    spec = game.lists[move["list"]]
    label, flags = _label(game, move["list"]), {k: v for k, v in move.items() if k in DEFAULTS}
    return _list_refusal(game, mechanic, state, spec, label, flags, seat) or \
        _item_refusal(game, spec, label, state, move, seat_name(state, seat))


def _list_refusal(game, mechanic, state, spec, label, flags, seat) -> Refused | None:
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


def _item_refusal(game, spec, label, state, move, who) -> Refused | None:
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


def cross(act: Act, now: float) -> tuple[str, dict]:
    """Make the crossing `act.body` (allowed) on `act.state`: its log entry; a turn action passes the turn."""
    state, move, who = act.state, act.body, act.name
    spec, room_list, item_id = act.game.lists[move["list"]], state["lists"][move["list"]], move["item"]
    record = room_list["crossed"].get(item_id)
    before = list(record["by"]) if record else None
    if move.get("again"):
        record.setdefault("again", []).append(who)
        how = "again"
    elif not move.get("crossed", True):
        how = "withdraw" if spec.mode == "claim" and len(record["by"]) > 1 else "uncross"
        if how == "withdraw":
            record["by"].remove(who)
        else:
            del room_list["crossed"][item_id]
    elif record:
        record["by"].append(who)
        how = "also"
    else:
        room_list["crossed"][item_id] = {"by": [who], "at": now, "turn": state["turn"], "setup": move.get("setup", False)}
        how = "cross"
    after = room_list["crossed"].get(item_id)
    by = after["by"] if after else before
    ended = room_list["complete"]
    room_list["complete"] = len(room_list["crossed"]) >= (spec.ends_after or len(room_list["items"]))
    params = {"list": move["list"], "item": item_id, "how": how, "setup": move.get("setup", False), "by": by,
              "ends": room_list["complete"] and not ended}
    if spec.turn_action and how == "cross":
        pass_turn(act)
    return "list", params
