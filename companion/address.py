"""The address phones open: the configured public URL, else the address the server listens on.

Never the request's Host header: a join link or QR code shown to the table must not carry
whatever name a client sent.
"""
from __future__ import annotations

from flask import current_app, request


def public_url(path: str) -> str:
    """The full URL of `path` as a phone at the table opens it."""
    base = current_app.config.get("PUBLIC_URL")
    if not base:
        host, port = request.environ["SERVER_NAME"], request.environ["SERVER_PORT"]
        base = f"{request.scheme}://{host}" + ("" if port in ("80", "443") else f":{port}")
    return base.rstrip("/") + path
