"""A shipped or template layout copied with an edit, for tests of what the layout reader says about it."""
from __future__ import annotations

from pathlib import Path

import yaml


def edited_copy(folder: Path, source: Path, change) -> tuple[Path, dict]:
    """`source` read, `change(data)` applied, written to `folder` under the same name: (its path, the data)."""
    data = yaml.safe_load(source.read_text())
    change(data)
    path = folder / source.name
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path, data
