"""Shared fixtures: the companion app and client (flaskr style), the CLI runner, layouts."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

import layouts
from sheets.cli import app as cli_app


@pytest.fixture
def runner():
    """Invoke `rollsheet` commands in-process."""
    return CliRunner()


@pytest.fixture
def cli(runner):
    """Run `rollsheet ARGS...` and return the result."""
    return lambda *args, **kw: runner.invoke(cli_app, [str(a) for a in args], **kw)


@pytest.fixture
def app(tmp_path):
    """A companion app with its own SQLite file."""
    from companion import create_app

    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "test.sqlite3")})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(params=layouts.game_ids())
def game(request):
    """Each shipped game layout in turn."""
    return layouts.load(request.param)


@pytest.fixture
def live_server(tmp_path):
    """The companion under waitress on a free loopback port; yields its base URL."""
    import socket
    import threading

    from waitress.server import create_server

    from companion import create_app

    app = create_app({"DATABASE": str(tmp_path / "live.sqlite3")})
    server = create_server(app, host="127.0.0.1", port=0, threads=8)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    host, port = server.socket.getsockname()[:2]
    socket.create_connection((host, port), timeout=5).close()
    yield f"http://{host}:{port}"
    server.close()


@pytest.fixture
def served(tmp_path):
    """A real `rollsheet serve` subprocess on a free loopback port; yields its base URL."""
    import socket
    import subprocess
    import sys
    import time
    from pathlib import Path

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "sheets.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
               "--data", str(tmp_path / "served")]
    log = (tmp_path / "serve.log").open("wb")
    server = subprocess.Popen(command, cwd=Path(__file__).parent.parent, stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise RuntimeError(f"rollsheet serve did not start: {(tmp_path / 'serve.log').read_text()}")
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}"
    server.terminate()
    server.wait(timeout=10)
    log.close()


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium driven by Playwright (never a downloaded browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def phone(browser):
    """A new phone-sized browser page (390 x 844, touch); call it again for a second phone.

    `landscape=True` turns it (844 x 390); `color_scheme="dark"` asks pages for their dark theme.
    """
    contexts = []

    def open_phone(landscape=False, color_scheme="light"):
        size = {"width": 844, "height": 390} if landscape else {"width": 390, "height": 844}
        context = browser.new_context(viewport=size, has_touch=True, is_mobile=True, device_scale_factor=2,
                                      color_scheme=color_scheme)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()
