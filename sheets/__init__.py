"""The print kit: turns a game's layout into PDFs (score sheets, boards, cards)."""
