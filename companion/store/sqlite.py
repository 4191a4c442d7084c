"""The SQLite engine: a file in WAL mode, one kept connection per thread, one writer at a time.

Each thread keeps its connection between requests (opening one cost about a third of a request's
time). Writers take turns on a lock per process and, between the worker processes of one `serve`, on a
lock file (flock): a waiting writer is handed the lock at once, where SQLite's own busy handler sleeps
and retries (up to 100 ms a try, seconds under load). The rooms' changes go through one writer thread per
process that commits the changes waiting together (group_commit.py). Commits are durable (`synchronous=FULL`: a move
answered is on the disk, even through a power cut; docs/performance.md has its cost).

Glossary:
- mark: `PRAGMA application_id` = MARK says the file is rollsheet's; `user_version` is its schema
  version. A file without the mark is adopted only when it is empty (no tables, application_id and
  user_version 0) or has exactly the tables of an older rollsheet (schema 1, or schema 2 made before
  the mark); any other file (another program's application_id, a user_version of its own) is refused
  untouched.
- legacy tables: `rooms_v1` and `room_log_v1`, schema 1's tables set aside (their codes answer 410).
"""
from __future__ import annotations

import os
import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path

from companion.store.base import Engine, StoreError
from companion.store.group_commit import GroupCommit
from companion.store.queries import Queries
from companion.store.sqlite_schema import MARK, MIGRATIONS, SCHEMA_1, tables_of

SYNCHRONOUS = "FULL"
BUSY_S = 0.5
FAULTS = {sqlite3.SQLITE_FULL: "full", sqlite3.SQLITE_CORRUPT: "damaged", sqlite3.SQLITE_NOTADB: "damaged",
          sqlite3.SQLITE_IOERR: "unreachable", sqlite3.SQLITE_CANTOPEN: "unreachable",
          sqlite3.SQLITE_READONLY: "unreachable", sqlite3.SQLITE_BUSY: "unreachable",
          sqlite3.SQLITE_PERM: "unreachable", sqlite3.SQLITE_PROTOCOL: "unreachable"}


def connect(path: str) -> sqlite3.Connection:
    """A connection in WAL mode that waits BUSY_S for a lock another program holds, then fails (a 503: the writers
    of this `serve` take turns before they ask SQLite, so only another program's lock is ever waited for)."""
    db = sqlite3.connect(path, timeout=BUSY_S, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(f"PRAGMA synchronous={SYNCHRONOUS}")
    return db


class SQLite(Engine):
    """Rooms in one SQLite file."""

    kind = "sqlite"
    MIGRATIONS = MIGRATIONS

    def __init__(self, path: str):
        super().__init__(path)
        self.path, self.legacy = path, False
        self._local, self._writer, self._opened = threading.local(), threading.Lock(), []
        self._lock_file: int | None = None
        self._held: int | None = None
        self.group = GroupCommit(self, sqlite3.Error)
        os.register_at_fork(after_in_child=self._forget)

    def hold(self) -> None:
        """Hold `<file>-serve.lock` while this process (or a worker forked from it) runs; StoreError when held."""
        try:
            import fcntl
        except ImportError:  # Windows: no lock
            return
        held = os.open(self.path + "-serve.lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            other = os.read(held, 32).decode(errors="replace").strip() or "?"
            os.close(held)
            raise StoreError(f"another `rollsheet serve` (pid {other}) is serving {self.path}: phones on the two "
                             "would not see each other's moves; stop it, or give this one another --data folder "
                             "(one serve can run several --workers)") from None
        os.ftruncate(held, 0)
        os.write(held, str(os.getpid()).encode())
        self._held = held

    def _forget(self) -> None:
        """After a fork: connections and the lock file's descriptor are the parent's, never used here."""
        self._local, self._lock_file, self._writer, self._opened = threading.local(), None, threading.Lock(), []

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = connect(self.path)
            self._opened.append(db)
        return db

    def close(self) -> None:
        """Close every thread's connection (the last one out checkpoints the WAL into the file)."""
        opened, self._opened = self._opened, []
        for db in opened:
            try:
                db.close()
            except sqlite3.Error:
                pass

    def _drop(self) -> None:
        db, self._local.db = getattr(self._local, "db", None), None
        if db is not None:
            self._opened.remove(db)
            try:
                db.close()
            except sqlite3.Error:
                pass

    def _fault(self, error: sqlite3.Error):
        kind = FAULTS.get(getattr(error, "sqlite_errorcode", -1) & 0xFF)
        if kind is None:
            return error
        self._drop()
        return self.fault(kind, error)

    def _flock(self) -> int | None:
        try:
            import fcntl
        except ImportError:  # Windows: one process only
            return None
        if self._lock_file is None:
            self._lock_file = os.open(self.path + "-writer.lock", os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(self._lock_file, fcntl.LOCK_EX)
        return self._lock_file

    @contextmanager
    def writing(self):
        """A write transaction holding the write lock from its start."""
        with self._writer:
            held = self._flock()
            try:
                db = self._db()
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield Queries(db.execute, legacy=self.legacy, written=lambda: db.total_changes)
                    db.execute("COMMIT")
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise
                self.fault.cleared()
            except sqlite3.Error as error:
                raise self._fault(error) from None
            finally:
                if held is not None:
                    import fcntl

                    fcntl.flock(held, fcntl.LOCK_UN)

    @contextmanager
    def reading(self):
        """Reads, each seeing the newest commit."""
        try:
            yield Queries(self._db().execute, legacy=self.legacy)
        except sqlite3.Error as error:
            raise self._fault(error) from None

    @contextmanager
    def migrating(self):
        """The file, checked to be a sound rollsheet database, in one write transaction."""
        db = None
        try:
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            self._check(db)  # before WAL mode, which would change a file refused
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("BEGIN IMMEDIATE")
            yield db
            db.execute("COMMIT")
            self.legacy = "rooms_v1" in tables_of(db)
        except sqlite3.OperationalError as error:
            raise StoreError(f"cannot open the rooms database {self.path}: {error}") from None
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{self.path} is damaged or not a database ({str(error).splitlines()[0]}); it was left "
                             f"untouched. Move it aside (e.g. to {Path(self.path).name}.broken) to start with no "
                             "rooms, or put back a backup.") from None
        finally:
            if db is not None:
                db.close()

    def _check(self, db) -> None:
        verdict = db.execute("PRAGMA quick_check(1)").fetchone()[0]
        if verdict != "ok":
            raise sqlite3.DatabaseError(verdict)
        if self.schema_version(db) < 0:
            tables = sorted(tables_of(db))
            held = f"it holds other tables: {', '.join(tables)}" if tables else "another program marked it as its own"
            raise StoreError(f"{self.path} is not a rollsheet database ({held}); it was left untouched. Give --data "
                             "a folder of its own.")

    def schema_version(self, db) -> int:
        """The file's schema version: 0 for an empty file, -1 for another program's file (its application_id or
        user_version set, no rollsheet mark, no tables of an older rollsheet)."""
        application, version = (db.execute(f"PRAGMA {name}").fetchone()[0] for name in ("application_id",
                                                                                          "user_version"))
        tables = tables_of(db)
        if application == MARK:
            return version
        if application == 0 and version == 0 and not tables:
            return 0
        if application == 0 and version == 0 and tables == SCHEMA_1:
            return 1
        if application == 0 and version == 2 and {"rooms", "room_log", "seats", "closed_rooms"} <= set(tables):
            return 2
        return -1

    def set_schema_version(self, db, number: int) -> None:
        """Keep the version in `user_version`."""
        db.execute(f"PRAGMA user_version = {number}")
