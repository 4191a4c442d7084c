"""Seats at a room's table: a name and a secret token per seat, the token a phone's proof of who it is.

Glossary:
- seat id: joining order, 0 first; `state["seats"]` lists {"seat", "name"} in turn order.
- token: 128 random bits from `secrets`, given only to the phone that takes (or takes over) the
  seat; the database keeps its SHA-256. Every move and list crossing names `player` and `token`.
- ask: a new phone asks for a seat whose phone died (`takeovers`: {"seat", "ask": a 4-digit code the
  new phone shows, "digest"}); it gets the token it will use at once, which works once a phone that may
  answer lets it in (the seat's own phone, or once the game has started the phone of another seat
  seated before the first move: `seated_at_start`, but not a `barred` one). Letting it in replaces the
  seat's token (the old phone stops working) and notes the ask in `moved` ({"<seat>": ask}), so the old
  phone sees that its seat moved; turning it away drops the ask. A seat has one open ask: a newer one
  replaces it (the log says only the first, until it is answered).
- take back: for TAKE_BACK_S after a takeover the phone it displaced may take the seat back with its old
  token (`displaced`: {"<seat>": {"digest", "at", "by", "moved"}}, the old token's digest, when, the seat
  that let the new phone in, the seat's `moved` before); the new phone's token stops working, and the
  seat that let it in is `barred` from letting any new phone in again.
- fitted: before the first move, the state as the game would start now, sized for the seats taken
  (`players` and the lists), so the room's count is the seats taken when play starts.
- name: what a player is called at the table (companion/names.py: NFKC, a letter or digit that shows);
  a new name must not read like a seated one (look_alike).
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import time

from companion import lists, names
from companion.errors import Refused, forbidden, impossible, malformed
from companion.language import gettext, ngettext
from layouts import Game

NAME_LENGTH = 30
TAKE_BACK_S = 600


def normal_name(name: str) -> str:
    """A player's name as sent, in NFKC, spaces folded: 1 to 30 printable characters, a visible letter or digit
    among them (companion/contract/bodies.py reads it from a body)."""
    kept = names.normal(name)
    if len(kept) > NAME_LENGTH or not kept.isprintable():
        raise malformed(gettext("A player name is 1 to %(most)s printable characters.", most=NAME_LENGTH))
    if not names.shows(name):
        raise malformed(gettext("A player name needs a letter or a digit that shows."))
    return kept


def _digest(token: str) -> str:
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
    return isinstance(token, str) and held is not None and hmac.compare_digest(held, _digest(token))


def _new_token(db, code: str, seat: int) -> str:
    token = secrets.token_urlsafe(16)
    db.set_seat_token(code, seat, _digest(token))
    return token


def take(db, code: str, state: dict, body: dict) -> tuple[dict | None, int, str]:
    """Seat a name: (the state with the new seat, or None when it was this phone's already; seat id; token)."""
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
    return dict(state, seats=[*state["seats"], {"seat": seat, "name": name}]), seat, _new_token(db, code, seat)


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


def identify_seat(db, code: str, state: dict, seat: int, token) -> str:
    """The name at `seat` when `token` is that seat's (403 otherwise, 409 for a seat the table has not)."""
    name = _seat_called(state, seat)
    if not _holds(db, code, seat, token):
        raise forbidden(gettext("This phone does not hold %(name)s's seat: act only for the seats you took.",
                                name=name))
    return name


def _seat_called(state: dict, seat: int) -> str:
    name = next((s["name"] for s in state["seats"] if s["seat"] == seat), None)
    if name is None:
        raise impossible(gettext("There is no seat %(seat)s at this table.", seat=seat))
    return name


def take_over(db, code: str, state: dict, seat: int, body: dict, asked: dict) -> tuple:
    """A new phone's ask for `seat` (`asked` gets its {"seat", "ask", "token"}), (with "ask") a seated phone's
    answer to one, or (with "back") the displaced phone taking the seat back, as a room change: (the new state, the
    acting seat or None, the log entry, no undo). Only a seat's first open ask is logged: one replacing it changes
    the ask phones answer but writes no line, so a stream of asks cannot push the table's moves out of the log."""
    if body.get("back"):
        return (*take_back(db, code, state, seat, body), None)
    if body.get("ask") is not None:
        return (*answer(db, code, state, seat, body), None)
    open_before = any(a["seat"] == seat for a in state.get("takeovers", []))
    new, given = ask(state, seat)
    asked.update(given)
    return new, None, None if open_before else ("ask", {"seat_name": _seat_called(state, seat), "ask": given["ask"]}), \
        None


def ask(state: dict, seat: int) -> tuple[dict, dict]:
    """A new phone asks for `seat`: (the state with its ask, replacing the seat's open one, {"seat", "ask", "token"});
    the token works once let in."""
    _seat_called(state, seat)
    asks = state.get("takeovers", [])
    used = {a["ask"] for a in asks} | {state.get("moved", {}).get(str(seat))}
    code = next(code for code in iter(lambda: f"{secrets.randbelow(10_000):04d}", None) if code not in used)
    token = secrets.token_urlsafe(16)
    kept = [a for a in asks if a["seat"] != seat]
    return dict(state, takeovers=[*kept, {"seat": seat, "ask": code, "digest": _digest(token)}]), \
        {"seat": seat, "ask": code, "token": token}


def answerers(state: dict, seat: int) -> list[int]:
    """The seats whose phone may let a new phone take `seat` or turn it away: its own, and once the game has
    started every other seat seated before the first move that was not barred (a takeover it let in was taken
    back)."""
    if state["turn"] == 0:
        return [seat]
    started = state.get("seated_at_start", [s["seat"] for s in state["seats"]])
    return [seat, *(s for s in started if s != seat and s not in state.get("barred", []))]


def answer(db, code: str, state: dict, seat: int, body: dict) -> tuple[dict, int, tuple[str, dict]]:
    """A seated phone lets the new phone of ask `body["ask"]` take `seat` (or turns it away, "let": false):
    (the new state, the answering seat, the log entry)."""
    name, let = _seat_called(state, seat), body.get("let", True)
    if not body.get("player"):
        raise malformed(gettext('Say who you are: send "%(key)s" with your name.', key="player"))
    asked = next((a for a in state.get("takeovers", []) if a["seat"] == seat and a["ask"] == body["ask"]), None)
    if asked is None:
        raise impossible(gettext("No new phone asks for %(name)s's seat with %(ask)s now: it was let in or turned "
                                 "away, or a newer ask replaced it.", name=name, ask=body["ask"]))
    answering = identify(db, code, state, body)
    if answering not in answerers(state, seat):
        raise forbidden(gettext("Before the first move only %(name)s's own phone can let a new phone take the seat.",
                                name=name) if state["turn"] == 0 else
                        gettext("A takeover this phone let in was taken back: it can let no new phone in any more.")
                        if answering in state.get("barred", []) else
                        gettext("Only a player who was at the table when the game started can let a new phone take "
                                "%(name)s's seat.", name=name))
    if not let:
        return dict(state, takeovers=[a for a in state["takeovers"] if a is not asked]), answering, \
            ("turned_away", {"seat_name": name})
    displaced = {"digest": db.seat_token(code, seat), "at": time.time(), "by": answering,
                 "moved": state.get("moved", {}).get(str(seat))}
    db.set_seat_token(code, seat, asked["digest"])
    return dict(state, takeovers=[a for a in state["takeovers"] if a["seat"] != seat],
                moved={**state.get("moved", {}), str(seat): asked["ask"]},
                displaced={**state.get("displaced", {}), str(seat): displaced}), answering, \
        ("takeover", {"seat_name": name})


def take_back(db, code: str, state: dict, seat: int, body: dict) -> tuple[dict, int, tuple[str, dict]]:
    """The phone a takeover of `seat` displaced takes the seat back with its old token, within TAKE_BACK_S: (the new
    state, the seat, the log entry). The new phone's token stops working; the seat that let it in is barred."""
    name, old = _seat_called(state, seat), state.get("displaced", {}).get(str(seat))
    if old is None or time.time() - old["at"] > TAKE_BACK_S:
        raise impossible(gettext("%(name)s's seat can be taken back only on the phone it was taken from, within "
                                 "%(minutes)s minutes of the takeover.", name=name, minutes=TAKE_BACK_S // 60))
    token = body.get("token")
    if not (isinstance(token, str) and hmac.compare_digest(old["digest"], _digest(token))):
        raise forbidden(gettext("Only the phone that held %(name)s's seat before the takeover can take it back.",
                                name=name))
    db.set_seat_token(code, seat, old["digest"])
    moved = {key: ask for key, ask in state["moved"].items() if key != str(seat)}
    if old["moved"] is not None:
        moved[str(seat)] = old["moved"]
    return dict(state, moved=moved, displaced={key: d for key, d in state["displaced"].items() if key != str(seat)},
                barred=sorted({*state.get("barred", []), old["by"]} - {seat}),
                takeovers=[a for a in state.get("takeovers", []) if a["seat"] != seat]), seat, \
        ("taken_back", {"seat_name": name})


def public(state: dict) -> dict:
    """The seats' part of a state as every phone reads it: each ask without its token's digest, with the seats
    that may answer it (`answer`); each seat its displaced phone may still take back, with until when (epoch s)."""
    until = {seat: round(old["at"] + TAKE_BACK_S) for seat, old in state.get("displaced", {}).items()}
    return dict(state, takeovers=[{"seat": a["seat"], "ask": a["ask"], "answer": answerers(state, a["seat"])}
                                  for a in state.get("takeovers", [])], moved=state.get("moved", {}),
                displaced={seat: at for seat, at in until.items() if at > time.time()}, barred=state.get("barred", []))


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
