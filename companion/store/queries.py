"""The store's queries, written once in SQL both engines speak (`?` placeholders, ON CONFLICT upserts).

Glossary:
- room row: (game, version, state JSON text, undo JSON text or None, created) of a room being played.
- entry row: a log entry (version, at, seat, player, kind, params JSON text), newest first.
- closed room: a code kept after its room closed for lack of play (expiry.py), with its game and when.
- bucket: a rate limit's tokens for one kind and client, and when it was last taken from (limits.py).
- kept answer: what a request id's change answered (retries.py), with the seat that sent it and the digest of what
  it asked, kept for the room's life; an opening's id names the room it opened (`openings`).
- group rows (groups, their players, plays, rooms and log): companion/store/groups.py's queries, mixed in here.
- COPIED: the tables `rollsheet db copy` moves, with their columns, in an order that keeps a log in order.
"""
from __future__ import annotations

from typing import Callable, Iterable, NamedTuple

from companion.store.groups import GroupQueries

COPIED = {"rooms": ("code", "game", "created", "version", "state", "undo"),
          "seats": ("room", "seat", "token"),
          "closed_rooms": ("code", "game", "closed", "last"),
          "room_log": ("room", "version", "at", "seat", "player", "kind", "params"),
          "groups": ("code", "name", "created", "last", "deleted"),
          "group_players": ("id", "group_code", "name", "folded"),
          "plays": ("id", "group_code", "game", "played", "duration", "room", "tiebreak", "entered", "imported_from"),
          "play_players": ("play", "position", "player", "score", "rank", "winner", "start", "breakdown"),
          "group_rooms": ("room", "group_code"),
          "group_log": ("group_code", "at", "kind", "params"),
          "room_requests": ("room", "request", "version", "seat", "digest", "answer"),
          "openings": ("request", "room", "digest"),
          "sheets": ("room", "seat", "marks")}
ORDER = {"room_log": "id", "rooms": "code", "seats": "room, seat", "closed_rooms": "code", "groups": "code",
         "group_players": "id", "plays": "id", "play_players": "play, position", "group_rooms": "room",
         "group_log": "id", "room_requests": "room, request", "openings": "request",
         "sheets": "room, seat"}
REQUESTS = ["ALTER TABLE room_requests ADD COLUMN seat INTEGER", "ALTER TABLE room_requests ADD COLUMN digest TEXT",
            "CREATE TABLE IF NOT EXISTS openings (request TEXT PRIMARY KEY, room TEXT NOT NULL, digest TEXT NOT NULL)",
            "CREATE INDEX IF NOT EXISTS openings_by_room ON openings (room)"]
"""Schema 7: a request id is bound to the seat that sent it and what it asked (its digest; NULL for one kept
before), and kept for the room's life; an opening's id names the room it opened (companion/rooms/retries.py)."""
SHEETS = "CREATE TABLE IF NOT EXISTS sheets (room TEXT NOT NULL, seat INTEGER NOT NULL, marks TEXT NOT NULL, " \
         "PRIMARY KEY (room, seat))"
"""Schema 10: each seat's marks on its sheet, as JSON text {place id: value} (companion/rooms/sheets.py)."""


def bind_requests(connection, columns: set[str]) -> None:
    """Schema 7: REQUESTS, unless `columns` (the room_requests table's now) has them already."""
    for statement in REQUESTS[2:] if "digest" in columns else REQUESTS:
        connection.execute(statement)


class Room(NamedTuple):
    """A room row."""

    game: str
    version: int
    state: str
    undo: str | None
    created: float


class Queries(GroupQueries):
    """One transaction's queries; `run(sql, args)` -> cursor is the engine's, `lock` its row-lock clause, `written()`
    a count that grows with every write on its connection (rows or statements: the engine's)."""

    def __init__(self, run: Callable, lock: str = "", legacy: bool = False, written: Callable[[], int] = int):
        self.run, self.lock, self.legacy, self.written = run, lock, legacy, written
        self.dropped: set[str] = set()
        """The rooms whose log lost entries in this transaction (companion/rooms/recent.py)."""

    # rooms
    def room(self, code: str) -> Room | None:
        """The room row of `code` (locked for this transaction when it writes), or None."""
        row = self.run("SELECT game, version, state, undo, created FROM rooms WHERE code = ?" + self.lock,
                       (code,)).fetchone()
        return row and Room(*row)

    def add_room(self, code: str, game: str, created: float, state: str) -> bool:
        """Open room `code` at version 1, taking over a closed room's code; False when the code is in use."""
        added = self.run("INSERT INTO rooms (code, game, created, version, state) VALUES (?, ?, ?, 1, ?) "
                         "ON CONFLICT (code) DO NOTHING", (code, game, created, state)).rowcount == 1
        if added:
            for table, column in (("closed_rooms", "code"), ("room_log", "room"), ("seats", "room"),
                                  ("room_requests", "room"), ("openings", "room"), ("group_rooms", "room"),
                                  ("sheets", "room")):
                self.run(f"DELETE FROM {table} WHERE {column} = ?", (code,))
        return added

    def save_room_at(self, code: str, seen: int, version: int, state: str, undo: str | None) -> bool:
        """Store a room's new version, state and undo slot if it is still at version `seen`; False when another
        change came first (nothing written)."""
        return self.run("UPDATE rooms SET version = ?, state = ?, undo = ? WHERE code = ? AND version = ?",
                        (version, state, undo, code, seen)).rowcount == 1

    # the log
    def add_entry(self, code: str, version: int, at: float, seat, player, kind: str, params: str) -> None:
        """Append an entry to a room's log."""
        self.run("INSERT INTO room_log (room, version, at, seat, player, kind, params) VALUES (?, ?, ?, ?, ?, ?, ?)",
                 (code, version, at, seat, player, kind, params))

    def entries(self, code: str, limit: int, after: int | None = None) -> list[tuple]:
        """A room's newest `limit` entry rows, newest first (only those of versions above `after`, when given)."""
        if after is None:
            return self.run("SELECT version, at, seat, player, kind, params FROM room_log WHERE room = ? "
                            "ORDER BY id DESC LIMIT ?", (code, limit)).fetchall()
        return self.run("SELECT version, at, seat, player, kind, params FROM room_log WHERE room = ? AND version > ? "
                        "ORDER BY id DESC LIMIT ?", (code, after, limit)).fetchall()

    def drop_entries(self, code: str, kind: str) -> int:
        """Remove a room's log entries of `kind` (e.g. a final score saved again); how many there were."""
        self.dropped.add(code)
        return self.run("DELETE FROM room_log WHERE room = ? AND kind = ?", (code, kind)).rowcount

    # seats
    def seat_token(self, code: str, seat: int) -> str | None:
        """The digest of the token that holds a seat, or None."""
        row = self.run("SELECT token FROM seats WHERE room = ? AND seat = ?", (code, seat)).fetchone()
        return row and row[0]

    def set_seat_token(self, code: str, seat: int, digest: str) -> None:
        """Give a seat a new token digest (the old one stops working)."""
        self.run("INSERT INTO seats (room, seat, token) VALUES (?, ?, ?) "
                 "ON CONFLICT (room, seat) DO UPDATE SET token = excluded.token", (code, seat, digest))

    # closing idle rooms
    def idle_rooms(self, before: float) -> list[tuple]:
        """(code, game, last change) of the rooms unchanged since `before`."""
        return self.run("SELECT code, game, last FROM (SELECT code, game, COALESCE((SELECT at FROM room_log "
                        "WHERE room = rooms.code ORDER BY id DESC LIMIT 1), created) AS last FROM rooms) AS idle "
                        "WHERE last < ?", (before,)).fetchall()

    def close_room(self, code: str, game: str, now: float, last: float, kept_kinds: tuple[str, ...]) -> None:
        """Close a room: keep its code and its log entries of `kept_kinds`, drop the rest (its group's plays stay)."""
        self.run("INSERT INTO closed_rooms (code, game, closed, last) VALUES (?, ?, ?, ?) ON CONFLICT (code) "
                 "DO UPDATE SET game = excluded.game, closed = excluded.closed, last = excluded.last",
                 (code, game, now, last))
        self.run(f"DELETE FROM room_log WHERE room = ? AND kind NOT IN ({', '.join('?' * len(kept_kinds))})",
                 (code, *kept_kinds))
        self.run("DELETE FROM seats WHERE room = ?", (code,))
        self.run("DELETE FROM room_requests WHERE room = ?", (code,))
        self.run("DELETE FROM openings WHERE room = ?", (code,))
        self.run("DELETE FROM group_rooms WHERE room = ?", (code,))
        self.run("DELETE FROM sheets WHERE room = ?", (code,))
        self.run("DELETE FROM rooms WHERE code = ?", (code,))

    def closed(self, code: str) -> tuple | None:
        """(game, closed, last change) of a closed room's code, or None."""
        return self.run("SELECT game, closed, last FROM closed_rooms WHERE code = ?", (code,)).fetchone()

    def kept_entries(self, code: str, kind: str) -> list[tuple]:
        """(at, kind, params, player) of a closed room's kept entries, oldest first."""
        return self.run("SELECT at, kind, params, player FROM room_log WHERE room = ? AND kind = ? ORDER BY id",
                        (code, kind)).fetchall()

    def made_before_seats(self, code: str) -> bool:
        """True when `code` names a room of schema 1 (kept aside as rooms_v1 by the SQLite engine)."""
        return self.legacy and self.run("SELECT 1 FROM rooms_v1 WHERE code = ?", (code,)).fetchone() is not None

    # taps sent twice
    def answer_of(self, code: str, request: str) -> tuple | None:
        """(seat, digest, JSON answer) kept for request id `request` in a room, or None."""
        return self.run("SELECT seat, digest, answer FROM room_requests WHERE room = ? AND request = ?",
                        (code, request)).fetchone()

    def keep_answer(self, code: str, request: str, version: int, seat, digest: str, answer: str) -> None:
        """Keep the answer of the request by `seat` asking `digest` that made a room's `version`."""
        self.run("INSERT INTO room_requests (room, request, version, seat, digest, answer) VALUES (?, ?, ?, ?, ?, ?)",
                 (code, request, version, seat, digest, answer))

    def opened_by(self, request: str) -> tuple | None:
        """(room code, digest) of the room request id `request` opened, or None."""
        return self.run("SELECT room, digest FROM openings WHERE request = ?", (request,)).fetchone()

    def keep_opening(self, request: str, code: str, digest: str) -> None:
        """Keep that request id `request`, asking `digest`, opened room `code`."""
        self.run("INSERT INTO openings (request, room, digest) VALUES (?, ?, ?)", (request, code, digest))

    # sheets
    def marks(self, code: str, seat: int) -> str:
        """The JSON text of a seat's marks in a room ("{}" before its first mark)."""
        row = self.run("SELECT marks FROM sheets WHERE room = ? AND seat = ?", (code, seat)).fetchone()
        return row[0] if row else "{}"

    def set_marks(self, code: str, seat: int, marks: str) -> None:
        """Keep a seat's marks (JSON text) in a room."""
        self.run("INSERT INTO sheets (room, seat, marks) VALUES (?, ?, ?) "
                 "ON CONFLICT (room, seat) DO UPDATE SET marks = excluded.marks", (code, seat, marks))

    # rate limits
    def bucket(self, kind: str, client: str) -> tuple[float, float] | None:
        """(tokens, at) of a client's bucket, or None when it has not taken any."""
        return self.run("SELECT tokens, at FROM limits WHERE kind = ? AND client = ?" + self.lock,
                        (kind, client)).fetchone()

    def set_bucket(self, kind: str, client: str, tokens: float, at: float) -> None:
        """Keep a client's bucket level."""
        self.run("INSERT INTO limits (kind, client, tokens, at) VALUES (?, ?, ?, ?) ON CONFLICT (kind, client) "
                 "DO UPDATE SET tokens = excluded.tokens, at = excluded.at", (kind, client, tokens, at))

    def forget_buckets(self, before: float) -> None:
        """Drop the buckets untouched since `before` (they are full again)."""
        self.run("DELETE FROM limits WHERE at < ?", (before,))

    # copying between databases
    def rows(self, table: str) -> list[tuple]:
        """Every row of a COPIED table, its columns in COPIED order."""
        return self.run(f"SELECT {', '.join(COPIED[table])} FROM {table} ORDER BY {ORDER[table]}").fetchall()

    def codes(self) -> set[str]:
        """The codes of the rooms open or closed here, and of the groups."""
        return {row[0] for row in self.run("SELECT code FROM rooms UNION SELECT code FROM closed_rooms UNION SELECT "
                                           "code FROM groups").fetchall()}

    def insert(self, table: str, rows: Iterable[tuple]) -> None:
        """Insert rows of a COPIED table."""
        columns = COPIED[table]
        sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
        for row in rows:
            self.run(sql, tuple(row))
