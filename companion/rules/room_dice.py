"""A room's fair dice (companion/rules/fairdice.py) in its state: the source of a move, a seat's seed, the proof.

Glossary:
- fair: the room state's record of its dice; its seed stays out of every answer until the game is over.
- a room opened before the record rolls with `secrets` and has no proof.
- kept proof: a room that closes for lack of play (companion/rooms/expiry.py) reveals its seed, game over or not: its
  proof is kept as a log entry of kind "proof", read after the room is gone.
"""
from __future__ import annotations

import secrets

import orjson

import layouts
from companion.rules import fairdice
from companion.rules.errors import impossible, missing
from companion.rules.language import gettext

PROOF_KIND = "proof"
RECORD = "fair"
"""The room state's key of its dice record (fairdice.py's record)."""


def opening() -> fairdice.Source:
    """The random source that sets up a room opening now (version 1): a fresh record, its seed drawn."""
    return fairdice.Source(fairdice.opened(), 1)


def source(state: dict, version: int):
    """The random source of a move made at room version `version`."""
    return fairdice.Source(state[RECORD], version) if RECORD in state else secrets


def drawn(state: dict, used) -> dict:
    """The state after a move, with the draws its source made noted in the record."""
    return {**state, RECORD: used.record} if isinstance(used, fairdice.Source) else state


def before(state: dict) -> dict:
    """The state without its record: as an undo slot keeps it (an undo takes the room's record as it is then,
    `kept`) and as phones read it (`public`)."""
    return {key: value for key, value in state.items() if key != RECORD}


def kept(restored: dict, current: dict) -> dict:
    """A state an undo restores, with the record as it is now: the counter never goes back, no draw is lost."""
    return {**restored, RECORD: current[RECORD]} if RECORD in current else restored


def seat_seeded(state: dict, seat: int, seed: str | None) -> dict:
    """The state with the seed a seat sent when it sat (none: as it is); it counts for rolls from now on."""
    return {**state, RECORD: fairdice.seated(state[RECORD], seat, seed)} if seed and RECORD in state else state


def commitment(state: dict) -> str | None:
    """The SHA-256 of the room's seed, shown from the start (none for a room opened before the record)."""
    return state[RECORD]["commitment"] if RECORD in state else None


def public(state: dict) -> dict:
    """The state as phones may read it: its commitment, never its record (the seed, the draws to come)."""
    return {**before(state), "commitment": commitment(state)}


def proof(code: str, game_id: str, state: dict) -> dict:
    """The room's whole dice record with its seed, once the game is over; refused before (409) or without one."""
    if "fair" not in state:
        raise missing(gettext("Room %(code)s was opened before its dice could be verified: it has no proof.",
                              code=code))
    if not state["over"]:
        raise impossible(gettext("The game in room %(code)s is not over: its seed stays secret until the game ends. "
                                 "Its commitment, SHA-256 %(commitment)s, is shown from the start; ask for the "
                                 "proof when the game is over.", code=code, commitment=commitment(state)))
    return _revealed(code, game_id, state)


def _revealed(code: str, game_id: str, state: dict) -> dict:
    names = {s["seat"]: s["name"] for s in state["seats"]}
    return fairdice.proof(state[RECORD], code, game_id, layouts.load(game_id).schema_version, names)


def keep_proof(db, code: str, now: float) -> None:
    """Before a room closes for lack of play: its proof, seed revealed, kept as a log entry that outlives it."""
    row = db.room(code)
    state = orjson.loads(row.state)
    if RECORD in state:
        proof = orjson.dumps(_revealed(code, row.game, state)).decode()
        db.add_entry(code, row.version, now, None, None, PROOF_KIND, proof)


def kept_proof(db, code: str) -> dict | None:
    """The proof kept of a room closed for lack of play, or None."""
    kept = db.kept_entries(code, PROOF_KIND)
    return orjson.loads(kept[-1][2]) if kept else None
