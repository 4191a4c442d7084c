"""A PostgreSQL server of the tests' (and the bench's) own: `initdb` + `pg_ctl` in a temporary folder.

Never a system service: the server runs from a fresh folder on a free loopback port and is stopped
at the end. PostgreSQL refuses to run as root, so as root it runs as the unprivileged user USER
(made here when missing, as `.ci/run` does). The binaries are found by `pg_config --bindir`, else in
/usr/lib/postgresql/<newest>/bin; `binaries()` is None when PostgreSQL is not installed.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from itertools import count
from pathlib import Path

from tests.serving import free_port

USER = "rollsheet-test"
FAST = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
_numbers = count()


def binaries() -> Path | None:
    """The folder of initdb and pg_ctl, or None."""
    found = []
    if shutil.which("pg_config"):
        found.append(Path(subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True).stdout.strip()))
    found += sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name), reverse=True)
    return next((folder for folder in found if (folder / "initdb").exists()), None)


def _run_as(user: str | None):
    """subprocess options that run a command as `user` (None: as this process's user)."""
    return {"user": user, "group": user} if user else {}


class Server:
    """A PostgreSQL server of the tests' own: its URL, and `stop()` / `start()` on the same port and data."""

    def __init__(self, bindir: Path, folder: Path, port: int, user: str | None, durable: bool):
        self.bindir, self.folder, self.as_user = bindir, folder, _run_as(user)
        self.url = f"postgresql://rollsheet@127.0.0.1:{port}/postgres"
        self.options = ["-p", str(port), "-k", str(folder), "-c", "listen_addresses=127.0.0.1", "-c",
                        "max_connections=200", *([] if durable else FAST)]

    def start(self) -> None:
        """Start it and wait until it takes connections."""
        subprocess.run([self.bindir / "pg_ctl", "-D", self.folder / "data", "-l", self.folder / "log", "-w", "-o",
                        " ".join(self.options), "start"], check=True, capture_output=True, **self.as_user)

    def stop(self, mode: str = "immediate") -> None:
        """Stop it (`mode`: pg_ctl's: immediate, fast or smart)."""
        subprocess.run([self.bindir / "pg_ctl", "-D", self.folder / "data", "-m", mode, "stop"],
                       capture_output=True, **self.as_user)


@contextmanager
def own_postgres_server(durable: bool = False):
    """A running PostgreSQL on a free loopback port (database `postgres`, user `rollsheet`); yields its Server."""
    bindir = binaries()
    assert bindir is not None, "PostgreSQL is not installed (apt-get install postgresql)"
    user = None
    if os.geteuid() == 0:
        user = USER
        if subprocess.run(["id", USER], capture_output=True).returncode != 0:  # (another test worker may make it too)
            subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER],
                           capture_output=True)
    folder = Path(tempfile.mkdtemp(prefix="rollsheet-pg-"))
    if user:
        shutil.chown(folder, user, user)
    server = Server(bindir, folder, free_port(), user, durable)
    try:
        subprocess.run([bindir / "initdb", "-D", folder / "data", "-A", "trust", "-U", "rollsheet", "-E", "UTF8",
                        "--no-sync", "--no-instructions"], check=True, capture_output=True, **server.as_user)
        server.start()
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def postgres_server(durable: bool = False):
    """A running PostgreSQL on a free loopback port; yields its URL (database `postgres`, user `rollsheet`)."""
    with own_postgres_server(durable) as server:
        yield server.url


def fresh_database(server_url: str) -> str:
    """A new empty database on the server; its URL."""
    import psycopg

    name = f"test_{os.getpid()}_{next(_numbers)}"
    with psycopg.connect(server_url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return server_url.rsplit("/", 1)[0] + "/" + name
