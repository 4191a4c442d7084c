"""SQLite storage for the companion: one connection per worker thread, schema made on start.

Each worker thread keeps its connection between requests (opening one cost about a
third of a request's time). Writers use `BEGIN IMMEDIATE` transactions (`transaction()`),
so concurrent requests queue for the write lock instead of losing each other's updates;
a transaction always ends (commit or rollback), so a kept connection starts clean. The
threads of one process take turns on a lock per database file before they write: SQLite
itself makes a waiting writer sleep and retry (up to 100 ms a try), which under load cost
seconds; the lock hands over at once.
"""
from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, current_app

SCHEMA_VERSION = 2
SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, created REAL NOT NULL,
                                  version INTEGER NOT NULL, state TEXT NOT NULL, undo TEXT);
CREATE TABLE IF NOT EXISTS room_log (id INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL, version INTEGER NOT NULL,
                                     at REAL NOT NULL, seat INTEGER, player TEXT, kind TEXT NOT NULL,
                                     params TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS room_log_by_room ON room_log (room, id);
CREATE TABLE IF NOT EXISTS seats (room TEXT NOT NULL, seat INTEGER NOT NULL, token TEXT NOT NULL,
                                  PRIMARY KEY (room, seat));
CREATE TABLE IF NOT EXISTS closed_rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, closed REAL NOT NULL,
                                         last REAL NOT NULL);
CREATE TABLE IF NOT EXISTS room_requests (room TEXT NOT NULL, request TEXT NOT NULL, version INTEGER NOT NULL,
                                          answer TEXT NOT NULL, PRIMARY KEY (room, request));
CREATE TRIGGER IF NOT EXISTS new_room_takes_a_closed_code AFTER INSERT ON rooms BEGIN
    DELETE FROM closed_rooms WHERE code = NEW.code;
    DELETE FROM room_log WHERE room = NEW.code;
    DELETE FROM seats WHERE room = NEW.code;
    DELETE FROM room_requests WHERE room = NEW.code;
END;
"""
OLD_TABLES = ("rooms", "room_log")
"""Tables of schema 1 (before seats), kept beside the new ones as `<name>_v1` when a database is upgraded."""


def connect(path: str) -> sqlite3.Connection:
    """A connection in WAL mode that waits for the write lock instead of failing."""
    db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    db.row_factory = sqlite3.Row
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA busy_timeout=30000")
    db.execute("PRAGMA synchronous=NORMAL")
    return db


_thread = threading.local()
_writers: dict[str, threading.Lock] = {}
_writers_lock = threading.Lock()


def get_db() -> sqlite3.Connection:
    """This thread's connection to the app's database (a thread keeps one, for the last app's file)."""
    path = current_app.config["DATABASE"]
    kept = getattr(_thread, "db", None)
    if kept is None or kept[0] != path:
        if kept is not None:
            kept[1].close()
        _thread.db = (path, connect(path))
    return _thread.db[1]


@contextmanager
def transaction():
    """A write transaction that holds the database's write lock from its start."""
    db, path = get_db(), current_app.config["DATABASE"]
    with _writers_lock:
        writer = _writers.setdefault(path, threading.Lock())
    with writer:
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise


class StoreError(Exception):
    """The rooms database cannot be used; the message says why and what to do."""


def init_app(app: Flask) -> None:
    """Check the database file, set the tables of an older schema aside (their rooms answer 410) and create
    the schema; StoreError when the file cannot be used (it is never changed then)."""
    path = app.config["DATABASE"]
    try:
        db = connect(path)
        try:
            verdict = db.execute("PRAGMA quick_check").fetchone()[0]
            if verdict != "ok":
                raise sqlite3.DatabaseError(verdict)
            _upgrade(db)
        finally:
            db.close()
    except sqlite3.OperationalError as error:
        raise StoreError(f"cannot open the rooms database {path}: {error}") from None
    except sqlite3.DatabaseError as error:
        raise StoreError(f"{path} is damaged or not a rollsheet database ({error}); it was left untouched. "
                         f"Move it aside (e.g. to {Path(path).name}.broken) to start with no rooms, "
                         "or put back a backup.") from None


def _upgrade(db: sqlite3.Connection) -> None:
    old = db.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION and \
        db.execute("SELECT 1 FROM sqlite_master WHERE name = 'rooms'").fetchone() is not None
    with db:
        if old:
            for table in OLD_TABLES:
                db.execute(f"ALTER TABLE {table} RENAME TO {table}_v1")
            db.execute("DROP INDEX IF EXISTS room_log_by_room")
    db.executescript(SCHEMA)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
