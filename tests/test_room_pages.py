"""The room page in Chromium: seats, whose turn it is, focus kept across redraws, announcements,
the invite, one phone for several players, a seat taken over, dark and landscape phones."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.phones import axe_clean, seated_phone, turn_line
from tests.tables import Http, Table


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


def test_a_seat_whose_phone_died_is_taken_over_on_another_players_phone(served, phone):
    room = Table(Http(served), "monolyth", ("Ben",), players=2)
    ana = seated_phone(phone, served, room.code, "Ana")
    ana.on("dialog", lambda dialog: dialog.accept())
    ana.get_by_role("button", name="Take over Ben's seat on this phone").click()
    expect(ana.locator("#seats")).to_contain_text("Ben (this phone)")
    assert room.move("Ben", "move", steps=1)[0] == 403
    expect(ana.locator("#log li").first).to_contain_text("Ana confirmed a new phone for Ben's seat")


def test_the_invite_sits_on_top_until_every_seat_is_taken_then_folds_away(served, phone):
    room = Table(Http(served), "copenhagen", (), players=2)
    ana = seated_phone(phone, served, room.code, "Ana")
    assert ana.locator("#invite-now #invite[open]").count() == 1
    room.sit("Ben")
    expect(ana.locator("#invite-later #invite")).to_have_count(1)
    assert ana.locator("#invite[open]").count() == 0


def test_the_undo_button_is_offered_only_to_the_phone_that_made_the_last_move(served, phone):
    _, ana, ben = two_phones(served, phone, "simstown")
    ana.locator('[data-key="roll"]').click()
    expect(ana.locator("#log li").first).to_contain_text("Ana rolled")
    expect(ana.locator('[data-key="undo"]')).to_have_count(0)
    ana.locator('[data-key="die-0"]').click()
    expect(ana.locator('[data-key="undo"]')).to_be_visible()
    expect(ben.locator('[data-key="undo"]')).to_have_count(0)
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


def test_landscape_phones_show_dice_and_actions_above_the_fold(served, phone):
    room = Table(Http(served), "copenhagen", ("Ben",), players=2)
    page = seated_phone(phone, served, room.code, "Ana", landscape=True)
    page.locator('[data-key="roll"]').click()
    expect(page.locator('[data-key="use"]')).to_be_visible()
    for selector in ('[data-key="die-4"]', '[data-key="use"]', "#turn-line"):
        box = page.locator(selector).bounding_box()
        assert box["y"] + box["height"] <= 390, selector


def test_the_dark_theme_is_dark_and_passes_axe(served, phone):
    room = Table(Http(served), "lost-cities", ("Ben",), players=2)
    page = seated_phone(phone, served, room.code, "Ana", color_scheme="dark")
    page.locator('[data-key="roll"]').click()
    expect(page.locator('[data-key="pick"]')).to_be_visible()
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert sum(map(int, background[4:-1].split(","))) < 150
    axe_clean(page, "dark theme, active player picking")
    assert "your turn" in turn_line(page)


def test_the_start_and_play_pages_pass_axe(served, phone):
    page = phone()
    page.goto(served)
    axe_clean(page, "start page")
    page.goto(f"{served}/play/monolyth")
    axe_clean(page, "play page")
