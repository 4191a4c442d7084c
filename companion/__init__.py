"""The table companion: a small Flask app phones open by scanning a sheet's QR code."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask
    from werkzeug.exceptions import HTTPException


def create_app(test_config: dict | None = None) -> Flask:
    """Build the companion app; `test_config` overrides settings (e.g. DATABASE) in tests.

    LIVE_WAITERS: how many long-poll requests may be held at once (keep it below the
    server's thread count); PUBLIC_URL: the LAN address to put in QR codes.
    Flask loads here, not at import, so `rollsheet --help` (which imports companion.cli) stays fast.
    """
    from flask import Flask
    from werkzeug.exceptions import HTTPException

    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(DATABASE=str(Path(app.instance_path) / "rollsheet.sqlite3"), LIVE_WAITERS=4,
                            PUBLIC_URL=None)
    if test_config:
        app.config.from_mapping(test_config)
    Path(app.config["DATABASE"]).parent.mkdir(parents=True, exist_ok=True)

    from companion import store
    from companion.live import Bell
    from companion.views import api, home, pages, scoring

    store.init_app(app)
    app.extensions["rollsheet.bell"] = Bell(app.config["LIVE_WAITERS"])
    app.register_blueprint(home.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(scoring.bp)
    app.register_error_handler(HTTPException, _api_errors_as_json)
    return app


def _api_errors_as_json(error: HTTPException):
    """API callers get JSON errors (unknown route, wrong method); pages keep HTML ones."""
    from flask import jsonify, request

    if request.path.startswith("/api/"):
        return jsonify(error=error.description), error.code
    return error
