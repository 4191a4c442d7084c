"""Dice anyone can verify: a room commits to its seed before any roll, keeps it secret until the game is over, then
its proof re-derives every roll and draw (`rollsheet verify`), and one die changed is named."""
from __future__ import annotations

import hashlib
import json
import random
import re

import pytest
import typer

import layouts
from companion import fairdice
from companion.verify import verify
from sheets.shell import Command
from tests.tables import FlaskCalls, Table


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


def played(client, game_id: str, walk: random.Random, most_moves: int = 400, end_after: int = 60) -> Table:
    """A room of `game_id` played to its end by Ana (who sat with a seed of her own) and Ben, each move one the
    referee offers a waiting seat (not taking a crossing back while another is open), a declared end once offered
    after `end_after` moves."""
    room = Table(FlaskCalls(client), game_id, names=(), players=2)
    status, seat = room.call(f"/api/rooms/{room.code}/seats", {"name": "Ana", "seed": ANA_SEED})
    assert status == 201, seat
    room.tokens["Ana"] = seat["token"]
    room.sit("Ben")
    state = room.state()
    for moves in range(most_moves):
        if state["over"]:
            return room
        names = {s["seat"]: s["name"] for s in state["seats"]}
        seats = state["waiting"] or [int(seat) for seat, entries in state["allowed"].items() if entries]
        seat = walk.choice(seats)
        entries = state["allowed"][str(seat)]
        ends = [e for e in entries if e["move"] == "end"] if moves > end_after else []
        plain = [e for e in entries if e["move"] != "end" and (e["move"] != "cross" or len(e) == 3)]
        route, rest = request_of(walk.choice(ends or plain or entries))
        status, state = room.call(f"/api/rooms/{room.code}/{route}", room.body(names[seat], state["version"], **rest))
        assert status == 200, state
    raise AssertionError(f"{game_id} did not end within {most_moves} moves")


def proof_of(client, room: Table) -> dict:
    """The room's proof, as a phone or a player's laptop fetches it."""
    answer = client.get(f"/api/rooms/{room.code}/proof")
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_played_game_checks_and_one_die_changed_is_named(client, game_id, rollsheet_verify, tmp_path):
    room = played(client, game_id, random.Random(game_id))
    proof = proof_of(client, room)
    assert hashlib.sha256(bytes.fromhex(proof["seed"])).hexdigest() == proof["commitment"] == room.state()["commitment"]
    assert proof["game"] == game_id and proof["layout_schema"] == layouts.load(game_id).schema_version
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
