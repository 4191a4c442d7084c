"""A room's score page on a seated phone: what each player types on their own card, and saving it."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.phones import card

NAMES = ("Ana", "Ben", "Cy", "Dee")
"""The players of seats 0 to 3."""
CARDS = {"simstown": lambda n: {"houses": n, "districts": 1}, "copenhagen": lambda n: {"rows_windows": n},
         "lost-cities": lambda n: {"expeditions.red.boxes": n}, "monolyth": lambda n: {"structure": n}}
"""What a player types on their card, by the number they are given."""


def type_card(page, seat: int, number: int) -> None:
    """The phone of seat `seat` types its own card."""
    own = card(page, seat)
    for path, value in CARDS[page.url.split("/score/")[1].split("?")[0]](number).items():
        field = own.locator(f'[data-path="{path}"]')
        if "choice" in field.get_attribute("class"):  # Monolyth's structure token: a radio button per token
            field.locator(f'label:has(input[value="{value or ""}"])').click()
        else:
            field.locator("input[inputmode=numeric]").fill(str(value))


def save_own_card(page, seat: int, number: int) -> None:
    """The phone of seat `seat` types its own card and saves it."""
    type_card(page, seat, number)
    own = card(page, seat)
    own.get_by_role("button", name="Save my card").click()
    expect(own.locator(".card-status")).to_contain_text(f"{NAMES[seat]}'s card saved by {NAMES[seat]}")
