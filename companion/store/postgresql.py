"""The PostgreSQL engine, for a club, a convention or the public: psycopg 3 and its connection pool.

Every `rollsheet serve` process on any machine may use the same database: a change locks its room's
row (`SELECT ... FOR UPDATE`, or its `UPDATE ... WHERE version = ?`) so taps on one room queue across processes;
each process commits the changes waiting in it together, as on SQLite (group_commit.py: one connection writes, one
commit a batch); a host's workers pass changes over local sockets (relay.py) and other hosts find them by their
versions (elsewhere.py). The schema is made and migrated by `rollsheet db upgrade` (serve does it too at start),
under an advisory lock so two starting servers never migrate at once; the version is kept in the table
`rollsheet_schema`.

Glossary:
- URL: `postgresql://user:password@host:port/database` (libpq's); the password is never printed.
- pool: this process's connections (psycopg_pool), opened on first use, so a forked worker opens its own; a
  server that is away is refused at once and its return noticed within PROBE_S (away.py), with a new pool;
  psycopg prepares a statement once it has run five times on a connection, so a move's queries are
  prepared statements (the sqlite3 module keeps its own cache of 128 compiled statements per connection).
"""
from __future__ import annotations

import logging
import os
import re
import threading
from contextlib import contextmanager
from functools import lru_cache

from companion.store.away import Away
from companion.store.base import Engine, StoreError
from companion.store.group_commit import GroupCommit
from companion.store.postgresql_schema import MIGRATIONS
from companion.store.queries import Queries

POOL_MAX = 8
POOL_WAIT_S = 0.8
"""How long a request waits for a connection: a process's app threads (2 by default) find one of the POOL_MAX at once
while the server answers, so a longer wait is a server that does not (503 within a second, never "busy")."""
CONNECT_S = 2
SCHEMA_LOCK = 0x524F4C4C
CONFLICTS = ("40P01", "40001")
"""A deadlock found, a serialization failure: the transaction was aborted for meeting another one, not for itself."""


def shown_url(url: str) -> str:
    """The URL without its password, to print."""
    return re.sub(r"(://[^/:@]*):[^/@]*@", r"\1:***@", url)


@lru_cache(maxsize=256)
def _dialect(sql: str) -> str:
    """A query's `?` placeholders as psycopg's `%s`."""
    return sql.replace("?", "%s")


def fault_kind(error: Exception) -> str | None:
    """Which fault a psycopg error is (None: not a fault of the database but a mistake of ours)."""
    import psycopg
    from psycopg_pool import PoolTimeout

    state = getattr(error, "sqlstate", None) or ""
    if state in CONFLICTS:  # psycopg counts them as operational errors: the server is fine, the transaction met another
        return None
    if state == "53100":
        return "full"
    if state in ("XX001", "XX002"):
        return "damaged"
    if isinstance(error, (psycopg.OperationalError, PoolTimeout)) or state[:2] in ("08", "53", "57"):
        return "unreachable"
    return None


class PostgreSQL(Engine):
    """Rooms in a PostgreSQL database shared by every server process."""

    kind = "postgresql"
    MIGRATIONS = MIGRATIONS  # postgresql_schema.py

    def __init__(self, url: str):
        super().__init__(shown_url(url))
        try:
            import psycopg  # (the driver and its pool are an extra: a table at home needs neither)
            import psycopg_pool  # noqa: F401
        except ImportError:
            raise StoreError("PostgreSQL needs psycopg 3 and its pool: pip install 'rollsheet[postgresql]'") from None
        self.url, self._pool, self._opening = url, None, threading.Lock()
        self.group = GroupCommit(self, psycopg.Error)
        self.away = Away(self._reach, self._renew)
        logging.getLogger("psycopg.pool").setLevel(logging.ERROR)  # a lost server is said once, by the store's Fault
        os.register_at_fork(after_in_child=self._forget)

    def _forget(self) -> None:
        """After a fork the pool and its threads are the parent's: open a new one on first use."""
        self._pool, self._opening, self.away = None, threading.Lock(), Away(self._reach, self._renew)

    def _reach(self) -> None:
        """Connect once (the watcher's probe while the server is away); psycopg.Error when it cannot."""
        import psycopg

        psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_S).close()

    def _renew(self) -> None:
        """The server is back: the next request opens a new pool; the old one, whose connections died, is closed."""
        old, self._pool = self._pool, None
        if old is not None:
            old.close(timeout=0)

    def pool(self):
        """This process's connection pool (opened on first use, and again after the server was away)."""
        pool = self._pool
        if pool is None:
            from psycopg_pool import ConnectionPool

            with self._opening:
                if self._pool is None:
                    self._pool = ConnectionPool(self.url, min_size=1, max_size=POOL_MAX, timeout=POOL_WAIT_S,
                                                kwargs={"autocommit": True}, name="rollsheet", open=True)
                pool = self._pool
        return pool

    @contextmanager
    def _queries(self, lock: str, transaction: bool):
        import psycopg
        from psycopg_pool import PoolTimeout

        if self.away.now:
            raise self.fault("unreachable", ConnectionError("the server does not answer"))
        try:
            with self.pool().connection() as connection:
                writes = [0]

                def run(sql, args=()):
                    cursor = connection.execute(_dialect(sql), args)
                    if cursor.rowcount > 0 and not sql.startswith("SELECT"):  # rows written, as SQLite counts them
                        writes[0] += cursor.rowcount  # (group_commit.py asks whether a change wrote)
                    return cursor
                if transaction:
                    with connection.transaction():
                        yield Queries(run, lock, written=lambda: writes[0])
                    self.fault.cleared()
                else:
                    yield Queries(run)
        except (psycopg.Error, PoolTimeout) as error:
            kind = fault_kind(error)
            if kind is None:
                raise
            if kind == "unreachable":
                self.away.lost()
            raise self.fault(kind, error) from None

    def writing(self):
        """A transaction whose room reads lock the room's row until it commits."""
        return self._queries(" FOR UPDATE", True)

    def conflicted(self, error: Exception) -> bool:
        """True for a deadlock or a serialization failure (CONFLICTS)."""
        return getattr(error, "sqlstate", None) in CONFLICTS

    def reading(self):
        """Reads outside a transaction, each seeing the newest commit."""
        return self._queries("", False)

    @contextmanager
    def migrating(self):
        """A connection of its own holding the schema lock, in one transaction."""
        import psycopg

        try:
            with psycopg.connect(self.url, autocommit=True) as connection:
                connection.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
                if self.schema_version(connection) < 0:
                    raise StoreError(f"{self.where} is not a rollsheet database (it holds tables of another "
                                     "program); it was left untouched. Give rollsheet a database of its own.")
                with connection.transaction():
                    yield connection
        except psycopg.Error as error:
            raise StoreError(f"cannot use the rooms database {self.where}: {str(error).strip().splitlines()[0]}") \
                from None

    def schema_version(self, connection) -> int:
        """The recorded version; 0 for an empty database, -1 for one with another program's tables."""
        tables = {row[0] for row in connection.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")}
        if "rollsheet_schema" in tables:
            return connection.execute("SELECT version FROM rollsheet_schema").fetchone()[0]
        return -1 if tables else 0

    def set_schema_version(self, connection, number: int) -> None:
        """Keep the version in `rollsheet_schema`."""
        connection.execute("UPDATE rollsheet_schema SET version = %s", (number,))

    def close(self) -> None:
        """Close this process's pool."""
        self.away.stop()
        if self._pool is not None:
            self._pool.close()
            self._pool = None
