"""Checks on every state-changing request, before any view runs.

- Same origin: a request whose browser says it comes from another site (an `Origin`
  header naming another host, or `Sec-Fetch-Site: cross-site`) is refused with 403, so no
  other web page can open rooms, act in them or post scores through a visitor's phone.
- JSON only on the API: a body sent to `/api/...` must be `application/json` (415
  otherwise; a plain form or text/plain post is refused), at most MAX_CONTENT_LENGTH bytes
  (413), valid JSON, at most MAX_DEPTH levels deep, and its text valid Unicode (no lone
  surrogates), else 400 (`loaded` reads any JSON a request carries by the same rules). These answers are
  `{"error": sentence, "field": "body"}`.
"""
from __future__ import annotations

import json
from urllib.parse import urlsplit

from werkzeug.http import parse_options_header

from companion.rules.language import N_, gettext

STATE_CHANGING = ("POST", "PUT", "PATCH", "DELETE")
MAX_DEPTH = 32
MAX_BODY = 64 * 1024
"""Largest request body accepted, bytes (a score sheet of five players takes a few hundred): the app's
MAX_CONTENT_LENGTH, the server's max_body_size, the score form's own check."""
CROSS_SITE = N_("This request came from another web site; open the companion's own page.")


def too_deep(value, limit: int) -> bool:
    """True when `value` nests lists and objects more than `limit` levels deep."""
    layer = [value]
    for _ in range(limit):
        if not layer:
            return False
        layer = [child for item in layer if isinstance(item, (list, dict))
                 for child in (item.values() if isinstance(item, dict) else item)]
    return any(isinstance(item, (list, dict)) for item in layer)


class BadJSON(ValueError):
    """JSON text the companion does not take; its message says why, in the request's language."""


def loaded(raw: bytes | str):
    """The value of JSON text at most MAX_DEPTH levels deep, its text valid Unicode; BadJSON otherwise."""
    try:
        data = json.loads(raw)
    except RecursionError:
        raise BadJSON(gettext("The JSON nests deeper than %(most)s levels.", most=MAX_DEPTH)) from None
    except ValueError:
        raise BadJSON(gettext("The body is not valid JSON.")) from None
    text = raw.decode("latin-1") if isinstance(raw, bytes) else raw  # byte for byte: only ASCII is looked for
    if text.count("[") + text.count("{") > MAX_DEPTH and too_deep(data, MAX_DEPTH):  # fewer brackets: not that deep
        raise BadJSON(gettext("The JSON nests deeper than %(most)s levels.", most=MAX_DEPTH))
    if text.isascii() and "\\u" not in text:
        return data  # no escape, no byte that could make a lone surrogate: a move's body
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BadJSON(gettext("The JSON holds text that is not valid Unicode (a lone surrogate).")) from None
    return data


def body_of(environ: dict, limit: int) -> bytes | None:
    """The request's body (None when longer than `limit`); the view reads its value (`sent`), not the body again."""
    length = environ.get("CONTENT_LENGTH") or "0"
    if not length.isdigit() or int(length) > limit:
        return None
    return environ["wsgi.input"].read(int(length))


def body_read(raw: bytes | None, content_type: str | None, limit: int) -> tuple[tuple[int, dict] | None, object]:
    """An API request's body refused, (status, JSON answer), or None when it is taken; and its value ({} for an empty
    body, None when refused). `raw` None: over `limit`."""
    if raw is None:
        return (413, {"error": gettext("The body is larger than %(kb)s KB.", kb=limit // 1024), "field": "body"}), None
    if (raw or content_type) and content_type != "application/json" \
            and parse_options_header(content_type or "")[0].lower() != "application/json":
        return (415, {"error": gettext("Send the body as JSON, with Content-Type: application/json."),
                      "field": "body"}), None
    try:
        return None, loaded(raw) if raw else {}
    except BadJSON as error:
        return (400, {"error": str(error), "field": "body"}), None


def cross_site(headers, host: str, public_url: str | None) -> bool:
    """True when the browser tells us the request comes from a page of another site (or an Origin that is
    no address at all)."""
    if headers.get("Sec-Fetch-Site") == "cross-site":
        return True
    origin = headers.get("Origin")
    if origin is None:
        return False
    hosts = {host.lower(), urlsplit(public_url).netloc.lower() if public_url else ""}
    try:
        return urlsplit(origin).netloc.lower() not in hosts
    except ValueError:  # "http://[::1": not a URL
        return True


def init_app(app) -> None:
    """Run the checks before every state-changing request of the app."""
    from flask import abort, current_app, g, jsonify, request

    @app.before_request
    def check():
        if request.method not in STATE_CHANGING:
            return None
        if cross_site(request.headers, request.host, current_app.config.get("PUBLIC_URL")):
            abort(403, gettext(CROSS_SITE))
        if not request.path.startswith("/api/"):
            return None
        limit = current_app.config["MAX_CONTENT_LENGTH"]
        refusal, g.sent = body_read(body_of(request.environ, limit), request.content_type, limit)
        return (jsonify(refusal[1]), refusal[0]) if refusal else None


def sent():
    """An API request's JSON value as the checks read it ({} for an empty body): read once, for the view too."""
    from flask import g

    return g.sent
