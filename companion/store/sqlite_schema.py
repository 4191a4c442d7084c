"""The SQLite file's schema, version by version: the migrations that bring an older rollsheet file up to date
(companion/store/base.py runs them in order; `user_version` holds the version reached, `application_id` the MARK).

Glossary:
- schema 1: the first rollsheet's `rooms` and `room_log`, set aside as `rooms_v1`, `room_log_v1` by schema 2.
"""
from __future__ import annotations

from companion.store.groups import add_deleted, add_location, add_sources, make_schema
from companion.store.queries import SHEETS, bind_requests

MARK = 0x524F4C4C  # "ROLL"
SCHEMA_1 = {"rooms": ["code", "game", "created", "version", "state"],
            "room_log": ["id", "room", "at", "player", "kind", "text"]}
SCHEMA_2 = [
    "CREATE TABLE rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, created REAL NOT NULL, version INTEGER NOT NULL, "
    "state TEXT NOT NULL, undo TEXT)",
    "CREATE TABLE room_log (id INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL, version INTEGER NOT NULL, "
    "at REAL NOT NULL, seat INTEGER, player TEXT, kind TEXT NOT NULL, params TEXT NOT NULL)",
    "CREATE INDEX room_log_by_room ON room_log (room, id)",
    "CREATE TABLE seats (room TEXT NOT NULL, seat INTEGER NOT NULL, token TEXT NOT NULL, PRIMARY KEY (room, seat))",
    "CREATE TABLE closed_rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, closed REAL NOT NULL, last REAL NOT NULL)",
    "CREATE TRIGGER new_room_takes_a_closed_code AFTER INSERT ON rooms BEGIN DELETE FROM closed_rooms WHERE "
    "code = NEW.code; DELETE FROM room_log WHERE room = NEW.code; DELETE FROM seats WHERE room = NEW.code; END",
]

def tables_of(db) -> dict[str, list[str]]:
    """Each table of the file (but SQLite's own) and its columns."""
    names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                                          "'sqlite_%'")]
    return {name: [column[1] for column in db.execute(f'PRAGMA table_info("{name}")')] for name in names}


def _set_schema_1_aside(db) -> None:
    if "rooms" in tables_of(db):
        for table in SCHEMA_1:
            db.execute(f"ALTER TABLE {table} RENAME TO {table}_v1")
        db.execute("DROP INDEX IF EXISTS room_log_by_room")
    for statement in SCHEMA_2:
        db.execute(statement)


def _limits_without_trigger(db) -> None:
    db.execute("DROP TRIGGER IF EXISTS new_room_takes_a_closed_code")  # queries.add_room says it in SQL both speak
    db.execute("CREATE TABLE limits (kind TEXT NOT NULL, client TEXT NOT NULL, tokens REAL NOT NULL, at REAL NOT NULL, "
               "PRIMARY KEY (kind, client))")
    db.execute(f"PRAGMA application_id = {MARK}")


def _room_requests(db) -> None:
    db.execute("CREATE TABLE IF NOT EXISTS room_requests (room TEXT NOT NULL, request TEXT NOT NULL, "  # made by 2 too
               "version INTEGER NOT NULL, answer TEXT NOT NULL, PRIMARY KEY (room, request))")


def _groups(db) -> None:
    make_schema(db, "REAL", "INTEGER PRIMARY KEY AUTOINCREMENT")


def _sources(db) -> None:
    add_sources(db, {row[1] for row in db.execute("PRAGMA table_info(plays)")})


def _bound_requests(db) -> None:
    bind_requests(db, {row[1] for row in db.execute("PRAGMA table_info(room_requests)")})


def _deleted(db) -> None:
    add_deleted(db, "REAL", {row[1] for row in db.execute("PRAGMA table_info(groups)")})


def _sheets(db) -> None:
    db.execute(SHEETS)


def _location(db) -> None:
    add_location(db, {row[1] for row in db.execute("PRAGMA table_info(groups)")})


MIGRATIONS = [(2, _set_schema_1_aside), (3, _limits_without_trigger), (4, _room_requests), (5, _groups),
              (6, _sources), (7, _bound_requests), (8, _deleted), (9, _location), (10, _sheets)]
"""Each schema version and the step that makes it from the one before."""
