"""The phone draws only what the server allows (Chromium, phones at a real `rollsheet serve`): no dead end when
every die is used, no new dice after an undo, one roll for a double tap (even when the stream shows the roll
before its answer), a shared phone that starts each seat clean, never passes a tap on to its next seat and lets
the chosen seat do what the server allows it, a tile crossed only after a confirmation, the declared end."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.phones import HeldAnswers, axe_clean, seated_phone, turn_line
from tests.serving import within
from tests.tables import Http, Table


@pytest.fixture(scope="module")
def served(module_served):
    """One real server for this module's tests (tests/conftest.py): each opens rooms of its own."""
    return module_served

PLAYERS = ("Ana", "Ben", "Cy", "Dee")


def four_phones(served, phone, game_id):
    """A 4-player room with a phone per player: (room, {name: page})."""
    room = Table(Http(served), game_id, (), players=4)
    return room, {name: seated_phone(phone, served, room.code, name) for name in PLAYERS}


def changed(room, before: int) -> dict:
    """The room's state once its version has passed `before` (5 s at most)."""
    assert within(5, lambda: room.state()["version"] > before), "the tap changed nothing"
    return room.state()


def tap(room, page, key: str) -> dict:
    """Tap the enabled control `key`; the table takes it: its new state."""
    before = room.state()["version"]
    control = page.locator(f'[data-key="{key}"]')
    expect(control).to_be_enabled()
    control.click()
    expect(page.locator("#alert")).to_have_text("")
    return changed(room, before)


def one_colour(room, page) -> dict:
    """The active player turns dice with the green star until every die shows one colour or the joker."""
    state = room.state()
    while len(colours := sorted({d["face"] for d in state["dice"]} - {"joker"})) > 1:
        page.locator('[data-key="recolour-from"]').select_option(colours[1])
        page.locator('[data-key="recolour-to"]').select_option(colours[0])
        state = tap(room, page, "recolour")
    return state


def test_a_turn_whose_dice_are_all_used_passes_without_a_tap_and_so_does_one_the_others_pass(served, phone):
    room, phones = four_phones(served, phone, "copenhagen")
    ana, ben = phones["Ana"], phones["Ben"]
    tap(room, ana, "roll")
    one_colour(room, ana)
    for i in range(5):
        ana.locator(f'[data-key="die-{i}"]').click()
    state = tap(room, ana, "use")
    assert state["active"] == 1 and state["turn"] == 2 and state["phase"] == "roll"
    expect(ben.locator("#turn-line")).to_have_text("Turn 2: Ben · your turn, Ben: roll the dice")
    expect(phones["Cy"].locator("#log li").first).to_contain_text("left for the others: nothing. Ben's turn")
    tap(room, ben, "roll")
    ben.locator('[data-key="die-0"]').click()
    tap(room, ben, "use")
    for other in ("Cy", "Dee", "Ana"):
        expect(phones[other].locator("#turn-line")).to_contain_text(
            f"your part, {other}: take 1 of the dice left, or pass")
        state = tap(room, phones[other], "pass")
    assert state["active"] == 2 and state["turn"] == 3
    assert [e["kind"] for e in state["log"][:4]] == ["pass", "pass", "pass", "use"]
    axe_clean(phones["Cy"], "Copenhagen: the turn passed after three passes")


def test_the_green_stars_colours_stay_chosen_while_a_die_is_tapped(served, phone):
    room = Table(Http(served), "copenhagen", (), players=2)
    ana, _ = (seated_phone(phone, served, room.code, name) for name in ("Ana", "Ben"))
    tap(room, ana, "roll")
    pairs = [e for e in room.state()["allowed"]["0"] if e["move"] == "recolour"]
    source = pairs[-1]["from"]
    target = [p["to"] for p in pairs if p["from"] == source][-1]
    ana.locator('[data-key="recolour-from"]').select_option(source)
    ana.locator('[data-key="recolour-to"]').select_option(target)
    ana.locator('[data-key="die-0"]').click()  # the board is drawn again
    expect(ana.locator('[data-key="die-0"]')).to_have_attribute("aria-pressed", "true")
    expect(ana.locator('[data-key="recolour-from"]')).to_have_value(source)
    expect(ana.locator('[data-key="recolour-to"]')).to_have_value(target)
    state = tap(room, ana, "recolour")
    faces = {d["face"] for d in state["dice"]}
    assert state["log"][0]["kind"] == "recolour" and target in faces and source not in faces


def test_undo_after_a_roll_gives_no_new_dice(served, phone):
    room, phones = four_phones(served, phone, "copenhagen")
    ana = phones["Ana"]
    rolled = tap(room, ana, "roll")["dice"]
    expect(ana.locator('[data-key="undo"]')).to_have_count(0)
    no_die = ana.locator('#board .actions > button').last  # "Use no die": a plain button after the others
    expect(no_die).to_have_text("Use no die")
    expect(no_die).to_have_class("button secondary")
    ana.locator('[data-key="die-0"]').click()
    expect(ana.locator('[data-key="use"]')).to_have_class("button")
    tap(room, ana, "use")
    state = tap(room, ana, "undo")
    assert state["dice"] == rolled and state["phase"] == "use"
    expect(ana.locator('[data-key="use"]')).to_be_visible()
    expect(ana.locator('[data-key="roll"]')).to_have_count(0)
    labels = ana.locator("#board .die").evaluate_all("ds => ds.map(d => d.ariaLabel)")
    assert labels == phones["Dee"].locator("#board .die").evaluate_all("ds => ds.map(d => d.ariaLabel)")


HELD_ANSWERS = """() => {  // the table's answers come late (a busy Wi-Fi): after the live stream has shown them
  const fetched = window.fetch;
  window.released = false;
  window.fetch = async (url, options) => {
    const response = await fetched(url, options);
    while (options && options.method === "POST" && !window.released) await new Promise((done) => setTimeout(done, 10));
    return response;
  };
}"""


def test_a_double_tap_on_roll_spends_one_roll(served, phone):
    room, phones = four_phones(served, phone, "simstown")
    ana = phones["Ana"]
    ana.locator('[data-key="roll"]').dblclick()
    expect(phones["Ben"].locator("#log li").first).to_contain_text("Ana rolled")
    expect(ana.locator("#alert")).to_have_text("")
    state = tap(room, ana, "die-0")  # the next move: a second roll would have come before it
    assert state["rolls"] == 1 and [e["kind"] for e in state["log"]][:2] == ["hold", "roll"]
    assert [e["kind"] for e in state["log"]].count("roll") == 1
    expect(ana.locator("#turn-line")).to_contain_text("(roll 1 of 3)")


def test_the_second_tap_of_a_double_tap_is_not_sent_when_the_stream_shows_the_first_before_its_answer(served, phone):
    room, phones = four_phones(served, phone, "simstown")
    ana = phones["Ana"]
    ana.evaluate(HELD_ANSWERS)
    roll = ana.locator('[data-key="roll"]')
    roll.click()
    expect(ana.locator("#turn-line")).to_contain_text("(roll 1 of 3)")  # the stream brought the roll, not the answer
    expect(roll).to_have_text("Roll again")
    roll.click()  # the double tap's second half, on the button the new version drew
    ana.evaluate("window.released = true")
    state = tap(room, ana, "die-0")
    assert state["rolls"] == 1 and [e["kind"] for e in state["log"]].count("roll") == 1
    expect(phones["Ben"].locator("#turn-line")).to_contain_text("(roll 1 of 3)")


def shared_table(served, phone, game_id):
    """Ana on her own phone, Cy and Dora sharing one (in that turn order): (room, ana, shared)."""
    room = Table(Http(served), game_id, (), players=3)
    return room, seated_phone(phone, served, room.code, "Ana"), seated_phone(phone, served, room.code, "Cy", "Dora")


DOUBLE_TAP_AS_THE_SEAT_CHANGES = """async (key) => {  // the second tap lands as soon as the phone acts for Dora
  const {room} = await import("/static/room.js");  // the page's own table (one module instance per page)
  const dora = room.state.seats.find((s) => s.name === "Dora").seat;
  document.querySelector(`[data-key="${key}"]`).click();
  while (room.actor() !== dora) await new Promise((done) => setTimeout(done, 5));
  document.querySelector(`[data-key="${key}"]`).click();
}"""


def test_a_double_tap_on_a_shared_phone_is_not_passed_on_to_the_next_seat(served, phone):
    room, ana, shared = shared_table(served, phone, "copenhagen")
    tap(room, ana, "roll")
    ana.locator('[data-key="die-0"]').click()
    tap(room, ana, "use")
    expect(shared.locator('[data-key="pass"]')).to_have_text("Pass: take no die for Cy")
    shared.evaluate(DOUBLE_TAP_AS_THE_SEAT_CHANGES, "pass")
    expect(shared.locator("#status")).to_have_text("This phone now plays for Dora.")
    expect(shared.locator("#turn-line")).to_contain_text("your part, Dora")
    expect(shared.locator('[data-key="pass"]')).to_have_text("Pass: take no die for Dora")
    expect(shared.locator('[data-key="pass"]')).to_be_enabled()  # after a moment the board takes taps again
    state = room.state()
    assert [(e["kind"], e["player"]) for e in state["log"][:2]] == [("pass", "Cy"), ("use", "Ana")]
    assert state["waiting"] == [2]
    axe_clean(shared, "a shared phone, just handed on to Dora")


def test_a_tap_as_another_phone_passes_the_turn_to_a_seat_of_a_shared_phone_is_not_made_for_it(served, phone):
    room = Table(Http(served), "simstown", (), players=3)
    shared = seated_phone(phone, served, room.code, "Ana")
    room.sit("Ben")
    shared.locator('[data-key="add"]').click()
    shared.locator("#seat-name").fill("Cy")
    shared.locator('[data-key="sit"]').click()
    tap(room, shared, "roll")
    tap(room, shared, "next")
    room.ok("Ben", "roll")
    shared.evaluate("""async () => {  // a tap meant for Ana lands just as Ben's phone passes the turn to Cy
      const {room} = await import("/static/room.js");
      const cy = room.state.seats.find((s) => s.name === "Cy").seat;
      const look = (done) => (room.actor() === cy ? done() : setTimeout(() => look(done), 5));
      window.tapped = new Promise(look).then(() => document.querySelector('[data-key="roll"]').click());
    }""")
    room.ok("Ben", "next")
    shared.evaluate("window.tapped")
    expect(shared.locator("#status")).to_have_text("This phone now plays for Cy.")
    roll = shared.locator('[data-key="roll"]')
    expect(roll).to_have_text("Roll the dice for Cy")
    expect(roll).to_be_enabled()
    assert room.state()["log"][0]["kind"] == "next"
    assert tap(room, shared, "roll")["log"][0]["player"] == "Cy"


def test_a_shared_phone_starts_each_seat_clean_and_names_it_on_the_button(served, phone):
    room = Table(Http(served), "lost-cities", (), players=4)
    ana = seated_phone(phone, served, room.code, "Ana")
    shared = seated_phone(phone, served, room.code, "Ben", "Cy")
    seated_phone(phone, served, room.code, "Dee")
    tap(room, ana, "roll")
    state = room.state()
    colour, number = (next(i for i, d in enumerate(state["dice"]) if d["die"] == kind) for kind in ("colour", "number"))
    ana.locator(f'[data-key="die-{colour}"]').click()
    ana.locator(f'[data-key="die-{number}"]').click()
    tap(room, ana, "pick")
    take = shared.locator('[data-key="pick"]')
    expect(take).to_have_text("Take the chosen dice for Ben")
    open_colour = next(i for i, d in enumerate(room.state()["dice"]) if d["die"] == "colour" and not d["used"])
    shared.locator(f'[data-key="die-{open_colour}"]').click()
    expect(shared.locator(f'[data-key="die-{open_colour}"]')).to_have_attribute("aria-pressed", "true")
    shared.locator('[data-key="acting"]').select_option(label="Cy")
    expect(take).to_have_text("Take the chosen dice for Cy")
    assert shared.locator('#board .die[aria-pressed="true"]').count() == 0 and take.is_disabled()
    shared.locator('[data-key="acting"]').select_option(label="Ben")
    open_number = next(i for i, d in enumerate(room.state()["dice"]) if d["die"] == "number" and not d["used"])
    shared.locator(f'[data-key="die-{open_colour}"]').click()
    shared.locator(f'[data-key="die-{open_number}"]').click()
    tap(room, shared, "pick")
    expect(take).to_have_text("Take the chosen dice for Cy")
    assert shared.locator('#board .die[aria-pressed="true"]').count() == 0 and take.is_disabled()
    assert "your part, Cy" in turn_line(shared)


def test_a_shared_phone_plays_for_the_chosen_seat_while_the_server_allows_it_anything(served, phone):
    room = Table(Http(served), "copenhagen", (), players=3)
    shared = seated_phone(phone, served, room.code, "Ana", "Ben")
    seated_phone(phone, served, room.code, "Cy")
    tap(room, shared, "roll")
    shared.locator('[data-key="die-0"]').click()
    used = HeldAnswers(shared, "**/use")  # the stream shows the turn's new state before the answer to Ana's use
    shared.locator('[data-key="use"]').click()
    used.wait()
    expect(shared.locator("#turn-line")).to_contain_text("your part, Ben")
    shared.locator('[data-key="acting"]').select_option(label="Ana")  # Ana places her shape: she crosses its tile
    used.release()  # the answer to her earlier move leaves the choice made since as it is
    expect(shared.locator('[data-key="acting"]')).to_have_value("0")
    tile = next(e["item"] for e in room.state()["allowed"]["0"] if e["move"] == "cross")
    shared.locator(f'[data-key="item-tiles-{tile}"]').click()
    expect(shared.locator(f'[data-key="cross-tiles-{tile}"]')).to_contain_text("for Ana")
    state = tap(room, shared, f"cross-tiles-{tile}")
    assert state["lists"]["tiles"]["crossed"][tile]["by"] == ["Ana"]
    expect(shared.locator("#status")).to_have_text("This phone now plays for Ben.")  # her move made, the table's turn
    expect(shared.locator('[data-key="pass"]')).to_have_text("Pass: take no die for Ben")


def test_a_tile_is_crossed_only_by_the_player_on_turn_and_only_once_confirmed(served, phone):
    room, phones = four_phones(served, phone, "copenhagen")
    ana, ben = phones["Ana"], phones["Ben"]
    expect(ana.locator('[data-key="item-tiles-R4a"]')).to_be_disabled()
    tap(room, ana, "roll")
    expect(ben.locator('[data-key="item-tiles-R4a"]')).to_be_disabled()
    ana.locator('[data-key="item-tiles-R4a"]').click()
    expect(ana.locator('[data-key="cross-tiles-R4a"]')).to_have_text("Cross off R4a square")
    expect(ana.locator('[data-key="cross-tiles-R4a"]')).to_be_focused()
    axe_clean(ana, "Copenhagen: a tile's confirmation")
    assert room.state()["lists"]["tiles"]["crossed"] == {}
    state = tap(room, ana, "cross-tiles-R4a")
    assert state["lists"]["tiles"]["crossed"]["R4a"]["by"] == ["Ana"]
    expect(ana.locator('[data-key="item-tiles-R4a"]')).to_be_focused()
    expect(ben.locator('[data-key="item-tiles-R4a"]')).to_have_attribute("aria-label", "R4a square, crossed off by Ana")
    expect(ana.locator('[data-key="item-tiles-B5"]')).to_be_disabled()  # one shape a turn: one tile


def test_we_reached_the_end_is_offered_once_the_round_is_complete_and_asks_first(served, phone):
    room = Table(Http(served), "copenhagen", (), players=2)
    ana, ben = (seated_phone(phone, served, room.code, name) for name in ("Ana", "Ben"))
    for active, other in ((ana, ben), (ben, ana)):
        expect(active.locator('[data-key="end"]')).to_have_count(0)
        tap(room, active, "roll")
        tap(room, active, "use")
        tap(room, other, "pass")
    ben.locator('[data-key="end"]').click()
    expect(ben.locator("#board .panel")).to_contain_text("End the game now? Someone has 12 points or more")
    expect(ben.locator('[data-key="end-no"]')).to_be_focused()
    ben.keyboard.press("Enter")  # "Not yet": the button comes back, with the focus
    expect(ben.locator('[data-key="end"]')).to_be_focused()
    ben.locator('[data-key="end"]').click()
    axe_clean(ben, "Copenhagen: the declared end's confirmation")
    state = tap(room, ben, "end-yes")
    assert state["over"] == {"reason": "declared", "by": "Ben"}
    expect(ana.locator("#turn-line")).to_have_text("The game is over: Someone has 12 points or more (said by Ben)")
    assert ana.locator("#board button:enabled").count() == 0
