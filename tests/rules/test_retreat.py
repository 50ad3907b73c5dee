"""Retreats (base rules p.10): toward the unit's own edge, one hex per flag, blocked by units,
impassable terrain, ocean and the board edge, one figure per move that cannot be made."""

from __future__ import annotations

from typing import Any

from companion.rules.battle import BattleModifiers, resolve_battle, retreat_options
from companion.rules.position import Position
from companion.rules.referee import position_from_json


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def position(*units: dict[str, Any], terrain: tuple[tuple[str, str], ...] = (),
             bottom: str = "allies") -> Position:
    return position_from_json({"bottom": bottom, "units": list(units),
                               "terrain": [{"hex": h, "type": t} for h, t in terrain]})


def ends(pos: Position, uid: str, flags: int, **kw: Any) -> dict[str, int]:
    return {pos.board.name(o.hex): o.figures_lost for o in retreat_options(pos, uid, flags, **kw)}


def test_retreat_one_flag_two_choices_toward_own_edge() -> None:
    pos = position(unit("x1", "axis", "infantry", "F5"))
    assert ends(pos, "x1", 1) == {"e6": 0, "f6": 0}
    pos = position(unit("a1", "allies", "infantry", "F5"))
    assert ends(pos, "a1", 1) == {"e4": 0, "f4": 0}


def test_retreat_two_flags_two_hexes_back() -> None:
    pos = position(unit("x1", "axis", "infantry", "F5"))
    assert ends(pos, "x1", 2) == {"E7": 0, "F7": 0, "G7": 0}


def test_retreat_direction_follows_the_bottom_side() -> None:
    pos = position(unit("x1", "axis", "infantry", "F5"), bottom="axis")
    assert ends(pos, "x1", 1) == {"e4": 0, "f4": 0}


def test_retreat_off_the_board_edge_costs_a_figure_per_move() -> None:
    pos = position(unit("x1", "axis", "infantry", "F9"))
    assert ends(pos, "x1", 1) == {"F9": 1}
    assert ends(pos, "x1", 3) == {"F9": 3}
    pos = position(unit("x1", "axis", "infantry", "f8"))
    assert ends(pos, "x1", 2) == {"F9": 1, "G9": 1}


def test_retreat_side_edge_leaves_one_neighbour() -> None:
    pos = position(unit("x1", "axis", "infantry", "A5"))
    assert ends(pos, "x1", 1) == {"a6": 0}


def test_retreat_may_not_pass_through_a_unit() -> None:
    # the way through e6 is open but both hexes behind it are taken: only f6 -> G7 completes
    pos = position(unit("x1", "axis", "infantry", "F5"), unit("x2", "axis", "infantry", "E7"),
                   unit("a9", "allies", "infantry", "F7"))
    assert ends(pos, "x1", 2) == {"G7": 0}


def test_retreat_must_be_made_when_a_full_path_exists() -> None:
    # e6 is a dead end after one step, f6 leads on: the unit may not choose the dead end
    pos = position(unit("x1", "axis", "infantry", "F5"), unit("x2", "axis", "infantry", "E7"),
                   unit("x3", "axis", "infantry", "F7"), unit("x4", "axis", "infantry", "e8"),
                   unit("x5", "axis", "infantry", "f8"), unit("x6", "axis", "infantry", "g8"))
    # f6 -> G7 -> (f8, g8 taken) dead end: both paths are stuck, the deepest ones remain
    assert ends(pos, "x1", 3) == {"G7": 1}


def test_retreat_ocean_and_river_block_a_bridge_opens_the_river() -> None:
    pos = position(unit("x1", "axis", "infantry", "F5"), terrain=(("e6", "ocean"), ("f6", "river")))
    assert ends(pos, "x1", 1) == {"F5": 1}
    pos = position(unit("x1", "axis", "infantry", "F5"),
                   terrain=(("e6", "ocean"), ("f6", "river"), ("f6", "bridge")))
    assert ends(pos, "x1", 1) == {"f6": 0}


def test_retreat_terrain_does_not_stop_a_retreat() -> None:
    pos = position(unit("x1", "axis", "infantry", "F5"),
                   terrain=(("e6", "forest"), ("f6", "town"), ("E7", "hedgerow")))
    assert ends(pos, "x1", 2) == {"E7": 0, "F7": 0, "G7": 0}


def test_retreat_armor_may_not_retreat_into_hedgehogs() -> None:
    pos = position(unit("x1", "axis", "armor", "F5"), terrain=(("e6", "hedgehogs"),))
    assert ends(pos, "x1", 1) == {"f6": 0}


def test_retreat_losses_can_eliminate_the_unit() -> None:
    pos = position(unit("x1", "axis", "infantry", "F9", figures=2))
    (only,) = retreat_options(pos, "x1", 3)
    assert only.figures_lost == 2 and only.eliminated


def test_retreat_french_resistance_up_to_three_hexes_per_flag() -> None:
    pos = position(unit("a1", "allies", "french_resistance", "F5"))
    got = ends(pos, "a1", 1)
    assert set(got) == {"e4", "f4", "E3", "F3", "G3", "d2", "e2", "f2", "g2"}
    assert set(got.values()) == {0}


def test_retreat_modifier_sets_hexes_per_flag() -> None:
    pos = position(unit("a1", "allies", "infantry", "F5"))
    assert len(ends(pos, "a1", 1, retreat_hexes=2)) == 5


def test_retreat_artillery_in_a_bunker_loses_a_figure_per_flag() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "artillery", "F5"),
                   terrain=(("F5", "bunker"),))
    r = resolve_battle(pos, "a1", "x1", ["flag", "flag"])  # 3 dice, -1 for the bunker
    assert r.flags == 2 and r.flags_ignored == 1
    assert [(pos.board.name(o.hex), o.figures_lost) for o in r.retreat] == [("F5", 1)]


def test_retreat_sandbags_ignore_the_first_flag() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(("F5", "sandbags"),))
    one = resolve_battle(pos, "a1", "x1", ["flag", "star"])
    assert one.flags == 1 and one.flags_ignored == 1 and one.retreat == ()
    assert not one.take_ground
    two = resolve_battle(pos, "a1", "x1", ["flag", "flag"])
    assert two.flags_ignored == 1 and {o.figures_lost for o in two.retreat} == {0}
    assert {pos.board.name(o.hex) for o in two.retreat} == {"e6", "f6"}


def test_retreat_card_may_forbid_ignoring_flags() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(("F5", "sandbags"),))
    r = resolve_battle(pos, "a1", "x1", ["flag", "star"], BattleModifiers(flags_ignorable=False))
    assert r.flags_ignored == 0 and len(r.retreat) == 2


def test_retreat_none_when_the_hits_eliminate_the_unit() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"), unit("x1", "axis", "infantry", "F5", figures=1))
    r = resolve_battle(pos, "a1", "x1", ["infantry", "flag", "flag"])
    assert r.eliminated and r.retreat == () and r.flags == 2


def test_retreat_uses_the_strength_left_after_hits() -> None:
    pos = position(unit("a1", "allies", "infantry", "F7"), unit("x1", "axis", "infantry", "F9", figures=2))
    r = resolve_battle(pos, "a1", "x1", ["infantry", "flag"])
    assert r.figures_removed == 1
    assert [(o.figures_lost, o.eliminated) for o in r.retreat] == [(1, True)]
