"""How much of a long check each lane runs: a tenth in the fast lane, all of it in the full suite."""
from __future__ import annotations

import pytest


def short_and_long(full: int) -> list:
    """A count as two cases of a parameter: a tenth of it (`short`, fast lane) and all of it (`long`, slow)."""
    return [pytest.param(full // 10, id="short"), pytest.param(full, id="long", marks=pytest.mark.slow)]
