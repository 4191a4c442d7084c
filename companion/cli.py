"""`rollsheet serve`: the companion under waitress, with the address phones open shown as a QR code.

Light at import (Flask and waitress load inside `serve`), so `rollsheet --help` stays fast.
"""
from __future__ import annotations

import io
import socket
from pathlib import Path
from typing import Annotated, Optional

import typer

STACK_BYTES = 1024 * 1024
SPARE_THREADS = 16
GIL_SWITCH_SECONDS = 0.0005


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


def phone_url(host: str, port: int) -> str:
    """The URL a phone at the table opens."""
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    return f"http://{shown}:{port}"


def terminal_qr(url: str) -> str:
    """The URL as a QR code drawn with text blocks, to scan off the terminal."""
    import qrcode

    code = qrcode.QRCode(border=2)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def make_app(data: Path | None, public_url: str | None = None, live_waiters: int = 4):
    """The companion storing its rooms under `data` (default: Flask's instance folder)."""
    from companion import create_app

    config = {"PUBLIC_URL": public_url, "LIVE_WAITERS": live_waiters}
    if data is not None:
        config["DATABASE"] = str(Path(data) / "rollsheet.sqlite3")
    return create_app(config)


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on; 0.0.0.0 lets phones on the network in.")] = "0.0.0.0",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 5000,
    data: Annotated[Optional[Path], typer.Option(help="Folder for the rooms database; default the instance folder.")] = None,
    threads: Annotated[int, typer.Option(min=8, max=1000, help="Server threads; live pages hold one each while they wait.")] = 300,
) -> None:
    """Run the table companion: phones open the printed URL and share dice, lists and scores."""
    import sys
    import threading

    from waitress import serve as run

    url = phone_url(host, port)
    app = make_app(data, url, live_waiters=threads - SPARE_THREADS)
    typer.echo(f"rollsheet companion: open {url} on the phones at the table (same Wi-Fi)")
    typer.echo(terminal_qr(url))
    typer.echo(f"Rooms are kept in {app.config['DATABASE']}. Stop with Ctrl+C.")
    # Many threads wait on long polls: small stacks, and quick hand-overs of the GIL so the
    # server loop never spins long on a reply a worker thread is still finishing;
    # send_bytes=1 sends each reply at once instead of waiting for a full packet's worth.
    threading.stack_size(STACK_BYTES)
    sys.setswitchinterval(GIL_SWITCH_SECONDS)
    run(app, host=host, port=port, threads=threads, connection_limit=threads + 200, send_bytes=1,
        asyncore_use_poll=True, channel_timeout=60, ident="rollsheet")
