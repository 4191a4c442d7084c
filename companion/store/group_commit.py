"""Group commit: one writer thread per process applies the queued changes, each in a savepoint, and commits them
together, so the moves that wait share one durable commit (one fsync with `synchronous=FULL`) and one turn of
the write lock.

A caller hands `apply(db)` to the writer and waits; the writer takes every change queued by then (at most
BATCH_MOST), opens one write transaction, runs each change in a savepoint of its own (a change refused or broken
rolls back to its savepoint, the others stay; a change alone needs none), commits, and only then wakes the
callers: an answered change is on the disk. A store error (full disk, damaged file) aborts the whole transaction:
every change of it is refused, none applied. A change that waited more than QUEUE_WAIT_S for the writer is refused
busy (503), not applied.

Glossary:
- change: `apply(db)` -> answer, run in the caller's context (its app, request and language), on the writer's
  connection inside the batch's transaction.
- batch: the changes one commit holds.
"""
from __future__ import annotations

import contextvars
import os
import queue
import threading
import time
from typing import Callable

from companion.store.base import Unavailable

BATCH_MOST = 64
QUEUE_WAIT_S = 3.0


class Change:
    """One queued change and, once its batch committed (or failed), its answer or its error."""

    __slots__ = ("apply", "context", "queued", "done", "answer", "error", "late")

    def __init__(self, apply: Callable):
        self.apply, self.context, self.queued = apply, contextvars.copy_context(), time.monotonic()
        self.done, self.answer, self.error, self.late = threading.Event(), None, None, False


class GroupCommit:
    """The writer of one engine in this process (started at the first change, again in a forked worker)."""

    def __init__(self, engine, store_error: type[Exception]):
        self.engine, self.store_error = engine, store_error
        self.queue: queue.SimpleQueue = queue.SimpleQueue()
        self.pid, self._start = None, threading.Lock()
        os.register_at_fork(after_in_child=self._forget)

    def _forget(self) -> None:
        """After a fork: the writer thread is the parent's; this process starts its own at its first change."""
        self.pid, self._start = None, threading.Lock()

    def run(self, apply: Callable):
        """`apply(db)` in the writer's next commit; its answer once committed (its error raised here)."""
        if self.pid != os.getpid():
            self._started()
        change = Change(apply)
        self.queue.put(change)
        change.done.wait()
        if change.late:
            raise Unavailable("busy")  # said here, in the caller's language
        if change.error is not None:
            raise change.error
        return change.answer

    def _started(self) -> None:
        with self._start:
            if self.pid != os.getpid():  # first change, or a worker forked from a process that had a writer
                self.queue, self.pid = queue.SimpleQueue(), os.getpid()
                threading.Thread(target=self._write, name="group-commit", daemon=True).start()

    def _write(self) -> None:
        while True:
            batch = [self.queue.get()]
            while len(batch) < BATCH_MOST:
                try:
                    batch.append(self.queue.get_nowait())
                except queue.Empty:
                    break
            self._commit(batch)
            for change in batch:
                change.done.set()

    def _commit(self, batch: list[Change]) -> None:
        late = time.monotonic() - QUEUE_WAIT_S
        for change in batch:
            change.late = change.queued < late
        due = [change for change in batch if not change.late]
        try:
            with self.engine.writing() as db:
                for change in due:
                    self._apply(db, change, alone=len(due) == 1)
        except Exception as error:  # the transaction failed: nothing of it was applied
            for change in due:
                change.error, change.answer = change.error or error, None

    def _apply(self, db, change: Change, alone: bool) -> None:
        if alone:  # its error rolls the transaction back: no savepoint needed
            change.answer = change.context.run(change.apply, db)
            return
        db.run("SAVEPOINT change")
        try:
            change.answer = change.context.run(change.apply, db)
        except self.store_error:
            raise
        except Exception as error:
            db.run("ROLLBACK TO SAVEPOINT change")
            change.error = error
        db.run("RELEASE SAVEPOINT change")
