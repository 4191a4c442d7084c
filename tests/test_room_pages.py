"""The room page in Chromium: seats, whose turn it is, focus kept across redraws and moved on when its control
goes, announcements, a name being typed kept while others sit down, the invite, one phone for several players,
a seat taken over by a new phone, the banner when the server is away or the network goes silent, dark and
landscape phones."""
from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from tests.phones import HeldAnswers, axe_clean, every_look, seated_phone, turn_line
from tests.serving import free_port, serving
from tests.silent_network import silent_network
from tests.tables import Http, Table


@pytest.fixture(scope="module")
def served(module_served):
    """One real server for this module's tests (tests/conftest.py): each opens rooms of its own."""
    return module_served


def two_phones(served, phone, game: str):
    """A 2-player room of `game` with Ana seated on one phone and Ben on another: (room, ana, ben)."""
    room = Table(Http(served), game, (), players=2)
    return room, seated_phone(phone, served, room.code, "Ana"), seated_phone(phone, served, room.code, "Ben")


def test_every_phone_sees_a_roll_within_a_second_and_hears_it(served, phone):
    room, ana, ben = two_phones(served, phone, "copenhagen")
    ana.locator('[data-key="roll"]').click()
    expect(ana.locator("#log li").first).to_contain_text("Ana rolled")  # the roll is in: read what it says
    rolled = Http(served)(f"/api/rooms/{room.code}")[1]
    expect(ben.locator("#log li").first).to_contain_text(rolled["log"][0]["text"], timeout=1000)
    expect(ben.get_by_role("status")).to_have_text(rolled["log"][0]["text"])
    assert ben.locator("#board .die").evaluate_all("ds => ds.map(d => d.ariaLabel)") == \
        ana.locator("#board .die").evaluate_all("ds => ds.map(d => d.ariaLabel)")


def test_a_waiting_phone_shows_whose_turn_it_is_with_its_controls_disabled(served, phone):
    _, ana, ben = two_phones(served, phone, "lost-cities")
    ana.locator('[data-key="roll"]').click()
    expect(ben.locator("#turn-line")).to_contain_text("Turn 1: Ana · waiting for Ana to pick 1 colour die")
    expect(ben.locator('[data-key="pick"]')).to_have_count(0)
    assert ben.locator("#board .die:enabled").count() == 0
    expect(ana.locator("#turn-line")).to_contain_text("your turn, Ana: pick 1 colour die and 1 number die")


def test_keyboard_focus_stays_on_its_control_when_the_table_changes(served, phone):
    _, ana, ben = two_phones(served, phone, "lost-cities")
    ana.locator('[data-key="roll"]').click()
    expect(ana.locator('[data-key="die-1"]')).to_be_enabled()
    ana.locator('[data-key="die-1"]').focus()
    ana.keyboard.press("Space")
    expect(ana.locator('[data-key="die-1"]')).to_have_attribute("aria-pressed", "true")
    assert ana.evaluate("document.activeElement.dataset.key") == "die-1"
    ben.locator('[data-key="item-bridges-red"]').click()
    ben.locator('[data-key="cross-bridges-red"]').click()
    expect(ana.locator("#log li").first).to_contain_text("Ben claimed red")
    assert ana.evaluate("document.activeElement.dataset.key") == "die-1"
    expect(ana.locator('[data-key="die-1"]')).to_have_attribute("aria-pressed", "true")


def test_a_die_picked_before_the_answer_to_the_roll_comes_stays_picked(served, phone):
    _, ana, _ = two_phones(served, phone, "lost-cities")
    rolled = HeldAnswers(ana, "**/roll")  # the stream draws the roll before the answer to Ana's own tap comes
    ana.locator('[data-key="roll"]').click()
    expect(ana.locator('[data-key="die-1"]')).to_be_enabled()
    ana.locator('[data-key="die-1"]').click()
    expect(ana.locator('[data-key="die-1"]')).to_have_attribute("aria-pressed", "true")
    rolled.release()
    assert ana.locator('[data-key="die-1"]').get_attribute("aria-pressed") == "true", "the late answer dropped the pick"


def test_a_name_being_typed_stays_with_its_cursor_while_others_sit_down(served, phone):
    room = Table(Http(served), "copenhagen", (), players=4)
    dora = phone()
    dora.goto(f"{served}/r/{room.code}")
    name = dora.locator("#seat-name")
    name.fill("")
    name.press_sequentially("Dra")
    name.press("ArrowLeft")
    name.press("ArrowLeft")  # the cursor after the D: she forgot the o
    room.sit("Ben")
    expect(dora.locator("#seats li.seat", has_text="Ben")).to_have_count(1)
    expect(name).to_be_focused()
    dora.keyboard.type("o")
    expect(name).to_have_value("Dora")
    dora.locator('[data-key="sit"]').click()
    expect(dora.locator("#seats li.seat", has_text="Dora").locator(".mine")).to_be_visible()
    dora.locator('[data-key="add"]').click()
    dora.keyboard.type("Eve")  # a player added on this phone: the form keeps her name too
    room.sit("Cy")
    expect(dora.locator("#seats li.seat", has_text="Cy")).to_have_count(1)
    expect(dora.locator("#seat-name")).to_have_value("Eve")
    expect(dora.locator("#seat-name")).to_be_focused()


def test_one_phone_plays_for_several_players_and_acts_for_the_one_on_turn(served, phone):
    room = Table(Http(served), "simstown", (), players=2)
    shared = seated_phone(phone, served, room.code, "Ana", "Ben")
    for turn, who in enumerate(("Ana", "Ben"), start=1):
        shared.locator('[data-key="roll"]').click()
        expect(shared.locator("#turn-line")).to_contain_text(f"Turn {turn}: {who} · your turn, {who}: set dice aside")
        shared.locator('[data-key="next"]').click()
        expect(shared.locator("#log li").first).to_contain_text(f"{who} ended the turn")
    log = Http(served)(f"/api/rooms/{room.code}")[1]["log"]
    assert [e["player"] for e in log[:4]] == ["Ben", "Ben", "Ana", "Ana"]


def test_a_fresh_phone_takes_a_dead_phones_seat_once_a_seated_phone_lets_it_and_the_old_phone_watches(served, phone):
    room = Table(Http(served), "copenhagen", (), players=3)
    ana, cy_old = seated_phone(phone, served, room.code, "Ana"), seated_phone(phone, served, room.code, "Cy")
    room.sit("Ben")
    ana.locator('[data-key="roll"]').click()
    fresh = phone()
    fresh.goto(f"{served}/r/{room.code}")
    expect(fresh.get_by_role("button", name="Ask to take over Cy's seat on this phone")).to_have_count(0)  # Cy is here
    fresh.get_by_role("button", name="One of these seats is mine").click()
    fresh.get_by_role("button", name="Ask to take over Cy's seat on this phone").click()
    code = fresh.locator(".ask-code").inner_text()
    assert re.fullmatch(r"[0-9]{4}", code) and fresh.evaluate("document.activeElement.dataset.key") == "asked"
    question = ana.get_by_role("group", name="Cy's seat: let the new phone take it?")
    expect(question).to_contain_text(f"it shows {code}")
    axe_clean(ana, "a seated phone asked to let a new phone in")
    question.get_by_role("button", name="Yes: it takes Cy's seat").click()
    expect(fresh.locator("#seats")).to_contain_text("Cy (this phone)")
    expect(fresh.locator("#status")).to_have_text("This phone now plays for Cy.")
    expect(cy_old.locator("#alert")).to_have_text(
        "Cy's seat moved to another phone: this phone no longer plays for Cy.")
    expect(cy_old.locator("#seats .mine")).to_have_count(0)
    assert cy_old.locator("#board button:enabled").count() == 0
    expect(cy_old.locator("#turn-line")).to_contain_text("waiting for Ana")
    expect(cy_old.locator("#log li").first).to_contain_text("Ana confirmed a new phone for Cy's seat")
    axe_clean(cy_old, "the old phone, watching")
    assert fresh.evaluate(f"JSON.parse(localStorage.getItem('rollsheet.seats.{room.code}'))[0].name") == "Cy"


def test_a_strangers_ask_for_a_held_seat_is_answered_only_by_that_seats_phone(served, phone):
    room = Table(Http(served), "lost-cities", (), players=3)
    ana, mallory = seated_phone(phone, served, room.code, "Ana"), seated_phone(phone, served, room.code, "Mallory")
    stranger = phone()
    stranger.goto(f"{served}/r/{room.code}")
    stranger.get_by_role("button", name="One of these seats is mine").click()
    stranger.get_by_role("button", name="Ask to take over Ana's seat on this phone").click()
    question = ana.get_by_role("group", name="Ana's seat: let the new phone take it?")
    expect(question).to_contain_text("A new phone asks for your seat, Ana: let it take it?")
    expect(mallory.locator("#asks")).to_be_empty()  # before the first move only the seat's own phone answers
    asked = room.state()["takeovers"][0]["ask"]
    mallory_token = mallory.evaluate(f"JSON.parse(localStorage.getItem('rollsheet.seats.{room.code}'))[0].token")
    status, refused = Http(served)(f"/api/rooms/{room.code}/seats/0/takeover",
                                   {"player": "Mallory", "token": mallory_token, "ask": asked})
    assert status == 403 and "only Ana's own phone" in refused["error"]
    question.get_by_role("button", name="No").click()
    expect(stranger.locator("#status")).to_have_text("Nobody let this phone take Ana's seat: ask again if it is yours.")
    expect(ana.locator("#seats .mine")).to_have_text(" (this phone)")
    ana.locator('[data-key="roll"]').click()
    expect(ana.locator("#alert")).to_have_text("")


def test_a_phone_whose_seat_a_stranger_let_another_phone_take_takes_it_back_with_one_tap(served, phone):
    room = Table(Http(served), "lost-cities", (), players=3)
    ana, mallory = seated_phone(phone, served, room.code, "Ana"), seated_phone(phone, served, room.code, "Mallory")
    room.sit("Ben")
    ana.locator('[data-key="roll"]').click()
    expect(mallory.locator("#log li").first).to_contain_text("Ana rolled")
    intruder = phone()
    intruder.goto(f"{served}/r/{room.code}")
    intruder.get_by_role("button", name="One of these seats is mine").click()  # a lie: Ana's phone is here
    intruder.get_by_role("button", name="Ask to take over Ana's seat on this phone").click()
    mallory.get_by_role("button", name="Yes: it takes Ana's seat").click()
    expect(intruder.locator("#seats")).to_contain_text("Ana (this phone)")
    card = ana.get_by_role("group", name="Ana's seat: take it back?")
    expect(card).to_contain_text("Ana's seat moved to another phone")
    axe_clean(ana, "a seat lost to another phone, offered back")
    card.get_by_role("button", name="That was not me: take my seat back").click()
    expect(ana.locator("#status")).to_have_text("This phone plays for Ana again.")
    expect(ana.locator("#seats li.seat", has_text="Ana").locator(".mine")).to_be_visible()
    expect(ana.locator("#asks")).to_be_empty()
    expect(mallory.locator("#log li").first).to_contain_text("Ana took the seat back from the new phone")
    expect(intruder.locator("#alert")).to_have_text(
        "Ana's seat moved to another phone: this phone no longer plays for Ana.")
    expect(intruder.locator("#asks")).to_be_empty()  # the intruder has nothing to take back
    expect(ana.locator('[data-key="refuse"]')).to_be_enabled()
    ana.locator('[data-key="refuse"]').click()
    expect(ana.locator("#log li").first).to_contain_text("Ana refused")


def test_a_new_phone_let_in_before_its_asks_answer_arrives_still_gets_the_seat(served, phone):
    room = Table(Http(served), "simstown", (), players=2)
    ana = seated_phone(phone, served, room.code, "Ana")
    room.sit("Ben")
    ana.locator('[data-key="roll"]').click()
    expect(ana.locator("#log li").first).to_contain_text("Ana rolled")
    new_phone = phone()
    asked = HeldAnswers(new_phone, "**/seats/*/takeover")  # the ask's answer waits until Ben has let it in
    new_phone.goto(f"{served}/r/{room.code}")
    new_phone.get_by_role("button", name="One of these seats is mine").click()
    new_phone.get_by_role("button", name="Ask to take over Ana's seat on this phone").click()
    asked.wait()
    status, _ = Http(served)(f"/api/rooms/{room.code}/seats/0/takeover",
                             {"player": "Ben", "token": room.tokens["Ben"], "ask": room.state()["takeovers"][0]["ask"]})
    assert status == 200
    expect(ana.locator("#alert")).to_contain_text("Ana's seat moved to another phone")
    asked.release()
    expect(new_phone.locator("#seats")).to_contain_text("Ana (this phone)")
    expect(new_phone.locator("#status")).to_have_text("This phone now plays for Ana.")
    expect(new_phone.locator("#asks")).to_be_empty()


def test_the_banner_says_the_server_is_away_within_5_s_and_goes_when_it_is_back(tmp_path, phone):
    port = free_port()
    with serving(tmp_path / "data", port=port) as (base, _):
        room = Table(Http(base), "simstown", ("Ben",), players=2)
        page = seated_phone(phone, base, room.code, "Ana")
        expect(page.locator("#connection")).to_be_hidden()
    expect(page.locator("#connection")).to_have_text("Connection lost: retrying ...", timeout=5000)
    axe_clean(page, "the server away")
    with serving(tmp_path / "data", port=port) as (base, _):
        expect(page.locator("#connection")).to_be_hidden(timeout=15000)
        room.ok("Ben", "roll")
        expect(page.locator("#log li").first).to_contain_text("Ben rolled")


COUNT_HEARTBEATS = """window.heard = {streams: 0, heartbeats: 0};
window.EventSource = class extends window.EventSource {
  constructor(...args) {
    super(...args);
    window.heard.streams += 1;
    this.addEventListener("heartbeat", () => { window.heard.heartbeats += 1; });
  }
};"""


def test_a_silent_network_brings_the_banner_and_no_connection_for_a_tap_whose_retry_is_made_once(served, phone):
    with silent_network(served) as network:
        room = Table(Http(served), "simstown", ("Ben",), players=2)
        page = seated_phone(phone, network.base, room.code, "Ana")
        page.add_init_script(COUNT_HEARTBEATS)
        page.reload()
        # over 8 s of a quiet table: heartbeats, no silence
        page.wait_for_function("() => window.heard.heartbeats >= 2", timeout=12000)
        assert page.evaluate("window.heard.streams") == 1
        expect(page.locator("#connection")).to_be_hidden()
        sent = []
        page.on("request", lambda r: sent.append(json.loads(r.post_data)["request"]) if r.method == "POST" else None)
        network.silence()  # the laptop sleeps: no error, no answer
        silent_since = time.monotonic()
        page.locator('[data-key="roll"]').click()
        expect(page.locator("#alert")).to_have_text("No connection to the table's server; try again.", timeout=8000)
        expect(page.locator("#connection")).to_have_text("Connection lost: retrying ...",
                                                         timeout=(silent_since + 12 - time.monotonic()) * 1000)
        axe_clean(page, "a silent network")
        network.back()
        expect(page.locator("#connection")).to_be_hidden(timeout=15000)
        page.locator('[data-key="roll"]').click()  # the same tap again: the same request, made once
        expect(page.locator("#log li").first).to_contain_text("Ana rolled")
        assert len(sent) == 2 and sent[0] == sent[1] and room.state()["rolls"] == 1


def test_the_invite_folds_away_once_every_seat_is_taken(served, phone):
    room = Table(Http(served), "copenhagen", (), players=2)
    ana = seated_phone(phone, served, room.code, "Ana")
    assert ana.locator("#invite-now #invite[open]").count() == 1
    room.sit("Ben")
    expect(ana.locator("#invite-later #invite")).to_have_count(1)
    assert ana.locator("#invite[open]").count() == 0


def test_the_invite_sits_on_top_until_play_starts_then_folds_away_and_the_room_is_the_table(served, phone):
    page = phone()
    page.goto(f"{served}/play/lost-cities")
    page.get_by_role("button", name="Open a new room").click()
    room = Table(Http(served), "lost-cities", ("Ben", "Cy"), code=page.url.rsplit("/", 1)[1])
    page.locator("#seat-name").fill("Ana")
    page.locator('[data-key="sit"]').click()
    expect(page.locator("#seats .count")).to_have_text(" 3 of 4 seated")  # the form's default: 4 players
    assert page.locator("#invite-now #invite[open]").count() == 1
    page.locator('[data-key="roll"]').click()
    expect(page.locator("#invite-later #invite")).to_have_count(1)
    assert page.locator("#invite[open]").count() == 0
    expect(page.locator("#seats .count")).to_have_text(" 3 of 3 seated")
    assert room.sit("Dee")[0] == 409


def test_focus_goes_to_the_next_useful_control_after_a_seat_and_after_the_turn(served, phone):
    room = Table(Http(served), "simstown", (), players=3)
    shared = seated_phone(phone, served, room.code, "Ana")
    expect(shared.locator('[data-key="roll"]')).to_be_focused()  # once the state with her seat has arrived
    shared.locator('[data-key="add"]').click()
    shared.locator("#seat-name").fill("Ben")
    shared.locator("#seat-name").press("Enter")
    expect(shared.locator("#seats .mine")).to_have_count(2)
    expect(shared.locator('[data-key="roll"]')).to_be_focused()
    cy = seated_phone(phone, served, room.code, "Cy")
    shared.keyboard.press("Enter")  # Ana rolls
    expect(shared.locator('[data-key="next"]')).to_be_enabled()
    shared.locator('[data-key="next"]').focus()
    shared.keyboard.press("Enter")
    expect(shared.locator("#turn-line")).to_contain_text("your turn, Ben")
    expect(shared.locator('[data-key="roll"]')).to_be_focused()  # Ben's roll, on the same phone
    shared.keyboard.press("Enter")
    shared.locator('[data-key="next"]').focus()
    shared.keyboard.press("Enter")
    expect(shared.locator("#turn-line")).to_contain_text("waiting for Cy")
    expect(shared.locator("#turn-line")).to_be_focused()  # nothing left here: the turn is read out
    expect(cy.locator("#turn-line")).to_contain_text("your turn, Cy")


def test_after_the_game_ends_nobody_is_on_turn(served, phone):
    _, ana, ben = two_phones(served, phone, "simstown")
    ana.locator('[data-key="roll"]').click()
    expect(ben.locator("#seats li.active")).to_contain_text("on turn")
    ben.locator('[data-key="end"]').click()
    ben.locator('[data-key="end-yes"]').click()
    expect(ana.locator("#turn-line")).to_contain_text("The game is over")
    expect(ana.locator("#seats")).not_to_contain_text("on turn")
    assert ana.locator("#seats li.active").count() == 0


def test_the_undo_button_is_offered_only_to_the_phone_that_made_the_last_move(served, phone):
    _, ana, ben = two_phones(served, phone, "simstown")
    ana.locator('[data-key="roll"]').click()
    expect(ana.locator("#log li").first).to_contain_text("Ana rolled")
    expect(ana.locator('[data-key="undo"]')).to_have_count(0)
    ana.locator('[data-key="die-0"]').click()
    expect(ana.locator('[data-key="undo"]')).to_be_visible()
    expect(ben.locator('[data-key="undo"]')).to_have_count(0)
    said = ana.locator('[data-key="die-0"]').get_attribute("aria-label").lower()
    assert said.count("set aside") == 1, said  # its "SET ASIDE" note read once
    ana.locator('[data-key="undo"]').click()
    expect(ana.locator("#alert")).to_have_text("")
    expect(ben.locator("#log li").first).to_contain_text("Ana undid: Ana set aside")


def test_a_wrong_code_lets_the_player_type_it_again(served, phone):
    page = phone()
    page.goto(f"{served}/r/ZZZZZZ")
    room = Table(Http(served), "copenhagen", (), players=2)
    page.get_by_label("Type the room code again").fill(room.code.lower())
    page.get_by_role("button", name="Join").click()
    expect(page).to_have_url(f"{served}/r/{room.code}")
    axe_clean(page, "room page, nobody seated")


def test_the_dark_theme_is_dark_and_passes_axe(served, phone):
    room = Table(Http(served), "lost-cities", ("Ben",), players=2)
    page = seated_phone(phone, served, room.code, "Ana", color_scheme="dark")
    page.locator('[data-key="roll"]').click()
    expect(page.locator('[data-key="pick"]')).to_be_visible()
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert sum(map(int, background[4:-1].split(","))) < 150
    axe_clean(page, "dark theme, active player picking")
    assert "your turn" in turn_line(page)


def test_the_start_play_and_missing_room_pages_pass_in_every_look(served, phone):
    for locale in ("en-US", "de-DE", "es-ES"):
        page = phone(locale=locale)
        for path, name in (("", "start page"), ("/play/lost-cities", "play page"), ("/r/ZZZZZZ", "missing room page")):
            page.goto(served + path)
            every_look(page, f"{name}, {locale}")
