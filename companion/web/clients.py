"""Who a request comes from, as the limits count it, and how many connections each client holds.

Glossary:
- address: the IP address a request comes from: the peer's, or with `serve --proxy`, the one the
  proxy appended to X-Forwarded-For (the right-most entry; with `--proxy-hops N`, the N-th from the
  right, the one the outermost of N proxies appended). What a client writes itself (the entries to the
  left, X-Real-IP) is never believed; an entry that is no IP address is UNKNOWN.
- client: what the limits count: an IPv4 address, or the /64 network of an IPv6 address (a home or
  phone network gets a whole /64, so its addresses are one client); None for this machine itself
  (loopback), which is never limited.
- crowd: the connections each client holds now, by kind: "busy" (a request in progress: its body
  coming in, its answer being made, an event stream or long poll held), "streams" (event streams
  and long polls alone) and "app" (requests at the app's threads, waiting for one or running: the
  serve's threads x WAITING_PER_THREAD, bridge.py); a client at its cap is refused with 429, so it
  never takes the connections, nor the app's queue, that every table shares.
"""
from __future__ import annotations

import ipaddress
from collections import Counter
from functools import lru_cache

from companion.rules.language import N_

UNKNOWN = "unknown"
CAPS = {"busy": 128, "streams": 64}
"""Connections one client holds at once, by kind; past it the next is refused (429)."""
WAITING_PER_THREAD = 4
"""Requests one client may have at the app's threads at once, per thread (cli.QUEUE_PER_THREAD: the queue)."""
RETRY_AFTER_S = 5
TOO_MANY = N_("Too many requests at once from your device (%(most)s); close some of the companion's pages and try "
              "again.")
"""The 429 of a client at its cap of requests in progress or at the app's threads."""


def forwarded(peer: str, header: str | None, hops: int) -> str:
    """The address a request comes from: `peer`, or the entry `hops` proxies from the right of X-Forwarded-For."""
    if not hops or not header:
        return peer
    entries = header.split(",")
    return _address(entries[-min(hops, len(entries))].strip())


@lru_cache(maxsize=4096)
def _address(entry: str) -> str:
    try:
        return str(ipaddress.ip_address(entry))
    except ValueError:
        return UNKNOWN


@lru_cache(maxsize=4096)
def client_of(address: str) -> str | None:
    """The client the limits count for `address`: the IPv4 address, an IPv6 /64, or None for loopback."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return None
    if ip.version == 4:
        return str(ip)
    return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))


class Crowd:
    """The connections each client holds now, by kind (CAPS); used on the event loop's thread only."""

    def __init__(self, caps: dict[str, int] | None = None):
        self.caps = dict(CAPS, **(caps or {}))
        self.held: Counter = Counter()

    def enter(self, kind: str, client: str | None) -> bool:
        """Count one more connection of `kind` for `client`; False (nothing counted) when it is at its cap."""
        if client is None:
            return True
        if self.held[kind, client] >= self.caps[kind]:
            return False
        self.held[kind, client] += 1
        return True

    def leave(self, kind: str, client: str | None) -> None:
        """One connection of `kind` of `client` has ended."""
        if client is None:
            return
        self.held[kind, client] -= 1
        if self.held[kind, client] <= 0:
            del self.held[kind, client]
