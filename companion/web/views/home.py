"""The start page: pick a game."""
from __future__ import annotations

from flask import Blueprint, render_template

import layouts
from companion.rules import language

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    """The games this companion serves; a game whose layout is broken is listed with its first problem."""
    games, broken = [], []
    for game_id in layouts.game_ids():
        try:
            games.append(language.game(game_id, language.current()))
        except layouts.LayoutError as error:
            broken.append((game_id, error.problems[0]))
    return render_template("index.html", games=games, broken=broken)
