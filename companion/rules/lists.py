"""The table's shared crossed-off lists (layouts/lists.py): cross, uncross, use again, set up.

Every rule of a crossing is a refusal (None when it is allowed: companion/rules/list_refusals.py), so the
crossings a seat may make now (`allowed`) and the ones `cross` makes are the same.

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
  whose turn just ended (a turn may pass at once), one item for their turn's shape (using a crossed
  item again aside); setup crossings only before the first move.
- who may undo: a crossing's own player (a claim: one's own claim; a stack: the last token taken);
  a setup crossing only through the setup step, before the first move.
"""
from __future__ import annotations

from companion.rules.contract import Act
from companion.rules.errors import missing, no
from companion.rules.language import N_, gettext
from companion.rules.list_refusals import DEFAULTS, item_refusal, label_of, list_refusal
from companion.rules.turns import pass_turn, seat_name
from layouts import Game
from layouts.lists import lists_in_play

FLAGS = ({}, {"setup": True}, {"again": True}, {"crossed": False}, {"crossed": False, "setup": True})


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
                              list=label_of(game, list_id)(),
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
        label, refused = label_of(game, list_id), {}
        for item_id in room_list["items"]:
            for flags in _ways(spec, room_list["crossed"].get(item_id), state["turn"], turn_only):
                way = tuple(flags)
                if way not in refused:
                    refused[way] = list_refusal(game, mechanic, state, spec, label, flags, seat)
                if refused[way] is not None:
                    continue
                move = {"move": "cross", "list": list_id, "item": item_id, **flags}
                if item_refusal(game, spec, label, state, move, who) is None:
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
        room_list["crossed"][item_id] = {"by": [who], "at": now, "turn": state["turn"],
                                         "setup": move.get("setup", False)}
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
