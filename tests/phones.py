"""Phones at a table in headless Chromium: seat a player through the page, read the turn line, tap
what the page offers, check the page with axe-core, and hold a move's answer back."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.serving import within


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
    """Tap an enabled button by its accessible name: it sends a move, which the table takes (answered 2xx, no alert)."""
    button = page.get_by_role("button", name=name, exact=True)
    expect(button).to_be_enabled()
    with page.expect_response(lambda r: r.request.method == "POST" and "/api/rooms/" in r.url) as answered:
        button.click()
    assert answered.value.ok, answered.value.text()
    expect(page.locator("#alert")).to_have_text("")


def card(page, player: int):
    """One player's card, shown (the form shows one card at a time: a tap on the player's button)."""
    tab = page.locator("#player-tabs .tab").nth(player)
    if tab.get_attribute("aria-pressed") != "true":
        tab.click()
    return page.locator("article.player").nth(player)


def axe_clean(page, context: str = "") -> None:
    """axe-core finds no violations on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    assert results.violations_count == 0, f"{context}\n{results.generate_report()}"


PORTRAIT, LANDSCAPE = {"width": 390, "height": 844}, {"width": 844, "height": 390}
NARROW = {"width": 320, "height": 640}
LOOKS = (("light", PORTRAIT), ("dark", PORTRAIT), ("light", LANDSCAPE), ("dark", LANDSCAPE))
"""The looks a page is checked in: light and dark, portrait and landscape (one page, restyled in place)."""

SMALL_TARGETS = """() => [...document.querySelectorAll(`button, a[href], select, summary, [tabindex="0"],
    input:not([type=checkbox]):not([type=radio]):not([type=hidden]), label:has(> input[type=checkbox]),
    label:has(> input[type=radio])`)]
  .filter((e) => e.getClientRects().length).map((e) => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.width < 43.5 || r.height < 43.5)
  .map(([e, r]) => `${e.tagName.toLowerCase()}.${e.className} "${e.textContent.trim().slice(0, 30)}" `
    + `${Math.round(r.width)}x${Math.round(r.height)}`)"""
"""What a finger can tap that is smaller than 44 x 44 px."""

CLIPPED_TEXT = """() => [...document.querySelectorAll('body *')].filter((e) => {
    const style = getComputedStyle(e);
    if (!e.getClientRects().length || style.display === 'inline'
        || ['auto', 'scroll'].includes(style.overflowX)) return false;
    const text = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    return text && e.scrollWidth > e.clientWidth + 1;
  }).map((e) => `${e.tagName.toLowerCase()}.${e.className} "${e.textContent.trim().slice(0, 30)}" `
    + `${e.clientWidth}<${e.scrollWidth}`)"""
"""The elements narrower than their text (a scrolling box aside)."""


SMALL_TEXT = """() => [...document.querySelectorAll('body *')].filter((e) => e.getClientRects().length
    && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
  .map((e) => [e, parseFloat(getComputedStyle(e).fontSize)
    * (e instanceof SVGGraphicsElement ? e.getBoundingClientRect().height / e.getBBox().height : 1)])
  .filter(([e, size]) => size < 11.95)
  .map(([e, size]) => `${e.tagName.toLowerCase()}.${e.className.baseVal ?? e.className}
    "${e.textContent.trim().slice(0, 30)}" ${size.toFixed(1)} px`)"""
"""The text drawn smaller than 12 px (an SVG's text as its scale draws it)."""


def fits_a_finger(page, look: str) -> None:
    """axe-core finds nothing, every tap target is at least 44 px and no text is under 12 px."""
    axe_clean(page, look)
    small = page.evaluate(SMALL_TARGETS)
    assert small == [], f"{look}: {small}"
    tiny = page.evaluate(SMALL_TEXT)
    assert tiny == [], f"{look}: {tiny}"


def every_look(page, context: str, landscape=None) -> None:
    """In each look, and light at 320 px wide: axe-core finds nothing, every tap target is at least 44 px and no text
    under 12 px; `landscape(page)` checks what must fit a landscape screen; at 320 px nothing is narrower than its
    text. The page is left light and portrait."""
    for scheme, size in (*LOOKS, ("light", NARROW)):
        page.emulate_media(color_scheme=scheme)
        page.set_viewport_size(size)
        width = "landscape" if size is LANDSCAPE else f"{size['width']} px"
        look = f"{context}, {scheme}, {width}"
        fits_a_finger(page, look)
        if landscape and size is LANDSCAPE:
            landscape(page, look)
    clipped = page.evaluate(CLIPPED_TEXT)
    assert clipped == [], f"{context}, 320 px: {clipped}"
    page.set_viewport_size(PORTRAIT)


class HeldAnswers:
    """The answers to `page`'s requests matching `pattern`, held on their way back (each request reaches the
    server) until released: a phone that learns what happened from the live stream before the answer."""

    def __init__(self, page, pattern: str):
        self.page, self.pattern, self.held = page, pattern, []
        page.route(pattern, lambda route: self.held.append((route, route.fetch())))

    def wait(self, seconds: float = 5) -> None:
        """Until a request has reached the server (Playwright runs the route's handler while the page waits)."""
        assert within(seconds, lambda: self.held, lambda: self.page.wait_for_timeout(20)), \
            f"no request to {self.pattern} within {seconds} s"

    def release(self) -> None:
        """Give the page the first held answer and let the page read it; hold no more."""
        self.wait()
        route, answer = self.held[0]
        with self.page.expect_response(self.pattern):
            route.fulfill(response=answer)
        self.page.unroute(self.pattern)
        self.page.evaluate("() => new Promise((read) => setTimeout(() => setTimeout(read)))")
