"""Dice anyone can verify: a room commits to its seed before any roll, keeps it secret until the game is over, then
its proof re-derives every roll and draw (`rollsheet verify`), and one die changed is named."""
from __future__ import annotations

import hashlib
import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest
import typer
from playwright.sync_api import expect

import layouts
from companion import store
from companion.contract import answers
from companion.rooms import expiry
from companion.rules import fairdice, lists, referee, room_dice
from companion.verify import verify
from sheets.shell import Command
from tests.phones import axe_clean, seated_phone
from tests.tables import FlaskCalls, Http, Table

ANA_SEED = "a1b2c3d4" * 4
GAMES = ("copenhagen", "lost-cities", "simstown", "monolyth")


@pytest.fixture
def rollsheet_verify(runner):
    """`rollsheet verify ARGS...` as sheets/cli.py registers it from the `rollsheet.commands` entry point."""
    app = typer.Typer(add_completion=False)
    app.callback()(lambda: None)
    app.command("verify", cls=Command)(verify)
    return lambda *args: runner.invoke(app, ["verify", *map(str, args)])


def request_of(entry: dict) -> tuple[str, dict]:
    """The route and the body's own keys of a move body the referee offers."""
    rest = {k: v for k, v in entry.items() if k not in ("move", "list", "item")}
    return (f"lists/{entry['list']}/{entry['item']}" if entry["move"] == "cross" else entry["move"]), rest


def seated(call, game_id: str) -> Table:
    """A 2-player room of `game_id`: Ana sat with a seed of her own (as her phone sends one), Ben without."""
    room = Table(call, game_id, names=(), players=2)
    status, seat = room.call(f"/api/rooms/{room.code}/seats", {"name": "Ana", "seed": ANA_SEED})
    assert status == 201, seat
    room.tokens["Ana"] = seat["token"]
    room.sit("Ben")
    return room


def to_the_end(room: Table, walk: random.Random, most_moves: int = 400, end_after: int = 60) -> list[dict]:
    """Play the room to its end, each move one the referee offers a waiting seat (not taking a crossing back while
    another is open), a declared end once offered after `end_after` moves; every state the phones got."""
    states = [room.state()]
    for moves in range(most_moves):
        state = states[-1]
        if state["over"]:
            return states
        names = {s["seat"]: s["name"] for s in state["seats"]}
        seats = state["waiting"] or [int(seat) for seat, entries in state["allowed"].items() if entries]
        seat = walk.choice(seats)
        entries = state["allowed"][str(seat)]
        ends = [e for e in entries if e["move"] == "end"] if moves > end_after else []
        plain = [e for e in entries if e["move"] != "end" and (e["move"] != "cross" or len(e) == 3)]
        route, rest = request_of(walk.choice(ends or plain or entries))
        status, answer = room.call(f"/api/rooms/{room.code}/{route}", room.body(names[seat], state["version"], **rest))
        assert status == 200, answer
        states.append(answer)
    raise AssertionError(f"{room.code} did not end within {most_moves} moves")


def proof_of(client, room: Table) -> dict:
    """The room's proof, as a phone or a player's laptop fetches it."""
    answer = client.get(f"/api/rooms/{room.code}/proof")
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_played_game_checks_and_one_die_changed_is_named(client, game_id, rollsheet_verify, tmp_path):
    room = seated(FlaskCalls(client), game_id)
    to_the_end(room, random.Random(game_id))
    proof = proof_of(client, room)
    assert hashlib.sha256(bytes.fromhex(proof["seed"])).hexdigest() == proof["commitment"] == room.state()["commitment"]
    assert proof["game"] == game_id and proof["layout_schema"] == layouts.load(game_id).schema_version
    answers.Proof.model_validate(proof)  # as the API document says it
    assert [(s["name"], s["seed"]) for s in proof["seats"]] == [("Ana", ANA_SEED)]
    count = len(proof["draws"])
    assert count > 10 and {d["version"] for d in proof["draws"]} - {1}  # rolls made during play
    path = tmp_path / "proof.json"
    path.write_text(json.dumps(proof))
    checked = rollsheet_verify(path)
    assert checked.exit_code == 0 and f"all {count} rolls and draws check" in checked.output
    changed = count // 2
    draw = proof["draws"][changed]
    draw["result"] = (draw["result"] + 1) % draw["below"]
    path.write_text(json.dumps(proof))
    refused = rollsheet_verify(path)
    assert refused.exit_code == 1
    assert f"roll or draw {changed + 1} of {count} (version {draw['version']}, counter {draw['counter']}) does not " \
           f"check" in refused.output


def test_the_commitment_shows_before_the_first_roll_and_the_seed_only_once_the_game_is_over(client):
    room = seated(FlaskCalls(client), "copenhagen")
    opened = room.state()
    commitment = opened["commitment"]
    assert re.fullmatch("[0-9a-f]{64}", commitment) and opened["turn"] == 0 and not opened.get("dice")
    assert opened["log"][-1]["text"] == f"Room opened for Copenhagen: Roll & Write, 2 players; dice commitment " \
                                        f"{commitment}"
    refused = client.get(f"/api/rooms/{room.code}/proof")
    assert refused.status_code == 409
    assert refused.get_json()["error"] == (
        f"The game in room {room.code} is not over: its seed stays secret until the game ends. Its commitment, "
        f"SHA-256 {commitment}, is shown from the start; ask for the proof when the game is over.")
    rolled = room.ok("Ana", "roll")
    used = room.ok("Ana", "use", dice=[0])
    assert room.undo("Ana")[0] == 200  # an undo takes back the use, never the roll: its draws stay in the record
    states = [opened, rolled, used, *to_the_end(room, random.Random(7))]
    proof = proof_of(client, room)
    leaks = [json.dumps(state) for state in states if proof["seed"] in json.dumps(state)]
    assert not leaks, leaks[0][:3000]
    assert [d["version"] for d in proof["draws"][:5]] == [rolled["version"]] * 5
    assert [d["result"] for d in proof["draws"][:5]] == [
        layouts.load("copenhagen").dice[0].faces.index(die["face"]) for die in rolled["dice"]]
    assert fairdice.checked(proof) == len(proof["draws"])


@pytest.mark.parametrize("seed, said", [("x" * 129, '"seed" is a text of 1 to 128 characters'),
                                        (42, '"seed" is a text of 1 to 128 characters'),
                                        ("", '"seed" is a text of 1 to 128 characters')])
def test_a_seat_seed_is_a_short_text(client, seed, said):
    room = Table(FlaskCalls(client), "simstown", (), players=1)
    status, answer = room.call(f"/api/rooms/{room.code}/seats", {"name": "Ana", "seed": seed})
    assert status == 400 and said in answer["error"] and answer["field"] == "seed"


def recorded(seed_hex: str) -> dict:
    """The record of a room that opened with seed `seed_hex`."""
    return dict(fairdice.opened(), seed=seed_hex, commitment=fairdice.commitment(seed_hex))


def test_a_seat_seed_counts_only_for_the_draws_after_it_sat():
    before = fairdice.Source(recorded(bytes(range(32)).hex()), 1)
    first = [before.randbelow(6) for _ in range(3)]
    after = fairdice.Source(fairdice.seated(before.record, 1, "ben's seed"), 2)
    later = [after.randbelow(6) for _ in range(40)]
    alone = fairdice.Source(before.record, 2)
    assert [alone.randbelow(6) for _ in range(40)] != later  # Ben's seed changes what comes up after he sat
    proof = fairdice.proof(after.record, "K7QX2M", "simstown", 3, {1: "Ben"})
    assert [d["result"] for d in proof["draws"]] == first + later and fairdice.checked(proof) == 43
    proof["seats"][0]["from"] = 0  # as if his seed had counted from the start: the rolls before him do not check
    with pytest.raises(fairdice.ProofError, match=r"roll or draw [123] of 43 \(version 1, counter [012]\) does not"):
        fairdice.checked(proof)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_leaves_the_state_it_was_made_on_and_its_dice_record_as_they_were(game_id):
    # a move's copy shares the record (turns.SHARED): each roll goes into a new record, never the one read
    game, walk = layouts.load(game_id), random.Random(game_id)
    source = room_dice.opening()
    state = dict(referee.new_state(game, 2, source), fair=source.record, lists=lists.start(game, 2),
                 seats=[{"seat": 0, "name": "Ana"}, {"seat": 1, "name": "Ben"}])
    for version in range(2, 60):
        offered = [(int(seat), move) for seat, moves in referee.allowed(game, state).items() for move in moves
                   if move["move"] not in ("cross", "end")]
        if not offered or state["over"]:
            break
        seat, move = walk.choice(offered)
        read, used = orjson.dumps(state), room_dice.source(state, version)
        new, _, _ = referee.act(game, state, move["move"], {k: v for k, v in move.items() if k != "move"}, seat,
                                version, used)
        assert orjson.dumps(state) == read, move
        state = room_dice.drawn(new, used)
    assert state["fair"]["draws"] and state["fair"]["draws"] != source.record["draws"]


def small_proof() -> dict:
    """A proof of three rolls of a die."""
    source = fairdice.Source(fairdice.opened(), 2)
    for _ in range(3):
        source.randbelow(6)
    return fairdice.proof(source.record, "K7QX2M", "simstown", 3, {})


@pytest.mark.parametrize("broken, code, said", [
    (lambda proof: proof.update(seed="00" * 32), 1, r"the seed does not hash to the commitment"),
    # a draw takes one counter, or more where a block was rejected (rare): the counters are read, not assumed
    (lambda proof: proof["draws"].pop(1), 1, r"roll or draw 2 of 2 \(version 2, counter (\d+)\) does not start at "
                                             r"counter (\d+)"),
    (lambda proof: proof["draws"].pop(), 1, r"a roll or draw is missing"),
    (lambda proof: proof.pop("seed"), 1, r"not a proof of rollsheet's dice \(KeyError: 'seed'\)"),
    (lambda proof: proof["draws"][0].update(below=0), 1, r"not a proof of rollsheet's dice"),
])
def test_verify_names_what_is_wrong_with_a_proof(rollsheet_verify, tmp_path, broken, code, said):
    proof = small_proof()
    broken(proof)
    path = tmp_path / "proof.json"
    path.write_text(json.dumps(proof))
    checked = rollsheet_verify(path)
    found = re.search(said, checked.output)
    assert checked.exit_code == code and found and "Traceback" not in checked.output
    if found.groups():  # the draw after the one taken out starts past where the first left the counter
        assert int(found[1]) > int(found[2])


def test_verify_says_when_there_is_no_file_or_no_json(rollsheet_verify, tmp_path):
    helped = rollsheet_verify("--help")
    assert helped.exit_code == 0 and "Usage: root verify [OPTIONS] PROOF.json" in helped.output
    missing = rollsheet_verify(tmp_path / "none.json")
    assert missing.exit_code == 2 and f"{tmp_path / 'none.json'}: no such file" in missing.output
    (tmp_path / "torn.json").write_text('{"seed": ')
    torn = rollsheet_verify(tmp_path / "torn.json")
    assert torn.exit_code == 1 and "torn.json: not JSON (line 1: Expecting value)" in torn.output
    (tmp_path / "proof.json").write_text(json.dumps(small_proof()))
    good = rollsheet_verify(tmp_path / "proof.json")
    assert good.exit_code == 0 and good.output.endswith("the seed fits the commitment; all 3 rolls and draws check\n")


def test_the_room_page_shows_the_commitment_before_the_first_roll_and_links_the_proof_at_the_end(served, phone):
    room = Table(Http(served), "simstown", (), players=1)
    page = seated_phone(phone, served, room.code, "Ana")
    opened = room.state()
    assert opened["turn"] == 0 and not opened["dice"]
    expect(page.locator('[data-key="commitment"]')).to_have_text(opened["commitment"])
    expect(page.locator("#fair")).to_contain_text("The seed behind it is revealed when the game is over.")
    room.tokens["Ana"] = page.evaluate(f"JSON.parse(localStorage.getItem('rollsheet.seats.{room.code}'))[0].token")
    to_the_end(room, random.Random(3))
    expect(page.locator('[data-key="proof"]')).to_have_text("Proof of the dice: check it with rollsheet verify")
    axe_clean(page, "the room page with the proof's link")
    proof = room.call(page.locator('[data-key="proof"]').get_attribute("href"))[1]
    assert re.fullmatch("[0-9a-f]{32}", proof["seats"][0]["seed"])  # the seed Ana's phone drew as she sat
    assert fairdice.checked(proof) == len(proof["draws"]) > 0


def test_a_room_closed_for_lack_of_play_reveals_its_seed_and_keeps_its_proof(app, client):
    room = seated(FlaskCalls(client), "monolyth")
    moved = room.ok("Ana", "move", steps=1, take="piece")
    assert client.get(f"/api/rooms/{room.code}/proof").status_code == 409
    with app.app_context(), store.writing() as db:
        assert expiry.sweep(db, 30, now=time.time() + 31 * expiry.DAY_S) == 1
    assert client.get(f"/api/rooms/{room.code}").status_code == 410
    proof = proof_of(client, room)
    assert proof["commitment"] == moved["commitment"] and fairdice.checked(proof) == len(proof["draws"]) > 0


def test_a_room_opened_before_fair_dice_still_rolls_and_says_it_has_no_proof(app, client):
    room = seated(FlaskCalls(client), "simstown")
    with app.app_context(), store.writing() as db:
        row = db.room(room.code)
        before = {key: value for key, value in json.loads(row.state).items() if key != "fair"}
        assert db.save_room_at(room.code, row.version, row.version, json.dumps(before), row.undo)
    rolled = room.ok("Ana", "roll")
    assert rolled["commitment"] is None and len(rolled["dice"]) == 3
    refused = client.get(f"/api/rooms/{room.code}/proof")
    assert refused.status_code == 404
    assert refused.get_json()["error"] == \
        f"Room {room.code} was opened before its dice could be verified: it has no proof."


@pytest.mark.process
def test_verify_checks_offline_without_flask(tmp_path):
    (tmp_path / "proof.json").write_text(json.dumps(small_proof()))
    script = ("import sys; from companion.verify import verify; verify(__import__('pathlib').Path(sys.argv[1])); "
              "print('flask' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", script, tmp_path / "proof.json"], capture_output=True, text=True,
                          cwd=Path(__file__).parent.parent, timeout=60)
    assert done.returncode == 0 and done.stdout.endswith("all 3 rolls and draws check\nFalse\n"), done.stderr
