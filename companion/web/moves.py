"""The table's requests answered without Flask: a move, a list's crossing, an undo, taking a seat and reading the
room (issue 33).

These four POSTs and the GET are most of what a table sends (a phone reads its room when it opens or comes back).
The loop hands each to a thread of the app's pool (bridge.Pool: the same queue, 503 and per-client shares as Flask's
routes), where `answer` runs the same checks as the app's hooks (checks.py: same site, body size, JSON only, for the
POSTs; limits.py: the lookups of unknown codes), reads the body with the same request model, calls the rooms'
service and writes the same answer: status, headers, JSON, refusals (refusals.py). The store's work runs on that
thread: the group commit's writer (companion/store/group_commit.py) is the first thread waiting, so a move alone is
never handed between threads. Every other route stays Flask's.
"""
from __future__ import annotations

import json
import re
from urllib.parse import unquote

from werkzeug.sansio.utils import get_host

import layouts
from companion import rooms
from companion.contract import bodies
from companion.contract.refusals import parsed
from companion.rules import language
from companion.rules.errors import Refused
from companion.rules.language import gettext
from companion.web import checks
from companion.web.headers import SECURITY_HEADERS
from companion.web.live import encoded
from companion.web.negotiation import of_headers
from companion.web.refusals import answer_of, broken_game
from layouts import LayoutError

PATH = re.compile(r"/api/rooms/([^/]+)/(?:(seats|undo)|lists/([^/]+)/([^/]+)|([^/]+))")
"""The POSTs answered here; `/seats/order` and `/seats/<n>/takeover` have more parts: Flask's."""
ROOM = re.compile(r"/api/rooms/([^/]+)")
"""The GET answered here (a long poll, with `since`, is the loop's own: stream.py)."""
JSON_HEADERS = [("Content-Type", "application/json"), *SECURITY_HEADERS.items(), ("Vary", "Accept-Language, Cookie")]


def route_of(request) -> tuple | None:
    """(the change to run, the room code, its arguments) for a request answered here; None for Flask's."""
    if request.method == "GET":
        found = ROOM.fullmatch(unquote(request.path))
        return None if found is None else (read_room, found.group(1), ())
    if request.method != "POST":
        return None
    found = PATH.fullmatch(unquote(request.path))  # as Flask matches it: %-escapes decoded first
    if found is None:
        return None
    code, fixed, list_id, item_id, action = found.groups()
    if fixed == "seats":
        return seat, code, ()
    if fixed == "undo":
        return undone, code, ()
    if list_id is not None:
        return crossed, code, (list_id, item_id)
    return moved, code, (action,)


def flask_json(value) -> bytes:
    """`value` as Flask's jsonify writes it (ASCII, compact, a newline)."""
    return (json.dumps(value, separators=(",", ":")) + "\n").encode()


def shown(state: dict) -> tuple[int, bytes]:
    """A room's state as JSON in the request's language (views/api.shown)."""
    return 200, encoded(state, language.current(), rooms.shown)


def read_room(service, code: str, value) -> tuple[int, bytes]:
    """The room's state now, each seat with `away_s` (views/api.room)."""
    return shown(rooms.state_here(service, code))


def seat(service, code: str, value) -> tuple[int, bytes]:
    """Take a seat (views/api.take_seat)."""
    created, taken = rooms.take_seat(service, code, read(bodies.TakeSeat, value))
    return (201 if created else 200), flask_json(taken)


def undone(service, code: str, value) -> tuple[int, bytes]:
    """Undo the room's last move (views/api.undo)."""
    return shown(rooms.undo(service, code, read(bodies.Moving, value)))


def crossed(service, code: str, value, list_id: str, item_id: str) -> tuple[int, bytes]:
    """Cross, uncross or use again a list's item (views/api.cross)."""
    return shown(rooms.cross(service, code, list_id, item_id, read(bodies.CrossItem, value)))


def moved(service, code: str, value, action: str) -> tuple[int, bytes]:
    """One of the game's moves (views/api.act)."""
    return shown(rooms.act(service, code, action, read(bodies.MoveRequest, value)))


def read(model: type[bodies.Body], value) -> dict:
    """The body's value (`checked`: {} for none) read by its request model."""
    return parsed(model, value).model_dump()


def checked(request, address: tuple[str, int], config) -> tuple[tuple[int, dict] | None, object]:
    """The app's checks of a state-changing API request (checks.init_app): (status, JSON) refusing it, or None; and
    the body's value (read once)."""
    origin = "Origin" in request.headers  # the one header that needs the request's host
    host = get_host(request.protocol, request.headers.get("Host"), address) if origin else ""
    if checks.cross_site(request.headers, host, config.get("PUBLIC_URL")):
        return (403, {"error": gettext(checks.CROSS_SITE)}), None
    data, limit = request.body, config["MAX_CONTENT_LENGTH"]
    return checks.body_read(data if len(data) <= limit else None, request.headers.get("Content-Type"), limit)


def answer(app, request, address: tuple[str, int], change, code: str, arguments: tuple) -> tuple:
    """The answer to a move, crossing, undo, seat or read (on a pool thread): (status, headers, body) as Flask's
    would be."""
    buckets, headers = app.extensions["rollsheet.limits"], list(JSON_HEADERS)
    with language.reading(of_headers(request.headers)), layouts.settled():  # no Flask: its app context is not needed
        try:
            buckets.check("misses", request.remote_ip)
            refusal, value = checked(request, address, app.config) if request.method == "POST" else (None, None)
            if refusal is not None:
                return refusal[0], headers, flask_json(refusal[1])
            status, body = change(app.extensions["rollsheet.rooms"], code, value, *arguments)
        except Refused as error:
            content, status, more = answer_of(error)
            headers.extend(more.items())
            body = flask_json(content)
        except LayoutError as error:
            status, body = 404, flask_json({"error": broken_game(error)})
        if status == 404:
            try:
                buckets.take("misses", request.remote_ip)
            except Refused:
                pass
        return status, headers, body
