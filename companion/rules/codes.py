"""Codes people type: a room's or a group's name, 6 characters from an alphabet without look-alikes
(no 0/O, 1/I/L), drawn with `secrets`: about 10^9 codes, so none can be guessed or listed. A play's
or a player's id is drawn the same way, only longer."""
from __future__ import annotations

import re
import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6


def normal_code(text: str) -> str:
    """A typed code as stored: upper case, without spaces or dashes."""
    return re.sub(r"[^0-9A-Z]", "", text.upper())


def drawn_code(length: int = CODE_LENGTH) -> str:
    """A new code of `length` characters, drawn with `secrets` (a room's, a group's, a play's id)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(length))
