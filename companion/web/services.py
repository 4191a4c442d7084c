"""What a request reaches through the app: the rooms' service (its store and live hub), and the address phones open.

The address is the configured public URL, else the address the server listens on; never the request's Host header:
a join link or QR code shown to the table must not carry whatever name a client sent.
"""
from __future__ import annotations

from flask import current_app, request

from companion.rooms import Service, shown
from companion.web.live import Hub


def init_app(app) -> None:
    """Give the app its live hub and the rooms' service over its store (companion/store.init_app opened it)."""
    hub = app.extensions["rollsheet.hub"] = Hub(shown)
    app.extensions["rollsheet.rooms"] = Service(app.extensions["rollsheet.store"], hub)


def rooms_service() -> Service:
    """The rooms' service of the app answering this request (or of the app context)."""
    return current_app.extensions["rollsheet.rooms"]


def public_url(path: str) -> str:
    """The full URL of `path` as a phone at the table opens it."""
    base = current_app.config.get("PUBLIC_URL")
    if not base:
        host, port = request.environ["SERVER_NAME"], request.environ["SERVER_PORT"]
        base = f"{request.scheme}://{host}" + ("" if port in ("80", "443") else f":{port}")
    return base.rstrip("/") + path
