"""SQLite storage for the companion: one connection per request, schema made on start.

Writers use `BEGIN IMMEDIATE` transactions (`transaction()`), so concurrent
requests queue for the write lock instead of losing each other's updates.
"""
from __future__ import annotations

import sqlite3
from contextlib import contextmanager

from flask import Flask, current_app, g

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, created REAL NOT NULL,
                                  version INTEGER NOT NULL, state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS room_log (id INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL,
                                     at REAL NOT NULL, player TEXT, kind TEXT NOT NULL, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS room_log_by_room ON room_log (room, id);
"""


def connect(path: str) -> sqlite3.Connection:
    """A connection in WAL mode that waits for the write lock instead of failing."""
    db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    db.row_factory = sqlite3.Row
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA busy_timeout=30000")
    db.execute("PRAGMA synchronous=NORMAL")
    return db


def get_db() -> sqlite3.Connection:
    """This request's connection to the companion database."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


@contextmanager
def transaction():
    """A write transaction that holds the database's write lock from its start."""
    db = get_db()
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def close_db(_error=None) -> None:
    """Close this request's connection, if it opened one."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_app(app: Flask) -> None:
    """Create the schema and close connections after each request."""
    with connect(app.config["DATABASE"]) as db:
        db.executescript(SCHEMA)
    app.teardown_appcontext(close_db)
