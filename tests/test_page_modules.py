"""The pages' scripts are ES modules: each page loads one entry module, whose imports (and theirs) are served as
JavaScript under the pages' Content-Security-Policy, with no import running in a circle."""
from __future__ import annotations

import re

from companion.web.headers import CONTENT_SECURITY_POLICY
from tests.tables import Table

SCRIPT = re.compile(r"<script\b([^>]*)>")
IMPORT = re.compile(r'^import .* from "\./([\w-]+\.js)";$', re.M)


def served_modules(client, entry: str) -> dict[str, list[str]]:
    """Every module the entry imports, at any depth, served by the companion: {file: the files it imports}."""
    found, waiting = {}, [entry]
    while waiting:
        name = waiting.pop()
        answer = client.get(f"/static/{name}")
        assert answer.status_code == 200, name
        assert answer.mimetype == "text/javascript", (name, answer.mimetype)
        found[name] = IMPORT.findall(answer.get_data(as_text=True))
        waiting += [imported for imported in found[name] if imported not in found]
    return found


def circles(graph: dict[str, list[str]]) -> list[list[str]]:
    """The import paths that come back to where they started."""
    seen, looped = set(), []

    def walk(name, path):
        if name in path:
            looped.append(path[path.index(name):] + [name])
            return
        if name in seen:
            return
        seen.add(name)
        for imported in graph[name]:
            walk(imported, path + [name])

    for name in graph:
        walk(name, [])
    return looped


def test_every_page_loads_one_entry_module_whose_imports_are_served_as_javascript_without_circles(client, call):
    group = call("/api/groups", {"name": "Thursday"})[1]["code"]
    room = Table(call, "simstown", ("Ana",), players=2)
    pages = {f"/r/{room.code}": "room-page.js", "/score/simstown": "score.js", "/play/simstown": "play.js",
             f"/g/{group}": "group.js", f"/r/{room.code}/sheet": "sheet-page.js"}
    assert "script-src 'self'" in CONTENT_SECURITY_POLICY  # modules from the companion itself, no inline script
    for path, entry in pages.items():
        page = client.get(path)
        assert page.status_code == 200, path
        sources = [attrs for attrs in SCRIPT.findall(page.get_data(as_text=True)) if "src=" in attrs]
        assert sources == [f' type="module" src="/static/{entry}"'], (path, sources)
        graph = served_modules(client, entry)
        assert circles(graph) == [], (path, circles(graph))
    assert {"room.js", "board-choice.js", "generic-board.js"} <= set(served_modules(client, "room-page.js"))
