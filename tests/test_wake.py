"""Issue 34 item 6, the screen stays awake: in a secure context the room asks for a screen wake lock, and again when
the page comes back into view; without one (plain HTTP to another machine) it shows a hint, once per phone."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.tables import Http

COUNTED = """window.wakeAsks = 0;
Object.defineProperty(navigator, "wakeLock", {value: {request: async () => { window.wakeAsks += 1; return {}; }}});"""
PLAIN_HTTP = 'Object.defineProperty(window, "isSecureContext", {value: false});'


def test_a_secure_room_asks_for_a_wake_lock_and_again_when_it_comes_back(served, phone):
    code = Http(served)("/api/rooms", {"game": "simstown", "players": 2})[1]["code"]
    page = phone()
    page.add_init_script(COUNTED)
    page.goto(f"{served}/r/{code}")
    page.wait_for_function("window.wakeAsks === 1")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("window.wakeAsks === 2")
    expect(page.locator("#wake-hint")).to_be_hidden()


def test_over_plain_http_the_room_hints_at_the_screen_timeout_once(served, phone):
    code = Http(served)("/api/rooms", {"game": "simstown", "players": 2})[1]["code"]
    page = phone()
    page.add_init_script(PLAIN_HTTP)
    page.goto(f"{served}/r/{code}")
    expect(page.locator("#wake-hint")).to_have_text("Tip: lengthen your phone's screen timeout, so that it stays on "
                                                    "while you play.")
    page.reload()
    expect(page.locator("#board")).not_to_be_empty()
    expect(page.locator("#wake-hint")).to_be_hidden()
