"""The language switch on every page, the pages' words with Flask-Babel, and the scripts' words.

`POST /language` with `lang` (en, de or es) and `next` (the page to go back to) keeps the choice in a
cookie for a year, so every page and API answer of that phone follows it; without the cookie the
phone's Accept-Language decides (companion/web/negotiation.py sets the reader's language from them). The pages'
scripts (static/i18n.js) are handed their strings as a JSON block, found in the scripts themselves.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.messages.extract import extract_from_file
from flask import Blueprint, redirect, request, url_for
from flask_babel import Babel

from companion.rules import language
from companion.web import negotiation

bp = Blueprint("language", __name__)

NAMES = {"en": "English", "de": "Deutsch", "es": "Español"}
"""Each language by its own name, as the switch offers it."""
SCRIPTS = Path(__file__).resolve().parents[2] / "static"
SCRIPT_OPTIONS = {"parse_template_string": True}
"""How the scripts are read for their strings (babel.cfg says the same to `pybabel extract`)."""
KEEP_S = 365 * 86_400
LOCAL_PATH = re.compile(r"/(?![/\\])[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*")
"""A path (and query) on this site: "/" then RFC 3986 path and query characters, never "//" or "/\\"."""


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
        answer.set_cookie(negotiation.COOKIE, chosen, max_age=KEEP_S, samesite="Lax", httponly=True)
    return answer


def init_app(app) -> None:
    """Speak each request's language (negotiation.py) in the pages too; give every page the switch and its
    scripts' words."""
    negotiation.init_app(app)
    Babel(app, locale_selector=language.current, default_translation_directories=str(language.CATALOGUES))
    app.register_blueprint(bp)

    @app.context_processor
    def languages() -> dict:
        current = language.current()
        here = request.full_path.rstrip("?") if request else "/"
        return {"lang": current, "languages": NAMES, "here": here,
                "script_words": script_words(current)}

    @app.after_request
    def vary(response):
        response.headers.add("Vary", "Accept-Language, Cookie")
        return response


def _examples(lang: str) -> dict[str, int]:
    """A number of each plural category of `lang` (CLDR's, as the browser's Intl.PluralRules names them)."""
    rule, found = Locale.parse(lang).plural_form, {}
    for n in range(1001):
        found.setdefault(rule(n), n)
    return found


@lru_cache(maxsize=1)
def _script_messages() -> tuple:
    """Every catalogue entry the pages' scripts ask for: (context, message or (one, many))."""
    found = {(context, message) for path in sorted(SCRIPTS.glob("*.js"))
             for _, message, _, context in extract_from_file("javascript", str(path), options=SCRIPT_OPTIONS)}
    return tuple(sorted(found, key=str))


@lru_cache(maxsize=None)
def script_words(lang: str) -> dict:
    """The scripts' strings in `lang`: {"language", "words": {key: text or {category: form}}}.

    A key is the message (its singular for a counted one), prefixed `context\\x04` when it has a context;
    a counted message has its forms by plural category ("one", "other", ...; see `_examples`).
    """
    say, words = language.speaker(lang), {}
    for context, message in _script_messages():
        if isinstance(message, tuple):
            words[message[0]] = {category: say.catalogue.ngettext(*message, n)
                                 for category, n in _examples(say.language).items()}
        elif context:
            words[f"{context}\x04{message}"] = say.pgettext(context, message)
        else:
            words[message] = say.catalogue.gettext(message)
    return {"language": lang, "words": words}
