"""The table companion: a small Flask app phones open by scanning a sheet's QR code."""
from __future__ import annotations

from pathlib import Path

from flask import Flask


def create_app(test_config: dict | None = None) -> Flask:
    """Build the companion app; `test_config` overrides settings (e.g. DATABASE) in tests."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(DATABASE=str(Path(app.instance_path) / "rollsheet.sqlite3"))
    if test_config:
        app.config.from_mapping(test_config)
    Path(app.config["DATABASE"]).parent.mkdir(parents=True, exist_ok=True)

    from companion import store
    from companion.views import home
    from companion.views import scoring

    store.init_app(app)
    app.register_blueprint(home.bp)
    app.register_blueprint(scoring.bp)
    return app
