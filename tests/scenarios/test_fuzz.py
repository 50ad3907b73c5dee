"""Whatever a file holds, loading it ends in a scenario or a ScenarioError, never a traceback."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.scenarios import ScenarioError, from_dict, import_m44, load_builtin
from companion.scenarios.check import problems
from companion.scenarios.jsonformat import to_dict
from companion.scenarios.render import draw_map, summary
from tests.breaking import places

DATA = Path(__file__).parent / "data"
FULL_M44 = json.loads((DATA / "full.m44").read_text())
OURS = to_dict(load_builtin("varenne-bridges"))

_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.floats(allow_nan=False, width=16)
    | st.text(max_size=8) | st.sampled_from(["ALLIES", "AXIS", "PLAYER1", "A9", "medal1",
                                             "woods", "infger", "badge3", "allies", "forest"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=6,
)


def _replace(doc, path, value):
    doc = copy.deepcopy(doc)
    if not path:
        return value
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


_M44_PATHS = list(places(FULL_M44))
_OUR_PATHS = list(places(OURS))


def _survives(load, doc) -> None:
    try:
        s = load(doc)
    except ScenarioError as exc:
        assert isinstance(exc.field, str) and exc.message
        return
    problems(s)
    summary(s)
    draw_map(s)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(_M44_PATHS), _json_values), min_size=1, max_size=3))
def test_mutated_m44_files_never_crash(edits):
    doc = FULL_M44
    for path, value in edits:
        try:
            doc = _replace(doc, path, value)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier edit removed this path
    _survives(import_m44, doc)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(_OUR_PATHS), _json_values), min_size=1, max_size=3))
def test_mutated_scenario_files_never_crash(edits):
    doc = OURS
    for path, value in edits:
        try:
            doc = _replace(doc, path, value)
        except (KeyError, IndexError, TypeError):
            continue
    _survives(from_dict, doc)
