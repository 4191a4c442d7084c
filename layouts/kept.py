"""Work kept per loaded object: what a function works out from a game, or from a part of one, is worked out once
while that very object is loaded (a game read again from its changed files is a new object, worked out anew).

Layout objects are pydantic models, which are no dict keys; they are kept by identity, each held beside what was
worked out from it so that its identity stays its own. A game's mechanic, a sheet's places and a score card's
input model are kept so; the last two cost 0.4-1.6 ms each to work out, and a mark on a phone's sheet needed them
three times.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from functools import wraps

MOST = 64
"""Objects kept per function (a few games, each in a few languages); the least recently used goes first."""


def per_object(work):
    """`work(thing)` worked out once per `thing`, by identity, and kept while it is among the MOST used last."""
    kept: OrderedDict[int, tuple[object, object]] = OrderedDict()
    lock = threading.Lock()

    @wraps(work)
    def once(thing):
        with lock:
            hit = kept.get(id(thing))
            if hit is not None and hit[0] is thing:
                kept.move_to_end(id(thing))
                return hit[1]
        value = work(thing)
        with lock:
            kept[id(thing)] = (thing, value)
            while len(kept) > MOST:
                kept.popitem(last=False)
        return value

    return once
