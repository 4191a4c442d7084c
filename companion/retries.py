"""A tap sent twice applies once: each change a request made, kept under the request's id with its answer.

A phone names every tap with a `request` id (any text of 1 to 64 characters it makes up per tap). The
same id sent again (a double tap, a retry after a lost answer) answers what the first request answered
and changes nothing. A refused request changes nothing, so it is not kept: sending it again tries again.

Glossary:
- answer: the room state the change answered, as stored (its log as kind + params; rooms.py).
- kept: a room keeps the ids of its newest KEPT versions; a retry comes within seconds.
"""
from __future__ import annotations

import orjson

LONGEST = 64
KEPT = 16


def request_id(body: dict | None) -> str | None:
    """The body's `request` id (1 to LONGEST characters, companion/contract/bodies.py), or None."""
    return (body or {}).get("request")


def answered(db, code: str, request: str) -> dict | None:
    """What the room answered request `request`, or None when it has not made it."""
    answer = db.answer_of(code, request)
    return orjson.loads(answer) if answer else None


def keep(db, code: str, request: str, version: int, answer: dict) -> None:
    """Keep the answer of request `request`, which made the room's `version`; forget ids of older versions."""
    db.keep_answer(code, request, version, orjson.dumps(answer).decode())
    db.forget_answers(code, version - KEPT)
