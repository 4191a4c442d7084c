"""The JSON API as a contract: request models that validate the bodies, answer models, and the OpenAPI 3.1
document built from both (`GET /api/openapi.json`, docs/reference/api.md).

Glossary:
- request model: a `refusals.Body` subclass a view reads its body with (`parsed(Model, body)`), so what the
  document says a body may hold is what the view takes; its refusals are the companion's sentences (refusals.py).
- answer model: a pydantic model or TypedDict an answer follows (answers.py); the document shows it per status.
- operation: a view marked with `@documented(...)`: its body, its answers by status and the refusals it may
  answer; openapi.py walks the app's routes and writes one entry per marked view (and per move, moves.py).
- refusals every request may get (openapi.COMMON): 400, 429, 431, 503; a POST also 403, 411, 413 and 415.

Adding a route (e.g. a group's): write its request model in a module of this package (a Body subclass, a
`Says` for each key whose refusal is not the generic one), read the body with `parsed`, mark the view
`@documented(body=..., answers={200: ...}, refusals=(...))`, and run tests/test_contract.py: the document
lists the route, and tests/test_schemathesis.py (slow lane) sends it generated requests.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

__all__ = ["Operation", "documented"]


@dataclass(frozen=True)
class Operation:
    """What the document says of one view: its body, its answers and the refusals it may answer."""

    summary: str
    body: object = None
    """A request model (or a function of the path giving one per path: `paths`)."""
    answers: dict = field(default_factory=dict)
    """status -> an answer model, a function giving a JSON Schema, or {media type: schema source}."""
    refusals: tuple[int, ...] = ()
    query: dict = field(default_factory=dict)
    """name -> (JSON Schema, description) of the query parameters the view reads."""
    paths: Callable[[], dict] | None = None
    """For a route that stands for many (a move, a game's score): {path part: request model} for each."""


def documented(body=None, answers: dict | None = None, refusals: tuple[int, ...] = (), query: dict | None = None,
               paths: Callable[[], dict] | None = None):
    """Mark a view as an operation of the API document (its docstring's first line is its summary)."""
    def mark(view):
        view.contract = Operation((view.__doc__ or "").strip().splitlines()[0], body, answers or {}, refusals,
                                  query or {}, paths)
        return view
    return mark
