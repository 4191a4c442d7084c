"""The contract between the room and a table mechanic: a move, its body's keys, and the protocol (the state's shape
is state.py).

A mechanic (one class per `table: kind:`, companion/rules/mechanics/base.py) declares its phases and its moves; for
every move the bodies it could take (`options`) and why one is refused now (`refuse`). `allowed` is the bodies no
refusal stops, and `apply` makes a move only when it is one of them: the phone offers what the server accepts.

Glossary:
- move body: a complete move as the phone sends it, less player/token/seen/request:
  {"move": "take", "dice": [1]}, {"move": "pass"}, {"move": "move", "steps": 2, "take": "block"}.
- entry: what a move writes to the log, (kind, params); companion/rules/words.py writes it out.
- param: a move body's own key (`Param`), the one declaration both `mechanic.canonical` reads the key with and the
  API's document shows (companion/contract/moves.py).
- param's kind: the JSON type a key is sent as, read strictly (1 is not "1", true is not 1).
- param's wrong: the refusal of a value of another type, said as the move's own rules say it (e.g. the crystal's reach).
- param's normal: the value checked against the table (die numbers on it) and put in the form the move weighs.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Annotated, Callable, Iterable, Optional, Protocol, runtime_checkable

from pydantic import Field, TypeAdapter, ValidationError

from companion.rules.dice import dice_indexes
from companion.rules.errors import Refused, no
from companion.rules.language import N_
from companion.rules.state import Over, TableState

Entry = tuple[str, dict]


@dataclass(frozen=True)
class Move:
    """One move a mechanic offers: its bodies, why a body is refused now, what it does, who makes it when."""

    run: Callable
    """Make the (legal) move on `act.state`; answer its log entry (kind, params)."""
    phases: dict[str, str]
    """phase -> the role that may make the move in it (companion/rules/turns.py)."""
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
    verb: str = ""
    """The move as an infinitive phrase, marked N_ ("roll their own dice"), said in "only Ana may <verb> now";
    empty: the shared VERBS of companion/rules/words.py."""


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
    """What the room asks of a table mechanic (companion/rules/mechanics/base.py implements the shared part)."""

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


@dataclass(frozen=True)
class Param:
    """A move body's key: the JSON type it is sent as (the API's schema says it: companion/contract/moves.py), its
    value when left out, what a value of another type is told, and its check against the table."""

    kind: object
    """A type pydantic reads (list[int], int, str, Literal[...]); a value is checked strictly (1 is not "1")."""
    wrong: Callable[[Act], Refused]
    """The refusal of a value that is not of `kind` (`act.body` holds it as sent)."""
    default: object = None
    normal: Callable[[object, dict], object] = lambda value, state: value
    """(value of `kind`, state) -> the value the move weighs, raising a refusal for one the table cannot take."""
    description: str = ""

    @cached_property
    def adapter(self) -> TypeAdapter:
        """The pydantic reader of `kind`."""
        return TypeAdapter(self.kind)

    def read(self, act: Act, name: str):
        """The body's value of this key as the move weighs it (its `wrong` refusal for a value of another type)."""
        try:
            value = self.adapter.validate_python(act.body.get(name, self.default), strict=True)
        except ValidationError:
            raise self.wrong(act) from None
        return self.normal(value, act.state)


DieNumbers = Optional[Annotated[list[Annotated[int, Field(ge=0)]], Field(json_schema_extra={"uniqueItems": True})]]
"""Die numbers as a body sends them: each from 0, none twice (`dice_indexes` says so of one sent otherwise)."""
dice_param = Param(DieNumbers, lambda act: no(400, N_('"%(what)s" must be a list of die numbers, e.g. [0, 2]'),
                                                       what="dice"),
                   normal=lambda value, state: dice_indexes(value, len(state.get("dice", []))),
                   description="die numbers, from 0 in the state's dice (none: [])")
"""A body's die numbers, checked against the dice on the table and put in order."""
