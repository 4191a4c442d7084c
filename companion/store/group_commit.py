"""Group commit: one writer at a time per process applies the queued changes one after the other and commits them
together, so the moves that wait share one durable commit (one fsync with `synchronous=FULL`) and one turn of
the write lock.

A caller queues `apply(db)`. When no commit is under way its own thread is the writer; otherwise it waits, and
the writer, once its commit is done, hands its part to the first change waiting (leader and followers, as
databases do it: no thread of its own, so a move alone costs no hand-over between threads). A thread waiting or
writing computes nothing of its own request meanwhile, so it does both `aside` (ASIDE: the app's pool lets another
request run), and a commit holds the changes that came during the one before it. The writer takes every
change queued by then (at most BATCH_MOST), opens one write transaction, runs each change, commits, and only then
wakes the callers: an answered change is on the disk. A change refused before it wrote anything (the rules refuse
before a change writes) leaves the transaction as it was and the others stay; one that failed after writing makes
its batch again, a transaction to each change (`Written`). So no change needs a savepoint of its own (two more
statements a change: on PostgreSQL, two more round trips to the server). A store error (full disk, damaged file)
aborts the whole transaction: every change of it is refused, none applied. A change that waited more than
QUEUE_WAIT_S for its commit is refused busy (503), not applied.

On PostgreSQL several processes commit batches at once, each locking the rows it changes until its commit. A batch
runs its changes in the order of their rooms' codes, so two batches take their rooms' rows in one order and never
wait for each other in a circle; a batch that still met one (a score recorded in a group takes the group's row too)
is aborted by PostgreSQL, and its changes are then committed one at a time too (`Engine.conflicted`).

Glossary:
- change: `apply(db)` -> answer, run in its caller's context (its app, request and language), on the writer's
  connection inside the batch's transaction; its key: the code of the room it changes.
- batch: the changes one commit holds.
"""
from __future__ import annotations

import contextlib
import contextvars
import os
import threading
import time
from typing import Callable

from companion.store.base import Unavailable

BATCH_MOST = 64
QUEUE_WAIT_S = 3.0
ASIDE: contextvars.ContextVar = contextvars.ContextVar("aside", default=contextlib.nullcontext)
"""What a thread holds while it waits for a commit or writes one: the pool sets it (bridge.Turn.aside)."""


class Written(Exception):
    """A change failed after it wrote: its batch is made again, a change at a time (its error is its cause)."""


class Change:
    """One queued change and, once its batch committed (or failed), its answer or its error."""

    __slots__ = ("apply", "key", "context", "queued", "done", "answer", "error", "late", "leads")

    def __init__(self, apply: Callable, key: str):
        self.apply, self.key, self.context, self.queued = apply, key, contextvars.copy_context(), time.monotonic()
        self.done, self.answer, self.error, self.late, self.leads = threading.Event(), None, None, False, False


class GroupCommit:
    """The changes of one engine waiting in this process, and whether a thread is committing some now."""

    def __init__(self, engine, store_error: type[Exception]):
        self.engine, self.store_error = engine, store_error
        self.waiting: list[Change] = []
        self.busy, self._lock = False, threading.Lock()
        os.register_at_fork(after_in_child=self._forget)

    def _forget(self) -> None:
        """After a fork: the parent's waiting changes and its writer are not this process's."""
        self.waiting, self.busy, self._lock = [], False, threading.Lock()

    def run(self, apply: Callable, key: str = ""):
        """`apply(db)` (a change of room `key`) in the writer's next commit; its answer once committed (its error
        raised here)."""
        change = Change(apply, key)
        with self._lock:
            self.waiting.append(change)
            leads, self.busy = not self.busy, True
        with ASIDE.get()():
            if not leads:
                change.done.wait()
                leads = change.leads  # handed the writer's part: its own change is first in line
            if leads:
                self._write()
        if change.late:
            raise Unavailable("busy")  # said here, in the caller's language
        if change.error is not None:
            raise change.error
        return change.answer

    def _write(self) -> None:
        """Commit the changes waiting now (the caller's first), then hand the writer's part to the next one waiting."""
        with self._lock:
            batch, self.waiting = self.waiting[:BATCH_MOST], self.waiting[BATCH_MOST:]
        try:
            self._commit(batch)
        finally:
            with self._lock:
                following = self.waiting[0] if self.waiting else None
                self.busy = following is not None
            if following is not None:
                following.leads = True
                following.done.set()
            for change in batch:
                change.leads = False
                change.done.set()

    def _commit(self, batch: list[Change]) -> None:
        late = time.monotonic() - QUEUE_WAIT_S
        for change in batch:
            change.late = change.queued < late
        self._transaction(sorted((change for change in batch if not change.late), key=lambda change: change.key))

    def _transaction(self, due: list[Change]) -> None:
        try:
            with self.engine.writing() as db:
                for change in due:
                    self._apply(db, change, alone=len(due) == 1)
        except Exception as error:  # the transaction failed: nothing of it was applied
            if len(due) > 1 and (isinstance(error, Written) or self.engine.conflicted(error)):
                for change in due:
                    change.error = None
                    self._transaction([change])
                return
            for change in due:
                change.error, change.answer = change.error or error, None

    def _apply(self, db, change: Change, alone: bool) -> None:
        if alone:  # its error rolls the transaction back
            change.answer = change.context.run(change.apply, db)
            return
        before = db.written()
        try:
            change.answer = change.context.run(change.apply, db)
        except self.store_error:
            raise
        except Exception as error:
            if db.written() != before:
                raise Written() from error
            change.error = error
