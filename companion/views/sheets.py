"""Each seat's sheet in a room (companion/sheets.py): `GET /api/rooms/<code>/sheets/<seat>` reads it (anyone in the
room may look, read-only), `PATCH` changes its marks (that seat's token only)."""
from __future__ import annotations

from flask import Blueprint, jsonify

from companion import sheets
from companion.contract import answers, documented
from companion.contract.sheets import Sheet, SheetChange
from companion.errors import Refused
from companion.views import api, cards

bp = Blueprint("sheets", __name__, url_prefix="/api")
bp.register_error_handler(Refused, api.refused)


@bp.get("/rooms/<code>/sheets/<int:seat>")
@documented(answers={200: Sheet, 410: answers.Closed}, refusals=(404, 409))
def sheet(code, seat):
    """A seat's sheet: {"marks", "card", "total"}."""
    return jsonify(sheets.read(code, seat))


@bp.patch("/rooms/<code>/sheets/<int:seat>")
@documented(SheetChange, {200: Sheet, 410: answers.Closed}, refusals=(404, 409))
def change(code, seat):
    """Change marks on one's own sheet: {"token", "request", "marks": {place id: value or null}}; the sheet after."""
    return jsonify(sheets.change(code, seat, api.body(SheetChange), cards.record(code)))
