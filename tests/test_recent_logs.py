"""A move's answer carries its room's newest log entries without reading them back (companion/rooms/recent.py): they
are the same as the store holds, whichever worker made the change before, after a score saved again, and in a room
opened again on a closed room's code."""
from __future__ import annotations

import time

import pytest

from companion import cli, rooms
from companion.rooms import expiry, room


def stored_log(service, code: str) -> list[dict]:
    """The room's newest entries as the store holds them."""
    with service.store.reading() as db:
        return room.entries(db, code)


def first_offered(state: dict, seat: int) -> tuple[str, dict]:
    """The first move the referee offers `seat` (no crossing, no declared end)."""
    move = next(m for m in state["allowed"][str(seat)] if m["move"] not in ("cross", "end"))
    return move["move"], {k: v for k, v in move.items() if k != "move"}


def test_moves_made_through_two_workers_in_turn_answer_the_log_the_store_holds(tmp_path):
    workers = [cli.make_app(tmp_path), cli.make_app(tmp_path)]  # two processes' services on one database
    services = [app.extensions["rollsheet.rooms"] for app in workers]
    with workers[0].test_request_context():
        code = rooms.create(services[0], "simstown", 1)
        _, ana = rooms.take_seat(services[0], code, {"name": "Ana"})
        state = rooms.state(services[0], code)
    for number in range(45):  # past the 30 entries shown, each worker's kept log falling behind the other's
        service, app = services[number % 3 % 2], workers[number % 3 % 2]
        with app.test_request_context():
            action, body = first_offered(state, ana["seat"])
            state = rooms.act(service, code, action, {**body, "player": "Ana", "token": ana["token"],
                                                      "seen": state["version"]})
            assert state["log"] == stored_log(service, code), number
            assert rooms.state(services[1 - number % 3 % 2], code)["log"] == state["log"], number


def test_a_move_after_one_the_other_worker_relayed_reads_no_log_and_writes_out_only_the_new_lines(tmp_path,
                                                                                                  monkeypatch):
    import orjson

    from companion.rooms import changes

    workers = [cli.make_app(tmp_path), cli.make_app(tmp_path)]
    services = [app.extensions["rollsheet.rooms"] for app in workers]

    def move(number: int, state: dict) -> dict:
        with workers[number].test_request_context():
            action, body = first_offered(state, ana["seat"])
            return rooms.act(services[number], code, action, {**body, "player": "Ana", "token": ana["token"],
                                                              "seen": state["version"]})

    with workers[0].test_request_context():
        code = rooms.create(services[0], "simstown", 1)
        _, ana = rooms.take_seat(services[0], code, {"name": "Ana"})
        state = rooms.state(services[0], code)
    for _ in range(12):
        state = move(0, state)
    with workers[1].test_request_context():  # worker 1 watches the room: it read it and wrote its lines out
        rooms.shown(rooms.state(services[1], code), "en")
    state = move(0, move(0, state))
    rooms.relayed(services[1], code, orjson.loads(orjson.dumps(state)))  # as the relay hands it over
    written = []
    monkeypatch.setattr(changes, "entries", lambda *args: pytest.fail("the log was read back"))
    monkeypatch.setattr(room, "entry_text", lambda *args: written.append(args[1]) or "a line")
    state = move(1, state)
    rooms.shown(state, "en")
    monkeypatch.undo()
    assert len(written) == 3  # the two moves relayed and its own; not the 13 entries before them
    assert state["log"] == stored_log(services[1], code) and len(state["log"]) == 17  # open, seat, 15 moves


def test_a_score_saved_again_leaves_one_score_in_the_log(tmp_path):
    app = cli.make_app(tmp_path)
    service = app.extensions["rollsheet.rooms"]
    client = app.test_client()
    with app.test_request_context():
        code = rooms.create(service, "monolyth", 2)
    token = client.post(f"/api/rooms/{code}/seats", json={"name": "Ana"}).get_json()["token"]
    client.post(f"/api/rooms/{code}/seats", json={"name": "Ben"})
    for ana, ben in ((12, 8), (8, 12)):
        players = [{"name": "Ana", "structure": ana}, {"name": "Ben", "structure": ben}]
        saved = client.post("/api/score/monolyth", json={"players": players, "room": code, "player": "Ana",
                                                         "token": token})
        assert saved.status_code == 200, saved.get_json()
    log = client.get(f"/api/rooms/{code}").get_json()["log"]
    with app.test_request_context():
        assert [e["kind"] for e in log] == [e["kind"] for e in stored_log(service, code)]
    assert [e["kind"] for e in log].count("score") == 1 and "1. Ben" in log[0]["text"]


def test_a_closed_rooms_code_opened_again_shows_only_its_new_log(tmp_path, monkeypatch):
    app = cli.make_app(tmp_path)
    service = app.extensions["rollsheet.rooms"]
    monkeypatch.setattr(room, "drawn_code", lambda: "K7QX2M")
    with app.test_request_context():
        code = rooms.create(service, "simstown", 2)
        old = rooms.state(service, code)  # kept at version 1, as the new room will be
        with service.store.writing() as db:
            assert expiry.sweep(db, 0, now=time.time() + 1) == 1
        time.sleep(0.01)
        assert rooms.create(service, "simstown", 2) == code
        new = rooms.state(service, code)
    assert new["version"] == old["version"] == 1 and new["commitment"] != old["commitment"]
    assert len(new["log"]) == 1 and new["log"] == stored_log(service, code)
    assert new["log"][0]["params"] != old["log"][0]["params"]


@pytest.mark.parametrize("most", [1, 3])
def test_only_the_newest_rooms_are_kept(most):
    from companion.rooms.recent import RecentLogs

    recent = RecentLogs(most)
    for number in range(4):
        recent.keep(f"ROOM{number}", 1.0, 2, [{"kind": "open"}])
    recent.keep("ROOM3", 1.0, 1, [{"kind": "older"}])  # a slower thread's older answer
    assert recent.at("ROOM3", 1.0, 2) == ({"kind": "open"},)
    assert [recent.at(f"ROOM{n}", 1.0, 2) is not None for n in range(4)] == [n >= 4 - most for n in range(4)]
    assert recent.at("ROOM3", 2.0, 2) is None  # another room that had this code


def test_a_relayed_log_keeps_the_entries_kept_only_where_it_follows_on_from_them():
    from companion.rooms.recent import RecentLogs

    recent, one, two = RecentLogs(), {"at": 1.0, "kind": "open"}, {"at": 2.0, "kind": "roll"}
    assert recent.relayed("ROOM", 3, [two, one]) == [two, one] and recent.at("ROOM", 5.0, 3) is None  # none kept
    recent.keep("ROOM", 5.0, 2, recent.relayed("ROOM", 2, [two, one]))
    kept = recent.at("ROOM", 5.0, 2)
    three = {"at": 3.0, "kind": "roll"}
    log = recent.relayed("ROOM", 4, [three, two, one])  # two changes on: one with a log line, one without
    assert log == [three, two, one] and log[1] is kept[0] and log[2] is kept[1]
    assert recent.at("ROOM", 5.0, 4) == tuple(log)
    scored = recent.relayed("ROOM", 5, [{"at": 4.0, "kind": "score"}, one])  # entries dropped: each is new
    assert scored[1] == one and scored[1] is not kept[1] and recent.at("ROOM", 5.0, 5) == tuple(scored)
    recent.relayed("ROOM", 4, [three, two, one])  # an older version relayed late: the newer one stays
    assert recent.at("ROOM", 5.0, 5) == tuple(scored) and recent.at("ROOM", 5.0, 4) is None


def test_a_log_line_written_out_keeps_a_few_hundred_bytes():
    # each of a room's newest entries keeps its line as phones read it; orjson's bytes would keep 4 KB each
    import tracemalloc

    from companion.rooms.room import Entry, shown_line

    entries = [Entry({"at": 1796397496.12 + n, "seat": 0, "player": "Ana", "kind": "roll",
                      "params": f'{{"dice":[["d6",{n % 6 + 1}]],"roll":1,"limit":3,"kept":[]}}'}) for n in range(500)]
    tracemalloc.start()
    try:
        lines = [shown_line("simstown", entry, "en") for entry in entries]
        kept = tracemalloc.get_traced_memory()[0] / len(entries)
    finally:
        tracemalloc.stop()
    assert all(entry.lines["en"] is line for entry, line in zip(entries, lines, strict=True))
    assert kept < 1000, f"{kept:.0f} bytes a line"
