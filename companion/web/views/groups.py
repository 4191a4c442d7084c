"""The pages of a group (companion/groups): `/g/<code>` with its QR code, stats, charts and plays; the forms that
open a room of the group, enter or correct a play, add, rename or merge names; deleting a play or the group.

The forms post here and go back to the group page (303) with `?said=<what was done>`; a refused form is shown
again with the sentence that says why. The scripts' import (static/group.js) posts to the JSON API.
"""
from __future__ import annotations

import re

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, redirect, render_template, request, url_for

import layouts
from companion import groups
from companion.groups import bgstats, plays, shown, words
from companion.groups.charts import mark
from companion.groups.page import built
from companion.rules import codes, language
from companion.rules.errors import Refused, missing
from companion.store import reading
from companion.store.groups import PlayRow
from companion.web.refusals import retry_header
from companion.web.services import public_url, rooms_service

bp = Blueprint("groups", __name__)
ROWS = 6
"""Player rows of the hand-entry form (the most any shipped game seats is 5)."""
WHOLE = re.compile(r"-?[0-9]{1,6}")
"""A whole number as the forms take it (ASCII digits): anything else typed is sent on as text, which the play's
model refuses with its sentence."""


def _number(typed: str) -> int | str:
    """A typed score or count: the number when it is one, else the text as typed (refused by the model)."""
    return int(typed) if WHOLE.fullmatch(typed) else typed


@bp.errorhandler(Refused)
def refused(error: Refused):
    """A refused form's page again with the sentence and what was typed; or a page saying so (404, 503)."""
    if error.status in (404, 503) or "code" not in (request.view_args or {}):
        title = language.gettext("No such group") if error.status == 404 else \
            language.gettext("Error %(code)s", code=error.status)
        return render_template("error.html", title=title, message=error.message), error.status, retry_header(error)
    args, typed = request.view_args, _form_play(request.form) if "game" in request.form else None
    if request.endpoint == "groups.correct" and typed:
        return shown_page(args["code"], error=error.message, template="groups/play.html",
                          play=dict(typed, id=args["play_id"])), error.status
    return shown_page(args["code"], error=error.message, typed=typed), error.status


def _games() -> list[layouts.Game]:
    found = []
    for game_id in layouts.game_ids():
        try:
            found.append(language.game(game_id, language.current()))
        except layouts.LayoutError:
            continue
    return found


def shown_page(code: str, error: str = "", template: str = "groups/group.html", **more) -> str:
    """The group page (or another of its pages) in the request's language."""
    lang = language.current()
    with reading() as db:
        group = shown.whole(db, code)
        log = [(words.day(shown.iso(at), lang), words.entry(kind, params, lang))
               for at, kind, params in groups.entries(db, code)]
    page = max(1, request.args.get("page", 1, type=int))
    return render_template(template, code=codes.normal_code(code), group=built(group, lang, page),
                           log=log, games=_games(), error=error, said=request.args.get("said", ""), rows=ROWS,
                           mark=mark, url=public_url(url_for("groups.page", code=codes.normal_code(code))), **more)


@bp.post("/g")
def new():
    """Start a group from the start page's form, then go to its page."""
    code = groups.create({"name": request.form.get("name", "")})
    return redirect(url_for("groups.page", code=code), 303)


@bp.get("/g/<code>")
def page(code):
    """The group's page."""
    if code != codes.normal_code(code):
        return redirect(url_for("groups.page", code=codes.normal_code(code)))
    with reading() as db:
        deleted = db.deleted_group(code)
    return _deleted_page(code, deleted[0], 410) if deleted else shown_page(code)


@bp.get("/g/<code>/qr.svg")
def qr(code):
    """The group page's address as a QR code (SVG), to scan at the table."""
    with reading() as db:
        groups.known(db, code)
    return _qr_svg(public_url(url_for("groups.page", code=codes.normal_code(code))))


def _qr_svg(text: str, error_correction: int = qrcode.constants.ERROR_CORRECT_M) -> Response:
    """`text` as a QR code, an SVG answer."""
    code = qrcode.QRCode(error_correction=error_correction, box_size=10, border=4,
                         image_factory=qrcode.image.svg.SvgPathImage)
    code.add_data(text)
    return Response(code.make_image().to_string(), mimetype="image/svg+xml")


def _found_play(code: str, play_id: str) -> tuple[PlayRow, str | None]:
    """A play of the group and the group's location; refused (404) when there is none."""
    with reading() as db:
        location = groups.known(db, code)[3]
        found = db.plays(codes.normal_code(code), play_id)
    if not found:
        raise missing(language.gettext("No play %(play)s in this group.", play=repr(play_id)))
    return found[0], location


@bp.get("/g/<code>/plays/<play_id>/bgstats.svg")
def bgstats_qr(code, play_id):
    """A play's BG Stats link as a QR code (SVG), to scan from a desktop's screen with the phone that has BG Stats."""
    row, location = _found_play(code, play_id)
    play = shown.play(row, linked=False)
    return _qr_svg(bgstats.url(play, *shown.game_facts(play["game"]), location=location, most=bgstats.QR_MOST),
                   qrcode.constants.ERROR_CORRECT_L)


@bp.post("/g/<code>/rooms")
def open_room(code):
    """Open a room of the group for the chosen game and number of players."""
    room = groups.open_room(rooms_service(), code, request.form.get("game", ""), request.form.get("players", type=int))
    return redirect(url_for("pages.room", code=room), 303)


def _back(code: str, said: str, anchor: str = ""):
    return redirect(url_for("groups.page", code=codes.normal_code(code), said=said) + anchor, 303)


def _form_players(form) -> list[dict]:
    """The player rows the form filled in (a score that is no whole number is sent as typed, and refused)."""
    rows = []
    for i in range(ROWS):
        name = form.get(f"name-{i}", "").strip()
        if name:
            score = _number(form.get(f"score-{i}", "").strip())
            rows.append({"name": name, "score": score, "start": form.get("start") == str(i)})
    return rows


def _form_play(form) -> dict:
    """A play form's body (as the API takes it)."""
    body = {"game": form.get("game", ""), "players": _form_players(form)}
    if form.get("date"):
        body["date"] = form["date"]
    if form.get("duration_min", "").strip():
        body["duration_min"] = _number(form["duration_min"].strip())
    return body


@bp.post("/g/<code>/plays")
def enter(code):
    """A play entered by hand from the group page's form."""
    play, _ = plays.enter(code, _form_play(request.form))
    return _back(code, "entered", f"#play-{play['id']}")


@bp.get("/g/<code>/plays/<play_id>")
def play_page(code, play_id):
    """A play's page: correct it, or delete it."""
    return shown_page(code, template="groups/play.html", play=shown.play(*_found_play(code, play_id)))


@bp.post("/g/<code>/plays/<play_id>")
def correct(code, play_id):
    """Correct a play from its page (players sent only when a name, score or start changed: ranks and tie stay)."""
    with reading() as db:
        found = db.plays(codes.normal_code(code), play_id)
    before = shown.play(found[0], linked=False) if found else None
    body = _form_play(request.form)
    if before is not None and [{k: p[k] for k in ("name", "score", "start")} for p in before["players"]] == \
            body["players"]:
        del body["players"]
    plays.correct(code, play_id, body)
    return _back(code, "corrected", f"#play-{play_id}")


@bp.post("/g/<code>/plays/<play_id>/delete")
def delete_play(code, play_id):
    """Delete a play (its page asks to confirm)."""
    plays.delete(code, play_id)
    return _back(code, "deleted", "#plays")


@bp.post("/g/<code>/players")
def add_player(code):
    """Add a name to the group from its page."""
    plays.add_player(code, {"name": request.form.get("name", "")})
    return _back(code, "added", "#players")


@bp.post("/g/<code>/rename")
def rename(code):
    """Rename or merge names from the group page."""
    merged = plays.rename(code, {"name": request.form.get("name", ""), "to": request.form.get("to", "")})["merged"]
    return _back(code, "merged" if merged else "renamed", "#players")


@bp.post("/g/<code>/location")
def locate(code):
    """Say where the group plays (its plays' BG Stats links carry it)."""
    groups.set_location(code, request.form.get("location", ""))
    return _back(code, "located", "#location")


@bp.route("/g/<code>/delete", methods=["GET", "POST"])
def delete(code):
    """Ask to confirm (GET), then delete the group with its plays (POST), restorable for KEEP_DELETED_DAYS."""
    if request.method == "GET":
        return shown_page(code, template="groups/delete.html", days=groups.KEEP_DELETED_DAYS)
    return _deleted_page(code, groups.delete(code))


def _deleted_page(code: str, name: str, status: int = 200):
    """The page of a deleted group: its restore button."""
    return render_template("groups/deleted.html", name=name, code=codes.normal_code(code),
                           days=groups.KEEP_DELETED_DAYS), status


@bp.post("/g/<code>/restore")
def restore(code):
    """Restore a deleted group, then go to its page."""
    groups.restore(code)
    return _back(code, "restored")
