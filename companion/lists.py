"""The table's shared crossed-off lists (layouts/lists.py): cross, uncross, use again.

Glossary:
- room list: `state["lists"][list id]` = {"items": ids in play (in layout order),
  "crossed": {item id: {"by": [names], "at": epoch seconds, "turn": n, "setup": bool}},
  "complete": every item crossed}.
- claim window: a `claim` item (a bridge) takes more claimants only during the turn of its
  first claim (the room's `turn`, counted by its rolls); afterwards a claim answers 409.
"""
from __future__ import annotations

import copy

from companion.errors import impossible, malformed, missing
from companion.rules import player_name
from layouts import Game
from layouts.lists import lists_in_play

VERBS = {"once": "crossed off", "claim": "claimed", "stack": "took"}


def start(game: Game, players: int) -> dict:
    """The room lists of a new room: the game's lists in play for `players`, nothing crossed."""
    return {name: {"items": [item.id for item in items], "crossed": {}, "complete": False}
            for name, items in lists_in_play(game, players).items()}


def _flag(body: dict, key: str, default: bool) -> bool:
    value = body.get(key, default)
    if not isinstance(value, bool):
        raise malformed(f'"{key}" is true or false.')
    return value


def cross(game: Game, state: dict, list_id: str, item_id: str, body: dict, now: float) -> tuple[dict, str]:
    """The state after crossing (or uncrossing, or using again) one item, and its log line."""
    who = player_name(body)
    crossed, again, setup = _flag(body, "crossed", True), _flag(body, "again", False), _flag(body, "setup", False)
    if list_id not in state.get("lists", {}):
        raise missing(f"This room has no list {list_id!r}; it has: {', '.join(state.get('lists', {})) or 'none'}.")
    spec, new = game.lists[list_id], copy.deepcopy(state)
    room_list = new["lists"][list_id]
    if item_id not in room_list["items"]:
        raise missing(f"{spec.label} has no {item_id!r} here; it has: {', '.join(room_list['items'])}.")
    if again:
        line = _again(spec, room_list, item_id, who)
    elif crossed:
        line = _cross(game, spec, new, room_list, item_id, who, setup, now)
    else:
        line = _uncross(spec, room_list, item_id, who)
    room_list["complete"] = all(item in room_list["crossed"] for item in room_list["items"])
    if room_list["complete"] and crossed and not again and spec.ends_game:
        line += f". {spec.ends_game}"
    return new, line


def _again(spec, room_list, item_id, who) -> str:
    if not spec.again:
        raise malformed(f"Crossed-off items of {spec.label} cannot be used again.")
    if item_id not in room_list["crossed"]:
        raise impossible(f"{item_id} is not crossed off yet: cross it off instead.")
    return f"{who} used crossed-off {item_id} again ({spec.again})"


def _cross(game, spec, state, room_list, item_id, who, setup, now) -> str:
    crossed = room_list["crossed"]
    record = crossed.get(item_id)
    if record and spec.mode != "claim":
        raise impossible(f"{item_id} was already {VERBS[spec.mode]} by {', '.join(record['by'])}.")
    if record:
        if who in record["by"]:
            raise impossible(f"{who} already claimed {item_id}.")
        if record["turn"] != state["turn"]:
            raise impossible(f"{', '.join(record['by'])} claimed {item_id} in an earlier turn; "
                             "only players reaching it in the same turn share it.")
        record["by"].append(who)
        return f"{who} also claimed {item_id} in the same turn ({spec.label})"
    held = [item for item, r in crossed.items() if who in r["by"]]
    if spec.one_per_player and held:
        raise impossible(f"{who} already has a {spec.label} token ({held[0]}).")
    if spec.mode == "stack":
        top = next(item for item in room_list["items"] if item not in crossed)
        if item_id != top:
            raise impossible(f"Take the highest {spec.label} token left: {top}.")
    if setup:
        _check_setup(game, spec, state, crossed, item_id)
    crossed[item_id] = {"by": [who], "at": now, "turn": state["turn"], "setup": setup}
    return f"{who} {VERBS[spec.mode]} {item_id} ({spec.label}{', setup' if setup else ''})"


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


def _uncross(spec, room_list, item_id, who) -> str:
    crossed = room_list["crossed"]
    record = crossed.get(item_id)
    if record is None:
        raise impossible(f"{item_id} is not crossed off.")
    if spec.mode == "stack":
        last = [item for item in room_list["items"] if item in crossed][-1]
        if item_id != last:
            raise impossible(f"Put back the last {spec.label} token taken first: {last}.")
    if spec.mode == "claim" and len(record["by"]) > 1:
        withdrawn = who if who in record["by"] else record["by"][-1]
        record["by"].remove(withdrawn)
        return f"{who} undid {withdrawn}'s claim on {item_id} ({spec.label})"
    del crossed[item_id]
    return f"{who} uncrossed {item_id}, {VERBS[spec.mode]} by {', '.join(record['by'])} ({spec.label})"
