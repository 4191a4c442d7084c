"""Every room state of every game in every look (light and dark, portrait and landscape, and 320 px wide; en/de/es):
axe-core clean, tap targets of 44 px, no text under 12 px (SVG text as drawn), nothing narrower than its text at 320
px, and in landscape the dice (or the market ring) and the turn line on the screen; the shared-roll template
(knister) too, in English. One phone per language holds Ana's seat; the table moves through the API."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

import layouts
from tests.phones import every_look, seated_phone
from tests.scoring_play import add_games
from tests.serving import within
from tests.tables import Http, Table

LOCALES = ("en-US", "de-DE", "es-ES")
VERSION_DRAWN = """async () => {  // the version the page drew (its room module, one instance per page)
  const {room} = await import("/static/room.js");
  return room.state && room.state.version;
}"""
PLAYING = ("roll", "move", "use", "pick", "take", "hold", "pass", "next", "refuse")
ENDING = ("end", "refuse", "pass", "next", "roll", "pick", "use", "take", "hold", "move")
"""The moves a walk makes first: playing on, or reaching the end in a few dozen moves."""

ON_SCREEN = """() => ['#turn-line', '#board .dice', '#board .ring'].flatMap((s) => [...document.querySelectorAll(s)])
  .map((e) => [e.className || e.id, e.getBoundingClientRect().bottom])
  .filter(([name, bottom]) => bottom > innerHeight)"""


def on_screen(page, look: str) -> None:
    """At the top of the page the turn line, every row of dice and the market ring are inside the screen."""
    page.evaluate("scrollTo(0, 0)")
    assert page.evaluate(ON_SCREEN) == [], look


def seat_of(state: dict, who: str) -> int:
    """The seat id of a name."""
    return next(s["seat"] for s in state["seats"] if s["name"] == who)


def move_of(state: dict, seat: int, order=PLAYING) -> dict | None:
    """The seat's first allowed move in `order`, as sent (a crossing names its list and item); None when it has none."""
    entries = [e for e in state["allowed"][str(seat)] if e["move"] in order]
    return min(entries, key=lambda e: order.index(e["move"]), default=None)


def step(room: Table, who: str, order=PLAYING) -> dict:
    """`who` makes their first allowed move in `order`; the new state."""
    state = room.state()
    entry = dict(move_of(state, seat_of(state, who), order))
    move = entry.pop("move")
    if move == "cross":
        status, state = room.cross(who, entry.pop("list"), entry.pop("item"), **entry)
    else:
        status, state = room.move(who, move, **entry)
    assert status == 200, state
    return state


class Looks:
    """Ana's seat on one phone per language, all of them checked in every look whenever the table changes."""

    def __init__(self, served, phone, game_id: str, locales=LOCALES):
        self.room = Table(Http(served), game_id, ("Ben",), players=2)
        self.game = game_id
        self.pages = {locale: phone(locale=locale) for locale in locales}
        for page in self.pages.values():
            page.goto(f"{served}/r/{self.room.code}")
        self.check("a watching phone")
        first = self.pages["en-US"]
        seated_phone(lambda **_: first, served, self.room.code, "Ana")
        seats = first.evaluate(f"localStorage.getItem('rollsheet.seats.{self.room.code}')")
        self.room.tokens["Ana"] = first.evaluate(
            f"JSON.parse(localStorage.getItem('rollsheet.seats.{self.room.code}'))[0].token")
        for page in list(self.pages.values())[1:]:
            page.evaluate(f"(seats) => localStorage.setItem('rollsheet.seats.{self.room.code}', seats)", seats)
            page.reload()

    def check(self, state: str) -> None:
        """Every phone shows the room's version now; each passes in every look."""
        version = self.room.state()["version"]
        for locale, page in self.pages.items():
            assert within(10, lambda page=page: page.evaluate(VERSION_DRAWN) == version), state
            every_look(page, f"{self.game}, {state}, {locale}", on_screen if "asks" not in state else None)


@pytest.mark.parametrize("game_id, locales", [(game_id, LOCALES) for game_id in layouts.game_ids()]
                         + [("knister", ("en-US",))])
def test_every_room_state_passes_in_every_look_and_language(live_server, phone, monkeypatch, game_id, locales):
    add_games(monkeypatch, layouts.TEMPLATES / "knister.yaml")
    looks = Looks(live_server, phone, game_id, locales)
    room = looks.room
    looks.check("seated, before the first move")
    if looks.pages["en-US"].locator('[data-key="move-1"]').count():  # the market: the crystal's move chosen first
        for page in looks.pages.values():
            page.locator('[data-key="move-1"]').click()
        looks.check("a move chosen")
    step(room, "Ana")
    looks.check("after Ana's first move")
    ben = seat_of(room.state(), "Ben")
    for _ in range(12):  # until it is Ben's turn and the table waits for him
        state = room.state()
        if state["active"] == ben and ben in state["waiting"]:
            break
        step(room, "Ben" if ben in state["waiting"] else "Ana")
    looks.check("Ben's turn")
    asked = room.call(f"/api/rooms/{room.code}/seats/{ben}/takeover", {})[1]["ask"]
    looks.check("asks: a new phone asks for Ben's seat")
    refusal = room.body("Ana", None, ask=asked, let=False)
    assert room.call(f"/api/rooms/{room.code}/seats/{ben}/takeover", refusal)[0] == 200
    for _ in range(80):
        state = room.state()
        if state["over"]:
            break
        seat = next(s for s in [*state["waiting"], *(s["seat"] for s in state["seats"])] if move_of(state, s, ENDING))
        step(room, next(s["name"] for s in state["seats"] if s["seat"] == seat), ENDING)
    assert room.state()["over"]
    expect(looks.pages["en-US"].locator("#turn-line")).to_contain_text("The game is over")
    looks.check("the game is over")
