"""The JSON API of groups (companion/groups): make one, read it with its plays and stats, enter, import, correct
and delete plays, add and rename players, export the plays as CSV or JSON.

An unknown group answers 404, a body that is not right 400 with `{"error", "field"}`, a merge of two players who
played together or a new name that reads like one of the group's (names.py) 409, a play past the group's cap 422, an
import of more plays than it takes 413; never a 500. A group code counts toward the code-guessing limit like a room's,
and making a group or importing plays takes a new room's token (limits.py).
"""
from __future__ import annotations

from flask import Blueprint, Response, jsonify, request, url_for

from companion import groups
from companion.contract import documented, group_answers as answers, groups as bodies
from companion.groups import exports, plays, shown
from companion.rules.errors import Refused, malformed
from companion.rules.language import gettext
from companion.store import reading
from companion.web import checks, limits
from companion.web.refusals import json_refusal
from companion.web.services import public_url, rooms_service

bp = Blueprint("groups_api", __name__, url_prefix="/api/groups")
MOST_PAGES = 10_000
"""The highest `?page=` asked for (a group holds groups.MOST_PLAYS plays, shown.PAGE a page)."""


bp.register_error_handler(Refused, json_refusal)


@bp.post("")
@documented(bodies.NewGroup, {201: answers.GroupMade})
def create():
    """Make a group: {"name"} -> 201 {"code", "url"}."""
    code = groups.create(checks.sent())
    return jsonify(code=code, url=public_url(url_for("groups.page", code=code))), 201


PAGED = {"page": ({"type": "integer", "minimum": 1, "maximum": MOST_PAGES},
                  "which 200 plays, oldest first: 1 (the default) for the first, then each answer's `next_page`")}


def _page() -> int:
    """The `?page=` asked for (1 without one); refused (400) when it is no whole number from 1 to MOST_PAGES."""
    asked = request.args.get("page", "1")
    if not (asked.isascii() and asked.isdigit() and len(asked) <= 5 and 1 <= int(asked) <= MOST_PAGES):
        raise malformed(gettext("?page= is a whole number from 1 to %(most)s.", most=MOST_PAGES))
    return int(asked)


@bp.get("/<code>")
@documented(answers={200: answers.Group}, refusals=(404,), query=PAGED)
def group(code):
    """The group: {"name", "players", "plays" (a page), "stats", "next_page"}."""
    page = _page()
    with reading() as db:
        return jsonify(shown.group(db, code, page))


@bp.delete("/<code>")
@documented(answers={200: answers.Deleted}, refusals=(404,))
def delete(code):
    """Delete the group (restorable with its code for 30 days): {"deleted": its name}."""
    return jsonify(deleted=groups.delete(code))


@bp.post("/<code>/restore")
@documented(answers={200: answers.Restored}, refusals=(404, 409))
def restore(code):
    """Restore a deleted group with its players, plays and log: {"restored": its name}."""
    return jsonify(restored=groups.restore(code))


def _download(code: str, kind: str, page: int | None = None) -> Response:
    with reading() as db:
        group = shown.whole(db, code)
    rows = group["plays"]
    name, links, plays = f"group-{code}-plays", {}, None
    if page is not None:
        rows, next_page = shown.page_of(rows, page)
        plays = [shown.play(row, group["location"]) for row in rows]
        name += f"-{page}" if page > 1 or next_page else ""
        if next_page:
            links["Link"] = f'<{url_for("groups_api.export_json", code=code, page=next_page)}>; rel="next"'
    body, mimetype = exports.exported(plays or [shown.play(row, linked=False) for row in rows], kind)
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{name}.{kind}"',
                                                      **links})


@bp.get("/<code>/plays.csv")
@documented(answers={200: {"text/csv": None}}, refusals=(404,))
def export_csv(code):
    """The group's plays as a CSV download: a row per player of each play (columns: docs/table.md)."""
    return _download(code, "csv")


@bp.get("/<code>/plays.json")
@documented(answers={200: answers.exported}, refusals=(404,), query=PAGED)
def export_json(code):
    """200 of the group's plays as a JSON download (`?page=`; Link: the next), which `POST .../plays` imports."""
    return _download(code, "json", _page())


@bp.post("/<code>/plays")
@documented([bodies.Play, bodies.play_list], {201: answers.entered}, refusals=(404, 422))
def enter(code):
    """A play entered by hand (an object) -> 201 the play; an exported list -> 201 {"added", "skipped"}."""
    body = checks.sent()
    if isinstance(body, list):
        limits.opening()
    answer, _ = plays.enter(code, body)
    return jsonify(answer), 201


@bp.patch("/<code>/plays/<play_id>")
@documented(bodies.Correction, {200: answers.ShownPlay}, refusals=(404,))
def correct(code, play_id):
    """Correct a play: the keys sent replace its own; the play."""
    return jsonify(plays.correct(code, play_id, checks.sent()))


@bp.delete("/<code>/plays/<play_id>")
@documented(answers={200: answers.Deleted}, refusals=(404,))
def delete_play(code, play_id):
    """Delete a play (the group's log keeps what it was): {"deleted": its id}."""
    plays.delete(code, play_id)
    return jsonify(deleted=play_id)


def room_of_group(data: dict) -> str:
    """Open a room of the body's "group" (`POST /api/rooms`), the code counted toward the code-guessing limit."""
    limits.named_room()
    try:
        return groups.open_room(rooms_service(), data["group"], data.get("game"), data.get("players"), data)
    except Refused as error:
        if error.status == 404:
            limits.unknown_room()
        raise


@bp.post("/<code>/players")
@documented(bodies.NewGroup, {201: answers.Names}, refusals=(404, 409))
def add_player(code):
    """Add a name to the group: {"name"} -> 201 {"players": the group's names}."""
    return jsonify(players=plays.add_player(code, checks.sent())), 201


@bp.post("/<code>/rename")
@documented(bodies.Rename, {200: answers.Renamed}, refusals=(404, 409))
def rename(code):
    """Rename a player, or merge two names: {"name", "to"} -> {"players", "merged"}."""
    return jsonify(plays.rename(code, checks.sent()))
