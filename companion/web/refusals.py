"""A refusal as an HTTP answer, made here only: its status, its JSON body, its Retry-After.

The rules, the rooms and the store raise a domain refusal (companion/rules/errors.py: a sentence meant for a person
and a status); every edge that answers one in JSON (the API's blueprints, the loop's own routes in bridge.py and
stream.py) asks `answer_of`. The sentences for HTTP errors that werkzeug or tornado word themselves are here too.
"""
from __future__ import annotations

from companion.rules.errors import Refused
from companion.rules.language import N_

HTTP_SENTENCES = {400: N_("The request is not well formed: check the address and its query."),
                  404: N_("The companion has no such address."),
                  405: N_("This address does not take %(method)s requests."),
                  413: N_("The body is too large."),
                  500: N_("The companion could not answer this request; try again.")}
"""What the companion says for the HTTP errors werkzeug or tornado word themselves (companion/web/app.py's error
handler, bridge.LoopHandler.write_error)."""


def retry_header(error: Refused) -> dict[str, str]:
    """The Retry-After header of a refusal that says when to try again (429, 503); {} for the others."""
    return {"Retry-After": str(error.retry_after)} if hasattr(error, "retry_after") else {}


def refusal_body(error: Refused) -> dict:
    """A refusal's JSON answer: {"error": sentence}, with "field" for a body's key, "scores" for a closed room."""
    answer = {"error": error.message}
    if error.field:
        answer["field"] = error.field
    scores = getattr(error, "scores", None)
    return answer if scores is None else dict(answer, scores=scores)


def answer_of(error: Refused) -> tuple[dict, int, dict[str, str]]:
    """(JSON body, status, headers) of a refusal."""
    return refusal_body(error), error.status, retry_header(error)


def json_refusal(error: Refused):
    """A Flask blueprint's answer to a refusal: its JSON with its status and Retry-After."""
    from flask import jsonify

    body, status, headers = answer_of(error)
    return jsonify(body), status, headers
