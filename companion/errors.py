"""The companion's one kind of error: a refusal with a message meant for a person.

Views turn it into a JSON answer with its HTTP status; rules and storage raise it.
"""
from __future__ import annotations


class Refused(Exception):
    """A request the companion cannot honour; `status` is the HTTP answer (400, 403, 404 or 409)."""

    status = 400

    def __init__(self, message: str, status: int | None = None):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status


def malformed(message: str) -> Refused:
    """A request that is not well formed (400)."""
    return Refused(message, 400)


def impossible(message: str) -> Refused:
    """A well formed request the game's state does not allow (409)."""
    return Refused(message, 409)


def missing(message: str) -> Refused:
    """An unknown game, room, list or item (404)."""
    return Refused(message, 404)


def forbidden(message: str) -> Refused:
    """A request made for a seat the caller does not hold (403)."""
    return Refused(message, 403)
