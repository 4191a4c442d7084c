"""Rooms: a table's shared state in the store (companion/store), changed one write transaction at a time.

Glossary:
- code: a room's name (companion/codes.py), as hard to guess as a group's.
- version: grows by one with every change; phones ask for "newer than my version".
- log: who did what, when (epoch seconds), kept as kind + params; the newest entries come with the
  state as they are stored, and `shown` writes them out in a phone's language (companion/table/words.py).
- undo slot: the room's last move or crossing, the seat that made it and the state before it; that
  seat may undo it while nothing else has happened since. A move that rolled or drew keeps no state
  before it (`state` null): the table has seen what came up, so it stays (referee.py).
- request: a tap's id (retries.py): the same id again answers the first answer and changes nothing.
- final score: the room's result, from each seat's own card (companion/cards.py: save_card, finish_cards) or a whole
  score saved at once (save_score); saving again replaces it.
"""
from __future__ import annotations

import secrets
import time

import orjson
from flask import current_app

import layouts
from companion import cards, expiry, language, lists, referee, retries, seats, table
from companion.codes import drawn_code, normal_code
from companion.errors import Refused, impossible, malformed, missing
from companion.live import Snapshot
from companion.language import gettext
from companion.presence import with_away
from companion.scoring.from_room import seated_players
from companion.store import reading, writing
from companion.table.contract import Stale
from companion.table.prompts import prompts
from companion.table.turns import seat_name
from companion.table.words import entry_text

LOG_SHOWN = 30
STALE_SHOWN = 3


def known_game(game_id: str) -> layouts.Game:
    """The layout of a game this companion has, in the request's language; refused (404) for any other id."""
    try:
        return language.game(game_id, language.current())
    except KeyError:
        raise missing(gettext("Unknown game %(game)s; this companion has: %(games)s.", game=repr(game_id),
                              games=", ".join(layouts.game_ids()))) from None


def players_refusal(game: layouts.Game) -> Refused:
    """What a player count the game is not for is told."""
    return malformed(gettext("%(game)s is for %(low)s to %(high)s players.", game=game.name, low=game.players.min,
                             high=game.players.max))


def create(game_id: str, players: int | None = None, rng=secrets) -> str:
    """Open a room for a game and `players` at the table (default: the most the game allows); `rng` sets up the
    game (Monolyth's market), codes always come from `secrets`."""
    game = known_game(game_id)
    count = game.players.max if players is None else players
    if not game.players.min <= count <= game.players.max:
        raise players_refusal(game)
    state = dict(table.new_state(game, count, rng), lists=lists.start(game, count))
    with writing() as db:
        while True:
            code = drawn_code()
            if db.add_room(code, game.id, time.time(), orjson.dumps(state).decode()):
                break
        _log(db, code, 1, None, None, ("open", {"players": count}))
    return code


def _row(db, code: str):
    row = db.room(normal_code(code))
    if row is None:
        expiry.refuse_if_closed(db, normal_code(code))  # 410 for a room closed after --keep-days idle
        raise missing(gettext("No room %(code)s: check the code, or open a new room.", code=repr(code)))
    return row


def _log(db, code: str, version: int, seat, player, entry: tuple[str, dict]) -> None:
    kind, params = entry
    db.add_entry(code, version, time.time(), seat, player, kind, orjson.dumps(params).decode())


def version(code: str) -> int:
    """The room's version now."""
    with reading() as db:
        return _row(db, code).version


def game_of(code: str) -> layouts.Game:
    """The game a room plays, in the request's language."""
    with reading() as db:
        return language.game(_row(db, code).game, language.current())


def state(code: str) -> dict:
    """Everything a phone shows: the game state, the version, the undo offer and the newest log entries
    as stored (kind + params: `shown` writes them out)."""
    with reading() as db:
        return _snapshot(db, normal_code(code))


def shown(state: dict, lang: str) -> dict:
    """A room's state as a phone reads it: each log entry written out in `lang` as its `text`, each seat's prompt."""
    log = [{"at": e["at"], "seat": e["seat"], "player": e["player"], "kind": e["kind"],
            "text": entry_text(state["game"], e["kind"], e["params"], e["player"], lang)} for e in state["log"]]
    return dict(state, log=log, prompt=prompts(language.game(state["game"], lang), state, language.speaker(lang)))


def _entries(db, code: str, limit: int = LOG_SHOWN, after: int | None = None) -> list[dict]:
    return [{"at": at, "seat": seat, "player": player, "kind": kind, "params": params}
            for _, at, seat, player, kind, params in db.entries(code, limit, after)]


def _snapshot(db, code: str, row=None) -> dict:
    row = _row(db, code) if row is None else row
    undo = orjson.loads(row.undo) if row.undo else None
    return _phone_state(db, code, row.game, row.version, orjson.loads(row.state),
                        undo["seat"] if undo and undo["state"] is not None else None)


def _phone_state(db, code: str, game_id: str, version_now: int, game_state: dict, undo_seat) -> dict:
    """The state as phones read it: before the first move its game as it would start now (but the room's count)."""
    game = layouts.load(game_id)
    starting = seats.fitted(game, game_state)
    return Snapshot({"code": code, "game": game_id, "version": version_now, **seats.public(starting),
                     "players": game_state["players"], **referee.answers(game, starting),
                     "reorder": seats.order_open(game_state), **cards.public(game_state),
                     "seats": with_away(starting, None)["seats"],  # away_s: GET and the stream's presence tell it
                     "undo": None if undo_seat is None else {"seat": undo_seat}, "log": _entries(db, code)})


def _change(code: str, step, body: dict | None = None) -> dict:
    """Run `step(db, game, state, next version) -> (new state, seat, entry, undoable)` in one transaction.

    A step answering None writes nothing; an entry None changes the state without a log line. `undoable`: True
    (the seat may undo it), False (a move that rolled or drew: it stays), None (not a move: no undo). The game is
    in the request's language (its refusals). A body's `request` id seen before answers its answer, changing nothing.
    """
    code, lang = normal_code(code), language.current()
    request = retries.request_id(body)
    with writing() as db:
        row = _row(db, code)
        game, current, version_now = language.game(row.game, lang), orjson.loads(row.state), row.version
        first = request and retries.answered(db, code, request)
        if first:
            return first
        try:
            done = step(db, game, current, version_now + 1)
        except Stale as stale:
            changes = _entries(db, code, STALE_SHOWN, stale.seen)
            texts = [entry_text(game.id, e["kind"], e["params"], e["player"], lang) for e in reversed(changes)]
            raise impossible(gettext("The table changed: %(changes)s", changes="; ".join(texts))) from None
        if done is None:
            return _snapshot(db, code, row)
        new, seat, entry, undoable = done
        player = seat_name(new, seat) if seat is not None else None
        undo = None if undoable is None else {"seat": seat, "state": current if undoable else None, "entry": entry}
        db.save_room(code, version_now + 1, orjson.dumps(new).decode(),
                     orjson.dumps(undo).decode() if undo else None)
        if entry is not None:
            _log(db, code, version_now + 1, seat, player, entry)
        answer = _phone_state(db, code, row.game, version_now + 1, new, seat if undoable else None)
        if request:
            retries.keep(db, code, request, version_now + 1, answer)
    current_app.extensions["rollsheet.hub"].publish(code, answer)  # to every phone watching (live.py)
    return answer


def take_seat(code: str, body: dict) -> tuple[bool, dict]:
    """Seat a phone's player: (True when newly seated, {"seat", "token"})."""
    taken, seated = {}, []

    def step(db, game, current, version_next):
        new, seat, token = seats.take(db, normal_code(code), current, body)
        taken.update(seat=seat, token=token)
        seated.append(new is not None)
        return None if new is None else (new, seat, ("seat", {}), None)

    _change(code, step)
    return seated[0], taken


def take_over(code: str, seat: int, body: dict) -> tuple[int, dict]:
    """A new phone asks for `seat`: (202, {"seat", "ask", "token"}), the token working once let in; or a seated
    phone answers an ask ({"player", "token", "ask", "let"}), or the displaced phone takes the seat back ({"token",
    "back": true}): (200, the new state)."""
    asked = {}
    answer = _change(code, lambda db, game, current, version_next: seats.take_over(db, normal_code(code), current,
                                                                                   seat, body, asked),
                     None if body.get("ask") is None and not body.get("back") else body)
    return (202, asked) if asked else (200, answer)


def reorder(code: str, body: dict) -> dict:
    """Put the seats in a new turn order (before the first move); the new state."""
    def step(db, game, current, version_next):
        seat = seats.identify(db, normal_code(code), current, body)
        new = seats.reorder(current, body["order"])
        return new, seat, ("order", {"names": [s["name"] for s in new["seats"]]}), None

    return _change(code, step, body)


def act(code: str, action: str, body: dict, rng=secrets) -> dict:
    """A seated player makes one of the game's moves (roll, pick, move...); the new state."""
    def step(db, game, current, version_next):
        seat = seats.identify(db, normal_code(code), current, body)
        new, entry, undoable = referee.act(game, seats.fitted(game, current), action, body, seat, version_next, rng)
        return new, seat, entry, undoable

    return _change(code, step, body)


def cross(code: str, list_id: str, item_id: str, body: dict) -> dict:
    """A seated player crosses, uncrosses or uses again one item of a shared list; the new state."""
    def step(db, game, current, version_next):
        seat = seats.identify(db, normal_code(code), current, body)
        new, entry, undoable = referee.cross(game, seats.fitted(game, current), list_id, item_id, body, seat,
                                             version_next, time.time())
        return new, seat, entry, undoable

    return _change(code, step, body)


def undo(code: str, body: dict) -> dict:
    """Undo the room's last move or crossing: only its maker's, only while nothing happened since."""
    def step(db, game, current, version_next):
        seat = seats.identify(db, normal_code(code), current, body)
        slot = orjson.loads(_row(db, code).undo or "null")
        if body.get("seen") != version_next - 1:
            raise impossible(gettext("The table changed since your phone drew it: look again before you undo."))
        restored, entry = referee.undone(game, current, slot, seat)
        return dict(restored, table_version=version_next), seat, entry, None

    return _change(code, step, body)


def save_score(code: str, body: dict, params: dict, then=lambda db, state: None) -> dict:
    """A seated player (body's "player" and "token") saves the game's final score of the room's seated players to
    its log, where every phone sees it live; a score saved before leaves the log, and the new entry says it replaced
    one. `then(db, state)` runs in the same transaction (a group's room records the play: companion/groups/plays.py)."""
    def step(db, game, current, version_next):
        seat = seats.identify(db, normal_code(code), current, body)
        seated_players(current, [name for _, name, _ in params["ranking"]])
        replaced = db.drop_entries(normal_code(code), "score")
        then(db, current)
        return cards.from_score(current, body.get("players", []), seat_name(current, seat)), seat, \
            ("score", dict(params, replaces=replaced > 0)), None

    return _change(code, step)


def save_card(code: str, seat: int, body: dict, then) -> dict:
    """A seat's phone saves that seat's own card ({"token", "fields"}); `then(db, state, result, tie)` records a
    result it brings (companion/cards.py). The new state."""
    return _change(code, lambda db, game, current, version_next: cards.save(db, normal_code(code), game, current,
                                                                            seat, body, then))


def finish_cards(code: str, body: dict, then) -> dict:
    """A seated phone ({"player", "token"}) makes the room's result of the cards saved so far; the new state."""
    return _change(code, lambda db, game, current, version_next: cards.finish(db, normal_code(code), game, current,
                                                                              body, then))
