"""A phone marking its sheet on /r/<code>/sheet: seated through the room page, then tapping cells, typing numbers on
the keypad and drawing facade cells in one change, as a player does."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.phones import seated_phone


def sheet_phone(phone, base: str, code: str, name: str, **options):
    """A phone holding `name`'s seat, on the room's sheet page (by the room page's link)."""
    page = seated_phone(phone, base, code, name, **options)
    page.locator(f'a[href="/r/{code}/sheet"]').click()
    expect(page.locator("#seat-switch [aria-pressed=true]")).to_contain_text(name)
    return page


def place(page, place_id: str):
    """A place of the sheet shown, by its id."""
    return page.locator(f'[data-place="{place_id}"]')


def changed(page, act, ok: bool = True):
    """Run `act()`, which sends one change of marks; the answer's status is 2xx when `ok`."""
    with page.expect_response(lambda r: r.request.method == "PATCH" and "/sheets/" in r.url) as answered:
        act()
    assert answered.value.ok == ok, answered.value.text()
    return answered.value


def write(page, place_id: str, number: int, ok: bool = True) -> None:
    """Type a number into a place on the keypad and write it."""
    place(page, place_id).click()
    keys = page.locator("#keypad-keys")
    for digit in str(number):
        keys.get_by_role("button", name=digit, exact=True).click()
    changed(page, lambda: page.locator("#keypad-ok").click(), ok)


def write_all(page, numbers: dict) -> None:
    """Write each place's number, in order; each is taken."""
    for place_id, number in numbers.items():
        write(page, place_id, number)
        expect(place(page, place_id)).to_have_attribute("aria-label", f"{_name(page, place_id)}, {number}")


def _name(page, place_id: str) -> str:
    """A place's spoken name without its mark."""
    return place(page, place_id).get_attribute("aria-label").rsplit(", ", 1)[0]


def cross(page, place_id: str) -> None:
    """Cross a box (a tap)."""
    changed(page, lambda: place(page, place_id).click())
    expect(place(page, place_id)).to_have_attribute("aria-checked", "true")


def draw(page, choice: str, cells: list[str], bricks: tuple[str, ...] = (), ok: bool = True):
    """Pick a colour or a tile in the palette, tap the cells (a brick twice) and draw them in one change."""
    page.locator("#palette").get_by_role("button", name=choice).click()
    for cell in cells:
        place(page, cell).click()
        if cell in bricks:
            place(page, cell).click()
    return changed(page, lambda: page.locator("#palette").get_by_role("button", name="Draw").click(), ok)


def held_tokens(code: str, *pages) -> dict:
    """The seat tokens the phones keep for room `code`, by name: a test moves for them through the API."""
    return {held["name"]: held["token"] for page in pages
            for held in page.evaluate(f"JSON.parse(localStorage.getItem('rollsheet.seats.{code}'))")}


def second_phone(phone, base: str, code: str, first):
    """Another phone holding the same seats as `first` (its seat tokens copied), on the room's sheet page."""
    page = phone()
    held = first.evaluate(f"localStorage.getItem('rollsheet.seats.{code}')")
    page.context.add_init_script(f"localStorage.setItem('rollsheet.seats.{code}', {held!r})")
    page.goto(f"{base}/r/{code}/sheet")
    return page
