"""The original scenarios shipped with the program."""

from __future__ import annotations

import pytest

from companion.rules.board import Side
from companion.rules.units import UNITS
from companion.scenarios import (
    DEMO_SCENARIO,
    AirRules,
    BoardFace,
    ScenarioError,
    list_builtins,
    load_builtin,
    to_position,
)
from companion.scenarios.check import problems

NAMES = list_builtins()


def test_there_are_at_least_three_and_the_demo_is_one():
    assert len(NAMES) >= 3
    assert DEMO_SCENARIO in NAMES


def test_one_countryside_one_beach_landing_one_with_air_rules():
    faces = {load_builtin(n).face for n in NAMES}
    assert BoardFace.COUNTRYSIDE in faces
    assert BoardFace.BEACH in faces
    assert any(load_builtin(n).air.rules is not None for n in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_builtin_loads_and_checks_clean(name):
    s = load_builtin(name)
    assert s.id == name
    assert [str(p) for p in problems(s)] == []


@pytest.mark.parametrize("name", NAMES)
def test_builtin_is_a_battle_with_objectives(name):
    s = load_builtin(name)
    assert s.objectives, "every built-in has objective medals"
    for side in Side:
        assert sum(1 for u in s.units if u.side is side) >= 6
    assert s.texts().name and s.texts().description


@pytest.mark.parametrize("name", NAMES)
def test_builtin_builds_a_rules_position(name):
    s = load_builtin(name)
    missing = {u.type for u in s.units} - set(UNITS)
    if missing:
        pytest.skip(f"the rules core does not know {sorted(missing)} yet")
    position = to_position(s)
    assert set(position.units) == {u.id for u in s.units}
    for u in s.units:
        placed = position.units[u.id]
        assert position.board.name(placed.hex) == u.hex
        assert placed.side is u.side


def test_the_beach_landing_puts_the_allies_in_the_ocean():
    s = load_builtin("gull-point-landing")
    terrain = s.terrain_by_hex()
    allied_hexes = [u.hex for u in s.units if u.side is Side.ALLIES]
    assert all(any(p.type == "ocean" for p in terrain[h]) for h in allied_hexes)


def test_the_air_scenario_has_aircraft_and_air_superiority_settings():
    s = load_builtin("varenne-bridges")
    assert s.air.rules is AirRules.FLIGHT_PLAN
    assert s.air.front and s.air.year
    assert {u.type for u in s.units} & {"fighter", "fighter_bomber", "bomber"}


def test_unknown_builtin_is_a_clear_error():
    with pytest.raises(ScenarioError, match="built-ins: "):
        load_builtin("no-such-battle")
