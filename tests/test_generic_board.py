"""The generic board in Chromium: a table whose mechanic the page has no board of its own for is drawn from the
seat's `allowed` bodies (one button per body, labelled by the layout's label for the move, else its name, and the
body's parameters), never nothing, and the game is played with it."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.phones import axe_clean, seated_phone, tap
from tests.serving import within
from tests.tables import Http, Table

FORGET_THE_BOARD = """async (name) => {  // the page knows no board for the mechanic, as for a new one
  const {boards} = await import("/static/board-choice.js");  // the page's own modules: one instance per page
  delete boards[name];
  const {room} = await import("/static/room.js");
  room.redraw();
}"""


def test_a_table_whose_board_the_page_does_not_know_is_played_with_a_button_per_allowed_body(
        live_server, phone, tmp_path):
    room = Table(Http(live_server), "simstown", (), players=2)
    ana, ben = (seated_phone(phone, live_server, room.code, name) for name in ("Ana", "Ben"))
    for page in (ana, ben):
        page.evaluate(FORGET_THE_BOARD, "hold-and-roll")
        expect(page.locator('#board [data-key="{\\"move\\":\\"roll\\"}"]')).to_have_text("roll")
    tap(ana, "roll")
    assert within(5, lambda: room.state()["rolls"] == 1)
    allowed = room.state()["allowed"]["0"]
    buttons = ana.locator("#board .actions button")
    expect(buttons).to_have_count(len([entry for entry in allowed if entry["move"] != "end"]))
    expect(ana.locator('[data-key="end"]')).to_have_text("We reached the end")  # the declared end: its own control
    for page in (ana, ben):  # the dice rolled, on every phone
        expect(page.locator("#board .die")).to_have_count(len(room.state()["dice"]))
    axe_clean(ana, "a generic board after a roll")
    ana.screenshot(path=str(tmp_path.parent / "generic-board.png"), full_page=True)
    tap(ana, "hold · dice: 0, 2")
    assert within(5, lambda: [die["held"] for die in room.state()["dice"]] == [True, False, True])
    tap(ana, "Next turn: pass the dice")  # the layout's label for the move
    assert within(5, lambda: room.state()["active"] == 1)
    expect(ben.locator("#board .actions button")).to_have_text(["roll"])
    expect(ana.locator("#board .actions button")).to_have_count(0)
    expect(ana.locator("#turn-line")).to_contain_text("Ben")
