"""A tap sent twice applies once: each change a request made, kept under the request's id with its seat and answer.

A phone names every tap with a `request` id (any text of 1 to 64 characters it makes up per tap; the page's are 96
random bits). The same id sent again (a double tap, a retry after a lost answer) by the same seat with the same body
changes nothing and answers the room's state now, its change in it; with another body, or by another seat, it is refused
(409): an id names one tap. The seat's token is checked first (403 without it), so a move's id proves nothing by
itself; a seat taken has no token yet, so its id sent again with the same name answers the seat's token (an id
only the phone knows, as unguessable as the token). A refused request changes nothing, so it is not kept: sending
it again tries again.

Glossary:
- answer: kept only where the room's state does not say it: for a seat taken, {"created", "seat", "token"} with the
  token sealed (`sealed`: the database never holds a token as sent); "" for a change (the room's state now answers
  it, so a room played for hours keeps no state per tap); a state as stored for an id kept before schema 7.
- digest: SHA-256 of what the tap asked, its route and its body but for `request`, `token` (who sent it is the
  kept seat) and `seen` (when the phone drew the table, not what it asks).
- kept: a room keeps its ids as long as it is open; an opening's id (no room yet) names the room it opened.
"""
from __future__ import annotations

import hashlib

import orjson

from companion.rules.errors import impossible
from companion.rules.language import gettext

LONGEST = 64


def request_id(body: dict | None) -> str | None:
    """The body's `request` id (1 to LONGEST characters, companion/contract/bodies.py), or None."""
    return (body or {}).get("request")


def digest(route: str, body: dict) -> str:
    """What a tap asked, as a digest of its route and its body without `request`, `token` and `seen`."""
    asked = {key: value for key, value in body.items() if key not in ("request", "token", "seen")}
    return hashlib.sha256(orjson.dumps([route, asked], option=orjson.OPT_SORT_KEYS)).hexdigest()


def same_tap(kept_seat, kept_digest: str | None, seat, asked: str) -> None:
    """Refuse (409) a request id sent again by another seat than `kept_seat`, or asking another thing than
    `kept_digest` (None: kept before schema 7, when ids were bound to nothing)."""
    if kept_digest is not None and (kept_seat != seat or kept_digest != asked):
        raise impossible(gettext("This request id was used for another tap: send each tap with an id of its own."))


def replayed(kept: tuple, seat, asked: str) -> dict:
    """The kept answer of a request sent again by `seat` asking `asked` (its digest; {} when the room's state now
    answers it); 409 when the id named another tap (another seat's, or another move)."""
    kept_seat, kept_digest, answer = kept
    same_tap(kept_seat, kept_digest, seat, asked)
    return orjson.loads(answer) if answer else {}


def first_answer(db, code: str, body: dict | None, route: str, sender) -> dict | None:
    """The kept answer ({}: the room's state now) when the body's request id made a change before, else None:
    `sender()` names the seat sending it now (403 when its token fails), and the id must have been that seat's,
    asking the same (409 otherwise)."""
    request = request_id(body)
    kept = request and db.answer_of(code, request)
    return replayed(kept, sender(), digest(route, body)) if kept else None


def keep(db, code: str, body: dict | None, route: str, version: int, seat, answer: dict | None = None) -> None:
    """Keep that the body's request id (if it has one), sent by `seat`, made the room's `version`, with the `answer`
    the room's state will not say (None: it says it all)."""
    request = request_id(body)
    if request:
        db.keep_answer(code, request, version, seat, digest(route, body),
                       orjson.dumps(answer).decode() if answer is not None else "")


def opened(db, body: dict | None) -> str | None:
    """The code of the room the opening's request id opened before (409 when it asked for another), or None."""
    request = request_id(body)
    kept = request and db.opened_by(request)
    if not kept:
        return None
    same_tap(None, kept[1], None, digest("rooms", body))
    return kept[0]


def keep_opening(db, body: dict | None, code: str) -> None:
    """Keep that the opening's request id (if it has one) opened room `code`."""
    request = request_id(body)
    if request:
        db.keep_opening(request, code, digest("rooms", body))


def _pad(code: str, body: dict) -> bytes:
    return hashlib.sha256(f"{code}\0{request_id(body)}".encode()).digest()


def sealed(taken: dict, code: str, body: dict) -> dict:
    """A seat taken ({"created", "seat", "token"}) as kept: its token (at most 32 bytes) sealed with the room and the
    request id, in hex, so the database holds no token as sent."""
    token = taken["token"].encode().ljust(32, b"\0")
    return dict(taken, token=bytes(a ^ b for a, b in zip(token, _pad(code, body), strict=True)).hex())


def unsealed(kept: dict, code: str, body: dict) -> dict:
    """The seat taken that `sealed` kept, its token as sent."""
    token = bytes(a ^ b for a, b in zip(bytes.fromhex(kept["token"]), _pad(code, body), strict=True))
    return dict(kept, token=token.rstrip(b"\0").decode())
