"""End-of-game scoring: the phone form of any game with a `scoring:` section and `POST /api/score/<game>`.

A 400 names the first bad field (`error`, `field`) and lists every one found (`errors`: [{"error", "field"}]).
`?format=csv` or `?format=json` answers the result as a download; `?running=1` adds `running` to a 400
(each posted player's total where their own numbers are fine, else null); a payload with
`"room": "<code>"` also saves the result as that room's final score (RULES.md scoring contract): it
needs a player seated there (`"player"` and `"token"`, as every move), and replaces a score saved before.
`?room=` on the form and `"room"` in a payload both count toward the code-guessing limit (limits.py).
"""
from __future__ import annotations

import json

from flask import Blueprint, Response, jsonify, render_template, request, url_for

import layouts
from companion import rooms, scoring
from companion.contract import answers, documented
from companion.contract.refusals import parsed, whole_numbers
from companion.contract.scores import ScorePost, score_bodies
from companion.groups import plays
from companion.rules import codes
from companion.rules.errors import Refused
from companion.rules.language import gettext
from companion.scoring import forms, from_room
from companion.store import Unavailable
from companion.web import checks, limits
from companion.web.services import public_url, rooms_service
from layouts.glyphs import is_shape

bp = Blueprint("scoring", __name__)

"""Largest payload accepted, bytes; five players' numbers fit in a few hundred."""


@bp.get("/score/<game_id>")
def form(game_id: str):
    """The game's score form; `?prefill=<JSON list of players>` starts it with those players."""
    try:
        game = scoring.scorable(game_id)
    except scoring.NotScorable as error:
        return render_template("error.html", title=gettext("No score form for this game"),
                               message=str(error)), 404
    room = codes.normal_code(request.args.get("room", ""))
    if room:
        limits.named_room()
    try:
        prefill = checks.loaded(request.args["prefill"]) if "prefill" in request.args else room_players(game, room)
    except checks.BadJSON as error:
        prefill, problem = None, str(error)
    else:
        problem = ""
    if not isinstance(prefill, list):
        example = gettext('prefill must be a JSON list of players, e.g. [{"name": "Ana"}]')
        return render_template("error.html", title=gettext("Cannot start the score form"),
                               message=f"{problem} {example}" if problem else example), 400
    return score_page(game, room, prefill)


def room_players(game: layouts.Game, code: str) -> list:
    """The seated players of room `code` with what the room knows of their scores ([] without a room)."""
    if not code:
        return []
    try:
        state = rooms.state(rooms_service(), code)
    except Refused as error:
        if error.status == 404:
            limits.unknown_room()
        return []
    return from_room.prefill(game, state) if state["game"] == game.id else []


def score_page(game: layouts.Game, room: str = "", prefill: list | None = None) -> str:
    """The score form page, started with the `prefill` players (as the POST payload has them) when given."""
    players = [player for player in prefill or [] if isinstance(player, dict)][:game.players.max]
    labels = {key: {**shown, "glyph_svg": url_for("glyphs.glyph", name=shown["glyph"]) if is_shape(shown["glyph"])
                    else None} for key, shown in forms.breakdown_labels(game).items()}
    return render_template("score.html", game=game, sections=forms.form(game), labels=labels,
                           room=room, prefill=players)


@bp.post("/api/score/<game_id>")
@documented(ScorePost, {200: {"application/json": answers.ScoreResult, "text/csv": None}, 400: answers.ScoreProblem},
            refusals=(404,), paths=score_bodies, query={
                "format": ({"enum": ["", "json", "csv"]}, "csv or json: the result as a file download"),
                "running": ({"type": "string"}, "any value: a 400 also carries `running`, each player's total "
                                                "where their own numbers are fine")})
def score(game_id: str):
    """Score the posted players: the contract's result, or 400 naming every bad field."""
    try:
        game = scoring.scorable(game_id)
    except scoring.NotScorable as error:
        return _error(str(error), "game", 404)
    kind = request.args.get("format", "")
    if kind not in ("", "json", "csv"):
        return _error(gettext("format is csv or json"), "format")
    # the body as the checks read it, 3.0 the integer 3 as the document's schema says; none: not an object, as null
    payload = whole_numbers(checks.sent()) if request.content_length else None
    try:
        if isinstance(payload, dict):
            payload = dict(payload, **parsed(ScorePost, payload).model_dump(exclude_unset=True))
        result, tie = scoring.scored(game, payload)
        if payload.get("room") is not None:
            played = save_in_room(payload, game_id, result, tie)
            result = dict(result, play=played) if played else result
    except scoring.ScoreError as error:
        answer = {"error": error.message, "field": error.field,
                  "errors": scoring.problem_entries(error.problems)}
        if request.args.get("running"):
            answer["running"] = scoring.running_totals(game, payload)
        return jsonify(answer), 400
    except Unavailable:  # the store cannot save now: the app's 503 with Retry-After, not the seat's refusal
        raise
    except Refused as error:  # the saver's seat: who they are (400), a token of another seat (403)
        return _error(error.message, error.field or ("token" if error.status == 403 else "player"), error.status)
    if kind == "csv":
        return _answer(scoring.to_csv(result, game), "text/csv", f"{game_id}-score.csv")
    return _answer(json.dumps(result, ensure_ascii=False, indent=2), "application/json",
                   f"{game_id}-score.json" if kind else None)


def save_in_room(payload: dict, game_id: str, result: dict, tie: dict | None) -> dict | None:
    """Save a result as the final score of the payload's room, which must be playing `game_id`, for a player
    seated there (Refused otherwise); the tie is kept as data, so each phone reads it in its own language. A room
    of a group records the play there too: {"id", "group", "url", "bgstats_url"} of it (None for another room)."""
    code = payload["room"]
    limits.named_room()
    try:
        if rooms.game_of(rooms_service(), code).id != game_id:
            raise scoring.ScoreError(gettext("room %(code)s plays another game", code=code), "room")
    except Unavailable:  # not the payload's fault: the app's 503
        raise
    except Refused as error:
        if error.status == 404:
            limits.unknown_room()
        raise scoring.ScoreError(error.message, "room") from None
    if "player" not in payload:
        raise Refused(gettext("Only a player seated in room %(code)s can save its score: take a seat there on this "
                              "phone first.", code=codes.normal_code(code)), 403)
    ranking, recorded = [[p["rank"], p["name"], p["total"]] for p in result["players"]], []
    rooms.save_score(rooms_service(), code, payload, {"ranking": ranking, "tiebreak": tie},
                     then=lambda db, state: recorded.append(plays.from_room(db, codes.normal_code(code), state, result,
                                                                            tie)))
    played = recorded[0]
    return played and dict(played, url=public_url(url_for("groups.page", code=played["group"])))


def _error(message: str, field: str, status: int = 400):
    return jsonify({"error": message, "field": field}), status


def _answer(body: str, mimetype: str, filename: str | None) -> Response:
    """The result in the paper's order (jsonify would sort keys); a download when `filename` is given."""
    headers = {"Content-Disposition": f'attachment; filename="{filename}"'} if filename else {}
    return Response(body, mimetype=mimetype, headers=headers)
