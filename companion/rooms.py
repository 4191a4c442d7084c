"""Rooms: a table's shared state in the store (companion/store), changed one write transaction at a time.

Glossary:
- code: a room's name (companion/codes.py), as hard to guess as a group's.
- version: grows by one with every change; phones ask for "newer than my version".
- log: who did what, when (epoch seconds), kept as kind + params; the newest entries come with the
  state as they are stored, and `shown` writes them out in a phone's language (companion/table/words.py).
- undo slot: the room's last move or crossing, the seat that made it and the state before it; that
  seat may undo it while nothing else has happened since. A move that rolled or drew keeps no state
  before it (`state` null): the table has seen what came up, so it stays (referee.py).
- request: a tap's id (retries.py), bound to its seat and what it asked: sent again, it changes nothing again.
- sheets: each seat's marks, kept beside the room and changed through it (companion/sheets.py).
- final score: the room's result, from each seat's own card (companion/cards.py: save_card, finish_cards) or a whole
  score saved at once (save_score); saving again replaces it.
"""
from __future__ import annotations

import time
from functools import partial

import orjson
from flask import current_app

import layouts
from companion import cards, expiry, language, lists, referee, retries, room_dice, seats, table, takeovers
from companion.codes import drawn_code, normal_code
from companion.errors import Refused, impossible, malformed, missing
from companion.language import gettext
from companion.live import Snapshot
from companion.presence import with_away
from companion.scoring.from_room import seated_players
from companion.store import committed, reading, writing
from companion.table.contract import Stale
from companion.table.prompts import prompts
from companion.table.turns import seat_name
from companion.table.words import entry_text

LOG_SHOWN = 30
STALE_SHOWN = 3
BESIDE = "beside"
"""A step's `undoable` for a change beside the table (a sheet's marks): the last move may still be undone."""


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


def create(game_id: str, players: int | None = None, body: dict | None = None) -> str:
    """Open a room for a game and `players` at the table (default: the most the game allows); its fair record's
    seed sets up the game (Monolyth's market), codes always come from `secrets`; the `body`'s `marking` says how strict
    its sheets are (companion/sheets.py). The `body`'s request id again: the same room."""
    game = known_game(game_id)
    count = game.players.max if players is None else players
    if not game.players.min <= count <= game.players.max:
        raise players_refusal(game)
    source = room_dice.opening()
    state = dict(table.new_state(game, count, source), lists=lists.start(game, count), fair=source.record,
                 marking=(body or {}).get("marking") or "relaxed")
    with writing() as db:
        if opened := retries.opened(db, body):
            return opened
        while True:
            code = drawn_code()
            if db.add_room(code, game.id, time.time(), orjson.dumps(state).decode()):
                break
        _log(db, code, 1, None, None, ("open", {"players": count, "commitment": source.record["commitment"]}))
        retries.keep_opening(db, body, code)
    return code


def proof(code: str) -> dict:
    """The room's dice record with its seed, once its game is over or the room closed (companion/room_dice.py)."""
    with reading() as db:
        kept = room_dice.kept_proof(db, normal_code(code))  # a room closed for lack of play
        row = None if kept else _row(db, code)
    return kept or room_dice.proof(normal_code(code), row.game, orjson.loads(row.state))


def _row(db, code: str):
    row = db.room(normal_code(code))
    if row is None:
        expiry.refuse_if_closed(db, normal_code(code))  # 410 for a room closed after --keep-days idle
        raise missing(gettext("No room %(code)s: check the code, or open a new room.", code=repr(code)))
    return row


def _log(db, code: str, version: int, seat, player, entry: tuple[str, dict]) -> None:
    db.add_entry(code, version, time.time(), seat, player, entry[0], orjson.dumps(entry[1]).decode())


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
    return _phone_state(db, code, row.game, row.version, orjson.loads(row.state), _undo_seat(row.undo))


def _undo_seat(slot: str | None):
    """The seat an undo slot (JSON text) offers its undo to: the maker of an undoable move, else None."""
    undo = orjson.loads(slot) if slot else None
    return undo["seat"] if undo and undo["state"] is not None else None


def _phone_state(db, code: str, game_id: str, version_now: int, game_state: dict, undo_seat) -> dict:
    """The state as phones read it: before the first move its game as it would start now (but the room's count)."""
    game = layouts.load(game_id)
    starting = seats.fitted(game, game_state)
    shown = takeovers.public(room_dice.public(starting))  # never the dice's seed
    return Snapshot({"code": code, "game": game_id, "version": version_now, **shown,
                     "players": game_state["players"], **referee.answers(game, starting),
                     "reorder": seats.order_open(game_state), **cards.public(game_state),
                     "seats": with_away(starting, None)["seats"],  # away_s: GET and the stream's presence tell it
                     "undo": None if undo_seat is None else {"seat": undo_seat}, "log": _entries(db, code)})


def _change(code: str, step, body: dict | None = None, route: str = "", who=None, keeping=None,
            seated: bool = False) -> dict:
    """Run `step(db, game, state, next version) -> (new state, seat, entry, undoable)` and commit what it made.

    A step answering None writes nothing; an entry None changes the state without a log line. `undoable`: True (the
    seat may undo it), False (a move that rolled or drew: it stays), None (not a move: no undo), BESIDE (a change
    beside the table, a sheet's marks: the undo slot and its offer stay). The game is in the
    request's language (its refusals). A `request` id made once changes nothing again (retries.py; `who(db, state)`:
    the seat sending it, default the body's; `keeping(answer)`: what to answer it with, default the state now).
    A `seated` step (a move, a crossing, an undo, an order: it only reads the room and the seat's token) is worked
    out on the room as read, outside the write lock, and written only if the room is still at that version, its
    seat checked again; when another change came first it is worked out again in the write transaction."""
    code, lang = normal_code(code), language.current()

    def replay(db, current: dict) -> dict | None:
        return retries.first_answer(db, code, body, route, lambda: who(db, current) if who else
                                    seats.identify(db, code, current, body))

    ahead = None
    if seated:
        with reading() as db:
            row, current, done = _worked_out(db, code, lang, replay, step)
        if done is None:
            return current
        ahead = (row, current, done)
    kept = (body, route, keeping)
    answer, changed = committed(lambda db: _written(db, code, lang, replay, step, ahead, kept))
    if changed:
        current_app.extensions["rollsheet.hub"].publish(code, answer)  # to every phone watching (live.py)
    return answer


def _worked_out(db, code: str, lang: str, replay, step) -> tuple:
    """(room row, its state, what the step made of it) as `db` reads the room; (row, the answer, None) when there
    is nothing to write (a request id made before, a step that changes nothing)."""
    row = _row(db, code)
    current = orjson.loads(row.state)
    first = replay(db, current)
    if first is not None:
        return row, first or _snapshot(db, code, row), None
    try:
        done = step(db, language.game(row.game, lang), current, row.version + 1)
    except Stale as stale:
        changes = _entries(db, code, STALE_SHOWN, stale.seen)
        texts = [entry_text(row.game, e["kind"], e["params"], e["player"], lang) for e in reversed(changes)]
        raise impossible(gettext("The table changed: %(changes)s", changes="; ".join(texts))) from None
    return (row, current, done) if done is not None else (row, _snapshot(db, code, row), None)


def _written(db, code: str, lang: str, replay, step, ahead, kept: tuple) -> tuple[dict, bool]:
    """In the write transaction: the step worked out ahead saved while its room is unchanged, else the step run
    here; (the answer, whether the room changed)."""
    if ahead is not None:
        row, current, done = ahead
        if seats.identify(db, code, current, kept[0]) == done[1]:
            answer = _saved(db, code, row, current, done, kept)
            if answer is not None:
                return answer, True
    row, current, done = _worked_out(db, code, lang, replay, step)
    if done is None:
        return current, False
    return _saved(db, code, row, current, done, kept), True


def _saved(db, code: str, row, current: dict, done: tuple, kept: tuple) -> dict | None:
    """Write a step's new state, log entry and request id when the room is still at `row.version`; the answer
    (None: another change came first, nothing written). `kept`: the body, its route and what to keep for it."""
    new, seat, entry, undoable = done
    body, route, keeping = kept
    version_next = row.version + 1
    undo = None if undoable is None else {"seat": seat, "state": current if undoable else None, "entry": entry}
    slot = row.undo if undoable == BESIDE else orjson.dumps(undo).decode() if undo else None
    if not db.save_room_at(code, row.version, version_next, orjson.dumps(new).decode(), slot):
        return None
    if entry is not None:
        _log(db, code, version_next, seat, seat_name(new, seat) if seat is not None else None, entry)
    answer = _phone_state(db, code, row.game, version_next, new,
                          _undo_seat(slot) if undoable == BESIDE else seat if undoable else None)
    retries.keep(db, code, body, route, version_next, seat, keeping and keeping(answer))
    return answer


def take_seat(code: str, body: dict) -> tuple[bool, dict]:
    """Seat a phone's player: (True when newly seated, {"seat", "token"}); its `request` id again: the first answer."""
    taken = {}

    def step(db, game, current, version_next):
        new, seat, token = seats.take(db, normal_code(code), current, body)
        taken.update(created=new is not None, seat=seat, token=token)
        return None if new is None else (room_dice.seat_seeded(new, seat, body.get("seed")), seat, ("seat", {}), None)

    kept = _change(code, step, body, "seat", lambda db, current: (seats.seat_of(current, body["name"]) or {}).get(
        "seat"), lambda answer: retries.sealed(taken, normal_code(code), body))
    taken = taken or retries.unsealed(kept, normal_code(code), body)  # a retry: the first answer
    return taken.pop("created"), taken


def take_over(code: str, seat: int, body: dict) -> tuple[int, dict]:
    """A new phone asks for `seat`: (202, {"seat", "ask", "token"}), the token working once let in; or a seated phone
    answers an ask ({"player", "token", "ask", "let"}) or takes it back ({"token", "back": true}): (200, state)."""
    asked, room, sent = {}, normal_code(code), None if body.get("ask") is None and not body.get("back") else body
    answer = _change(code, partial(takeovers.take_over, room, seat, body, asked), sent, f"takeover {seat}",
                     takeovers.sender(room, seat, body))
    return (202, asked) if asked else (200, answer)


def reorder(code: str, body: dict) -> dict:
    """Put the seats in a new turn order (before the first move); the new state."""
    def step(db, game, current, version_next):
        seat = seats.identify(db, normal_code(code), current, body)
        new = seats.reorder(current, body["order"])
        return new, seat, ("order", {"names": [s["name"] for s in new["seats"]]}), None

    return _change(code, step, body, "order", seated=True)


def act(code: str, action: str, body: dict) -> dict:
    """A seated player makes one of the game's moves (roll, pick, move...); the new state."""
    def step(db, game, current, version_next):
        seat = seats.identify(db, normal_code(code), current, body)
        source = room_dice.source(current, version_next)
        new, entry, undoable = referee.act(game, seats.fitted(game, current), action, body, seat, version_next, source)
        return room_dice.drawn(new, source), seat, entry, undoable

    return _change(code, step, body, action, seated=True)


def cross(code: str, list_id: str, item_id: str, body: dict) -> dict:
    """A seated player crosses, uncrosses or uses again one item of a shared list; the new state."""
    def step(db, game, current, version_next):
        seat = seats.identify(db, normal_code(code), current, body)
        new, entry, undoable = referee.cross(game, seats.fitted(game, current), list_id, item_id, body, seat,
                                             version_next, time.time())
        return new, seat, entry, undoable

    return _change(code, step, body, f"lists {list_id} {item_id}", seated=True)


def undo(code: str, body: dict) -> dict:
    """Undo the room's last move or crossing: only its maker's, only while nothing happened since."""
    def step(db, game, current, version_next):
        seat = seats.identify(db, normal_code(code), current, body)
        slot = orjson.loads(_row(db, code).undo or "null")
        if body.get("seen") != version_next - 1:
            raise impossible(gettext("The table changed since your phone drew it: look again before you undo."))
        restored, entry = referee.undone(game, current, slot, seat)
        return dict(room_dice.kept(restored, current), table_version=version_next, sheets=current.get("sheets", {})), \
            seat, entry, None

    return _change(code, step, body, "undo", seated=True)


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


def change_sheet(code: str, seat: int, step, body: dict) -> None:
    """A seat's phone changes the marks on its sheet: `step` is companion/sheets.py's, run in the write transaction."""
    _change(code, step, body, f"sheets {seat}", lambda db, current: seats.holding(db, normal_code(code), current, seat,
                                                                                  body.get("token")))


def finish_cards(code: str, body: dict, then) -> dict:
    """A seated phone ({"player", "token"}) makes the room's result of the cards saved so far; the new state."""
    return _change(code, lambda db, game, current, version_next: cards.finish(db, normal_code(code), game, current,
                                                                              body, then))
