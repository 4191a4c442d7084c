"""What a room already knows of its players' scores: the score form opened from a room starts with it.

Glossary:
- taken: list id -> the items a player crossed (or claimed) in the room's shared lists.
- seated players: a room's final score names only players seated in the room (seated_players).
- known fields: a count `from_list` (how many items of that list the player holds: Lost Cities'
  bridges won), a count `from_counter` (the player's count of a table counter: failed
  throws), a `token` or `tokens` field (the values of the player's tokens from its `lists`:
  Monolyth's structure and level tokens) and `entries` whose first field is a token (one entry per
  token: Monolyth's prophecies, their cubes left to count).
"""
from __future__ import annotations

from companion.rules.language import gettext
from companion.rules.names import folded
from companion.scoring.common import ScoreError
from layouts import Game
from layouts.lists import lists_in_play


def _taken(state: dict, name: str) -> dict[str, list[str]]:
    return {list_id: [item for item, record in room_list["crossed"].items() if name in record["by"]]
            for list_id, room_list in state.get("lists", {}).items()}


def _values(game: Game, players: int, taken: dict, lists: list[str]) -> list[int]:
    """The values of the player's tokens from these lists, highest first."""
    in_play = lists_in_play(game, players)
    values = {(name, item.id): item.value for name in lists for item in in_play.get(name, [])}
    return sorted((values[name, item] for name in lists for item in taken.get(name, []) if (name, item) in values),
                  reverse=True)


def _known(game: Game, field, taken: dict, players: int, counts: dict):
    """The value the room knows for one field, or None."""
    if field.kind == "count" and field.from_counter:
        return counts.get(field.from_counter, 0)
    if field.kind == "count" and field.from_list:
        return len(taken.get(field.from_list, []))
    if field.kind in ("token", "tokens"):
        values = _values(game, players, taken, field.lists)
        return values if field.kind == "tokens" else (values[0] if values else None)
    if field.kind == "entries" and field.fields[0].kind == "token":
        return [{field.fields[0].id: value} for value in _values(game, players, taken, field.fields[0].lists)]
    return None


def prefill(game: Game, state: dict) -> list[dict]:
    """The room's seated players in seat order, each with the fields of the score form the room knows."""
    players = []
    for seat in state["seats"]:
        taken, player = _taken(state, seat["name"]), {"name": seat["name"]}
        for section in game.scoring.sections:
            for field in section.fields:
                value = _known(game, field, taken, state["players"], state.get("counts", {}).get(str(seat["seat"]), {}))
                if value not in (None, []):
                    player[field.id] = value
        players.append(player)
    return players


def seated_players(state: dict, names: list[str]) -> None:
    """Refuse (ScoreError) a final score for the room of `state` that names a player who has no seat there."""
    seated = {folded(seat["name"]) for seat in state["seats"]}
    stranger = next((name for name in names if folded(name) not in seated), None)
    if stranger is not None:
        raise ScoreError(gettext("%(name)s has no seat in this room: its final score is for its seated players "
                                 "(%(names)s).", name=stranger, names=", ".join(s["name"] for s in state["seats"])),
                         "players")
