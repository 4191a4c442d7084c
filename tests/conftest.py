"""Shared fixtures: the companion app and client (flaskr style), the CLI runner, layouts; test lanes.

Lanes (markers, pyproject.toml): a test using a browser fixture is `browser`, one using a real
server (`served`, `live_server`, a module's `server` or `base`) is `server`, as is one marked so because it starts
`rollsheet serve` as a process to see it refuse (tests.serving.run_serve); a test of a `*print*`
or render module is `print`; a test marked `process` runs `rollsheet` as its own process; `browser`, `server`
and `process` tests are `slow` too, as is any test marked so.
A `print` test run over a matrix (papers, inks, languages, printables) runs its first case in the fast
lane and the others in the slow one: printing is most of the suite's time, and each print test's logic
is still run once. `pytest -m "not slow"` is the fast lane.
"""
from __future__ import annotations

import collections

import pytest
from typer.testing import CliRunner

import layouts
from sheets.cli import app as cli_app

BROWSER_FIXTURES = {"browser", "phone"}
SERVER_FIXTURES = {"served", "live_server", "server", "base"}


LONG_FILES = ["test_room_looks", "test_schemathesis", "test_score_looks", "test_room_pages", "test_room_play",
              "test_room_referee", "test_fuzz_requests", "test_fuzz_server"]
"""The files that take half a minute to two minutes each (`pytest --durations=80` on 2 cores), dearest first: a worker
(`--dist loadfile`) starts them before the others, rather than one running a long file alone at the end."""


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(items):
    """Sort every test into its lanes by the fixtures it uses and the module it is in; once `-m` has chosen the
    tests of a run, order their files long ones first."""
    first_cases = set()
    for item in items:
        used = set(item.fixturenames)
        if used & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if used & SERVER_FIXTURES:
            item.add_marker(pytest.mark.server)
        if "print" in item.path.stem or "render" in item.path.stem:
            item.add_marker(pytest.mark.print)
            if hasattr(item, "callspec") and (item.path, item.originalname) in first_cases:
                item.add_marker(pytest.mark.slow)  # a further case of a print matrix
            first_cases.add((item.path, item.originalname))
        if any(item.get_closest_marker(lane) for lane in ("browser", "server", "process")):
            item.add_marker(pytest.mark.slow)
    yield
    long_files_first(items)


def long_files_first(items):
    """Order the files of a run: the long ones first, then the others by their number of tests (as xdist would)."""
    count = collections.Counter(item.path for item in items)

    def order(item):
        stem = item.path.stem
        return (LONG_FILES.index(stem), 0) if stem in LONG_FILES else (len(LONG_FILES), -count[item.path])

    items.sort(key=order)


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
    from companion.web.app import create_app

    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "test.sqlite3")})


@pytest.fixture
def companion_on():
    """Companion apps on a database, each another server process's view of it; their stores closed after the test."""
    from companion.web.app import create_app

    apps = []

    def on(database: str):
        apps.append(create_app({"TESTING": True, "DATABASE": database}))
        return apps[-1]

    yield on
    for made in apps:
        made.extensions["rollsheet.store"].close()


@pytest.fixture
def client(app):
    """Flask's test client of that app."""
    return app.test_client()


@pytest.fixture
def call(client):
    """JSON calls through the test client as a phone makes them: (status, answer)."""
    from tests.tables import FlaskCalls

    return FlaskCalls(client)


@pytest.fixture(params=layouts.game_ids())
def game(request):
    """Each shipped game layout in turn."""
    return layouts.load(request.param)


@pytest.fixture
def mine(tmp_path, monkeypatch):
    """A folder of user games named in ROLLSHEET_LAYOUTS."""
    folder = tmp_path / "mine"
    folder.mkdir()
    monkeypatch.setenv(layouts.ENV_VAR, str(folder))
    return folder


@pytest.fixture(scope="session")
def printed(tmp_path_factory):
    """`rollsheet print copenhagen --players 4` on A4 and Letter in every ink: (paper, ink) -> folder
    (test_copenhagen_*print.py; a module printing another game has a `printed` of its own)."""
    from tests.copenhagen_pdfs import URL
    from tests.printing import print_into

    return {(paper, ink): print_into(tmp_path_factory.mktemp(f"{paper}-{ink}"), "copenhagen", "--players", "4",
                                     "--paper", paper, "--ink", ink, "--companion-url", URL)
            for paper in ("a4", "letter") for ink in ("color", "low", "mono")}


@pytest.fixture(scope="session")
def game_layout():
    """Copenhagen's layout, loaded once (test_copenhagen_*print.py)."""
    return layouts.load("copenhagen")


@pytest.fixture
def live_server(tmp_path):
    """The companion under its real server (companion/web/server.py) on a free loopback port; yields its base URL."""
    import asyncio
    import threading

    from companion.web.app import create_app
    from companion.web.server import Companion, listen

    app = create_app({"DATABASE": str(tmp_path / "live.sqlite3")})
    sockets, loop, running = listen("127.0.0.1", 0), asyncio.new_event_loop(), []

    async def start():
        running.append(Companion(app, sockets, threads=4, max_connections=200, queue=256))

    def run():
        loop.run_until_complete(start())
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    while not running:
        thread.join(0.01)
    host, port = sockets[0].getsockname()[:2]
    yield f"http://{host}:{port}"
    asyncio.run_coroutine_threadsafe(running[0].stop(), loop).result(30)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(10)


@pytest.fixture
def served(tmp_path):
    """A real `rollsheet serve` subprocess on a free loopback port; yields its base URL."""
    from tests.serving import serving

    with serving(tmp_path / "served") as (base, _):
        yield base


@pytest.fixture(scope="module")
def module_served(tmp_path_factory):
    """One real `rollsheet serve` for a whole module whose tests each open rooms of their own; yields its base URL.

    A module takes it as its `served` (a fixture of its own returning this one): a server started once, not per test.
    """
    from tests.serving import serving

    with serving(tmp_path_factory.mktemp("served")) as (base, _):
        yield base


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

    `landscape=True` turns it (844 x 390); `color_scheme="dark"` asks pages for their dark theme;
    `locale="de-DE"` sets the phone's language (its Accept-Language header and navigator.language).
    """
    contexts = []

    def open_phone(landscape=False, color_scheme="light", locale="en-US"):
        size = {"width": 844, "height": 390} if landscape else {"width": 390, "height": 844}
        context = browser.new_context(viewport=size, has_touch=True, is_mobile=True, device_scale_factor=2,
                                      color_scheme=color_scheme, locale=locale)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def postgres_server_url():
    """One PostgreSQL server of the tests' own for the session (tests/postgres.py); a test needing it is
    skipped where PostgreSQL is not installed, and fails in CI (`.ci/run` installs it)."""
    import os

    from tests.postgres import binaries, postgres_server

    if binaries() is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed (.ci/run installs it)")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    with postgres_server() as url:
        yield url


@pytest.fixture
def postgres(postgres_server_url):
    """A fresh empty PostgreSQL database; its URL."""
    from tests.postgres import fresh_database

    return fresh_database(postgres_server_url)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path) -> str:
    """A fresh empty rooms database of each engine in turn: a SQLite file's path, then a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "rooms.sqlite3")
    return request.getfixturevalue("postgres")
