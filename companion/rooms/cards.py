"""A room's score cards: each seated player's own card of the final score, saved by that seat's phone; the room's
result once every seated player's card is in, or once a seated phone finishes with the cards there are.

Glossary:
- card (as kept): {"fields": the player's numbers as a score post has them, name left out; "by": the name of the
  seat that saved it; "at": epoch seconds}, in the room's state under `cards` by seat id (as text).
- scored: the room has a result (`scored` in the state: {"missing": [the names whose card was not in]}); a card
  saved after it is a correction: the result, the log and the group's play follow it.
- public cards: what phones read, per seat in turn order: {"seat", "name", "saved", "by", "at", "fields"}.
- record: `record(db, state, result, tie)` keeps the result beside the room (a group's play: companion/groups/plays.py),
  in the same transaction.
"""
from __future__ import annotations

import time

from companion import scoring
from companion.rooms import seats
from companion.rules.errors import impossible
from companion.rules.language import gettext, ngettext
from companion.scoring import ScoreError


def public(state: dict) -> dict:
    """The cards' part of a state as phones read it: `cards` per seat, and `scored` (None before a result)."""
    kept = state.get("cards", {})
    return {"cards": [{"seat": s["seat"], "name": s["name"], "saved": str(s["seat"]) in kept,
                       **{key: kept.get(str(s["seat"]), {}).get(key) for key in ("by", "at", "fields")}}
                      for s in state["seats"]], "scored": state.get("scored")}


def save(db, code: str, game, state: dict, seat: int, body: dict, record) -> tuple:
    """A seat's own card saved ({"token", "fields"}): the step's (new state, seat, log entry, None); the room's result
    follows once every seated player's card is in, or at once when it had one (a correction)."""
    name = seats.identify_seat(db, code, state, seat, body.get("token"))
    _scorable(game)
    index = next(i for i, s in enumerate(state["seats"]) if s["seat"] == seat)
    fields = body["fields"]
    problems = scoring.card_problems(game, len(state["seats"]), {**fields, "name": name}, index)
    if problems:
        raise ScoreError.of([(field, gettext("%(name)s's card: %(problem)s", name=name, problem=message), *about)
                             for field, message, *about in problems])
    new = dict(state, cards={**state.get("cards", {}), str(seat): {"fields": fields, "by": name, "at": time.time()}})
    if state.get("scored") is not None:
        return _scored(db, code, game, new, seat, record, corrects=name)
    if all(str(s["seat"]) in new["cards"] for s in new["seats"]):
        return _scored(db, code, game, new, seat, record)
    return new, seat, ("card", {}), None


def finish(db, code: str, game, state: dict, body: dict, record) -> tuple:
    """A seated phone finishes with the cards there are ({"player", "token"}): the step naming the missing ones."""
    seat = seats.identify(db, code, state, body)
    _scorable(game)
    return _scored(db, code, game, state, seat, record)


def from_score(state: dict, players: list[dict], saver: str) -> dict:
    """The state with each player of a whole score saved at once as their seat's card, saved by `saver`."""
    kept = dict(state.get("cards", {}))
    for player in players:
        seat = seats.seat_of(state, player["name"])
        kept[str(seat["seat"])] = {"fields": {k: v for k, v in player.items() if k != "name"}, "by": saver,
                                   "at": time.time()}
    return dict(state, cards=kept, scored={"missing": _missing(state, kept)})


def _scorable(game) -> None:
    if game.scoring is None:
        raise ScoreError(gettext("%(game)s has no scoring section in its layout", game=game.name), "fields")


def _missing(state: dict, kept: dict) -> list[str]:
    return [s["name"] for s in state["seats"] if str(s["seat"]) not in kept]


def _scored(db, code: str, game, state: dict, seat: int, record, corrects: str | None = None) -> tuple:
    """The step that scores the cards in: the state marked scored, its log entry replacing the score before."""
    kept = state.get("cards", {})
    players = [{"name": s["name"], **kept[str(s["seat"])]["fields"]} for s in state["seats"] if str(s["seat"]) in kept]
    if len(players) < game.players.min:
        raise impossible(ngettext("%(game)s is scored for at least %(num)s player: wait for more cards.",
                                  "%(game)s is scored for at least %(num)s players: wait for more cards.",
                                  game.players.min, game=game.name))
    result, tie = scoring.scored(game, {"players": players}, len(state["seats"]))
    missing = _missing(state, kept)
    ranking = [[p["rank"], p["name"], p["total"]] for p in result["players"]]
    return score_step(db, code, dict(state, scored={"missing": missing}), seat,
                      lambda db, new: record(db, new, result, tie), {"ranking": ranking, "tiebreak": tie},
                      missing=missing, **({"corrects": corrects} if corrects else {}))


def score_step(db, code: str, new: dict, seat: int, record, score: dict, **more) -> tuple:
    """The step that saves the room's result `new` (a whole score or the cards'): the score before it leaves the log,
    `record(db, new)` keeps it beside the room, and its log entry (`score`: ranking and tie-break, then `more`) says
    whether it replaced one."""
    replaced = db.drop_entries(code, "score")
    record(db, new)
    return new, seat, ("score", {**score, "replaces": replaced > 0, **more}), None
