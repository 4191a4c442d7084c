"""The contract between the room and a table mechanic: the state's shape, a move, and the protocol.

A mechanic (one class per `table: kind:`, companion/table/mechanic.py) declares its phases and its moves; for every
move the bodies it could take (`options`) and why one is refused now (`refuse`). `allowed` is the bodies no refusal
stops, and `apply` makes a move only when it is one of them: the phone offers what the server accepts.

Glossary:
- move body: a complete move as the phone sends it, less player/token/seen/request:
  {"move": "take", "dice": [1]}, {"move": "pass"}, {"move": "move", "steps": 2, "take": "block"}.
- entry: what a move writes to the log, (kind, params); companion/table/words.py writes it out.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable, Protocol, runtime_checkable

from typing_extensions import NotRequired, Required, TypedDict

from companion.errors import Refused
from companion.language import gettext

if TYPE_CHECKING:
    from companion.table.params import Param

Entry = tuple[str, dict]


class Refusal(Refused):
    """A rule's refusal whose sentence is written when read: weighing a move's options makes many nobody reads."""

    def __init__(self, status: int, write: Callable[[], str]):
        Exception.__init__(self)
        self.status, self._write = status, write

    @property
    def message(self) -> str:
        """The sentence, in the request's language."""
        return self._write()


def no(status: int, message: str, **values) -> Refusal:
    """A refusal (400 or 409) saying `message` (marked N_); a value that is a function is called when it is read."""
    return Refusal(status, lambda: gettext(message, **{key: value() if callable(value) else value
                                                        for key, value in values.items()}))


class Stale(Exception):
    """A move made on a table that changed after the version the phone drew (`seen`)."""

    def __init__(self, seen: int):
        super().__init__(seen)
        self.seen = seen


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
    reason: str  # turn-limit, list, exhausted, declared, stuck, counter (companion/table/ending.py)
    turns: int
    list: str
    by: str
    counter: str  # counter: the counter whose count reached its end, and that count
    count: int


class TableState(TypedDict, total=False):
    """A room's game state as stored: the turn keys every table has (Required), then its mechanic's own keys.
    The TypedDicts here are the API's schema of a state (companion/contract/answers.py)."""

    players: Required[int]
    seats: Required[list[Seat]]
    turn: Required[int]
    active: Required[int | None]
    phase: Required[str | None]
    done: Required[list[int]]
    table_version: Required[int]
    over: Required[Over | None]
    lists: Required[dict[str, RoomList]]
    dice: list[Die]  # hold-and-roll, roll-and-draft, dice-pool
    rolls: int  # hold-and-roll
    sum: int | None  # shared-roll: the roll's total when the layout shows it
    roller: int | None  # shared-roll: the seat that rolled the dice shown
    rolled: int  # shared-roll: rolls made in the game (a reroll is part of its roll)
    rerolled: int  # shared-roll: rerolls made of this turn's roll
    counts: dict[str, dict[str, int]]  # table.counters: seat -> counter -> count (companion/table/counters.py)
    counted: dict[str, list[str]]  # the counters each seat added to in this window
    counted_at: int | None  # the window `counted` is of
    choice: str | None  # roll-and-draft: "picked", "refused" or None
    picks: dict[str, list[int] | str]  # roll-and-draft: seat -> die numbers or "refused"
    refusals: dict[str, int]  # roll-and-draft: seat -> refusals made in the game
    takes: dict[str, list[int] | str]  # dice-pool: seat -> die numbers or "passed"
    ring: list[dict | None]  # market-ring
    crystal: int | None
    ahead: list[int]  # market-ring: the slots the crystal reaches, by steps
    box: dict[str, int]
    blocks: dict[str, int]
    seated_at_start: list[int]  # the seats taken when the first move was made (companion/seats.py)
    takeovers: list[dict]  # new phones asking for a seat: {"seat", "ask", "digest"} (phones read "answer" instead)
    moved: dict[str, str]  # seat id (as text) -> the ask its last takeover let in
    displaced: dict[str, dict | int]  # seat id (as text) -> {"digest", "at", "by", "moved"} (phones read until when)
    barred: list[int]  # seats whose phone let in a takeover that was taken back: they let no new phone in
    marking: str  # "relaxed" or "strict": what the seats' sheets take (companion/sheets.py)
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
    by: str | None  # who saved it (companion/cards.py)
    at: float | None  # epoch seconds
    fields: dict | None  # the card's numbers, as a score post's player has them without its name


class Scored(TypedDict):
    missing: list[str]  # the seated players whose card was not in


class PhoneState(TableState, total=False):
    """What a phone reads (rooms.py): the table state with the room's keys and the referee's answers."""

    code: Required[str]
    game: Required[str]
    version: Required[int]
    commitment: Required[str | None]  # SHA-256 of the room's dice seed (companion/fairdice.py); None: opened before
    undo: Required[UndoOffer | None]
    log: Required[list[LogEntry]]  # the newest entries first
    allowed: Required[dict[str, list[dict]]]  # seat id (as text) -> every move body that seat may send now
    waiting: Required[list[int]]  # the seats with a move of the turn now (referee.py)
    reorder: Required[bool]  # the seats may still change their turn order
    prompt: Required[dict[str, str]]  # seat id (as text), and "watching" -> what that seat may do, in its language
    cards: Required[list[Card]]  # each seat's own score card, in turn order (companion/cards.py)
    scored: Required[Scored | None]  # the room's result from the cards, once made


@dataclass(frozen=True)
class Move:
    """One move a mechanic offers: its bodies, why a body is refused now, what it does, who makes it when."""

    run: Callable
    """Make the (legal) move on `act.state`; answer its log entry (kind, params)."""
    phases: dict[str, str]
    """phase -> the role that may make the move in it (companion/table/turns.py)."""
    options: Callable[..., Iterable[dict]] = lambda act: ({},)
    """Every body the move could take in `act.state` (its parameters), legal or not."""
    refuse: Callable[..., Refused | None] = lambda act: None
    """Why `act.body` is not a legal move for `act.seat` now, or None when it is."""
    params: dict[str, Param] = field(default_factory=dict)
    """The body's keys beside those sent with every move, by name."""
    starts: bool = False
    """The game's first move: any seat may make it, and starts the first turn."""
    draws: bool = False
    """Rolls dice or draws from a bag: never undone (the table has seen it), never refused as a no-op."""
    turn: bool = True
    """Part of the turn: a seat whose only moves are not (the declared end) has nothing left to do."""


@dataclass
class Act:
    """A move being made (or weighed): the game, its mechanic, the state, the body, who moves."""

    game: object
    mechanic: object
    state: dict
    body: dict
    seat: int
    rng: object = None
    passed: list = field(default_factory=list)

    @property
    def config(self):
        """The layout's `table:` section."""
        return self.game.table

    @property
    def name(self) -> str:
        """The moving seat's name."""
        return next(s["name"] for s in self.state["seats"] if s["seat"] == self.seat)


@runtime_checkable
class Mechanic(Protocol):
    """What the room asks of a table mechanic (companion/table/mechanic.py implements the shared part)."""

    kind: str
    PHASES: dict[str, str]
    FIRST_PHASE: str
    TABLE_KEYS: tuple[str, ...]

    def start(self, players: int, rng) -> dict:
        """The mechanic's own keys of a new room's state."""

    def new_turn(self, state: TableState) -> None:
        """Reset what a turn keeps when the next one starts."""

    def moves(self) -> dict[str, Move]:
        """The moves, by name."""

    def allowed(self, state: TableState, seat: int) -> list[dict]:
        """Every move body `seat` may send now."""

    def legal(self, state: TableState, seat: int, turn_only: bool = False) -> Iterable[dict]:
        """The move bodies of `allowed` as they are found (`turn_only`: only moves of the turn)."""

    def role(self, state: TableState) -> str:
        """Who moves in the state's phase: "active" or "others"."""

    def canonical(self, action: str, body: dict, state: TableState) -> dict:
        """The move body of a request (400 for a key the move does not take or a malformed parameter)."""

    def turn_refusal(self, state: TableState, seat: int, action: str) -> Refused | None:
        """Why `seat` may not make move `action` in this phase, or None."""

    def apply(self, state: TableState, seat: int, move: dict, rng) -> tuple[TableState, Entry, list[int]]:
        """The state after `seat` makes `move` (refused unless allowed), its log entry, the seats whose turn passed."""

    def undoable(self, move: dict) -> bool:
        """Whether the move may be undone (never one that rolled or drew)."""

    def over(self, state: TableState) -> Over | None:
        """Why the game ends at the end of this turn by the mechanic's own rule, or None."""

    def said(self, state: TableState, say) -> str:
        """What the table waits for now: the layout's prompt for the phase, else `doing` (MechanicBase.waited says
        it of the seats that act, "waiting for Ben to ...")."""

    def aside(self, state: TableState, say) -> str | None:
        """What every seat does besides the turn's moves: a seat without a move meanwhile, the seat on turn
        before its move (None: nothing; a seat without a move waits)."""

    def doing(self, state: TableState, say) -> str:
        """What the seats that may act now are to do, for their prompt, in the language of `say`."""
