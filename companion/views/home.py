"""The start page: pick a game."""
from __future__ import annotations

from flask import Blueprint, render_template

import layouts

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    """The games this companion serves."""
    games = [layouts.load(game_id) for game_id in layouts.game_ids()]
    return render_template("index.html", games=games)
