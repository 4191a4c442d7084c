"""`rollsheet db`: bring a rooms database's schema up to date, copy rooms between SQLite and PostgreSQL.

A database is named as `serve --database` names it: `sqlite:///PATH` (or a file path) for a SQLite file,
`postgresql://user@host/db` for PostgreSQL; ROLLSHEET_DATABASE is the default. Every problem is one line
on stderr: exit 2 for bad usage, 1 for a database that cannot be used (refused untouched).
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

app = typer.Typer(name="db", help="The rooms database: upgrade its schema; copy rooms between SQLite and PostgreSQL.",
                  no_args_is_help=True)


def fail(message: str, code: int = 1) -> None:
    """One line on stderr, then exit with `code`."""
    typer.echo(f"rollsheet db: {message}", err=True)
    raise typer.Exit(code)


def opened(url: str | None, flag: str, made: bool = True):
    """The engine for a database named on the command line, its schema brought up to date; (engine, before, now).
    `made`: a SQLite file that is not there yet is made (else refused: a database to copy from)."""
    from companion.store import SERVERS, StoreError, named, open_store, sqlite_path

    if not url:
        fail(f"name the database with {flag} (sqlite:///PATH or postgresql://user@host/db)", 2)
    try:
        named(url, flag)
    except ValueError as error:
        fail(str(error), 2)
    if not made and not url.startswith(SERVERS) and not Path(sqlite_path(url)).is_file():
        fail(f"{flag} {sqlite_path(url)}: no such file; nothing was copied")
    try:
        engine = open_store(url)
        before, now = engine.upgrade()
    except StoreError as error:
        fail(str(error))
    return engine, before, now


@app.command()
def upgrade(
    database: Annotated[Optional[str], typer.Option(metavar="URL", envvar="ROLLSHEET_DATABASE", help=(
        "sqlite:///PATH (or a file path) or postgresql://user@host/db."))] = None,
) -> None:
    """Create the rooms schema, or migrate it to this rollsheet's version (a newer one is refused)."""
    engine, before, now = opened(database, "--database")
    typer.echo(f"{engine.where}: schema version {now}" + (f" (was {before})" if before != now else ", up to date"))
    engine.close()


@app.command()
def copy(
    source: Annotated[Optional[str], typer.Option("--from", metavar="URL", help=(
        "The database to copy from (left unchanged)."))] = None,
    target: Annotated[Optional[str], typer.Option("--to", metavar="URL", help=(
        "The database to copy into (made when new)."))] = None,
) -> None:
    """Copy every room (state, seats, log, saved scores), closed room and group (players, plays, log) from one database
    into another."""
    from companion.store import Unavailable
    from companion.store.queries import COPIED

    (old, _, _), (new, _, _) = opened(source, "--from", made=False), opened(target, "--to")
    if old.where == new.where:
        fail("--from and --to name the same database", 2)
    try:
        with old.reading() as reader, new.writing() as writer:
            both = reader.codes() & writer.codes()
            if both:
                fail(f"{len(both)} room code(s) are in both databases (e.g. {sorted(both)[0]}); nothing was copied")
            counts = {}
            for table in COPIED:
                rows = reader.rows(table)
                writer.insert(table, rows)
                counts[table] = len(rows)
    except Unavailable as error:
        fail(error.message)
    typer.echo(f"copied {counts['rooms']} room(s) with {counts['seats']} seat(s) and {counts['room_log']} log "
               f"entries, {counts['closed_rooms']} closed room(s) and {counts['groups']} group(s) with "
               f"{counts['plays']} play(s), from {old.where} to {new.where}")
    old.close()
    new.close()
