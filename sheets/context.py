"""What a block needs besides its own data: the game, the ink, the companion URL, the players."""
from __future__ import annotations

from dataclasses import dataclass, replace

from layouts import Game, fill_values
from sheets.ink import Ink


@dataclass(frozen=True)
class Context:
    game: Game
    ink: Ink
    url: str | None = None
    players: int = 4
    copy: int = 1
    player: int = 1

    def text(self, text: str) -> str:
        """A layout text with the game's values filled in."""
        return fill_values(text, self.game.values)

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
        return replace(self, copy=copy, player=player)
