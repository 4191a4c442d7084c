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

from companion import table
from companion.errors import impossible, malformed, missing
from companion.language import current, gettext, speaker
from companion.table.turns import Act, Move, check, copied, pass_turn
from companion.table.words import item_text
from layouts import Game, fill_values
from layouts.lists import lists_in_play


def start(game: Game, players: int) -> dict:
    """The room lists of a new room: the game's lists in play for `players`, nothing crossed."""
    return {name: {"items": [item.id for item in items], "crossed": {}, "complete": False}
            for name, items in lists_in_play(game, players).items()}


def _flag(body: dict, key: str, default: bool) -> bool:
    value = body.get(key, default)
    if not isinstance(value, bool):
        raise malformed(gettext('"%(key)s" is true or false.', key=key))
    return value


def cross(game: Game, state: dict, list_id: str, item_id: str, body: dict, seat: int, version: int,
          now: float) -> tuple[dict, tuple[str, dict]]:
    """The state after `seat` crosses (or uncrosses, or uses again) one item, and its log entry."""
    crossed, again, setup = _flag(body, "crossed", True), _flag(body, "again", False), _flag(body, "setup", False)
    if list_id not in state.get("lists", {}):
        raise missing(gettext("This room has no list %(list)s; it has: %(lists)s.", list=repr(list_id),
                              lists=", ".join(state.get("lists", {})) or gettext("none")))
    spec, act = game.lists[list_id], Act(game, table.mechanic_of(game), copied(state), body, seat, None)
    room_list = act.state["lists"][list_id]
    label = fill_values(spec.label, game.values)
    if item_id not in room_list["items"]:
        raise missing(gettext("%(list)s has no %(item)s here; it has: %(items)s.", list=label, item=repr(item_id),
                              items=", ".join(room_list["items"])))
    if spec.turn_action and crossed and not again:
        check(act, Move(None, {act.mechanic.FIRST_PHASE: "active"}, starts=True),
              gettext("take from %(list)s", list=label), table.seen_of(body))
    who, named = act.name, lambda item: item_text(game, list_id, item, speaker(current()))
    if again:
        how = _again(spec, room_list, item_id, who, named)
    elif crossed:
        how = _cross(game, spec, act.state, room_list, item_id, who, setup, now, named)
    else:
        how = _uncross(spec, label, room_list, item_id, who, setup, named)
    record = room_list["crossed"].get(item_id)
    params = {"list": list_id, "item": item_id, "how": how, "setup": setup,
              "by": (record or state["lists"][list_id]["crossed"][item_id])["by"]}
    ended = room_list["complete"]
    room_list["complete"] = len(room_list["crossed"]) >= (spec.ends_after or len(room_list["items"]))
    params["ends"] = room_list["complete"] and not ended
    if spec.turn_action and how == "cross":
        pass_turn(act)
    return act.state, table.finish(act, state, version, ("list", params))


def _again(spec, room_list, item_id, who, named) -> str:
    if not spec.again:
        raise malformed(gettext("Crossed-off items of %(list)s cannot be used again.", list=spec.label))
    if item_id not in room_list["crossed"]:
        raise impossible(gettext("%(item)s is not crossed off yet: cross it off instead.", item=named(item_id)))
    room_list["crossed"][item_id].setdefault("again", []).append(who)
    return "again"


def _cross(game, spec, state, room_list, item_id, who, setup, now, named) -> str:
    crossed = room_list["crossed"]
    record = crossed.get(item_id)
    if record and spec.mode != "claim":
        raise impossible(gettext("%(item)s was already taken by %(names)s.", item=named(item_id), names=_names(record)))
    if record:
        if who in record["by"]:
            raise impossible(gettext("%(name)s already claimed %(item)s.", name=who, item=named(item_id)))
        if record["turn"] != state["turn"]:
            raise impossible(gettext("%(names)s claimed %(item)s in an earlier turn; only players reaching it in the "
                                     "same turn share it.", names=_names(record), item=named(item_id)))
        if len(record["by"]) >= state["players"]:
            raise impossible(gettext("%(item)s has a claim from every player at the table already.", item=named(item_id)))
        record["by"].append(who)
        return "also"
    held = [item for item, r in crossed.items() if who in r["by"]]
    limit = game.amount(spec.per_player) if spec.per_player is not None else None
    if limit is not None and len(held) >= limit:
        raise impossible(gettext("%(name)s has %(held)s of %(list)s already (%(items)s): at most %(most)s.", name=who,
                                 held=len(held), list=spec.label, items=", ".join(map(named, held)), most=limit))
    if spec.mode == "stack":
        top = next(item for item in room_list["items"] if item not in crossed)
        if item_id != top:
            raise impossible(gettext("Take the highest %(list)s token left: %(item)s.", list=spec.label, item=named(top)))
    if setup:
        _check_setup(game, spec, state, crossed, item_id)
    crossed[item_id] = {"by": [who], "at": now, "turn": state["turn"], "setup": setup}
    return "cross"


def _check_setup(game, spec, state, crossed, item_id) -> None:
    rule = spec.setup
    if rule is None:
        raise malformed(gettext("%(list)s has no setup step.", list=spec.label))
    if state["players"] > rule.max_players:
        raise impossible(gettext("The setup step is for %(most)s players; this room has %(players)s.",
                                 most=rule.max_players, players=state["players"]))
    shape = game.shape(item_id)
    if shape.size != rule.size:
        raise impossible(gettext("Setup crosses size-%(size)s tiles; %(item)s has size %(has)s.", size=rule.size,
                                 item=item_id, has=shape.size))
    same = [item for item, r in crossed.items() if r["setup"] and game.shape(item).colour == shape.colour]
    if same:
        raise impossible(gettext("%(colour)s already has its setup tile: %(item)s.",
                                 colour=game.colours[shape.colour].label, item=same[0]))


def _names(record: dict) -> str:
    """The players who crossed or claimed an item, 'Ana and Ben'."""
    return speaker(current()).listing(record["by"])


def _uncross(spec, label, room_list, item_id, who, setup, named) -> str:
    crossed = room_list["crossed"]
    record = crossed.get(item_id)
    if record is None:
        raise impossible(gettext("%(item)s is not crossed off.", item=named(item_id)))
    if record["setup"] != setup:
        raise impossible(gettext("%(item)s was crossed at setup: only the setup step undoes it.", item=named(item_id))
                         if record["setup"] else gettext("%(item)s was not crossed at setup.", item=named(item_id)))
    if not setup and who not in record["by"]:
        raise impossible(gettext("Only %(names)s can undo %(item)s.", item=named(item_id),
                                 names=speaker(current()).listing(record["by"], style="or")))
    if spec.mode == "stack":
        last = [item for item in room_list["items"] if item in crossed][-1]
        if item_id != last:
            raise impossible(gettext("Put back the last %(list)s token taken first: %(item)s.", list=label,
                                     item=named(last)))
    if spec.mode == "claim" and len(record["by"]) > 1:
        record["by"].remove(who)
        return "withdraw"
    del crossed[item_id]
    return "uncross"
