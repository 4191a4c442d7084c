"""`rollsheet serve`: the companion on this machine's network, with the address phones open as a QR code.

Light at import (Flask and tornado load inside `serve`), so `rollsheet --help` stays fast.
Every problem at start (a port in use, an unknown host, an unusable data folder or database)
is one line on stderr and a non-zero exit: 2 for bad usage, 1 for what the machine refused.
"""
from __future__ import annotations

import errno
import io
import ipaddress
import os
import socket
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

DEFAULT_THREADS = 2
MOST_WORKERS = 8
DEFAULT_CONNECTIONS = 5000
QUEUE_PER_THREAD = 256
"""Requests that may wait for the app's threads, per thread, before a 503. A change waiting for its commit steps
aside, so a deep queue drains in shared commits (400 tables sitting down at once: none refused)."""


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent); loopback without one."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def behind_proxy(host: str) -> bool:
    """True when `host` is an address only this machine or its private network reaches (loopback, private)."""
    if host == "localhost":
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return not address.is_unspecified and (address.is_loopback or address.is_private)


def is_loopback(host: str) -> bool:
    """True when only this machine reaches `host` (localhost, 127.0.0.1, ::1)."""
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def phone_url(host: str, port: int) -> str:
    """The URL a phone at the table opens."""
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


def terminal_qr(url: str) -> str:
    """The URL as a QR code drawn with text blocks, to scan off the terminal."""
    import qrcode

    code = qrcode.QRCode(border=2)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def default_workers() -> int:
    """One worker process per core of this machine, at most MOST_WORKERS (1 where processes cannot fork)."""
    return min(os.cpu_count() or 1, MOST_WORKERS) if hasattr(os, "fork") else 1


def make_app(data: Path | None, public_url: str | None = None, keep_days: float = 30, database: str | None = None,
             keep_group_days: float = 400):
    """The companion storing its rooms in `database` (a SQLite path or a PostgreSQL URL), else in
    rollsheet.sqlite3 under `data` (default: Flask's instance folder)."""
    from companion.web.app import create_app

    config = {"PUBLIC_URL": public_url, "KEEP_DAYS": keep_days, "KEEP_GROUP_DAYS": keep_group_days}
    if database:
        config["DATABASE"] = database
    elif data is not None:
        config["DATABASE"] = str(Path(data) / "rollsheet.sqlite3")
    return create_app(config)


def database_problem(database: str) -> str | None:
    """What is wrong with a --database value (companion.store.named), or None."""
    from companion.store import named

    try:
        named(database, "--database")
    except ValueError as error:
        return str(error)
    return None


def fail(message: str, code: int = 1) -> None:
    """One line on stderr, then exit with `code`."""
    typer.echo(f"rollsheet serve: {message}", err=True)
    raise typer.Exit(code)


def listen_or_fail(host: str, port: int) -> list:
    """The listening sockets, or one line saying why the address cannot be used."""
    from companion.web.server import listen

    try:
        return listen(host, port)
    except socket.gaierror:
        fail(f"cannot listen on --host {host!r}: no such address or name on this machine", 2)
    except OSError as error:
        reasons = {errno.EADDRINUSE: f"port {port} is in use (another `rollsheet serve`?); stop it or choose "
                                     "another --port",
                   errno.EADDRNOTAVAIL: f"{host} is not an address of this machine; use 0.0.0.0 or one of its "
                                        "addresses",
                   errno.EACCES: f"port {port} needs administrator rights; choose --port 1024 or above"}
        fail(reasons.get(error.errno, f"cannot listen on {host}:{port}: {error.strerror}"))


def open_data(data: Path | None, public_url: str | None, keep_days: float, database: str | None = None,
              keep_group_days: float = 400):
    """The app on its database, held for this `serve` alone where it is a file; or one line saying what is wrong
    with the folder, the file or the database."""
    from companion.store import StoreError

    if data is not None and data.exists() and not data.is_dir():
        fail(f"--data {data} is a file; give a folder (the rooms go into rollsheet.sqlite3 inside it)", 2)
    try:
        app = make_app(data, public_url, keep_days, database, keep_group_days)
        app.extensions["rollsheet.store"].hold()
        return app
    except OSError as error:
        fail(f"cannot use --data {data or 'the instance folder'}: {error.strerror}")
    except StoreError as error:
        fail(str(error))


def serve(
    host: Annotated[str, typer.Option(metavar="ADDRESS", help=(
        "Address to listen on; 0.0.0.0 lets phones on the network in."))] = "0.0.0.0",
    port: Annotated[int, typer.Option(metavar="PORT", help="Port to listen on (1-65535).")] = 5000,
    data: Annotated[Optional[Path], typer.Option(metavar="DIR", help=(
        "Folder for the rooms database; default the instance folder."))] = None,
    threads: Annotated[int, typer.Option(metavar="N", help=(
        "Requests the app runs at once (rolls, pages); live phones need none."))] = DEFAULT_THREADS,
    max_connections: Annotated[int, typer.Option(metavar="N", help=(
        "Open connections held at most (a phone holds 1-2)."))] = DEFAULT_CONNECTIONS,
    keep_days: Annotated[float, typer.Option(metavar="DAYS", help=(
        "Close rooms after this many days without play."))] = 30,
    keep_group_days: Annotated[float, typer.Option(metavar="DAYS", help=(
        "Delete a group (its plays and stats) after this many days without a play."))] = 400,
    public_url: Annotated[Optional[str], typer.Option(metavar="URL", help=(
        "Address phones open, for QR codes and links, e.g. https://dice.example.org; default the address shown at "
        "start."))] = None,
    layouts: Annotated[Optional[list[Path]], typer.Option(metavar="DIR", help=(
        "Also serve the games of the layout files in this folder (repeatable)."))] = None,
    proxy: Annotated[bool, typer.Option("--proxy", help=(
        "Behind a reverse proxy on this machine or its network: the client is the address the proxy appended to "
        "X-Forwarded-For (needs --host 127.0.0.1 or a private address)."))] = False,
    proxy_hops: Annotated[int, typer.Option(metavar="N", help=(
        "With --proxy: how many proxies in a row append to X-Forwarded-For; the client is the entry the outermost one "
        "appended."))] = 1,
    workers: Annotated[int, typer.Option(metavar="N", help=(
        "Server processes on the port, sharing the rooms; default one per core (at most 8)."))] = default_workers(),
    database: Annotated[Optional[str], typer.Option(metavar="URL", envvar="ROLLSHEET_DATABASE", help=(
        "Keep the rooms in this database instead: postgresql://user@host/db (several servers share it), sqlite:///PATH"
        " or a file path."))] = None,
) -> None:
    """Run the table companion: phones open the printed URL and share dice, lists and scores."""
    from layouts.urls import url_problem

    checks = [(not 1 <= port <= 65535, f"--port must be 1-65535, not {port}"),
              (not 1 <= threads <= 64, f"--threads must be 1-64, not {threads}"),
              (not 1 <= workers <= 64, f"--workers must be 1-64, not {workers}"),
              (workers > 1 and not hasattr(os, "fork"), "--workers above 1 needs Linux or macOS"),
              (database is not None and database_problem(database) is not None, database_problem(database or "")),
              (not 16 <= max_connections <= 100_000, f"--max-connections must be 16-100000, not {max_connections}"),
              (not keep_days > 0, f"--keep-days must be more than 0, not {keep_days:g}"),
              (not keep_group_days > 0, f"--keep-group-days must be more than 0, not {keep_group_days:g}"),
              (public_url is not None and url_problem("--public-url", public_url) is not None,
               url_problem("--public-url", public_url or "")),
              (not 1 <= proxy_hops <= 10, f"--proxy-hops must be 1-10, not {proxy_hops}"),
              (proxy and not behind_proxy(host), f"--proxy needs --host 127.0.0.1 (or a private address of this "
               f"machine), not {host!r}: on a public address any client could name the address the limits count"),
              *((not folder.is_dir(), f"--layouts {folder} is not a folder") for folder in layouts or [])]
    for wrong, message in checks:
        if wrong:
            fail(message, 2)
    if layouts:
        found = [os.environ.get("ROLLSHEET_LAYOUTS"), *(str(folder.resolve()) for folder in layouts)]
        os.environ["ROLLSHEET_LAYOUTS"] = os.pathsep.join(filter(None, found))
    from companion.web import server, workers as processes

    sockets = listen_or_fail(host, port)
    url = public_url or phone_url(host, port)
    app = open_data(data, url, keep_days, database, keep_group_days)
    allowed = server.open_files(max_connections)
    reach = f"on this computer only (phones cannot reach {host}: serve with --host 0.0.0.0 to let them in)" \
        if is_loopback(host) and not public_url else "on the phones at the table (same Wi-Fi)"
    typer.echo(f"rollsheet companion: open {url} {reach}")
    typer.echo(terminal_qr(url))
    typer.echo(f"Rooms are kept in {app.extensions['rollsheet.store'].where} (closed after {keep_days:g} days "
               f"without play; groups kept {keep_group_days:g} days after their last play). "
               f"{workers} worker process{'es' if workers > 1 else ''}, up to {allowed} connections. "
               "Stop with Ctrl+C.")
    sys.stdout.flush()
    try:
        queue = threads * QUEUE_PER_THREAD
        code = processes.serve(app, sockets, workers, threads, allowed, queue,
                               proxy_hops if proxy else 0)
    except KeyboardInterrupt:
        code = 0
    typer.echo("Stopped.")
    if code:
        raise typer.Exit(code)
