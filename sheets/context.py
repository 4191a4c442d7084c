"""What a block needs besides its own data: the game, the ink, the companion URL, the players, the language."""
from __future__ import annotations

import math
from dataclasses import dataclass

from layouts import Game, fill_values
from sheets.i18n import kit_word
from sheets.ink import Ink


@dataclass(frozen=True)
class Context:
    game: Game
    ink: Ink
    url: str | None = None
    players: int = 4
    copy: int = 1
    player: int = 1
    lang: str = "en"

    def __post_init__(self):
        object.__setattr__(self, "ink", self.ink.for_game(self.game.colours))  # the game's darker line shades

    def text(self, text: str) -> str:
        """A layout text with the game's values filled in."""
        return fill_values(text, self.game.values, self.lang)

    def word(self, message: str, **params) -> str:
        """A word the drawer writes itself (not the layout), in the print's language (sheets/i18n.py)."""
        return kit_word(self.lang, message, **params)

    def rgb(self, colour: str) -> str:
        """The print colour of a game colour id."""
        return self.game.colours[colour].rgb

    def glyph(self, colour: str) -> str:
        """The colour-blind glyph of a game colour id."""
        return self.game.colours[colour].glyph

    def play_url(self) -> str | None:
        """Where the sheet's QR code leads: `<URL>/play/<game>`, or None without a URL."""
        return f"{self.url.rstrip('/')}/play/{self.game.id}" if self.url else None

    def for_copy(self, copy: int, player: int) -> Context:
        """The same context for one numbered copy."""
        return Context(self.game, self.ink, self.url, self.players, copy, player, self.lang)

    def for_sheet(self, number: int) -> Context:
        """The context of sheet `number` (from 1) of a print run: the players' sheets take turns."""
        return self.for_copy(number, (number - 1) % self.players + 1)

    def variant(self) -> tuple[int, int]:
        """What per-copy blocks other than the sheet number may differ by: the player and the card pattern."""
        return self.player, (self.copy - 1) % max(1, len(self.game.patterns))

    @property
    def cycle(self) -> int:
        """After how many sheets the variants of `for_sheet` come round again."""
        return math.lcm(self.players, len(self.game.patterns) or 1)
