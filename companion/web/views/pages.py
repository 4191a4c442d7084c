"""The pages phones open: /play/<game> (start or join a room) and /r/<code> (a room)."""
from __future__ import annotations

import secrets

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, abort, redirect, render_template, request, url_for

import layouts
from companion import groups, rooms
from companion.rooms import retries
from companion.rules import codes, language, mechanics
from companion.rules.errors import Refused
from companion.store import Unavailable
from companion.web.services import public_url, rooms_service
from companion.web.views.api import game_data

bp = Blueprint("pages", __name__)


def _game_or_404(game_id: str) -> layouts.Game:
    if game_id not in layouts.game_ids():
        abort(404)
    return language.game(game_id, language.current())


@bp.get("/favicon.ico")
def favicon():
    """The tab icon browsers ask for on their own."""
    return redirect(url_for("static", filename="favicon.svg"))


@bp.route("/play/<game_id>", methods=["GET", "POST"])
def play(game_id):
    """Start a room for the game (POST), or offer to start, rejoin or join one (GET)."""
    game = _game_or_404(game_id)
    if request.method == "POST":
        players, tap = request.form.get("players", type=int), request.form.get("request", "")
        opening = {"game": game.id, "players": players, "request": tap if 0 < len(tap) <= retries.LONGEST else None,
                   "marking": "strict" if request.form.get("marking") == "strict" else "relaxed"}
        try:
            code = rooms.create(rooms_service(), game.id, players, body=opening)  # the form sent again: no second room
        except Refused as error:
            return render_template("play.html", game=game, error=error.message, tap=secrets.token_hex(12)), \
                error.status
        return redirect(url_for("pages.room", code=code))
    return render_template("play.html", game=game, tap=secrets.token_hex(12))


@bp.get("/join")
def join():
    """Go to the room whose code was typed in."""
    code = codes.normal_code(request.args.get("code", ""))
    return redirect(url_for("pages.room", code=code) if code else url_for("home.index"))


def room_page(code: str, endpoint: str, draw):
    """A page of room `code`: `draw(game)`; the canonical address for a code typed otherwise, a page saying so for
    a room there is not (the app's 503 page when the database cannot be read)."""
    if code != codes.normal_code(code):
        return redirect(url_for(endpoint, code=codes.normal_code(code)))
    try:
        game = rooms.game_of(rooms_service(), code)
    except Unavailable:  # the database cannot be read now: the app's 503 page, not "no such room"
        raise
    except Refused as error:
        return render_template("missing.html", message=error.message, code=code,
                               scores=getattr(error, "scores", [])), error.status
    return draw(game)


@bp.get("/r/<code>")
def room(code):
    """A room: its dice or market, shared lists, log and join QR code."""
    def draw(game):
        mechanic = mechanics.mechanic_of(game)
        draws = sorted(name for name, move in mechanic.moves().items() if move.draws) if mechanic else []
        return render_template("room.html", game=game, code=code, game_data=game_data(game), draws=draws,
                               join_url=public_url(url_for("pages.room", code=code)),
                               seat_names=groups.seat_names(code))

    return room_page(code, "pages.room", draw)


@bp.get("/r/<code>/qr.svg")
def room_qr(code):
    """The room's join QR code as SVG, for latecomers to scan."""
    try:
        rooms.version(rooms_service(), code)
    except Unavailable:
        raise
    except Refused:
        abort(404)
    image = qrcode.make(public_url(url_for("pages.room", code=code)), image_factory=qrcode.image.svg.SvgPathImage,
                        box_size=10, border=4)
    return Response(image.to_string(), mimetype="image/svg+xml")
