"""Security headers on every answer, the pages' and the API's alike.

The Content-Security-Policy lets the pages load scripts, styles and images from the
companion alone: no inline script, no inline style (`style="..."` attributes and `<style>`
elements; the pages colour their swatches from script, which the policy allows), no other
site, no framing (`frame-ancestors 'none'`), forms posting only to the companion.
"""
from __future__ import annotations

from email.utils import formatdate

CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                           "frame-ancestors 'none'")

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}


def init_app(app) -> None:
    """Add the security headers to every answer of the app."""

    @app.after_request
    def secure(response):
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response


def http_date(now: float) -> str:
    """The Date header for `now`, made once a second."""
    second = int(now)
    if _date[0] != second:
        _date[:] = [second, formatdate(second, usegmt=True)]
    return _date[1]


_date: list = [None, ""]
