"""Each seat's own score card in a room (companion/rooms/cards.py): `PUT /api/rooms/<code>/cards/<seat>` saves a
seat's card, `POST /api/rooms/<code>/cards/finish` makes the room's result of the cards saved so far. Both answer
the room's state;
a card's problems answer 400 as a score post's do (`error`, `field`, `errors`), each naming the player.

Each seat's sheet (companion/rooms/sheets.py): `GET /api/rooms/<code>/sheets/<seat>` reads it (anyone in the room may
look, read-only), `PATCH` changes its marks (that seat's token only); both answer the sheet.
"""
from __future__ import annotations

from flask import Blueprint, jsonify

from companion import rooms
from companion.contract import answers, bodies, documented
from companion.contract.scores import CardSave, Sheet, SheetChange
from companion.groups import plays
from companion.rooms import sheets
from companion.rules import codes
from companion.rules.errors import Refused
from companion.scoring import ScoreError, problem_entries
from companion.web.refusals import json_refusal
from companion.web.services import rooms_service
from companion.web.views import api

bp = Blueprint("cards", __name__, url_prefix="/api")
bp.register_error_handler(Refused, json_refusal)


@bp.errorhandler(ScoreError)
def unscorable(error: ScoreError):
    """A card the scoring refuses: the first problem and every one found."""
    return jsonify({"error": error.message, "field": error.field, "errors": problem_entries(error.problems)}), 400


def _record(code: str):
    """What keeps a room's result beside it: the play of its group, when it has one."""
    return lambda db, state, result, tie: plays.from_room(db, codes.normal_code(code), state, result, tie)


@bp.put("/rooms/<code>/cards/<int:seat>")
@documented(CardSave, {**api.STATE, 400: answers.CardProblem}, refusals=(404, 409))
def save_card(code, seat):
    """Save a seat's own score card: {"token", "fields"}; the room's result follows once every seat's card is in."""
    return api.shown(rooms.save_card(rooms_service(), code, seat, api.body(CardSave), _record(code)))


@bp.post("/rooms/<code>/cards/finish")
@documented(bodies.Seated, {**api.STATE, 400: answers.CardProblem}, refusals=(404, 409))
def finish_cards(code):
    """Make the room's result of the cards saved so far: {"player", "token"}; the missing players are named."""
    return api.shown(rooms.finish_cards(rooms_service(), code, api.body(bodies.Seated), _record(code)))


@bp.get("/rooms/<code>/sheets/<int:seat>")
@documented(answers={200: Sheet, 410: answers.Closed}, refusals=(404, 409))
def sheet(code, seat):
    """A seat's sheet: {"marks", "card", "total"}."""
    return jsonify(sheets.read(rooms_service(), code, seat))


@bp.patch("/rooms/<code>/sheets/<int:seat>")
@documented(SheetChange, {200: Sheet, 410: answers.Closed}, refusals=(404, 409))
def change(code, seat):
    """Change marks on one's own sheet: {"token", "request", "marks": {place id: value or null}}; the sheet after."""
    return jsonify(sheets.change(rooms_service(), code, seat, api.body(SheetChange), _record(code)))
