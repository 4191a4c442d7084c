"""The companion's storage: one interface, one module per engine (sqlite.py, postgresql.py).

Rules and views never know the engine: they open a transaction with `writing()` or `reading()`
and call its queries (queries.py). The app's DATABASE setting picks the engine: a file path or
`sqlite:PATH` for SQLite (the embedded default), `postgresql://...` for PostgreSQL.

Glossary:
- engine: one database the app talks to (app.extensions["rollsheet.store"]), SQLite or PostgreSQL.
- transaction: a Queries object on one connection, committed at the end of its `with` block (rolled
  back on an error); a writing one holds the write lock (SQLite) or locks the rows it reads for change
  (PostgreSQL, FOR UPDATE), so concurrent taps on one room queue instead of losing each other.
- schema version: the number of the newest migration applied; each engine module has its MIGRATIONS.
- fault: the database cannot be used now (a full disk, a damaged file, a lost server): the request is
  answered 503 with a sentence and Retry-After, one log line says why, nothing committed is lost.
- Adding a table (e.g. groups and their play history): give both engine modules a migration with the
  next number creating it, write its queries once as Queries methods (portable SQL, `?` placeholders),
  add it to queries.COPIED so `db copy` moves it, and test it in tests/test_store.py (both engines).
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from companion.store.base import Engine, Fault, StoreError, Unavailable
from companion.store.queries import Queries

__all__ = ["Engine", "Fault", "Queries", "StoreError", "Unavailable", "get_store", "init_app", "open_store",
           "reading", "writing"]


def open_store(url: str) -> Engine:
    """The engine for a DATABASE setting (a path, `sqlite:PATH` or `postgresql://...`); not yet checked."""
    if url.startswith(("postgresql://", "postgres://")):
        from companion.store.postgresql import PostgreSQL

        return PostgreSQL(url)
    from companion.store.sqlite import SQLite

    return SQLite(url.removeprefix("sqlite:"))


def get_store() -> Engine:
    """The engine of the app handling this request (or of the app context)."""
    from flask import current_app

    return current_app.extensions["rollsheet.store"]


@contextmanager
def writing() -> Iterator[Queries]:
    """A write transaction on the app's store."""
    with get_store().writing() as db:
        yield db


@contextmanager
def reading() -> Iterator[Queries]:
    """Reads from the app's store (each query sees the newest commit)."""
    with get_store().reading() as db:
        yield db


def init_app(app) -> None:
    """Open the app's store, check it is a rollsheet database and bring its schema up to date; StoreError
    when it cannot be used (it is left untouched then)."""
    engine = open_store(app.config["DATABASE"])
    engine.upgrade()
    app.extensions["rollsheet.store"] = engine
