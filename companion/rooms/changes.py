"""A change to a room: worked out by the rules on the room as read, written in one write transaction, told to
every phone watching (the service's hub).
"""
from __future__ import annotations

import orjson

from companion.rooms import retries, seats
from companion.rooms.recent import following
from companion.rooms.room import LOG_SHOWN, Service, entries, log, phone_state, row_of, snapshot, undo_seat
from companion.rules import language, room_dice
from companion.rules.codes import normal_code
from companion.rules.errors import Stale, impossible
from companion.rules.language import gettext
from companion.rules.turns import seat_name
from companion.rules.words import entry_text

STALE_SHOWN = 3
BESIDE = "beside"
"""A step's `undoable` for a change beside the table (a sheet's marks): the last move may still be undone."""


def change(service: Service, code: str, step, body: dict | None = None, route: str = "", who=None, keeping=None,
           ahead: bool = False) -> dict:
    """Run `step(db, game, state, next version) -> (new state, seat, entry, undoable[, also])` and commit what it made.

    A step answering None writes nothing; an entry None changes the state without a log line. `undoable`: True (the
    seat may undo it), False (a move that rolled or drew: it stays), None (not a move: no undo), BESIDE (a change
    beside the table, a sheet's marks: the undo slot and its offer stay). The game is in the
    request's language (its refusals). A `request` id made once changes nothing again (retries.py; `who(db, state)`:
    the seat sending it, default the body's; `keeping(answer)`: what to answer it with, default the state now).
    A step worked out `ahead` (a move, a crossing, an undo, an order, a seat taken: it only reads the room and the
    seats' tokens) is worked out on the room as read, outside the write lock, and written only if the room is still at
    that version (so are its seats' tokens); when another change came first it is worked out again in the write
    transaction. Such a step writes nothing itself: `also(db)`, when it gives one, writes what else it keeps (a new
    seat's token) once its room is written."""
    code, lang = normal_code(code), language.current()

    def replay(db, current: dict) -> dict | None:
        return retries.first_answer(db, code, body, route, lambda: who(db, current) if who else
                                    seats.identify(db, code, current, body))

    worked = None
    if ahead:
        with service.store.reading() as db:
            row, current, done = _worked_out(db, code, lang, replay, step)
        if done is None:
            return current
        worked = (row, current, done)
    kept = (body, route, keeping, service.recent)
    answer, changed = service.store.committed(lambda db: _written(db, code, lang, replay, step, worked, kept),
                                               code)
    if changed is not None:
        service.recent.keep(code, changed.created, answer["version"], answer["log"])  # committed now
        service.hub.publish(code, answer)  # to every phone watching (companion/web/live.py)
    return answer


def _worked_out(db, code: str, lang: str, replay, step) -> tuple:
    """(room row, its state, what the step made of it) as `db` reads the room; (row, the answer, None) when there
    is nothing to write (a request id made before, a step that changes nothing)."""
    row = row_of(db, code)
    current = orjson.loads(row.state)
    first = replay(db, current)
    if first is not None:  # {}: the room now, read again (outside a transaction, the tap may have come after `row`)
        return row, first or snapshot(db, code, row_of(db, code)), None
    try:
        done = step(db, language.game(row.game, lang), current, row.version + 1)
    except Stale as stale:
        changes = entries(db, code, STALE_SHOWN, stale.seen)
        texts = [entry_text(row.game, e["kind"], e["params"], e["player"], lang) for e in reversed(changes)]
        raise impossible(gettext("The table changed: %(changes)s", changes="; ".join(texts))) from None
    return (row, current, done) if done is not None else (row, snapshot(db, code, row), None)


def _written(db, code: str, lang: str, replay, step, worked, kept: tuple) -> tuple[dict, object]:
    """In the write transaction: the step worked out ahead saved while its room is unchanged, else the step run
    here; (the answer, the room row it changed, or None when it changed nothing)."""
    if worked is not None:  # its seat needs no second look: a seat's token changes only with its room's version
        answer = _saved(db, code, *worked, kept)
        if answer is not None:
            return answer, worked[0]
    row, current, done = _worked_out(db, code, lang, replay, step)
    if done is None:
        return current, None
    return _saved(db, code, row, current, done, kept), row


def _saved(db, code: str, row, current: dict, done: tuple, kept: tuple) -> dict | None:
    """Write a step's new state, log entry and request id when the room is still at `row.version`; the answer
    (None: another change came first, nothing written). `kept`: the body, its route, what to keep for it and the
    recent logs (the log before it, kept, is not read back)."""
    new, seat, entry, undoable, *also = done
    body, route, keeping, recent = kept
    version_next = row.version + 1
    before_move = room_dice.before(current) if undoable else None
    undo = None if undoable is None else {"seat": seat, "state": before_move, "entry": entry}
    slot = row.undo if undoable == BESIDE else orjson.dumps(undo).decode() if undo else None
    if not db.save_room_at(code, row.version, version_next, orjson.dumps(new).decode(), slot):
        return None
    for write in also:
        write(db)
    written = None if entry is None else log(db, code, version_next, seat,
                                             seat_name(new, seat) if seat is not None else None, entry)
    before = None if code in db.dropped else recent.at(code, row.created, row.version)
    log_now = entries(db, code) if before is None else following(before, written, LOG_SHOWN)
    answer = phone_state(code, row.game, version_next, new,
                         undo_seat(slot) if undoable == BESIDE else seat if undoable else None, log_now)
    retries.keep(db, code, body, route, version_next, seat, keeping and keeping(answer))
    return answer
