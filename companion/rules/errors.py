"""The companion's one kind of error: a refusal with a message meant for a person, and its kind as a status.

The rules, the rooms and the store raise it; the edge makes it an HTTP answer (companion/web/refusals.py).
"""
from __future__ import annotations

from typing import Callable

from companion.rules.language import gettext


class Refused(Exception):
    """A request the companion cannot honour; `status` is the HTTP answer (400, 403, 404 or 409)."""

    status = 400
    field: str | None = None
    """The body's key a malformed request got wrong (companion/contract/refusals.py), or None."""

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


class Refusal(Refused):
    """A rule's refusal whose sentence is written when read: weighing a move's options makes many nobody reads."""

    def __init__(self, status: int, write: Callable[[], str]):
        Exception.__init__(self)
        self.status, self._write = status, write

    @property
    def message(self) -> str:
        """The sentence, in the request's language."""
        return self._write()


def no(status: int, message: str, **values) -> Refusal:
    """A refusal (400 or 409) saying `message` (marked N_); a value that is a function is called when it is read."""
    return Refusal(status, lambda: gettext(message, **{key: value() if callable(value) else value
                                                        for key, value in values.items()}))


class Stale(Exception):
    """A move made on a table that changed after the version the phone drew (`seen`)."""

    def __init__(self, seen: int):
        super().__init__(seen)
        self.seen = seen
