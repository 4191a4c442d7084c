"""What a sheet refuses: a sentence for the catalogue, its parameters, and the HTTP status that answers it."""
from __future__ import annotations

N_ = str
"""Marks a sentence for the catalogue (`pybabel extract` reads N_ calls); companion/sheets.py translates it."""


class MarkRefusal(ValueError):
    """A mark refused: `sentence` (English, in the catalogue) with `params`; 400 for a place or value the sheet has
    not, 409 for a mark a strict room's rules forbid."""

    def __init__(self, sentence: str, status: int = 400, **params):
        super().__init__(sentence % params)
        self.sentence, self.status, self.params = sentence, status, params
