"""The JSON API the room pages use: open a room, read it, act in it.

The live routes (the event stream and the long poll `?since=`) are served by the event
loop in stream.py; here `GET /api/rooms/<code>` answers the state at once.
"""
from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, url_for

import layouts
from companion import rooms
from companion.contract import answers, bodies, documented
from companion.contract.moves import move_bodies
from companion.contract.refusals import parsed
from companion.rules.errors import Refused
from companion.rules.language import current
from companion.web import checks, limits
from companion.web.live import encoded
from companion.web.openapi import served
from companion.web.refusals import json_refusal
from companion.web.services import public_url, rooms_service
from companion.web.views import groups_api
from layouts import fill_values
from layouts.glyphs import is_shape
from layouts.lists import lists_in_play

bp = Blueprint("api", __name__, url_prefix="/api")
STATE = {200: answers.room_state, 410: answers.Closed}
"""What a route answering the room's state answers (and a closed room's 410)."""


def body(model: type[bodies.Body], **context) -> dict:
    """The request's JSON body read by its request model (an empty body is {}; checks.py vetted the JSON)."""
    return parsed(model, checks.sent(), **context).model_dump()


def game_data(game: layouts.Game) -> dict:
    """What a phone needs to draw a game (in the layout's language): colours with glyphs (`glyph_svg`: a shape's
    image, None for a letter), dice, shapes, pieces, values, and `list_items`: every shared list's items by id
    (labels, colours, shapes, values)."""
    data = game.model_dump(mode="json", exclude={"printables"})
    for part in ("table", "lists"):  # the phone shows these texts as they are: their house values filled in
        data[part] = _filled(data[part], game.values, current())
    for colour in data["colours"].values():
        colour["glyph_svg"] = url_for("glyphs.glyph", name=colour["glyph"]) if is_shape(colour["glyph"]) else None
    data["list_items"] = {}
    for players in range(game.players.min, game.players.max + 1):
        for name, items in lists_in_play(game, players).items():
            data["list_items"].setdefault(name, {}).update({item.id: item.model_dump(mode="json") for item in items})
    return data


def _filled(node, values: dict, lang: str):
    """Layout data with every text's {house values} and plural blocks filled in (a text naming no value kept)."""
    if isinstance(node, dict):
        return {key: _filled(item, values, lang) for key, item in node.items()}
    if isinstance(node, list):
        return [_filled(item, values, lang) for item in node]
    if isinstance(node, str) and "{" in node:
        try:
            return fill_values(node, values, lang)
        except (KeyError, ValueError, IndexError):
            return node
    return node


bp.register_error_handler(Refused, json_refusal)


@bp.get("/openapi.json")
@documented(answers={200: dict})
def openapi():
    """This document: the companion's JSON API as OpenAPI 3.1, generated from its request and answer models."""
    return current_app.response_class(served(current_app), mimetype="application/json")


@bp.get("/games/<game_id>")
@documented(answers={200: answers.game_data}, refusals=(404,))
def game(game_id):
    """A game's data as the room page draws it."""
    return jsonify(game_data(rooms.known_game(game_id)))


@bp.post("/rooms")
@documented(bodies.OpenRoom, {201: answers.RoomOpened}, refusals=(404, 409))
def open_room():
    """Open a room: {"game": id, "players": n (optional), "group": code (optional: a room of that group), "request":
    the tap's id (optional: sent again, it answers the same room)} -> 201 {"code", "url"}."""
    data = body(bodies.OpenRoom)
    code = rooms.create(rooms_service(), data["game"], data["players"], body=data) if data["group"] is None else \
        groups_api.room_of_group(data)
    return jsonify(code=code, url=public_url(url_for("pages.room", code=code))), 201


def shown(state: dict) -> Response:
    """A room's state as JSON, its log written out in the request's language (the same text its phones get)."""
    return Response(encoded(state, current(), rooms.shown), mimetype="application/json")


@bp.get("/rooms/<code>")
@documented(answers=STATE, refusals=(404,), query={
    "since": ({"type": "string"}, "long poll: answer once the room's version passes this one (a whole number; "
                                  "anything else counts as none)"),
    "wait": ({"type": "string"}, "long poll: answer after this many seconds at most (0-25; default 20)")})
def room(code):
    """The room's state now, each seat with `away_s`."""
    return shown(rooms.state_here(rooms_service(), code))


@bp.get("/rooms/<code>/proof")
@documented(answers={200: answers.Proof, 410: answers.Closed}, refusals=(404, 409))
def proof(code):
    """The proof of the room's dice once its game is over (409 before: the seed stays secret), as `rollsheet verify`
    checks it."""
    return jsonify(rooms.proof(rooms_service(), code))


@bp.post("/rooms/<code>/seats")
@documented(bodies.TakeSeat, {200: answers.SeatToken, 201: answers.SeatToken, 410: answers.Closed},
            refusals=(404, 409))
def take_seat(code):
    """Take a seat: {"name", "request" (optional: sent again, it answers the same seat and token)} -> 201 {"seat",
    "token"}; a name seated already answers 200 only with its token."""
    created, seat = rooms.take_seat(rooms_service(), code, body(bodies.TakeSeat))
    return jsonify(seat), 201 if created else 200


@bp.post("/rooms/<code>/seats/<int:seat>/takeover")
@documented(bodies.TakeOver, {**STATE, 202: answers.Asked}, refusals=(404, 409))
def take_over(code, seat):
    """A new phone asks for `seat` (202 {"seat", "ask", "token"}; it counts toward the client's new-rooms limit); a
    seated phone {"player", "token", "ask"} lets it in ("let": true, the default) or turns it away ("let": false); the
    displaced phone {"token", "back": true} takes it back: the new state."""
    data = body(bodies.TakeOver)
    if data["ask"] is None and not data["back"]:
        limits.opening()
    status, answer = rooms.take_over(rooms_service(), code, seat, data)
    return (shown(answer) if status == 200 else jsonify(answer)), status


@bp.post("/rooms/<code>/seats/order")
@documented(bodies.Reorder, STATE, refusals=(404, 409))
def reorder(code):
    """Change the turn order before the first move: {"player", "token", "order": [seat ids]}."""
    return shown(rooms.reorder(rooms_service(), code, body(bodies.Reorder, code=code, service=rooms_service())))


@bp.post("/rooms/<code>/undo")
@documented(bodies.Moving, STATE, refusals=(404, 409))
def undo(code):
    """Undo the room's last move, when it was the caller's and nothing happened since: {"player", "token", "seen"}."""
    return shown(rooms.undo(rooms_service(), code, body(bodies.Moving)))


@bp.post("/rooms/<code>/lists/<list_id>/<item_id>")
@documented(bodies.CrossItem, STATE, refusals=(404, 409))
def cross(code, list_id, item_id):
    """Cross {"crossed": true}, uncross {"crossed": false} or use again {"again": true} a list item."""
    return shown(rooms.cross(rooms_service(), code, list_id, item_id, body(bodies.CrossItem)))


@bp.post("/rooms/<code>/<action>")
@documented(answers=STATE, refusals=(404, 409), paths=move_bodies)
def act(code, action):
    """One of the game's moves (roll, hold, pick, move...) by {"player", "token", "seen"}; the new state."""
    return shown(rooms.act(rooms_service(), code, action, body(bodies.MoveRequest)))
