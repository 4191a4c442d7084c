"""A refusal or an error as an HTTP answer, made here only: its status, its JSON body or page, its Retry-After.

The rules, the rooms and the store raise a domain refusal (companion/rules/errors.py: a sentence meant for a person
and a status); every edge that answers one in JSON (the API's blueprints, the loop's own routes in bridge.py and
stream.py) asks `answer_of`. The app's answers to HTTP errors, broken games and store faults are here too (JSON for
API callers, a page for the others), and the sentences for the HTTP errors werkzeug or tornado word themselves.
"""
from __future__ import annotations

from companion.rules.errors import Refused
from companion.rules.language import N_, gettext

HTTP_SENTENCES = {400: N_("The request is not well formed: check the address and its query."),
                  404: N_("The companion has no such address."),
                  405: N_("This address does not take %(method)s requests."),
                  413: N_("The body is too large."),
                  500: N_("The companion could not answer this request; try again.")}
"""What the companion says for the HTTP errors werkzeug or tornado word themselves (_http_errors below
and bridge.LoopHandler.write_error)."""


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


def init_app(app) -> None:
    """Answer the app's HTTP errors, broken games and store faults in the phone's language, never with a 500."""
    from werkzeug.exceptions import HTTPException

    from companion.store import Unavailable
    from layouts import LayoutError

    app.register_error_handler(HTTPException, _http_errors)
    app.register_error_handler(LayoutError, _broken_game)
    app.register_error_handler(Unavailable, _store_fault)


def _store_fault(error):
    """The database cannot be used now (a full disk, a damaged file, no server): 503 with its sentence and
    Retry-After, JSON for API callers, a page for the others; never a 500."""
    from flask import jsonify, make_response, render_template, request

    if request.path.startswith("/api/"):
        answer = jsonify(error=error.message)
    else:
        answer = make_response(render_template("error.html", title=gettext("Error %(code)s", code=503),
                                               message=error.message))
    answer.status_code = 503
    answer.headers["Retry-After"] = str(error.retry_after)
    return answer


def broken_game(error) -> str:
    """What a phone is told of a game whose layout file is broken (a LayoutError)."""
    return gettext("This game cannot be played: its layout has a problem: %(problem)s", problem=error.problems[0])


def _broken_game(error):
    """A game whose layout file is broken (a user's game, or one edited while served): a clear 404, never a 500."""
    from flask import jsonify, render_template, request

    message = broken_game(error)
    if request.path.startswith("/api/"):
        return jsonify(error=message), 404
    return render_template("missing.html", title=gettext("Game not available"), message=message, code=""), 404


def _http_errors(error):
    """HTTP errors (unknown address, wrong method, 403, 413, 429) in the phone's language: JSON for API
    callers, a page for the others."""
    from flask import jsonify, make_response, render_template, request

    werkzeugs = error.description == type(error).description and error.code in HTTP_SENTENCES
    message = gettext(HTTP_SENTENCES[error.code], method=request.method) if werkzeugs else error.description
    if request.path.startswith("/api/"):
        answer = jsonify(error=message)
    else:
        answer = make_response(render_template("error.html", title=gettext("Error %(code)s", code=error.code),
                                               message=message))
    answer.status_code = error.code
    answer.headers.extend((name, value) for name, value in error.get_headers() if name != "Content-Type")
    return answer
