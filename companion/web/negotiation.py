"""Which language a phone reads: its cookie, else its Accept-Language header, else English.

The edge asks this for every request (the Flask hook in companion/web/views/language.py, the loop's own answers in
bridge.py, gate.py and stream.py) and sets the rules' reader (companion/rules/language.py) from it.
"""
from __future__ import annotations

from functools import lru_cache

from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.sansio.http import parse_cookie

from companion.rules.language import LANGUAGES, READER, speaker

COOKIE = "rollsheet-lang"


def of_headers(headers) -> str:
    """A phone's language from its request headers (a mapping): the COOKIE when it names one of LANGUAGES,
    else the best match of Accept-Language, else English."""
    return _chosen(headers.get("Cookie", ""), headers.get("Accept-Language", ""))


@lru_cache(maxsize=1024)
def _chosen(cookie: str, accept: str) -> str:
    """The language of a Cookie and an Accept-Language header (a phone sends the same ones every time); bytes
    of a cookie that are not UTF-8 (another program's, on the same host) are read as U+FFFD."""
    chosen = parse_cookie(cookie.encode("latin-1", "replace").decode("utf-8", "replace")).get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return parse_accept_header(accept, LanguageAccept).best_match(LANGUAGES, default="en")


def said_to(headers, message: str, **values) -> str:
    """`message` in the language of the phone that sent `headers`, its placeholders filled from `values`."""
    return speaker(of_headers(headers)).gettext(message, **values)


def init_app(app) -> None:
    """Set the rules' reader to each request's language before the app answers it, and back after."""
    from flask import g, request

    @app.before_request
    def read_in_phones_language() -> None:
        g.reader = READER.set(of_headers(request.headers))

    @app.teardown_request
    def stop_reading(error=None) -> None:
        if "reader" in g:
            READER.reset(g.pop("reader"))
