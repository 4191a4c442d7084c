"""The sheet on the phone, `/r/<code>/sheet`: the sheets of the seats this phone holds, drawn from the layout
(web/sheet_drawing.py), marked through the room's sheet API (views/cards.py)."""
from __future__ import annotations

from flask import Blueprint, redirect, render_template, url_for

from companion import rooms
from companion.rules import codes, language
from companion.rules.errors import Refused
from companion.store import Unavailable
from companion.web import sheet_drawing
from companion.web.services import rooms_service
from companion.web.views.api import game_data

bp = Blueprint("sheet_page", __name__)


@bp.get("/r/<code>/sheet")
def sheet(code):
    """The seat's sheets to mark, and the others' to look at."""
    if code != codes.normal_code(code):
        return redirect(url_for("sheet_page.sheet", code=codes.normal_code(code)))
    try:
        game = rooms.game_of(rooms_service(), code)
    except Unavailable:
        raise
    except Refused as error:
        return render_template("missing.html", message=error.message, code=code,
                               scores=getattr(error, "scores", [])), error.status
    data = {"code": code, "game": game_data(game), "sheets": sheet_drawing.drawings(game, language.current()),
            "result": url_for("scoring.form", game_id=game.id, room=code)}
    return render_template("sheet.html", game=game, code=code, sheet_data=data)
