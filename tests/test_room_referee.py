"""The phone draws only what the server allows (Chromium, four phones at a real `rollsheet serve`): no dead
end when every die is used, no new dice after an undo, one roll for a double tap, a shared phone that
starts each seat clean, a tile crossed only after a confirmation, the declared end."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.phones import axe_clean, seated_phone, turn_line
from tests.serving import within
from tests.tables import Http, Table

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
        expect(phones[other].locator("#turn-line")).to_contain_text(f"your part, {other}: take 1 of the dice left, or pass")
        state = tap(room, phones[other], "pass")
    assert state["active"] == 2 and state["turn"] == 3
    assert [e["kind"] for e in state["log"][:4]] == ["pass", "pass", "pass", "use"]
    axe_clean(phones["Cy"], "Copenhagen: the turn passed after three passes")


def test_undo_after_a_roll_gives_no_new_dice(served, phone):
    room, phones = four_phones(served, phone, "copenhagen")
    ana = phones["Ana"]
    rolled = tap(room, ana, "roll")["dice"]
    expect(ana.locator('[data-key="undo"]')).to_have_count(0)
    ana.locator('[data-key="die-0"]').click()
    tap(room, ana, "use")
    state = tap(room, ana, "undo")
    assert state["dice"] == rolled and state["phase"] == "use"
    expect(ana.locator('[data-key="use"]')).to_be_visible()
    expect(ana.locator('[data-key="roll"]')).to_have_count(0)
    labels = ana.locator("#board .die").evaluate_all("ds => ds.map(d => d.ariaLabel)")
    assert labels == phones["Dee"].locator("#board .die").evaluate_all("ds => ds.map(d => d.ariaLabel)")


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
