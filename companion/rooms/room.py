"""A room: the service that keeps rooms (its store and its live hub), opening one, and reading it as phones do.

The rooms are the one place that joins the rules (companion/rules), the store (companion/store) and the phones'
live updates (the hub, companion/web/live.py): the edge hands them a `Service` and they find nothing else. A
change to a room is made in changes.py, the seats' requests that make one in actions.py.

Glossary:
- code: a room's name (companion/rules/codes.py), as hard to guess as a group's.
- version: grows by one with every change; phones ask for "newer than my version".
- log: who did what, when (epoch seconds), kept as kind + params; the newest entries come with the
  state as they are stored, and `shown` writes them out in a phone's language (companion/rules/words.py).
- undo slot: the room's last move or crossing, the seat that made it and the state before it; that
  seat may undo it while nothing else has happened since. A move that rolled or drew keeps no state
  before it (`state` null): the table has seen what came up, so it stays (referee.py).
- request: a tap's id (retries.py), bound to its seat and what it asked: sent again, it changes nothing again.
- sheets: each seat's marks, kept beside the room and changed through it (sheets.py).
- final score: the room's result, from each seat's own card (cards.py; actions.save_card, finish_cards) or a
  whole score saved at once (actions.save_score); saving again replaces it.
"""
from __future__ import annotations

import time

import orjson

import layouts
from companion.rooms import cards, expiry, retries, seats, takeovers
from companion.rooms.presence import with_away
from companion.rooms.recent import Entry, RecentLogs
from companion.rules import language, lists, referee, room_dice
from companion.rules.codes import drawn_code, normal_code
from companion.rules.errors import Refused, malformed, missing
from companion.rules.language import gettext
from companion.rules.prompts import prompts
from companion.rules.words import entry_text

LOG_SHOWN = 30


class Service:
    """What the rooms need from outside the rules: the `store` (an engine, companion/store) they are kept in, the
    `hub` (companion/web/live.py) that tells every watching phone of a change, and the `recent` log entries of the
    rooms this process served (recent.py)."""

    def __init__(self, store, hub):
        self.store, self.hub, self.recent = store, hub, RecentLogs()


class Snapshot(dict):
    """A room's state as committed, with its encodings by language (companion/web/live.py: `encoded`)."""

    __slots__ = ("frames",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.frames: dict[str, bytes] = {}


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


def create(service: Service, game_id: str, players: int | None = None, body: dict | None = None) -> str:
    """Open a room for a game and `players` at the table (default: the most the game allows); its fair record's
    seed sets up the game (Monolyth's market), codes always come from `secrets`; the `body`'s `marking` says how strict
    its sheets are (sheets.py). The `body`'s request id again: the same room."""
    game = known_game(game_id)
    count = game.players.max if players is None else players
    if not game.players.min <= count <= game.players.max:
        raise players_refusal(game)
    source = room_dice.opening()
    state = room_dice.drawn(dict(referee.new_state(game, count, source), lists=lists.start(game, count),
                                 marking=(body or {}).get("marking") or "relaxed"), source)
    with service.store.writing() as db:
        if opened := retries.opened(db, body):
            return opened
        while True:
            code = drawn_code()
            if db.add_room(code, game.id, time.time(), orjson.dumps(state).decode()):
                break
        log(db, code, 1, None, None, ("open", {"players": count, "commitment": source.record["commitment"]}))
        retries.keep_opening(db, body, code)
    return code


def proof(service: Service, code: str) -> dict:
    """The room's dice record with its seed, once its game is over or the room closed (companion/rules/room_dice.py)."""
    with service.store.reading() as db:
        kept = room_dice.kept_proof(db, normal_code(code))  # a room closed for lack of play
        row = None if kept else row_of(db, code)
    return kept or room_dice.proof(normal_code(code), row.game, orjson.loads(row.state))


def row_of(db, code: str):
    row = db.room(normal_code(code))
    if row is None:
        expiry.refuse_if_closed(db, normal_code(code))  # 410 for a room closed after --keep-days idle
        raise missing(gettext("No room %(code)s: check the code, or open a new room.", code=repr(code)))
    return row


def log(db, code: str, version: int, seat, player, entry: tuple[str, dict]) -> dict:
    """Write an entry to the room's log at `version`; the entry as `entries` reads it."""
    written = Entry({"at": time.time(), "seat": seat, "player": player, "kind": entry[0],
                     "params": orjson.dumps(entry[1]).decode()})
    db.add_entry(code, version, written["at"], seat, player, written["kind"], written["params"])
    return written


def version(service: Service, code: str) -> int:
    """The room's version now."""
    with service.store.reading() as db:
        return row_of(db, code).version


def game_of(service: Service, code: str) -> layouts.Game:
    """The game a room plays, in the request's language."""
    with service.store.reading() as db:
        return language.game(row_of(db, code).game, language.current())


def state(service: Service, code: str) -> dict:
    """Everything a phone shows: the game state, the version, the undo offer and the newest log entries
    as stored (kind + params: `shown` writes them out)."""
    with service.store.reading() as db:
        return snapshot(db, normal_code(code), recent=service.recent)


def state_here(service: Service, code: str) -> dict:
    """The room's state now, each seat with `away_s` as this process's streams and relay know it (GET of a room)."""
    return with_away(state(service, code), service.hub.presence(normal_code(code)))


def relayed(service: Service, code: str, state: dict) -> None:
    """A room's state another process committed and relayed: its log entries become `Entry`s (those this process
    keeps already are the ones kept, their lines written out) and this process's newest of the room (recent.py)."""
    state["log"] = service.recent.relayed(code, state["version"], state["log"])


def shown(state: dict, lang: str) -> dict:
    """A room's state as a phone reads it (for orjson to write out): each log entry written out in `lang` with its
    `text`, each seat's prompt."""
    game = state["game"]
    log = [shown_line(game, entry, lang) for entry in state["log"]]
    return dict(state, log=log, prompt=prompts(language.game(game, lang), state, language.speaker(lang)))


def shown_line(game_id: str, entry: Entry, lang: str) -> orjson.Fragment:
    """A log entry as a phone reads it in `lang`, as JSON text: written once per entry and language (the entry
    keeps it, as text: orjson's bytes keep 4 KB, however short; a room's newest entries are written out again at
    every change, and building and writing out their 30 objects cost more than the rest of its JSON)."""
    line = entry.lines.get(lang)
    if line is None:
        text = entry_text(game_id, entry["kind"], entry["params"], entry["player"], lang)
        written = {"at": entry["at"], "seat": entry["seat"], "player": entry["player"], "kind": entry["kind"],
                   "text": text}
        line = entry.lines[lang] = orjson.Fragment(orjson.dumps(written).decode())
    return line


def entries(db, code: str, limit: int = LOG_SHOWN, after: int | None = None) -> list[dict]:
    return [Entry({"at": at, "seat": seat, "player": player, "kind": kind, "params": params})
            for _, at, seat, player, kind, params in db.entries(code, limit, after)]


def snapshot(db, code: str, row=None, recent: RecentLogs | None = None) -> dict:
    """The room as phones read it; `recent`: the entries kept, and kept (only for reads of what is committed)."""
    row = row_of(db, code) if row is None else row
    log_now = recent and recent.at(code, row.created, row.version)
    if log_now is None:
        log_now = entries(db, code)
        if recent is not None:
            recent.keep(code, row.created, row.version, log_now)
    return phone_state(code, row.game, row.version, orjson.loads(row.state), undo_seat(row.undo), log_now)


def undo_seat(slot: str | None):
    """The seat an undo slot (JSON text) offers its undo to: the maker of an undoable move, else None."""
    undo = orjson.loads(slot) if slot else None
    return undo["seat"] if undo and undo["state"] is not None else None


def phone_state(code: str, game_id: str, version_now: int, game_state: dict, undo_seat, log_now) -> dict:
    """The state as phones read it, with the newest entries `log_now`: before the first move its game as it would
    start now (but the room's count)."""
    game = layouts.load(game_id)
    starting = seats.fitted(game, game_state)
    shown = takeovers.public(room_dice.public(starting))  # never the dice's seed
    return Snapshot({"code": code, "game": game_id, "version": version_now, **shown,
                     "players": game_state["players"], **referee.answers(game, starting),
                     "reorder": seats.order_open(game_state), **cards.public(game_state),
                     "seats": with_away(starting, None)["seats"],  # away_s: GET and the stream's presence tell it
                     "undo": None if undo_seat is None else {"seat": undo_seat}, "log": list(log_now)})
