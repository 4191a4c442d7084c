"""The language switch on every page, and Flask-Babel picking each request's language (companion/language.py).

`POST /language` with `lang` (en, de or es) and `next` (the page to go back to) keeps the choice in a
cookie for a year, so every page and API answer of that phone follows it; without the cookie the
phone's Accept-Language decides.
"""
from __future__ import annotations

import re

from flask import Blueprint, redirect, request, url_for
from flask_babel import Babel

from companion import language

bp = Blueprint("language", __name__)

KEEP_S = 365 * 86_400
LOCAL_PATH = re.compile(r"/(?![/\\])[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*")
"""A path (and query) on this site: "/" then RFC 3986 path and query characters, never "//" or "/\\"."""


def _requested() -> str | None:
    """The language of the request being answered (None outside a request: Flask-Babel's default)."""
    from flask import has_request_context

    if not has_request_context():
        return None
    return language.of_headers(request.headers)


def _back_to(target: str | None) -> str:
    """A page of this companion to go back to: a local path of URL characters only (no tab, space or backslash,
    which a browser drops or turns into "//", the start of another site's address)."""
    if not target or not LOCAL_PATH.fullmatch(target):
        return url_for("home.index")
    return target


@bp.post("/language")
def switch():
    """Keep the phone's language in a cookie and go back to the page it was chosen on."""
    chosen = request.form.get("lang", "")
    answer = redirect(_back_to(request.form.get("next")), 303)
    if chosen in language.LANGUAGES:
        answer.set_cookie(language.COOKIE, chosen, max_age=KEEP_S, samesite="Lax", httponly=True)
    return answer


def init_app(app) -> None:
    """Pick each request's language with Flask-Babel; give every page the switch and its scripts' words."""
    Babel(app, locale_selector=_requested, default_translation_directories=str(language.CATALOGUES))
    app.register_blueprint(bp)

    @app.context_processor
    def languages() -> dict:
        current = language.current()
        here = request.full_path.rstrip("?") if request else "/"
        return {"lang": current, "languages": language.NAMES, "here": here,
                "script_words": language.script_words(current)}

    @app.after_request
    def vary(response):
        response.headers.add("Vary", "Accept-Language, Cookie")
        return response
