"""The companion's Flask app: its settings, its hooks and its blueprints (its error answers: refusals.py)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict | None = None) -> Flask:
    """Build the companion app; `test_config` overrides settings (e.g. DATABASE) in tests.

    DATABASE: where rooms are kept, a SQLite file or a PostgreSQL URL (companion/store);
    PUBLIC_URL: the address phones open (QR codes and join links; default the address the
    server listens on); KEEP_DAYS: rooms without play for longer are closed (companion/rooms/expiry.py);
    KEEP_GROUP_DAYS: groups without a play for longer are deleted (companion/groups).
    Flask loads here, not at import, so `rollsheet --help` (which imports companion.cli) stays fast.
    """
    from flask import Flask

    from companion.web.checks import MAX_BODY

    app = Flask("companion", instance_relative_config=True)  # the package's templates/, static/ and instance path
    app.config.from_mapping(DATABASE=str(Path(app.instance_path) / "rollsheet.sqlite3"), PUBLIC_URL=None,
                            KEEP_DAYS=30, KEEP_GROUP_DAYS=400, MAX_CONTENT_LENGTH=MAX_BODY)
    app.json.sort_keys = False  # answers keep the state's own order: sorting every answer cost a tenth of a move
    if test_config:
        app.config.from_mapping(test_config)
    from companion import store
    from companion.web import checks, headers, limits, refusals, services

    if not app.config["DATABASE"].startswith(store.SERVERS):  # a file (not a database server): its folder is made
        Path(store.sqlite_path(app.config["DATABASE"])).parent.mkdir(parents=True, exist_ok=True)
    from companion.web.views import api, cards, glyphs, groups, groups_api, home, language, pages, scoring
    from companion.web.views.sheet_page import bp as sheet_page

    store.init_app(app)
    services.init_app(app)
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
    refusals.init_app(app)
    return app
