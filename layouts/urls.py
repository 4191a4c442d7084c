"""The companion's address as a person types it, checked once for both halves: the URL the sheets print
into QR codes (`rollsheet print --companion-url`, ROLLSHEET_URL) and the one `rollsheet serve
--public-url` shows phones. One problem is one line (a newline in the URL is shown escaped)."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

AFTER_BRACKETS = re.compile(r"\[[^\]]*\](:[0-9]*)?")
"""A bracketed host (IPv6) and what may follow it in the netloc: a port alone."""


def url_problem(option: str, url: str) -> str | None:
    """What keeps `url` (given as `option`) from being an address a phone can open, in one line; None when fine."""
    shown = repr(url[:60])
    if any(c.isspace() or not c.isprintable() for c in url):
        return f"{option} must be one address without spaces or line breaks, not {shown}"
    if "\\" in url:  # a browser reads it as "/": http://evil.example\@good.example opens evil.example
        return f"{option} must not hold a backslash (a browser reads it as /), not {shown}"
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:  # "Invalid IPv6 URL", "Port out of range 0-65535"
        return f"{option} is not a usable address ({error}): {shown}"
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return f"{option} must start with http:// or https:// and name a host, not {shown}"
    host = parts.netloc.rpartition("@")[2]
    if host.startswith("[") and not AFTER_BRACKETS.fullmatch(host):
        return f"{option} has something after its bracketed host other than a port: {shown}"
    if port == 0:
        return f"{option} names port 0; a port is 1-65535: {shown}"
    return None
