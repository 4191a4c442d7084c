"""A plain `pip install .` carries the layouts, their translations, the print kit's catalogues, the companion's pages
and its compiled catalogues."""
from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import layouts

ROOT = Path(__file__).parent.parent


@pytest.mark.slow
def test_wheel_ships_layouts_templates_and_static_files(tmp_path):
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", ".ci", ".venv", "site", "build", "output",
                                                                   "*.egg-info", "__pycache__"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(source)],
                   check=True)
    names = set(zipfile.ZipFile(next(tmp_path.glob("rollsheet-*.whl"))).namelist())
    assert {f"layouts/{g}.yaml" for g in layouts.game_ids()} <= names
    assert {f"layouts/{g}.{lang}.yaml" for g in layouts.game_ids() for lang in ("de", "es")} <= names
    assert {f"sheets/locale/{lang}/LC_MESSAGES/sheets.mo" for lang in ("de", "es")} <= names
    assert {"companion/templates/base.html", "companion/templates/groups/group.html", "companion/static/app.css",
            "sheets/cli.py"} <= names
    assert {"layouts/layout.schema.json", "layouts/templates/kniffel.yaml", "layouts/templates/fives.de.yaml",
            "layouts/templates/knister.es.yaml"} <= names
    assert {f"companion/translations/{lang}/LC_MESSAGES/messages.mo" for lang in ("de", "es")} <= names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    declared = zipfile.ZipFile(next(tmp_path.glob("*.whl"))).read(entry_points).decode()
    assert "rollsheet = sheets.cli:app" in declared and "verify = companion.verify:verify" in declared
    assert {"companion/rules/fairdice.py", "companion/verify.py", "companion/static/fair.js"} <= names
