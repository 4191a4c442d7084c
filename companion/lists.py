"""The table's shared crossed-off lists (layouts/lists.py): cross, uncross, use again.

Glossary:
- room list: `state["lists"][list id]` = {"items": ids in play (in layout order),
  "crossed": {item id: {"by": [names], "at": epoch seconds, "turn": n, "setup": bool,
  "again": [names who used it again]}},
  "complete": the list's end is reached (`ends_after` items crossed, default all)}.
- claim window: a `claim` item (a bridge) takes more claimants, at most one per player, only
  during the turn of its first claim; afterwards a claim answers 409.
- turn action: a list whose crossing is the active player's whole turn (it passes the turn).
- who may undo: a crossing's own player (a claim: one's own claim; a stack: the last token taken);
  a setup crossing only through the setup step.
"""
from __future__ import annotations

import copy

from companion import table
from companion.errors import impossible, malformed, missing
from companion.table.turns import Act, Move, check, pass_turn
from layouts import Game, fill_values
from layouts.lists import lists_in_play


def start(game: Game, players: int) -> dict:
    """The room lists of a new room: the game's lists in play for `players`, nothing crossed."""
    return {name: {"items": [item.id for item in items], "crossed": {}, "complete": False}
            for name, items in lists_in_play(game, players).items()}


def _flag(body: dict, key: str, default: bool) -> bool:
    value = body.get(key, default)
    if not isinstance(value, bool):
        raise malformed(f'"{key}" is true or false.')
    return value


def cross(game: Game, state: dict, list_id: str, item_id: str, body: dict, seat: int, version: int,
          now: float) -> tuple[dict, tuple[str, dict]]:
    """The state after `seat` crosses (or uncrosses, or uses again) one item, and its log entry."""
    crossed, again, setup = _flag(body, "crossed", True), _flag(body, "again", False), _flag(body, "setup", False)
    if list_id not in state.get("lists", {}):
        raise missing(f"This room has no list {list_id!r}; it has: {', '.join(state.get('lists', {})) or 'none'}.")
    spec, act = game.lists[list_id], Act(game, table.mechanic_of(game), copy.deepcopy(state), body, seat, None)
    room_list = act.state["lists"][list_id]
    label = fill_values(spec.label, game.values)
    if item_id not in room_list["items"]:
        raise missing(f"{label} has no {item_id!r} here; it has: {', '.join(room_list['items'])}.")
    if spec.turn_action and crossed and not again:
        check(act, Move(None, {act.mechanic.FIRST_PHASE: "active"}, starts=True), f"take from {label}",
              table.seen_of(body))
    who = act.name
    if again:
        how = _again(spec, room_list, item_id, who)
    elif crossed:
        how = _cross(game, spec, act.state, room_list, item_id, who, setup, now)
    else:
        how = _uncross(spec, label, room_list, item_id, who, setup)
    record = room_list["crossed"].get(item_id)
    params = {"list": list_id, "item": item_id, "how": how, "setup": setup,
              "by": (record or state["lists"][list_id]["crossed"][item_id])["by"]}
    ended = room_list["complete"]
    room_list["complete"] = len(room_list["crossed"]) >= (spec.ends_after or len(room_list["items"]))
    params["ends"] = room_list["complete"] and not ended
    if spec.turn_action and how == "cross":
        pass_turn(act)
    return act.state, table.finish(act, state, version, ("list", params))


def _again(spec, room_list, item_id, who) -> str:
    if not spec.again:
        raise malformed(f"Crossed-off items of {spec.label} cannot be used again.")
    if item_id not in room_list["crossed"]:
        raise impossible(f"{item_id} is not crossed off yet: cross it off instead.")
    room_list["crossed"][item_id].setdefault("again", []).append(who)
    return "again"


def _cross(game, spec, state, room_list, item_id, who, setup, now) -> str:
    crossed = room_list["crossed"]
    record = crossed.get(item_id)
    if record and spec.mode != "claim":
        raise impossible(f"{item_id} was already taken by {', '.join(record['by'])}.")
    if record:
        if who in record["by"]:
            raise impossible(f"{who} already claimed {item_id}.")
        if record["turn"] != state["turn"]:
            raise impossible(f"{', '.join(record['by'])} claimed {item_id} in an earlier turn; "
                             "only players reaching it in the same turn share it.")
        if len(record["by"]) >= state["players"]:
            raise impossible(f"{item_id} has a claim from every player at the table already.")
        record["by"].append(who)
        return "also"
    held = [item for item, r in crossed.items() if who in r["by"]]
    limit = game.amount(spec.per_player) if spec.per_player is not None else None
    if limit is not None and len(held) >= limit:
        raise impossible(f"{who} has {len(held)} of {spec.label} already ({', '.join(held)}): at most {limit}.")
    if spec.mode == "stack":
        top = next(item for item in room_list["items"] if item not in crossed)
        if item_id != top:
            raise impossible(f"Take the highest {spec.label} token left: {top}.")
    if setup:
        _check_setup(game, spec, state, crossed, item_id)
    crossed[item_id] = {"by": [who], "at": now, "turn": state["turn"], "setup": setup}
    return "cross"


def _check_setup(game, spec, state, crossed, item_id) -> None:
    rule = spec.setup
    if rule is None:
        raise malformed(f"{spec.label} has no setup step.")
    if state["players"] > rule.max_players:
        raise impossible(f"The setup step is for {rule.max_players} players; this room has {state['players']}.")
    shape = game.shape(item_id)
    if shape.size != rule.size:
        raise impossible(f"Setup crosses size-{rule.size} tiles; {item_id} has size {shape.size}.")
    same = [item for item, r in crossed.items() if r["setup"] and game.shape(item).colour == shape.colour]
    if same:
        raise impossible(f"{game.colours[shape.colour].label} already has its setup tile: {same[0]}.")


def _uncross(spec, label, room_list, item_id, who, setup) -> str:
    crossed = room_list["crossed"]
    record = crossed.get(item_id)
    if record is None:
        raise impossible(f"{item_id} is not crossed off.")
    if record["setup"] != setup:
        raise impossible(f"{item_id} was crossed at setup: only the setup step undoes it." if record["setup"]
                         else f"{item_id} was not crossed at setup.")
    if not setup and who not in record["by"]:
        raise impossible(f"Only {' or '.join(record['by'])} can undo {item_id}.")
    if spec.mode == "stack":
        last = [item for item in room_list["items"] if item in crossed][-1]
        if item_id != last:
            raise impossible(f"Put back the last {label} token taken first: {last}.")
    if spec.mode == "claim" and len(record["by"]) > 1:
        record["by"].remove(who)
        return "withdraw"
    del crossed[item_id]
    return "uncross"
