"""Rooms: a table's shared state in SQLite, changed one write transaction at a time.

Glossary:
- code: a room's name, 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L),
  drawn with `secrets`: about 10^9 codes, so a room cannot be guessed or listed.
- version: grows by one with every change; phones ask for "newer than my version".
- log: who did what, when (epoch seconds); the newest entries come with the state.
- history: entries other features add to a room's log (e.g. final scores): add_history.
"""
from __future__ import annotations

import json
import re
import secrets
import time

from flask import current_app

import layouts
from companion import expiry, lists, rules
from companion.errors import malformed, missing
from companion.store import get_db, transaction

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
LOG_SHOWN = 30


def normal_code(text: str) -> str:
    """A typed code as stored: upper case, without spaces or dashes."""
    return re.sub(r"[^0-9A-Z]", "", text.upper())


def known_game(game_id) -> layouts.Game:
    """The layout of a game this companion has; refused (404) for any other id."""
    if not isinstance(game_id, str):
        raise malformed(f'Name the game: "game" is one of {", ".join(layouts.game_ids())}.')
    try:
        return layouts.load(game_id)
    except KeyError:
        raise missing(f"Unknown game {game_id!r}; this companion has: {', '.join(layouts.game_ids())}.") from None


def create(game_id, players=None, rng=secrets) -> str:
    """Open a room for a game and `players` at the table (default: the most the game allows).

    `rng` sets up the game (Monolyth's market); codes always come from `secrets`.
    """
    game = known_game(game_id)
    count = game.players.max if players is None else players
    if type(count) is not int or not game.players.min <= count <= game.players.max:
        raise malformed(f"{game.name} is for {game.players.min} to {game.players.max} players.")
    state = dict(rules.new_state(game, count, rng), lists=lists.start(game, count))
    with transaction() as db:
        while True:
            code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
            if db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone() is None:
                break
        db.execute("INSERT INTO rooms (code, game, created, version, state) VALUES (?, ?, ?, 1, ?)",
                   (code, game.id, time.time(), json.dumps(state)))
        _log(db, code, None, "open", f"Room opened for {game.name}, {count} players")
    return code


def _row(db, code: str):
    row = db.execute("SELECT game, version, state FROM rooms WHERE code = ?", (normal_code(code),)).fetchone()
    if row is None:
        expiry.refuse_if_closed(db, normal_code(code))  # 410 for a room closed after --keep-days idle
        raise missing(f"No room {code!r}: check the code, or open a new room.")
    return row


def _log(db, code: str, player, kind: str, text: str) -> None:
    db.execute("INSERT INTO room_log (room, at, player, kind, text) VALUES (?, ?, ?, ?, ?)",
               (code, time.time(), player, kind, text))


def version(code: str) -> int:
    """The room's version now."""
    return _row(get_db(), code)["version"]


def game_of(code: str) -> layouts.Game:
    """The game a room plays."""
    return layouts.load(_row(get_db(), code)["game"])


def state(code: str) -> dict:
    """Everything a phone shows: the game state, the version and the newest log entries."""
    return _snapshot(get_db(), normal_code(code))


def _snapshot(db, code: str) -> dict:
    row = _row(db, code)
    log = db.execute("SELECT at, player, kind, text FROM room_log WHERE room = ? ORDER BY id DESC LIMIT ?",
                     (code, LOG_SHOWN)).fetchall()
    return {"code": code, "game": row["game"], "version": row["version"], **json.loads(row["state"]),
            "log": [dict(entry) for entry in log]}


def change(code: str, step) -> dict:
    """Run `step(game, state) -> (new state, player, kind, text)` as one transaction; the new state."""
    code = normal_code(code)
    with transaction() as db:
        row = _row(db, code)
        new, player, kind, text = step(layouts.load(row["game"]), json.loads(row["state"]))
        db.execute("UPDATE rooms SET version = version + 1, state = ? WHERE code = ?", (json.dumps(new), code))
        _log(db, code, player, kind, text)
        answer = _snapshot(db, code)
    current_app.extensions["rollsheet.hub"].publish(code, answer)  # to every phone watching (live.py)
    return answer


def act(code: str, action: str, body: dict, rng=secrets) -> dict:
    """Apply one of the game's actions (roll, pick, move...) and log it; the new state."""

    def step(game, current):
        new, text = rules.apply(game, current, action, body, rng)
        return new, rules.player_name(body), action, text

    return change(code, step)


def cross(code: str, list_id: str, item_id: str, body: dict) -> dict:
    """Cross, uncross or use again one item of a shared list and log it; the new state."""

    def step(game, current):
        new, text = lists.cross(game, current, list_id, item_id, body, time.time())
        return new, rules.player_name(body), "list", text

    return change(code, step)


def add_history(code: str, entry: dict) -> dict:
    """Add an entry to a room's log, e.g. a game's final scores; the new state.

    `entry`: {"text": what happened, "player": who (optional), "kind": e.g. "score"
    (default "history")}. Needs an app context; every phone in the room sees it live.
    """
    text = entry.get("text")
    if not isinstance(text, str) or not text.strip():
        raise malformed('A history entry needs a "text".')
    return change(code, lambda game, current: (current, entry.get("player"), entry.get("kind", "history"), text))
