"""Seats at a room's table: a name and a secret token per seat, the token a phone's proof of who it is.

Glossary:
- seat id: joining order, 0 first; `state["seats"]` lists {"seat", "name"} in turn order.
- token: 128 random bits from `secrets`, given only to the phone that takes (or takes over) the
  seat; the database keeps its SHA-256. Every move and list crossing names `player` and `token`.
- takeover: a new phone takes a seat whose phone died, once a seated phone lets it in; its old phone may take it
  back (companion/rooms/takeovers.py).
- fitted: before the first move, the state as the game would start now, sized for the seats taken
  (`players` and the lists), so the room's count is the seats taken when play starts.
- name: what a player is called at the table (companion/rules/names.py: NFKC, a letter or digit that shows);
  a new name must not read like a seated one (look_alike).
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

from companion.rules import lists, names
from companion.rules.errors import Refused, forbidden, impossible, malformed
from companion.rules.language import gettext, ngettext
from layouts import Game

NAME_LENGTH = 30


def normal_name(name: str) -> str:
    """A player's name as sent, in NFKC, spaces folded: 1 to 30 printable characters as sent and as kept, a visible
    letter or digit among them (companion/contract/bodies.py reads it from a body)."""
    kept = names.normal(name)
    if max(len(name), len(kept)) > NAME_LENGTH or not kept.isprintable():
        raise malformed(gettext("A player name is 1 to %(most)s printable characters.", most=NAME_LENGTH))
    if not names.shows(name):
        raise malformed(gettext("A player name needs a letter or a digit that shows."))
    return kept


def token_digest(token: str) -> str:
    """What the database keeps of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def seat_of(state: dict, name: str) -> dict | None:
    """The seat a name sits at (names compare in NFKC without case), or None."""
    return next((s for s in state["seats"] if names.folded(s["name"]) == names.folded(name)), None)


def look_alike(state: dict, name: str) -> dict | None:
    """A seat whose name a reader could take for `name` (the same skeleton: Cyrillic А for Latin A, rn for m,
    0 for O...), or None."""
    return next((s for s in state["seats"] if names.skeleton(s["name"]) == names.skeleton(name)), None)


def _holds(db, code: str, seat: int, token) -> bool:
    held = db.seat_token(code, seat)
    return isinstance(token, str) and held is not None and hmac.compare_digest(held, token_digest(token))


def keep_token(db, code: str, seat: int, token: str) -> None:
    """Keep a seat's new token (its digest) in the room's transaction."""
    db.set_seat_token(code, seat, token_digest(token))


def take(db, code: str, state: dict, body: dict) -> tuple[dict | None, int, str]:
    """Seat a name: (the state with the new seat, or None when it was this phone's already; seat id; token). Nothing
    is written: the new seat's token is kept by `keep_token`, once the room is."""
    name = body["name"]
    seated = seat_of(state, name)
    if seated is not None:
        if _holds(db, code, seated["seat"], body.get("token")):
            return None, seated["seat"], body["token"]
        raise impossible(gettext("%(name)s is seated already: pick another name, or ask a seated player to confirm "
                                 "this phone for that seat (take over).", name=seated["name"]))
    lookalike = look_alike(state, name)
    if lookalike is not None:
        raise impossible(gettext("%(name)s looks too much like %(seated)s, who is seated already: pick a name the "
                                 "table can tell apart.", name=name, seated=lookalike["name"]))
    if len(state["seats"]) >= state["players"]:
        raise impossible(ngettext("Every seat is taken (%(num)s player): open a room for more players.",
                                  "Every seat is taken (%(num)s players): open a room for more players.",
                                  state["players"]))
    seat = max((s["seat"] for s in state["seats"]), default=-1) + 1
    return dict(state, seats=[*state["seats"], {"seat": seat, "name": name}]), seat, secrets.token_urlsafe(16)


def identify(db, code: str, state: dict, body: dict) -> int:
    """The seat the body acts for, when its token belongs to that seat (403 otherwise)."""
    name = body["player"]
    seated = seat_of(state, name)
    if seated is None:
        raise forbidden(gettext("%(name)s has no seat at this table: take a seat first.", name=name))
    if not _holds(db, code, seated["seat"], body.get("token")):
        raise forbidden(gettext("This phone does not hold %(name)s's seat: act only for the seats you took.",
                                name=seated["name"]))
    return seated["seat"]


def holding(db, code: str, state: dict, seat: int, token) -> int:
    """`seat`, when `token` holds it now (403 otherwise)."""
    if not _holds(db, code, seat, token):
        raise forbidden(gettext("This phone does not hold %(name)s's seat: act only for the seats you took.",
                                name=seat_called(state, seat)))
    return seat


def identify_seat(db, code: str, state: dict, seat: int, token) -> str:
    """The name at `seat` when `token` is that seat's (403 otherwise, 409 for a seat the table has not)."""
    name = seat_called(state, seat)
    holding(db, code, state, seat, token)
    return name


def seat_called(state: dict, seat: int) -> str:
    """The name of seat id `seat` (409 for a seat the table has not)."""
    name = next((s["name"] for s in state["seats"] if s["seat"] == seat), None)
    if name is None:
        raise impossible(gettext("There is no seat %(seat)s at this table.", seat=seat))
    return name


def fitted(game: Game, state: dict) -> dict:
    """Before the first move, the state as the game would start now: `seated_at_start`, and when fewer seats are
    taken than the room has (but enough to play) the count and the lists sized for them; after it, the state."""
    count = len(state["seats"])
    if state["turn"] or not count:
        return state
    new = dict(state, seated_at_start=[s["seat"] for s in state["seats"]])
    if game.players.min <= count < state["players"]:
        new.update(players=count, lists=lists.start(game, count, state.get("lists")))
    return new


def order_open(state: dict) -> bool:
    """Whether the seats may still change their turn order: before the first move."""
    return state["turn"] == 0


def order_refusal(state: dict) -> Refused:
    """What an order that does not list every seat id once is told."""
    ids = [s["seat"] for s in state["seats"]]
    return malformed(gettext('"order" lists every seat id once, e.g. %(example)s.', example=ids[::-1]))


def reorder(state: dict, order: list[int]) -> dict:
    """The state with its seats in a new turn order, before the first move."""
    ids = [s["seat"] for s in state["seats"]]
    if sorted(order) != sorted(ids):
        raise order_refusal(state)
    if not order_open(state):
        raise impossible(gettext("The seat order is fixed once the game has started."))
    if order == ids:
        raise impossible(gettext("The seats are in that order already."))
    by_id = {s["seat"]: s for s in state["seats"]}
    return dict(state, seats=[by_id[i] for i in order])
