"""The API document holds (issue 26): schemathesis sends requests generated from `GET /api/openapi.json` to a real
`rollsheet serve`, valid ones and ones that break the document, and checks every answer: never a server error,
its status one the document lists, its body the schema documented for that status, a body that breaks the document
refused, one that keeps it accepted unless its refusal is one docs/api.md names ("What the document cannot say").
The seat flow is a hook: rooms of every game are opened and seated first, and most generated requests
name one of those rooms and act for a seated player with its real token, so moves reach the referee. A group's
routes are aimed at a group with a play (a delete at a spare one)."""
from __future__ import annotations

import itertools
import re
import time
import unicodedata
from collections import Counter

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.core.failures import AcceptedNegativeData, Failure, FailureGroup
from schemathesis.openapi.checks import RejectedPositiveData

import layouts
from companion.web.checks import MAX_BODY
from tests.serving import ROOT, call, serving
from tests.undocumented import documented, kinds

pytestmark = [pytest.mark.slow, pytest.mark.server]

PER_OPERATION = 40
"""Generated requests per operation and generation mode (positive, negative)."""
LEAST = 2000
NAMES = ("Ana", "Ben")
GAMES = (ROOT / "tests" / "games", layouts.TEMPLATES)
"""The test games and the templates (the shared-roll table is a template's), served beside the shipped games."""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real `rollsheet serve` with the test games and templates too, and its document."""
    with serving(tmp_path_factory.mktemp("contract"), *(arg for folder in GAMES for arg in ("--layouts", folder))) \
            as (base, _):
        yield base


def seated_rooms(base: str) -> list[dict]:
    """Two rooms of every game served (the test games and templates too), each with Ana and Ben seated, the second
    with seats left for new names, and a third nobody sits in, where new names take seats before any move:
    {"code", "game", "tokens"}."""
    with layouts.extra_folders(list(GAMES)):
        games = layouts.game_ids()
    made = []
    for game in games:
        for asked in ({"game": game, "players": 2}, {"game": game}):
            status, _, room = call(base, "/api/rooms", asked)
            assert status == 201, room
            tokens = {name: call(base, f"/api/rooms/{room['code']}/seats", {"name": name})[2]["token"]
                      for name in NAMES}
            made.append({"code": room["code"], "game": game, "tokens": tokens})
        status, _, fresh = call(base, "/api/rooms", {"game": game})  # seats are taken before the first move
        made.append({"code": fresh["code"], "game": game, "tokens": {}, "moves": {"seats"}})
    return made


def group_with_a_play(base: str) -> dict:
    """A new group with a play of Simstown entered by hand: {"code", "play"}."""
    status, _, group = call(base, "/api/groups", {"name": "Thursday"})
    assert status == 201, group
    status, _, play = call(base, f"/api/groups/{group['code']}/plays", {"game": "simstown", "players": [
        {"name": "Ana", "score": 30}, {"name": "Ben", "score": 25}]})
    assert status == 201, play
    return {"code": group["code"], "play": play["id"]}


def aimed_at_a_group(case, base: str, group: dict) -> None:
    """Point a generated request of a group's route at `group` (a delete at a spare group, so the group stays)."""
    aim = group_with_a_play(base) if case.method == "DELETE" else group
    case.path_parameters["code"] = aim["code"]
    if "play_id" in case.path_parameters:
        case.path_parameters["play_id"] = aim["play"]


def aimed(case, rooms: list[dict], group: dict, turn: int, base: str) -> None:
    """Point a generated request at a seated room or the group (3 times in 4) and, for a valid one, act as a seated
    player."""
    positive = case.meta.generation.mode == GenerationMode.POSITIVE
    if positive and case.operation.path == "/api/rooms" and isinstance(case.body, dict) and "group" in case.body:
        case.body["group"] = group["code"]
    if "code" not in (case.path_parameters or {}) or turn % 4 == 3:
        return
    if case.operation.path.startswith("/api/groups/"):
        return aimed_at_a_group(case, base, group)
    move = case.operation.path.rsplit("/", 1)[1]
    fitting = [room for room in rooms if move in room.get("moves", ())] or rooms
    room = fitting[turn % len(fitting)]
    case.path_parameters["code"] = room["code"]
    if "seat" in case.path_parameters:
        case.path_parameters["seat"] = turn % 2
    if case.query and "wait" in case.query or case.operation.path == "/api/rooms/{code}":
        case.query = {**(case.query or {}), "wait": "0"}  # a long poll answers at once
    if positive and isinstance(case.body, dict) and "player" in case.body and room["tokens"]:
        name = NAMES[turn % 2]
        case.body.update(player=name, token=room["tokens"][name])
    elif positive and isinstance(case.body, dict) and "seat" in case.path_parameters and room["tokens"]:
        case.body["token"] = room["tokens"][NAMES[turn % 2]]  # a seat's own route (a card, a sheet): its token


def misread_pattern(case, failure) -> bool:
    """Whether schemathesis's negative mode sent, as a name that breaks the pattern `[\\p{L}\\p{N}]` (a letter or
    digit), one that keeps it: it takes number signs other than digits (superscripts, fractions: Unicode No, part of
    \\p{N}) for no number, and the server rightly accepts such a name ("¹" reads "1")."""
    if len(getattr(failure, "exceptions", [failure])) > 1:  # another failure beside it: never excused
        return False
    broken = re.search(r"violates `pattern` at /properties/(\w+)", str(failure))
    sent = case.body.get(broken.group(1)) if broken and isinstance(case.body, dict) else None
    return isinstance(sent, str) and any(unicodedata.category(c)[0] in "LN" for c in sent)


def excused(response, failure, known: list) -> bool:
    """Whether every failure of a request is one the document owns up to: a valid body refused in a documented
    way, or a body over MAX_BODY (invalid as sent) refused by its size (413)."""
    def one(each) -> bool:
        if isinstance(each, RejectedPositiveData):
            return response.status_code == 400 and documented(response.text, known)
        if isinstance(each, AcceptedNegativeData):
            return response.status_code == 413 and len(response.request.body or b"") > MAX_BODY
        return False
    return all(one(each) for each in getattr(failure, "exceptions", [failure]))


def test_every_answer_keeps_the_document(server):
    schema = schemathesis.openapi.from_url(f"{server}/api/openapi.json")
    rooms, group = seated_rooms(server), group_with_a_play(server)
    for room in [room for room in rooms if room["tokens"]]:
        state = call(server, f"/api/rooms/{room['code']}")[2]
        room["moves"] = {body["move"] for bodies in state["allowed"].values() for body in bodies} | {"roll", "next"}
    statuses, made, failures, turns, known = Counter(), Counter(), [], itertools.count(), kinds(list(GAMES))
    started = time.monotonic(), time.process_time()
    operations = [result.ok() for result in schema.get_all_operations()]
    live = [op for op in operations if op.path.endswith("/events")]  # an endless stream: tests/test_live.py
    for operation in [op for op in operations if op not in live]:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            @settings(max_examples=PER_OPERATION, deadline=None, database=None, derandomize=True,
                      phases=[Phase.generate], suppress_health_check=list(HealthCheck))
            @given(case=operation.as_strategy(generation_mode=mode))
            def send(mode, case):  # the mode passed in: each loop's own
                aimed(case, rooms, group, next(turns), server)
                response = case.call(base_url=server)
                try:
                    case.validate_response(response)
                    statuses[response.status_code] += 1
                    if response.status_code < 300:
                        made[case.operation.path] += 1
                except (FailureGroup, Failure) as failure:  # collected: every operation still runs
                    if misread_pattern(case, failure):
                        statuses["accepted, a pattern misread"] += 1
                        return
                    if excused(response, failure, known):
                        statuses[f"{response.status_code}, documented"] += 1
                        return
                    statuses["failed"] += 1
                    failures.append(f"{case.method} {case.formatted_path} {mode.value}: {str(failure)[:600]} "
                                    f"{response.text[:300]}")

            try:
                send(mode)
            except Unsatisfiable:  # nothing in the operation's document can be broken (no body, no parameter)
                assert mode == GenerationMode.NEGATIVE and not operation.body and not operation.query
    wall, cpu = time.monotonic() - started[0], time.process_time() - started[1]
    sent = sum(statuses.values())
    print(f"schemathesis: {sent} requests to {len(operations) - len(live)} operations in {wall:.1f} s "
          f"({cpu:.1f} s CPU in the test), answers {dict(sorted(statuses.items(), key=str))}")
    assert not failures, "\n".join(failures[:20])
    assert sent >= LEAST
    assert not [status for status in statuses if isinstance(status, int) and status >= 500 and status != 503]
    assert made["/api/rooms/{code}/roll"] and made["/api/rooms/{code}/seats"]  # real seats and moves went through
    assert made["/api/groups/{code}/plays/{play_id}"] and made["/api/groups/{code}/players"]  # and a group's changes
