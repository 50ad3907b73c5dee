"""`check` problems and the terminal map."""

from __future__ import annotations

from companion.rules.board import Side
from companion.scenarios import (
    AirRules,
    ExitHex,
    Objective,
    ObjectiveKind,
    Scenario,
    ScenarioText,
    TerrainPiece,
    UnitSetup,
    load_builtin,
)
from companion.scenarios.check import errors, problems
from companion.scenarios.render import draw_map, summary


def _scenario(**kw) -> Scenario:
    base = dict(id="t", text={"en": ScenarioText("T")},
                units=[UnitSetup("a1", Side.ALLIES, "infantry", "A1"),
                       UnitSetup("x1", Side.AXIS, "infantry", "A9")])
    base.update(kw)
    return Scenario(**base)


def _messages(s: Scenario) -> list[str]:
    return [str(p) for p in problems(s)]


def test_clean_scenario_has_no_problems():
    assert problems(_scenario()) == []


def test_two_units_on_one_hex():
    s = _scenario(units=[UnitSetup("a1", Side.ALLIES, "infantry", "C3"),
                         UnitSetup("a2", Side.ALLIES, "armor", "C3"),
                         UnitSetup("x1", Side.AXIS, "infantry", "A9")])
    assert "error: C3: two units on one hex: a1 and a2" in _messages(s)


def test_unit_on_impassable_terrain_but_not_on_a_bridge():
    s = _scenario(terrain=[TerrainPiece("A1", "river"), TerrainPiece("A9", "river"),
                           TerrainPiece("A9", "bridge")])
    msgs = _messages(s)
    assert any(m.startswith("error: A1: a1 (infantry) stands on river") for m in msgs)
    assert not any("A9" in m for m in msgs)


def test_too_many_figures_and_missing_side():
    s = _scenario(units=[UnitSetup("a1", Side.ALLIES, "armor", "A1", figures=5)])
    msgs = _messages(s)
    assert "error: a1: 5 figures, but a full armor unit has 3" in msgs
    assert "error: axis: has no units" in msgs


def test_air_units_need_matching_air_rules():
    s = _scenario(units=[UnitSetup("a1", Side.ALLIES, "infantry", "A1"),
                         UnitSetup("x1", Side.AXIS, "fighter", "A9", ammo={"machine_gun": 2})])
    assert "error: x1: fighter needs air rules 'flight-plan', the scenario has none" in \
        _messages(s)
    s.air.rules = AirRules.FLIGHT_PLAN
    # no front or year: played with no air superiority (New Flight Plan p.I: "Sometimes, there
    # is no Air Superiority: in this case, both players receive the same number of Air Combat
    # cards"), said as a warning
    assert ("warning: air: no front or year for New Flight Plan's air superiority: neither side "
            "has it (both draw the same Air Combat cards)") in _messages(s)
    s.front, s.date = "western", "1944-06-06"
    assert not any(m.startswith(("warning: air", "error: air")) for m in _messages(s))
    s.front = "the moon"
    assert any(m.startswith("warning: air: front 'the moon' is not in the air-superiority table")
               for m in _messages(s))


def test_every_import_note_is_an_error_because_the_scenario_does_not_play_fully():
    s = _scenario(notes=["C7: unknown terrain code 'zeppelin'; left out",
                         "a2: sniper ('inf' 'badge26') are not played yet; loaded as "
                         "infantry"],
                  exits=[ExitHex("G5", Side.ALLIES)])
    found = problems(s)
    assert str(found[0]) == "error: C7: unknown terrain code 'zeppelin'; left out"
    assert found[1].severity == "error"
    assert found[2].severity == "warning"  # the exit hex off the edge is only a remark
    assert len(errors(s)) == 2


def test_artillery_set_up_in_a_bunker_is_no_problem():
    s = _scenario(terrain=[TerrainPiece("G5", "bunker", owner=Side.AXIS)],
                  units=[UnitSetup("a1", Side.ALLIES, "infantry", "A1"),
                         UnitSetup("x1", Side.AXIS, "artillery", "G5")])
    assert problems(s) == []


def test_a_unit_on_a_lake_is_an_error():
    s = _scenario(terrain=[TerrainPiece("G5", "lake")],
                  units=[UnitSetup("a1", Side.ALLIES, "infantry", "A1"),
                         UnitSetup("x1", Side.AXIS, "infantry", "G5")])
    assert "error: G5: x1 (infantry) stands on lake, where no ground unit may stand" in \
        _messages(s)


def test_objective_and_exit_problems():
    s = _scenario(terrain=[TerrainPiece("G5", "lake")],
                  objectives=[Objective("o1", ObjectiveKind.TEMPORARY, ("G5",), (Side.ALLIES,))],
                  exits=[ExitHex("G5", Side.ALLIES), ExitHex("A9", Side.AXIS),
                         ExitHex("A9", Side.AXIS)])
    msgs = _messages(s)
    assert not any("objective" in m for m in msgs)  # a medal on a river or lake hex is allowed
    assert "error: A9: exit for axis listed twice" in msgs
    assert "warning: G5: exit hex is not on a board edge" in msgs


def test_map_rows_are_offset_and_show_terrain_units_and_markers():
    s = _scenario(terrain=[TerrainPiece("A9", "forest"), TerrainPiece("a8", "hill"),
                           TerrainPiece("a8", "sandbags")],
                  units=[UnitSetup("x1", Side.AXIS, "armor", "A9", figures=2),
                         UnitSetup("a1", Side.ALLIES, "special_forces", "M1")],
                  objectives=[Objective("o1", ObjectiveKind.TEMPORARY, ("a8",), (Side.ALLIES,))])
    lines = draw_map(s).splitlines()
    assert lines[0].split() == list("AaBbCcDdEeFfGgHhIiJjKkLlM")
    assert lines[1].startswith(" 9  ♣ t2 ")
    assert lines[2].startswith(" 8     ∩⊓  ★")  # odd rows shifted half a hex
    assert lines[9].endswith("· S4")
    legend = "\n".join(lines[10:])
    assert "♣ forest" in legend and "⊓ sandbags" in legend and "★ objective medal" in legend
    assert "S/s special_forces" in legend and "T/t armor" in legend
    # every row is as wide as the board: 13 or 12 cells of 6 characters
    for line in lines[1:10]:
        assert len(line) <= 4 + 3 * 24 + 5


def test_map_colour_codes_only_when_asked():
    s = load_builtin("orchard-ridge")
    assert "\x1b[" not in draw_map(s)
    assert "\x1b[1;32m" in draw_map(s, color=True)


def test_summary_lists_sides_objectives_and_rules():
    text = summary(load_builtin("varenne-bridges"))
    assert text.startswith("Skies over Varenne\n")
    assert "Allies (us) [bottom]: 5 cards, 6 medals to win" in text
    assert "moves first" in text
    assert "Air rules: flight-plan (western, 1944)" in text
    assert "sudden death G9 H9" in text
    assert "Exits: A9 for allies" in text


def test_ascii_map_uses_distinct_plain_characters():
    from companion.scenarios.render import (
        ASCII_SYMBOLS,
        COUNTRYSIDE,
        EXIT_MARK,
        OBJECTIVE_MARK,
        OBSTACLE_SYMBOLS,
        SUDDEN_DEATH_MARK,
        TERRAIN_SYMBOLS,
    )
    symbols = [v[0] for v in (*TERRAIN_SYMBOLS.values(), *OBSTACLE_SYMBOLS.values(),
                              COUNTRYSIDE, OBJECTIVE_MARK, SUDDEN_DEATH_MARK, EXIT_MARK)]
    plain = [ASCII_SYMBOLS.get(c, c) for c in symbols]
    assert len(set(symbols)) == len(symbols)
    assert len(set(plain)) == len(plain)
    text = draw_map(load_builtin("gull-point-landing"), ascii_only=True)
    assert text.isascii()
    assert "B bunker" in text and ": ocean" in text and ", beach" in text
