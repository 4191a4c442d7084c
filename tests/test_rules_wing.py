"""The rules wing stands free of the web and the store: importing every module of companion/rules/ loads none."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

EDGE = ("flask", "flask_babel", "werkzeug", "tornado", "psycopg", "sqlite3")

IMPORT_ALL = f"""
import importlib, pkgutil, sys
import companion.rules
for module in pkgutil.walk_packages(companion.rules.__path__, "companion.rules."):
    importlib.import_module(module.name)
from companion.rules import mechanics
assert mechanics.kinds(), "no mechanic found"
print(" ".join(name for name in {EDGE!r} if name in sys.modules))
"""


def test_importing_every_rules_module_loads_no_web_framework_and_no_database():
    loaded = subprocess.run([sys.executable, "-c", IMPORT_ALL], cwd=ROOT, capture_output=True, text=True, check=True)
    assert loaded.stdout.split() == []
