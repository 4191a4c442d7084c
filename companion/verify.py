"""`rollsheet verify PROOF.json`: check a room's dice offline, re-deriving every roll and draw from its seeds.

No Flask and no store: the proof (`GET /api/rooms/<code>/proof`) is all it reads (companion/rules/fairdice.py).
Exit codes: 0 every roll and draw checks, 1 one does not (or the file is no proof), 2 no file to read.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from companion.rules import fairdice


def _fail(message: str, code: int) -> None:
    typer.echo(f"rollsheet verify: {message}", err=True)
    raise typer.Exit(code)


def verify(
    proof: Annotated[Path, typer.Argument(metavar="PROOF.json", show_default=False,
                                          help="A room's proof, as GET /api/rooms/CODE/proof answers it.")],
) -> None:
    """Check a room's dice: the seed fits the commitment shown before the first roll, and every roll and draw
    comes from the seeds."""
    try:
        text = proof.read_text(encoding="utf-8")
    except FileNotFoundError:
        _fail(f"{proof}: no such file", 2)
    except (OSError, UnicodeDecodeError) as error:
        _fail(f"{proof}: cannot be read ({error.strerror if isinstance(error, OSError) else 'not UTF-8 text'})", 2)
    try:
        count = fairdice.checked(json.loads(text))
    except json.JSONDecodeError as error:
        _fail(f"{proof}: not JSON (line {error.lineno}: {error.msg})", 1)
    except fairdice.ProofError as error:
        _fail(f"{proof}: {error}", 1)
    typer.echo(f"{proof}: the seed fits the commitment; all {count} rolls and draws check")
