"""A body validated by its request model and refused in the companion's own sentences.

A request model (a `Body` subclass) is strict: 1 is not "1", true is not 1; a number written 2.0 is the integer 2,
as JSON Schema counts it (`parsed` reads it so). A field whose value is
not of its type is refused by the `Says` in its annotation (the sentence the companion says about that key); a
key the model does not take, by the model's `unknown`; a check that needs more than the type (a name that shows,
a text's length) raises `refused(...)` in a validator. `parsed` answers the first refusal in the order of the
model's fields: the same sentence and status whatever else is wrong with the body, `field` its place
(`players[1].score`: a nested model's key is refused in its model's words).
"""
from __future__ import annotations

from typing import Callable

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import PydanticCustomError

from companion.rules.errors import Refused, malformed
from companion.rules.language import gettext

Phrase = Callable[..., Refused]
"""(body as sent, **context) -> the refusal of a key's value; context is what `parsed` was given (e.g. a room)."""


class Says:
    """A field's refusal, written in its annotation: `Annotated[str, Says(lambda body: malformed(...))]`."""

    def __init__(self, phrase: Phrase):
        self.phrase = phrase


def says(message: str, **values) -> Says:
    """A field's refusal that is one 400 sentence (`message` marked N_, its values filled when said)."""
    return Says(lambda body, **context: malformed(gettext(message, **values)))


class Body(BaseModel):
    """A request body: strict types; keys it does not name are left alone unless the model forbids them."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)

    @classmethod
    def unknown(cls, key: str, body: dict, **context) -> Refused:
        """The refusal of a key the model does not take (models that forbid extra keys say their own)."""
        return malformed(gettext('"%(key)s" is not a key of this request.', key=key))


def refused(error: Refused) -> PydanticCustomError:
    """A refusal raised from a validator: `parsed` answers it in its field's turn."""
    return PydanticCustomError("refused", "{message}", {"message": error.message, "refusal": error})


def parsed(model: type[Body], body, **context) -> Body:
    """`body` (the request's JSON) as `model`, or the first refusal (400 unless a field's refusal says otherwise)."""
    if not isinstance(body, dict):
        raise malformed(gettext('Send a JSON object, e.g. {"player": "Ana"}.'))
    try:
        return model.model_validate(whole_numbers(body), context=context)
    except ValidationError as error:
        raise _first(model, error.errors()[0], body, context) from None


def whole_numbers(value):
    """A JSON value with each integer-valued number (`47115.0`) an int, as JSON Schema's "integer" counts it."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: whole_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [whole_numbers(item) for item in value]
    return value


def _first(model: type[Body], problem: dict, body: dict, context: dict) -> Refused:
    owner, key = _owner(model, problem["loc"])
    if problem["type"] == "refused":
        refusal = problem["ctx"]["refusal"]
    elif problem["type"] == "extra_forbidden":
        refusal = owner.unknown(key, body, **context)
    else:
        field = owner.model_fields.get(key)
        said = next((m for m in field.metadata if isinstance(m, Says)), None) if field else None
        refusal = said.phrase(body, **context) if said else malformed(gettext(
            '"%(key)s" is not what this request takes there: see /api/openapi.json.', key=key))
    refusal.field = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in problem["loc"]
                            ).lstrip(".") or "body"
    return refusal


def _owner(model: type[Body], loc: tuple) -> tuple[type[Body], str]:
    """The model whose key a problem's place ends in (a nested model's, for `players[1].score`), and that key."""
    keys = [part for part in loc if isinstance(part, str)]
    for depth, key in enumerate(keys):
        field = model.model_fields.get(key)
        inner = [kind for kind in _kinds(field.annotation if field else None) if isinstance(kind, type) and
                 issubclass(kind, BaseModel)]
        if depth == len(keys) - 1 or not inner:
            return model, key
        model = inner[0]
    return model, ""


def _kinds(annotation) -> list:
    """The types an annotation names, its arguments' too (`Optional[list[Player]]` -> list, Player, None)."""
    found = [annotation]
    for argument in getattr(annotation, "__args__", ()):
        found += _kinds(argument)
    return found
