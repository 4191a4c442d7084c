"""End-of-game scoring: the phone form of any game with a `scoring:` section and `POST /api/score/<game>`.

`?format=csv` or `?format=json` answers the result as a download; `?running=1` adds `running` to a 400
(each posted player's total where their own numbers are fine, else null); a payload with
`"room": "<code>"` also adds the result to that room's history (RULES.md scoring contract).
"""
from __future__ import annotations

import json

from flask import Blueprint, Response, jsonify, render_template, request

import layouts
from companion import rooms, scoring
from companion.errors import Refused
from companion.store import Unavailable
from companion.language import gettext
from companion.scoring import forms, from_room

bp = Blueprint("scoring", __name__)

MAX_BODY = 64 * 1024
"""Largest payload accepted, bytes; five players' numbers fit in a few hundred."""


@bp.get("/score/<game_id>")
def form(game_id: str):
    """The game's score form; `?prefill=<JSON list of players>` starts it with those players."""
    try:
        game = scoring.scorable(game_id)
    except scoring.NotScorable as error:
        return render_template("error.html", title=gettext("No score form for this game"),
                               message=str(error)), 404
    room = rooms.normal_code(request.args.get("room", ""))
    try:
        prefill = json.loads(request.args["prefill"]) if "prefill" in request.args else room_players(game, room)
    except ValueError:
        prefill = None
    if not isinstance(prefill, list):
        return render_template("error.html", title=gettext("Cannot start the score form"),
                               message=gettext('prefill must be a JSON list of players, e.g. [{"name": "Ana"}]')), 400
    return score_page(game, room, prefill)


def room_players(game: layouts.Game, code: str) -> list:
    """The seated players of room `code` with what the room knows of their scores ([] without a room)."""
    if not code:
        return []
    try:
        state = rooms.state(code)
    except Refused:
        return []
    return from_room.prefill(game, state) if state["game"] == game.id else []


def score_page(game: layouts.Game, room: str = "", prefill: list | None = None) -> str:
    """The score form page, started with the `prefill` players (as the POST payload has them) when given."""
    players = [player for player in prefill or [] if isinstance(player, dict)][:game.players.max]
    return render_template("score.html", game=game, sections=forms.form(game), labels=forms.breakdown_labels(game),
                           room=room, prefill=players)


@bp.post("/api/score/<game_id>")
def score(game_id: str):
    """Score the posted players: the contract's result, or 400 with the first bad field."""
    try:
        game = scoring.scorable(game_id)
    except scoring.NotScorable as error:
        return _error(str(error), "game", 404)
    kind = request.args.get("format", "")
    if kind not in ("", "json", "csv"):
        return _error(gettext("format is csv or json"), "format")
    body = request.stream.read(MAX_BODY + 1)
    if len(body) > MAX_BODY:
        return _error(gettext("the body is larger than %(kb)s KB", kb=MAX_BODY // 1024), "body")
    try:
        payload = json.loads(body or b"null")
    except (ValueError, RecursionError):
        return _error(gettext("the body is not valid JSON"), "body")
    try:
        result, tie = scoring.scored(game, payload)
        if payload.get("room") is not None:
            record_in_room(payload["room"], game_id, result, tie)
    except scoring.ScoreError as error:
        answer = {"error": error.message, "field": error.field}
        if request.args.get("running"):
            answer["running"] = scoring.running_totals(game, payload)
        return jsonify(answer), 400
    if kind == "csv":
        return _answer(scoring.to_csv(result, game), "text/csv", f"{game_id}-score.csv")
    return _answer(json.dumps(result, ensure_ascii=False, indent=2), "application/json",
                   f"{game_id}-score.json" if kind else None)


def record_in_room(code: object, game_id: str, result: dict, tie: dict | None) -> None:
    """Add a result to the history of room `code`, which must be playing `game_id`; the tie is kept as
    data, so each phone reads its sentence in its own language."""
    if not isinstance(code, str):
        raise scoring.ScoreError(gettext('room must be a room code, e.g. "K7QX2M"'), "room")
    try:
        if rooms.game_of(code).id != game_id:
            raise scoring.ScoreError(gettext("room %(code)s plays another game", code=code), "room")
        ranking = [[p["rank"], p["name"], p["total"]] for p in result["players"]]
        rooms.add_history(code, "score", {"ranking": ranking, "tiebreak": tie})
    except Unavailable:  # not the payload's fault: the app's 503
        raise
    except Refused as error:
        raise scoring.ScoreError(error.message, "room") from None


def _error(message: str, field: str, status: int = 400):
    return jsonify({"error": message, "field": field}), status


def _answer(body: str, mimetype: str, filename: str | None) -> Response:
    """The result in the paper's order (jsonify would sort keys); a download when `filename` is given."""
    headers = {"Content-Disposition": f'attachment; filename="{filename}"'} if filename else {}
    return Response(body, mimetype=mimetype, headers=headers)
