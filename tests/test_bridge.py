"""Flask behind the loop: a request that waited too long for a worker is refused (503), never run late."""
from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion.web import bridge


def test_a_request_that_waited_past_the_limit_is_refused_and_not_run(monkeypatch):
    monkeypatch.setattr(bridge, "QUEUE_WAIT_S", 0.05)
    release, ran = threading.Event(), []

    async def scene():
        pool = bridge.Pool(app=None, threads=1, queue=10, address=("127.0.0.1", 5000))
        blocking = asyncio.ensure_future(pool.run(release.wait, 5))
        late = asyncio.ensure_future(pool.run(ran.append, "late move"))
        await asyncio.sleep(0.2)
        release.set()
        await blocking
        with pytest.raises(bridge.Busy):
            await late
        assert await pool.run(ran.append, "next move") is None
        pool.executor.shutdown()

    with ThreadPoolExecutor(1) as apart:
        apart.submit(asyncio.run, scene()).result()
    assert ran == ["next move"]
