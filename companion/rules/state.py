"""The room's state as JSON data, as the rules and the phones read it: the shape of every key (the API's schema of a
room's state is made from these TypedDicts: companion/contract/answers.py).
"""
from __future__ import annotations

from typing_extensions import NotRequired, Required, TypedDict


class Seat(TypedDict):
    seat: int
    name: str
    away_s: NotRequired[int | None]  # `GET /api/rooms/<code>`: seconds since its phones' last stream ended, else null


class Die(TypedDict):
    die: str
    face: str | int
    held: bool
    used: bool


class Crossing(TypedDict, total=False):
    by: list[str]
    at: float
    turn: int
    setup: bool
    again: list[str]


class RoomList(TypedDict):
    items: list[str]
    crossed: dict[str, Crossing]
    complete: bool


class Over(TypedDict, total=False):
    reason: str  # turn-limit, list, exhausted, declared, stuck, counter (companion/rules/ending.py)
    turns: int
    list: str
    by: str
    counter: str  # counter: the counter whose count reached its end, and that count
    count: int


class TableState(TypedDict, total=False):
    """A room's game state as stored: the turn keys every table has (Required), the counters', seats' and sheets'
    keys; a mechanic's own keys are declared in its module (`STATE`, companion/rules/mechanics) and join these in
    the API's schema of a state (companion/contract/answers.py)."""

    players: Required[int]
    seats: Required[list[Seat]]
    turn: Required[int]
    active: Required[int | None]
    phase: Required[str | None]
    done: Required[list[int]]
    table_version: Required[int]
    over: Required[Over | None]
    lists: Required[dict[str, RoomList]]
    counts: dict[str, dict[str, int]]  # table.counters: seat -> counter -> count (companion/rules/counters.py)
    counted: dict[str, list[str]]  # the counters each seat added to in this window
    counted_at: int | None  # the window `counted` is of
    seated_at_start: list[int]  # the seats taken when the first move was made (companion/rooms/seats.py)
    takeovers: list[dict]  # new phones asking for a seat: {"seat", "ask", "digest"} (phones read "answer" instead)
    moved: dict[str, str]  # seat id (as text) -> the ask its last takeover let in
    displaced: dict[str, dict | int]  # seat id (as text) -> {"digest", "at", "by", "moved"} (phones read until when)
    barred: list[int]  # seats whose phone let in a takeover that was taken back: they let no new phone in
    marking: str  # "relaxed" or "strict": what the seats' sheets take (companion/rooms/sheets.py)
    sheets: dict[str, int]  # seat id (as text) -> the room version of its sheet's last change


class LogEntry(TypedDict):
    at: float  # epoch seconds
    seat: int | None
    player: str | None
    kind: str
    text: str  # written out in the phone's language


class UndoOffer(TypedDict):
    seat: int


class Card(TypedDict):
    seat: int
    name: str
    saved: bool
    by: str | None  # who saved it (companion/rooms/cards.py)
    at: float | None  # epoch seconds
    fields: dict | None  # the card's numbers, as a score post's player has them without its name


class Scored(TypedDict):
    missing: list[str]  # the seated players whose card was not in


class PhoneState(TableState, total=False):
    """What a phone reads (companion/rooms/room.py): the table state with the room's keys and the referee's answers."""

    code: Required[str]
    game: Required[str]
    version: Required[int]
    commitment: Required[str | None]  # SHA-256 of the room's dice seed (rules/fairdice.py); None: opened before
    undo: Required[UndoOffer | None]
    log: Required[list[LogEntry]]  # the newest entries first
    allowed: Required[dict[str, list[dict]]]  # seat id (as text) -> every move body that seat may send now
    waiting: Required[list[int]]  # the seats with a move of the turn now (referee.py)
    board: Required[str | None]  # the phone's board: the mechanic's own, or "generic" (drawn from `allowed`)
    reorder: Required[bool]  # the seats may still change their turn order
    prompt: Required[dict[str, str]]  # seat id (as text), and "watching" -> what that seat may do, in its language
    cards: Required[list[Card]]  # each seat's own score card, in turn order (companion/rooms/cards.py)
    scored: Required[Scored | None]  # the room's result from the cards, once made
