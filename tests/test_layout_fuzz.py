"""Property: any edit of a shipped layout is either valid or refused one line per problem, never a crash."""
from __future__ import annotations

import copy

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

import layouts
from sheets.preflight import preflight

pytestmark = pytest.mark.slow  # a fuzz, like tests/test_fuzz_server.py: the full suite runs it

SHIPPED = {path.stem: yaml.safe_load(path.read_text()) for path in layouts.layout_files(layouts.HERE)}
ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=True), st.text(max_size=8),
    st.sampled_from(["{", "{nope}", "{0}", "{a.b}", "#zz", "red"]), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
ODD_KEYS = st.one_of(st.integers(), st.floats(allow_nan=False), st.booleans(), st.none(), st.text(max_size=5))


def places(node, where=()):
    """Every path into a parsed layout."""
    yield where
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        yield from places(child, (*where, key))


@st.composite
def edited_layouts(draw):
    """A shipped layout with one to three values replaced, keys renamed or entries removed."""
    data = copy.deepcopy(SHIPPED[draw(st.sampled_from(sorted(SHIPPED)))])
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(list(places(data))[1:]))
        parent = data
        for key in where[:-1]:
            parent = parent[key]
        edit = draw(st.sampled_from(["replace", "rename", "remove"]))
        if edit == "replace":
            parent[where[-1]] = draw(ODD_VALUES)
        elif edit == "rename" and isinstance(parent, dict):
            parent[draw(ODD_KEYS)] = parent.pop(where[-1])
        else:
            del parent[where[-1]]
    return data


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=edited_layouts())
def test_an_edited_layout_loads_or_is_refused_line_by_line(tmp_path, data):
    path = tmp_path / "edited.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    try:
        preflight(layouts.load_file(path), str(path))
    except layouts.LayoutError as error:
        assert error.problems and all(line.startswith(f"{path}: ") and "\n" not in line for line in error.problems)
