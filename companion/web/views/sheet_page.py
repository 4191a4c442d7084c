"""The sheet on the phone, `/r/<code>/sheet`: the sheets of the seats this phone holds, drawn from the layout
(web/sheet_drawing.py), marked through the room's sheet API (views/cards.py)."""
from __future__ import annotations

from flask import Blueprint, render_template, url_for

from companion.rules import language
from companion.web import sheet_drawing
from companion.web.views.api import game_data
from companion.web.views.pages import room_page

bp = Blueprint("sheet_page", __name__)


@bp.get("/r/<code>/sheet")
def sheet(code):
    """The seat's sheets to mark, and the others' to look at."""
    def draw(game):
        data = {"code": code, "game": game_data(game), "sheets": sheet_drawing.drawings(game, language.current()),
                "result": url_for("scoring.form", game_id=game.id, room=code)}
        return render_template("sheet.html", game=game, code=code, sheet_data=data)

    return room_page(code, "sheet_page.sheet", draw)
