"""Phones at a table in headless Chromium: seat a player through the page, read the turn line, tap
what the page offers, and check the page with axe-core."""
from __future__ import annotations

from playwright.sync_api import expect


def seated_phone(phone, base: str, code: str, *names: str, **options):
    """A phone on room `code` whose players take their seats through the page (the first, then
    "Add a player on this phone" for the others), in whatever language the phone speaks."""
    page = phone(**options)
    page.goto(f"{base}/r/{code}")
    for i, name in enumerate(names):
        if i:
            page.locator('[data-key="add"]').click()
        page.locator("#seat-name").fill(name)
        page.locator('[data-key="sit"]').click()
        expect(page.locator("#seats li.seat", has_text=name).locator(".mine")).to_be_visible()
    return page


def turn_line(page) -> str:
    """What the board says about the turn."""
    return page.locator("#turn-line").inner_text()


def tap(page, name: str) -> None:
    """Tap an enabled button by its accessible name; the table must not refuse it."""
    button = page.get_by_role("button", name=name, exact=True)
    expect(button).to_be_enabled()
    button.click()
    expect(page.locator("#alert")).to_have_text("")


def axe_clean(page, context: str = "") -> None:
    """axe-core finds no violations on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    assert results.violations_count == 0, f"{context}\n{results.generate_report()}"
