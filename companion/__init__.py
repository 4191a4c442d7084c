"""The table companion: a small Flask app phones open by scanning a sheet's QR code."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask
    from werkzeug.exceptions import HTTPException

    from layouts import LayoutError

MAX_BODY = 64 * 1024
"""Largest request body accepted, bytes (a score sheet of five players takes a few hundred)."""


def create_app(test_config: dict | None = None) -> Flask:
    """Build the companion app; `test_config` overrides settings (e.g. DATABASE) in tests.

    DATABASE: where rooms are kept, a SQLite file or a PostgreSQL URL (companion/store);
    PUBLIC_URL: the address phones open (QR codes and join links; default the address the
    server listens on); KEEP_DAYS: rooms without play for longer are closed (expiry.py); KEEP_GROUP_DAYS: groups
    without a play for longer are deleted (companion/groups).
    Flask loads here, not at import, so `rollsheet --help` (which imports companion.cli) stays fast.
    """
    from flask import Flask
    from werkzeug.exceptions import HTTPException

    from layouts import LayoutError

    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(DATABASE=str(Path(app.instance_path) / "rollsheet.sqlite3"), PUBLIC_URL=None,
                            KEEP_DAYS=30, KEEP_GROUP_DAYS=400, MAX_CONTENT_LENGTH=MAX_BODY)
    app.json.sort_keys = False  # answers keep the state's own order: sorting every answer cost a tenth of a move
    if test_config:
        app.config.from_mapping(test_config)
    from companion import checks, headers, limits, rooms, store

    if not app.config["DATABASE"].startswith(store.SERVERS):  # a file (not a database server): its folder is made
        Path(store.sqlite_path(app.config["DATABASE"])).parent.mkdir(parents=True, exist_ok=True)
    from companion.live import Hub
    from companion.views import api, cards, glyphs, groups, groups_api, home, language, pages, scoring
    from companion.views.sheet_page import bp as sheet_page

    store.init_app(app)
    app.extensions["rollsheet.hub"] = Hub(rooms.shown)
    headers.init_app(app)
    language.init_app(app)
    limits.init_app(app)
    checks.init_app(app)
    app.register_blueprint(home.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(scoring.bp)
    app.register_blueprint(cards.bp)
    app.register_blueprint(sheet_page)
    app.register_blueprint(glyphs.bp)
    app.register_blueprint(groups.bp)
    app.register_blueprint(groups_api.bp)
    app.register_error_handler(HTTPException, _http_errors)
    app.register_error_handler(LayoutError, _broken_game)
    app.register_error_handler(store.Unavailable, _store_fault)
    return app


def _store_fault(error):
    """The database cannot be used now (a full disk, a damaged file, no server): 503 with its sentence and
    Retry-After, JSON for API callers, a page for the others; never a 500."""
    from flask import jsonify, make_response, render_template, request

    from companion.language import gettext

    if request.path.startswith("/api/"):
        answer = jsonify(error=error.message)
    else:
        answer = make_response(render_template("error.html", title=gettext("Error %(code)s", code=503),
                                               message=error.message))
    answer.status_code = 503
    answer.headers["Retry-After"] = str(error.retry_after)
    return answer


def _broken_game(error: LayoutError):
    """A game whose layout file is broken (a user's game, or one edited while served): a clear 404, never a 500."""
    from flask import jsonify, render_template, request

    from companion.language import gettext

    message = gettext("This game cannot be played: its layout has a problem: %(problem)s", problem=error.problems[0])
    if request.path.startswith("/api/"):
        return jsonify(error=message), 404
    return render_template("missing.html", title=gettext("Game not available"), message=message, code=""), 404


def _http_errors(error: HTTPException):
    """HTTP errors (unknown address, wrong method, 403, 413, 429) in the phone's language: JSON for API
    callers, a page for the others."""
    from flask import jsonify, make_response, render_template, request

    from companion.errors import HTTP_SENTENCES
    from companion.language import gettext

    werkzeugs = error.description == type(error).description and error.code in HTTP_SENTENCES
    message = gettext(HTTP_SENTENCES[error.code], method=request.method) if werkzeugs else error.description
    if request.path.startswith("/api/"):
        answer = jsonify(error=message)
    else:
        answer = make_response(render_template("error.html", title=gettext("Error %(code)s", code=error.code),
                                               message=message))
    answer.status_code = error.code
    answer.headers.extend((name, value) for name, value in error.get_headers() if name != "Content-Type")
    return answer
