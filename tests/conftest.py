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
