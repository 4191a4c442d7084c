"""Takeovers: a new phone takes a seat whose phone died, once a phone at the table lets it in, and the phone that
held the seat before may take it back.

Glossary:
- ask: a new phone asks for a seat whose phone died (`takeovers`: {"seat", "ask": a 4-digit code the
  new phone shows, "digest"}); it gets the token it will use at once, which works once a phone that may
  answer lets it in (the seat's own phone, or once the game has started the phone of another seat
  seated before the first move: `seated_at_start`, but not a `barred` one). Letting it in replaces the
  seat's token (the old phone stops working) and notes the ask in `moved` ({"<seat>": ask}), so the old
  phone sees that its seat moved; turning it away drops the ask. A seat has one open ask: a newer one
  replaces it (the log says only the first, until it is answered).
- take back: for TAKE_BACK_S after a takeover the phone that held the seat before it may take the seat back with
  its old token (`displaced`: {"<seat>": {"digest", "at", "by", "moved"}}, that token's digest, when the newest
  takeover was, the seats that let new phones in, the seat's `moved` before). A chain of takeovers (one let in
  while the seat can still be taken back) keeps the holder from before the chain: whatever happened in between,
  that phone takes the seat back, and no phone of the chain can; the newest phone's token stops working, and
  every seat that let a phone of the chain in is `barred` from letting any new phone in again. A seat's own phone
  letting a new phone in, no takeover of it open, hands the seat on: there is nothing to take back.
"""
from __future__ import annotations

import hmac
import secrets
import time

from companion.rooms import seats
from companion.rules.errors import forbidden, impossible, malformed
from companion.rules.language import gettext

TAKE_BACK_S = 600


def take_over(code: str, seat: int, body: dict, asked: dict, db, game, state: dict, version_next: int) -> tuple:
    """A new phone's ask for `seat` (`asked` gets its {"seat", "ask", "token"}), (with "ask") a seated phone's
    answer to one, or (with "back") the displaced phone taking the seat back, as a room change (rooms.py's step):
    (the new state, the acting seat or None, the log entry, no undo). Only a seat's first open ask is logged: one
    replacing it changes the ask phones answer but writes no line, so a stream of asks cannot push the table's moves
    out of the log."""
    if body.get("back"):
        return (*take_back(db, code, state, seat, body), None)
    if body.get("ask") is not None:
        return (*answer(db, code, state, seat, body), None)
    open_before = any(a["seat"] == seat for a in state.get("takeovers", []))
    new, given = ask(state, seat)
    asked.update(given)
    entry = None if open_before else ("ask", {"seat_name": seats.seat_called(state, seat), "ask": given["ask"]})
    return new, None, entry, None


def sender(code: str, seat: int, body: dict):
    """Who sends a taking back again with its request id, as rooms.py asks (`seat`, when the token holds it now: 403
    otherwise); None for any other takeover request (the body's seat)."""
    return (lambda db, state: seats.holding(db, code, state, seat, body.get("token"))) if body.get("back") else None


def ask(state: dict, seat: int) -> tuple[dict, dict]:
    """A new phone asks for `seat`: (the state with its ask, replacing the seat's open one, {"seat", "ask", "token"});
    the token works once let in."""
    seats.seat_called(state, seat)
    asks = state.get("takeovers", [])
    used = {a["ask"] for a in asks} | {state.get("moved", {}).get(str(seat))}
    code = next(code for code in iter(lambda: f"{secrets.randbelow(10_000):04d}", None) if code not in used)
    token = secrets.token_urlsafe(16)
    kept = [a for a in asks if a["seat"] != seat]
    return dict(state, takeovers=[*kept, {"seat": seat, "ask": code, "digest": seats.token_digest(token)}]), \
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
    name, let = seats.seat_called(state, seat), body.get("let", True)
    if not body.get("player"):
        raise malformed(gettext('Say who you are: send "%(key)s" with your name.', key="player"))
    asked = next((a for a in state.get("takeovers", []) if a["seat"] == seat and a["ask"] == body["ask"]), None)
    if asked is None:
        raise impossible(gettext("No new phone asks for %(name)s's seat with %(ask)s now: it was let in or turned "
                                 "away, or a newer ask replaced it.", name=name, ask=body["ask"]))
    answering = seats.identify(db, code, state, body)
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
    chain, displaced = holder(db, code, state, seat), dict(state.get("displaced", {}))
    if chain["by"] or answering != seat:  # not the seat's own phone giving it to a new one: a takeover to undo
        displaced[str(seat)] = dict(chain, at=time.time(), by=sorted({*chain["by"], answering}))
    db.set_seat_token(code, seat, asked["digest"])
    return dict(state, takeovers=[a for a in state["takeovers"] if a["seat"] != seat],
                moved={**state.get("moved", {}), str(seat): asked["ask"]}, displaced=displaced), answering, \
        ("takeover", {"seat_name": name})


def holder(db, code: str, state: dict, seat: int) -> dict:
    """The phone that held `seat` before its chain of takeovers, as `displaced` keeps it ({"digest", "at", "by",
    "moved"}): the chain's when one can still be taken back, else the phone holding it now (by no seat yet)."""
    chain = state.get("displaced", {}).get(str(seat))
    if chain is not None and time.time() - chain["at"] <= TAKE_BACK_S:
        return dict(chain, by=chain["by"] if isinstance(chain["by"], list) else [chain["by"]])  # an int before 7
    return {"digest": db.seat_token(code, seat), "at": time.time(), "by": [],
            "moved": state.get("moved", {}).get(str(seat))}


def take_back(db, code: str, state: dict, seat: int, body: dict) -> tuple[dict, int, tuple[str, dict]]:
    """The phone that held `seat` before its takeovers takes the seat back with its old token, within TAKE_BACK_S of
    the newest: (the new state, the seat, the log entry). The newest phone's token stops working; the seats that let
    the chain's phones in are barred."""
    name, old = seats.seat_called(state, seat), state.get("displaced", {}).get(str(seat))
    if old is None or time.time() - old["at"] > TAKE_BACK_S:
        raise impossible(gettext("%(name)s's seat can be taken back only on the phone it was taken from, within "
                                 "%(minutes)s minutes of the takeover.", name=name, minutes=TAKE_BACK_S // 60))
    token = body.get("token")
    if not (isinstance(token, str) and hmac.compare_digest(old["digest"], seats.token_digest(token))):
        raise forbidden(gettext("Only the phone that held %(name)s's seat before the takeover can take it back.",
                                name=name))
    db.set_seat_token(code, seat, old["digest"])
    moved = {key: ask for key, ask in state["moved"].items() if key != str(seat)}
    if old["moved"] is not None:
        moved[str(seat)] = old["moved"]
    return dict(state, moved=moved, displaced={key: d for key, d in state["displaced"].items() if key != str(seat)},
                barred=sorted({*state.get("barred", []), *holder(db, code, state, seat)["by"]} - {seat}),
                takeovers=[a for a in state.get("takeovers", []) if a["seat"] != seat]), seat, \
        ("taken_back", {"seat_name": name})


def public(state: dict) -> dict:
    """The seats' part of a state as every phone reads it: each ask without its token's digest, with the seats
    that may answer it (`answer`); each seat its displaced phone may still take back, with until when (epoch s)."""
    until = {seat: round(old["at"] + TAKE_BACK_S) for seat, old in state.get("displaced", {}).items()}
    return dict(state, takeovers=[{"seat": a["seat"], "ask": a["ask"], "answer": answerers(state, a["seat"])}
                                  for a in state.get("takeovers", [])], moved=state.get("moved", {}),
                displaced={seat: at for seat, at in until.items() if at > time.time()}, barred=state.get("barred", []))
