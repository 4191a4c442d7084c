"""End-of-game scoring: the phone form per game and `POST /api/score/<game>` (RULES.md scoring contract).

`?format=csv` or `?format=json` answers the result as a download; a payload with `"room": "<code>"`
also adds the result to that room's history.
"""
from __future__ import annotations

import json

from flask import Blueprint, Response, abort, jsonify, render_template, request

import layouts
from companion import rooms, scoring
from companion.errors import Refused
from companion.scoring import forms

bp = Blueprint("scoring", __name__)

MAX_BODY = 64 * 1024
"""Largest payload accepted, bytes; five players' numbers fit in a few hundred."""


@bp.get("/score/<game_id>")
def form(game_id: str):
    """The game's score form, shaped like its paper sheet."""
    if game_id not in scoring.RULES:
        abort(404)
    game = layouts.load(game_id)
    return render_template("score.html", game=game, sections=forms.form(game),
                           labels=forms.breakdown_labels(game), room=request.args.get("room", ""))


@bp.post("/api/score/<game_id>")
def score(game_id: str):
    """Score the posted players: the contract's result, or 400 with the first bad field."""
    if game_id not in scoring.RULES:
        return _error(f"unknown game {game_id!r}; choose from {', '.join(scoring.RULES)}", "game", 404)
    kind = request.args.get("format", "")
    if kind not in ("", "json", "csv"):
        return _error("format is csv or json", "format")
    body = request.stream.read(MAX_BODY + 1)
    if len(body) > MAX_BODY:
        return _error(f"the body is larger than {MAX_BODY // 1024} KB", "body")
    try:
        payload = json.loads(body or b"null")
    except (ValueError, RecursionError):
        return _error("the body is not valid JSON", "body")
    try:
        result = scoring.score(game_id, payload)
        if payload.get("room") is not None:
            record_in_room(payload["room"], game_id, result)
    except scoring.ScoreError as error:
        return _error(error.message, error.field)
    if kind == "csv":
        return _answer(scoring.to_csv(result), "text/csv", f"{game_id}-score.csv")
    return _answer(json.dumps(result, ensure_ascii=False, indent=2), "application/json",
                   f"{game_id}-score.json" if kind else None)


def record_in_room(code: object, game_id: str, result: dict) -> None:
    """Add a result to the history of room `code`, which must be playing `game_id`."""
    if not isinstance(code, str):
        raise scoring.ScoreError("room must be a room code, e.g. \"K7QX2M\"", "room")
    try:
        if rooms.game_of(code).id != game_id:
            raise scoring.ScoreError(f"room {code} plays another game", "room")
        ranking = [[p["rank"], p["name"], p["total"]] for p in result["players"]]
        rooms.add_history(code, "score", {"ranking": ranking, "tiebreak": result.get("tiebreak")})
    except Refused as error:
        raise scoring.ScoreError(error.message, "room") from None


def _error(message: str, field: str, status: int = 400):
    return jsonify({"error": message, "field": field}), status


def _answer(body: str, mimetype: str, filename: str | None) -> Response:
    """The result in the paper's order (jsonify would sort keys); a download when `filename` is given."""
    headers = {"Content-Disposition": f'attachment; filename="{filename}"'} if filename else {}
    return Response(body, mimetype=mimetype, headers=headers)
