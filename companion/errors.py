"""The companion's one kind of error: a refusal with a message meant for a person.

Views turn it into a JSON answer with its HTTP status; rules and storage raise it.
"""
from __future__ import annotations

from companion.language import N_

HTTP_SENTENCES = {400: N_("The request is not well formed: check the address and its query."),
                  404: N_("The companion has no such address."),
                  405: N_("This address does not take %(method)s requests."),
                  413: N_("The body is too large."),
                  500: N_("The companion could not answer this request; try again.")}
"""What the companion says for the HTTP errors werkzeug or tornado word themselves (create_app's error handler,
bridge.FlaskHandler.write_error)."""


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


def retry_header(error: Refused) -> dict[str, str]:
    """The Retry-After header of a refusal that says when to try again (429, 503); {} for the others."""
    return {"Retry-After": str(error.retry_after)} if hasattr(error, "retry_after") else {}


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
