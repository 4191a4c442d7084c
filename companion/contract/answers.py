"""The answer models of the JSON API: what each route answers, as the OpenAPI document shows it.

Glossary:
- problem: every refusal, `{"error": sentence}` in the caller's language; a body's key it names as `field`.
- room state: companion/rules/state.PhoneState and each mechanic's STATE (the shapes the rules read are its schema).
- game data: a layout as `GET /api/games/<game>` answers it (companion/web/views/api.game_data): the layout's
  schema without its printables, each colour's `glyph_svg`, and `list_items`.
"""
from __future__ import annotations

from typing import Optional

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter
from typing_extensions import TypedDict

import layouts
from companion.contract.groups import ID
from companion.rules.mechanics import kinds
from companion.rules.state import PhoneState
from layouts.lists import ListItem


class Answer(BaseModel):
    """An answer's model: its keys are all there, and no others."""

    model_config = ConfigDict(extra="forbid")


class Problem(Answer):
    """A refusal: a sentence for a person, and the body's key it is about when there is one."""

    error: str
    field: Optional[str] = Field(None, description="the body's key at fault, e.g. `players[0].rows_bricks`")


class Closed(Answer):
    """A room closed for lack of play (410), with the final scores it had saved."""

    error: str
    scores: list[dict]


class RoomOpened(Answer):
    """A new room: its code and the address phones open."""

    code: str = Field(pattern="^[2-9A-HJKMNP-Z]{6}$")
    url: str


class SeatToken(Answer):
    """A seat and the secret that proves it (sent with every move)."""

    seat: int
    token: str


class Asked(Answer):
    """A new phone's ask for a seat: its code (the phone shows it) and the token that works once a seated phone
    lets it in."""

    seat: int
    ask: str = Field(pattern="^[0-9]{4}$")
    token: str


class SeatSeed(Answer):
    """A seat's own seed and the counter from which it counts."""

    seat: int
    name: Optional[str]
    seed: str
    from_: int = Field(alias="from", description="the first counter it counts for")


class Draw(Answer):
    """One roll of a die or draw of a tile: a number below `below`, derived from blocks `counter` on."""

    version: int = Field(description="the room version of the move that made it")
    counter: int
    below: int
    result: int


class Proof(Answer):
    """A room's dice, seed revealed: what `rollsheet verify` checks (docs/fair-dice.md)."""

    proof: int = Field(description="the proof's format, 1")
    room: str
    game: str
    layout_schema: int
    commitment: str = Field(pattern="^[0-9a-f]{64}$", description="SHA-256 of the seed, shown from the start")
    seed: str = Field(pattern="^[0-9a-f]{64}$")
    seats: list[SeatSeed]
    draws: list[Draw] = Field(description="every roll and draw, in the order made")
    counter: int = Field(description="the counter after the last draw")


def room_state() -> dict:
    """The JSON Schema of a room's state (`GET /api/rooms/<code>` and every move's answer): a phone's keys and every
    mechanic's own (companion/rules/mechanics: `STATE`)."""
    own = {key: shape for mechanic in kinds().values() for key, shape in mechanic.STATE.items()}
    schema = TypeAdapter(PhoneState).json_schema()
    keys = TypeAdapter(TypedDict("MechanicKeys", own, total=False)).json_schema()
    schema["properties"].update(keys["properties"])
    schema.setdefault("$defs", {}).update(keys.get("$defs", {}))
    return schema


def game_data() -> dict:
    """The JSON Schema of a game as the room page draws it, derived from the layout model."""
    schema = layouts.Game.model_json_schema(mode="serialization", by_alias=False)  # as model_dump writes it
    schema["properties"].pop("printables")
    schema["title"] = "GameData"
    item = TypeAdapter(ListItem).json_schema(mode="serialization")
    schema["properties"]["list_items"] = {"type": "object", "description": "every shared list's items by id",
                                          "additionalProperties": {"type": "object", "additionalProperties": item}}
    schema["required"] = [*schema.get("required", []), "list_items"]
    colour = schema["$defs"]["Colour"]
    colour["properties"]["glyph_svg"] = {"anyOf": [{"type": "string"}, {"type": "null"}],
                                         "description": "the address of the glyph's image; null for a letter"}
    colour.setdefault("required", []).append("glyph_svg")
    return schema


class PlayRecorded(Answer):
    """The play a score saved in a group's room recorded: its id, its group, the group's page, BG Stats' link."""

    id: str = Field(pattern=ID)
    group: str
    url: str
    bgstats_url: str


class Scored(Answer):
    """One player's result."""

    name: str
    total: int
    rank: int
    breakdown: dict[str, int] = Field(description="points by scoring part, in the paper's order")
    tiebreak: Optional[int] = Field(None, description="in a game with a tie-break: the player's value of it "
                                                      "(null when not given); absent in a game without one")


class ScoreResult(Answer):
    """A scored game: players by rank (shared on ties), the winners, the tie-break sentence (null without a tie),
    and a sentence for every tie on points, the win's first."""

    game: str
    players: list[Scored]
    winners: list[str]
    tiebreak: Optional[str]
    tiebreaks: list[str] = Field(description="every tie on points explained, the win's first")
    play: Optional[PlayRecorded] = Field(None, description="saved in a group's room: the play it recorded")


class FieldProblem(Problem):
    """One bad field of a score or a card; a check's problem is said at every field it reads, the others naming
    the field the check is at."""

    about: Optional[str] = Field(None, description="where a check's problem is said again at a field it reads: the "
                                                   "field the check is at (the same problem, said once on a page)")


class CardProblem(Problem):
    """A card the scoring refuses (its first bad field, and every one found), or a body refused before it is read."""

    errors: list[FieldProblem] = Field([], description="every bad field of the card, the first one first (absent when "
                                                  "the body itself is refused)")


class ScoreProblem(Problem):
    """A score post that cannot be scored: the first bad field and every one found; with `?running=1`, each
    player's running total."""

    field: str
    errors: list[FieldProblem] = Field([], description="every bad field of the players found, the first one first "
                                                  "(absent when the body or the query itself is refused)")
    running: Optional[list[Optional[int]]] = Field(None, description="with ?running=1: per player, in order")
