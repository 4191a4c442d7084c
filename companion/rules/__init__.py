"""Each game's actions on a room's state: pure functions with the random source injected.

Glossary:
- state: a room's game state as plain JSON data: `turn` (counts turns), `active` (who is
  on turn), `players` (how many at the table), `dice`, the game's own keys (and `lists`, see companion/lists.py).
- action: `fn(state, body, game, rng) -> log line`; it changes the state it is handed,
  and `apply` hands it a copy, so to its callers an action is a pure function.
- body: the request's JSON object; `player` names who acts.
"""
from __future__ import annotations

import copy
import secrets

from companion.errors import malformed, missing
from layouts import Game

NAME_LENGTH = 30


def player_name(body: dict) -> str:
    """Who acts: the body's `player`, a name of 1 to 30 characters."""
    name = body.get("player")
    if not isinstance(name, str) or not name.strip():
        raise malformed('Say who you are: send "player" with your name.')
    name = " ".join(name.split())
    if len(name) > NAME_LENGTH:
        raise malformed(f"A player name has at most {NAME_LENGTH} characters.")
    return name


def _modules():
    from companion.rules import copenhagen, lost_cities, monolyth, simstown

    return {"copenhagen": copenhagen, "lost-cities": lost_cities, "simstown": simstown,
            "monolyth": monolyth}


def rules_of(game: Game):
    """The module holding a game's actions (`ACTIONS`) and its `start(game, rng)`."""
    return _modules()[game.id]


def new_state(game: Game, players: int, rng=secrets) -> dict:
    """The state of a new room for `players` at the table."""
    state = {"turn": 0, "active": None, "players": players, "dice": []}
    state.update(rules_of(game).start(game, rng))
    return state


def action_names(game: Game) -> list[str]:
    """The actions a game's rooms accept."""
    return sorted(rules_of(game).ACTIONS)


def apply(game: Game, state: dict, action: str, body: dict, rng=secrets) -> tuple[dict, str]:
    """The state after `action`, and the log line saying who did what."""
    actions = rules_of(game).ACTIONS
    if action not in actions:
        raise missing(f"{game.name} has no action {action!r}; it has: {', '.join(action_names(game))}.")
    changed = copy.deepcopy(state)
    line = actions[action](changed, body, game, rng)
    return changed, line
