"""Terrain rules issue 16 found wrong, each built from the rule's own text.

Sources (docs/rules-sources.md): base rules p.11 (taking ground), p.16 obstacles (sandbags,
bunkers, wire), Terrain Pack p.3 and card 44 (wadis), p.7 and card 29 (minefields), card 47
(frozen rivers), card 26 (lakes, in test_los.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.battle import battle_check, ignorable_flags, resolve_battle
from companion.rules.board import Side
from companion.rules.entry import (
    Entry,
    EntryError,
    clear,
    entry_rolls,
    may_clear,
    resolve_entry_roll,
)
from companion.rules.position import Position
from companion.rules.referee import QueryError, answer, position_from_json


def unit(uid: str, side: str, kind: str, hexname: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "type": kind, "hex": hexname, **extra}


def position(*units: dict[str, Any], terrain: tuple[dict[str, Any], ...] = ()) -> Position:
    return position_from_json({"units": list(units), "terrain": list(terrain)})


def t(hexname: str, kind: str, **extra: Any) -> dict[str, Any]:
    return {"hex": hexname, "type": kind, **extra}


H = ["infantry", "infantry", "infantry"]  # three infantry symbols


# --- taking ground: "Terrain movement and battle restrictions still apply" (base p.11) -----
def test_take_ground_into_a_mountain_only_from_a_hill() -> None:
    # Mountains: infantry moves up only from an adjacent hill. x1 on the mountain F5 is
    # eliminated by a1 standing on countryside f4: a1 may not take the mountain.
    pos = position(unit("a1", "allies", "infantry", "f4"),
                   unit("x1", "axis", "infantry", "F5", figures=1),
                   terrain=(t("F5", "mountain"),))
    check = battle_check(pos, "a1", "x1")
    result = resolve_battle(pos, "a1", "x1", ["grenade"] * check.dice)
    assert result.eliminated and not result.take_ground
    assert any("height 1 or more" in e for e in result.explain)
    # the same attack from a hill may take it
    pos = position(unit("a1", "allies", "infantry", "f4"),
                   unit("x1", "axis", "infantry", "F5", figures=1),
                   terrain=(t("F5", "mountain"), t("f4", "hill")))
    check = battle_check(pos, "a1", "x1")
    assert resolve_battle(pos, "a1", "x1", ["grenade"] * check.dice).take_ground


def test_take_ground_off_a_mountain_only_onto_a_hill() -> None:
    pos = position(unit("a1", "allies", "infantry", "F5"),
                   unit("x1", "axis", "infantry", "f6", figures=1),
                   terrain=(t("F5", "mountain"),))
    result = resolve_battle(pos, "a1", "x1", ["grenade"] * battle_check(pos, "a1", "x1").dice)
    assert result.eliminated and not result.take_ground


def test_no_armor_overrun_after_taking_ground_onto_ocean() -> None:
    # Oceans: a unit on an ocean hex may not battle, so armor that takes it may not overrun
    pos = position(unit("a1", "allies", "armor", "f4"),
                   unit("x1", "axis", "infantry", "F5", figures=1),
                   terrain=(t("F5", "ocean"),))
    result = resolve_battle(pos, "a1", "x1", ["grenade"] * 3)
    assert result.take_ground and not result.armor_overrun
    assert "no overrun: a unit on ocean may not battle" in result.explain


def test_no_armor_overrun_in_the_turn_armor_leaves_a_marsh() -> None:
    pos = position(unit("a1", "allies", "armor", "f4"),
                   unit("x1", "axis", "infantry", "F5", figures=1),
                   terrain=(t("f4", "marsh"),))
    result = resolve_battle(pos, "a1", "x1", ["grenade"] * battle_check(pos, "a1", "x1").dice)
    assert result.take_ground and not result.armor_overrun


def test_armor_taking_ground_into_wire_clears_it_and_may_not_overrun() -> None:
    pos = position(unit("a1", "allies", "armor", "f4"),
                   unit("x1", "axis", "infantry", "F5", figures=1),
                   terrain=(t("F5", "barbed_wire"),))
    result = resolve_battle(pos, "a1", "x1", ["grenade"] * 3)
    assert result.take_ground and not result.armor_overrun
    pos.remove_unit("x1")
    assert pos.move_unit("a1", pos.board.parse("F5"), "take_ground") == ("barbed_wire",)
    assert "barbed_wire" not in pos.terrain_names(pos.board.parse("F5"))


# --- sandbags: "When a unit leaves a hex with Sandbags, the Sandbags are removed" ----------
@pytest.mark.parametrize("how", ["move", "retreat", None])
def test_sandbags_go_when_their_unit_leaves(how: str | None) -> None:
    pos = position(unit("a1", "allies", "infantry", "F5"), unit("x1", "axis", "infantry", "A9"),
                   terrain=(t("F5", "sandbags"), t("F5", "hill")))
    f5 = pos.board.parse("F5")
    assert pos.move_unit("a1", pos.board.parse("f4"), how) == ("sandbags",)
    assert pos.terrain_names(f5) == ("hill",)


def test_sandbags_go_when_their_unit_is_eliminated_and_never_protect_the_enemy() -> None:
    pos = position(unit("a1", "allies", "infantry", "f4"),
                   unit("x1", "axis", "infantry", "F5", figures=1),
                   terrain=(t("F5", "sandbags"),))
    pos.remove_unit("x1")
    pos.move_unit("a1", pos.board.parse("F5"), "take_ground")
    assert pos.terrain_names(pos.board.parse("F5")) == ()
    assert ignorable_flags(pos, pos.units["a1"]) == 0


# --- bunkers: "Only the side noted in the briefing notes may claim a Bunker" ----------------
def test_a_bunker_protects_only_its_owner() -> None:
    def dice(owner: str | None, holder: str) -> int:
        attacker = "allies" if holder == "axis" else "axis"
        extra = {} if owner is None else {"owner": owner}
        pos = position(unit("h1", holder, "infantry", "F5"), unit("z1", attacker, "infantry", "F3"),
                       terrain=(t("F5", "bunker", **extra),))
        return battle_check(pos, "z1", "h1").dice
    assert dice("axis", "axis") == 1  # 2 dice at range 2, -1 for the owner's bunker
    assert dice("axis", "allies") == 2  # the Allies took it: no protection
    assert dice(None, "allies") == 1  # no owner named: either side claims it


def test_a_bunker_lets_only_its_owner_ignore_a_flag() -> None:
    pos = position(unit("a1", "allies", "infantry", "F5"), unit("x1", "axis", "infantry", "A9"),
                   terrain=(t("F5", "bunker", owner="axis"),))
    assert ignorable_flags(pos, pos.units["a1"]) == 0
    pos = position(unit("a1", "allies", "infantry", "F5"), unit("x1", "axis", "infantry", "A9"),
                   terrain=(t("F5", "bunker", owner="allies"),))
    assert ignorable_flags(pos, pos.units["a1"]) == 1


def test_the_referee_reads_a_terrain_owner() -> None:
    q = {"terrain": [t("F5", "bunker", owner="axis")],
         "units": [unit("a1", "allies", "infantry", "F3"), unit("x1", "axis", "infantry", "F5")],
         "ask": {"battle": {"attacker": "a1", "target": "x1"}}}
    assert answer(q)["battle"]["dice"] == 1
    q["terrain"] = [t("F5", "bunker", owner="allies")]
    assert answer(q)["battle"]["dice"] == 2
    q["terrain"] = [t("F5", "bunker", owner="nobody")]
    with pytest.raises(QueryError) as info:
        answer(q)
    assert info.value.field == "terrain.0.owner"


# --- wadis: "Infantry or Armor battling in or out of a Wadi must be adjacent" (card 44) -------
def test_infantry_battles_out_of_a_wadi_only_at_one_hex() -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(t("F3", "wadi"),))
    check = battle_check(pos, "a1", "x1")
    assert not check.allowed and "only against an adjacent unit" in (check.reason or "")


def test_armor_battles_into_a_wadi_only_at_one_hex_artillery_at_any_range() -> None:
    pos = position(unit("a1", "allies", "armor", "F3"), unit("a2", "allies", "artillery", "F1"),
                   unit("x1", "axis", "infantry", "F5"), terrain=(t("F5", "wadi"),))
    assert not battle_check(pos, "a1", "x1").allowed
    art = battle_check(pos, "a2", "x1")
    assert art.allowed and art.dice == 2 - 1  # 4 hexes: 2 dice, -1 for the wadi


def test_both_in_wadis_the_range_is_as_usual_and_the_wadi_does_not_protect() -> None:
    pos = position(unit("a1", "allies", "infantry", "F3"), unit("x1", "axis", "infantry", "F5"),
                   terrain=(t("F3", "wadi"), t("F5", "wadi")))
    check = battle_check(pos, "a1", "x1")
    assert check.allowed and check.dice == 2  # range 2, no reduction from a wadi to a wadi


# --- frozen rivers: "Moving or retreating onto a Frozen River, roll 2 dice; a figure lost per
# star" (card 47) ------------------------------------------------------------------------------
@pytest.mark.parametrize("how", [Entry.MOVE, Entry.RETREAT, Entry.TAKE_GROUND])
def test_entering_a_frozen_river_rolls_two_dice_stars_hit(how: Entry) -> None:
    pos = position(unit("a1", "allies", "infantry", "F5"), terrain=(t("F5", "frozen_river"),))
    (roll,) = entry_rolls(pos, "a1", how)
    assert roll.dice == 2 and roll.hit_faces == frozenset({"star"})
    result = resolve_entry_roll(pos, "a1", roll, ["star", "infantry"])
    assert (result.hits, result.figures_removed, result.eliminated) == (1, 1, False)


def test_a_bridge_over_a_frozen_river_and_behind_enemy_lines_spare_the_roll() -> None:
    pos = position(unit("a1", "allies", "infantry", "F5"),
                   terrain=(t("F5", "frozen_river"), t("F5", "bridge")))
    assert entry_rolls(pos, "a1", Entry.MOVE) == []
    pos = position(unit("a1", "allies", "infantry", "F5"), terrain=(t("F5", "frozen_river"),))
    assert entry_rolls(pos, "a1", Entry.MOVE, ignore_terrain_movement=True) == []
    assert len(entry_rolls(pos, "a1", Entry.RETREAT, ignore_terrain_movement=True)) == 1


def test_losing_the_last_figure_on_a_frozen_river_is_a_medal_for_the_other_side() -> None:
    pos = position(unit("a1", "allies", "infantry", "F5", figures=1),
                   terrain=(t("F5", "frozen_river"),))
    (roll,) = entry_rolls(pos, "a1")
    result = resolve_entry_roll(pos, "a1", roll, ["star", "star"])
    assert result.eliminated and result.medal_to is Side.AXIS
    assert result.figures_removed == 1


# --- minefields (Terrain Pack p.7, card 29) ----------------------------------------------------
def test_an_enemy_minefield_rolls_its_number_hits_as_in_battle() -> None:
    pos = position(unit("a1", "allies", "armor", "F5"),
                   terrain=(t("F5", "minefield", owner="axis", value=3),))
    (roll,) = entry_rolls(pos, "a1", Entry.MOVE)
    assert roll.dice == 3 and roll.hit_faces == frozenset({"armor", "grenade"})
    result = resolve_entry_roll(pos, "a1", roll, ["armor", "grenade", "flag"])
    assert (result.hits, result.figures_removed) == (2, 2)  # the flag does nothing


def test_a_minefield_spares_its_owner_and_any_retreat() -> None:
    pos = position(unit("x1", "axis", "infantry", "F5"),
                   terrain=(t("F5", "minefield", owner="axis", value=2),))
    assert entry_rolls(pos, "x1", Entry.MOVE) == []
    pos = position(unit("a1", "allies", "infantry", "F5"),
                   terrain=(t("F5", "minefield", owner="axis", value=2),))
    assert entry_rolls(pos, "a1", Entry.RETREAT) == []
    assert entry_rolls(pos, "a1", Entry.TAKE_GROUND)[0].dice == 2


def test_a_decoy_mine_is_removed_and_a_face_down_mine_asks_for_its_number() -> None:
    pos = position(unit("a1", "allies", "infantry", "F5"),
                   terrain=(t("F5", "minefield", owner="axis", value=0),))
    (roll,) = entry_rolls(pos, "a1")
    assert roll.decoy
    assert resolve_entry_roll(pos, "a1", roll, []).removed == ("minefield",)
    pos = position(unit("a1", "allies", "infantry", "F5"),
                   terrain=(t("F5", "minefield", owner="axis"),))
    (roll,) = entry_rolls(pos, "a1")
    assert roll.dice is None
    with pytest.raises(EntryError):
        resolve_entry_roll(pos, "a1", roll, ["grenade"])


def test_the_referee_answers_a_minefield_entry() -> None:
    q = {"terrain": [t("F5", "minefield", owner="axis", value=2)],
         "units": [unit("a1", "allies", "infantry", "F5")],
         "ask": {"terrain_entry": {"unit": "a1", "how": "move"}}, "dice": ["infantry", "star"]}
    out = answer(q)
    assert out["terrain_entry"]["rolls"][0]["dice"] == 2
    assert out["result"]["figures_removed"] == 1 and out["result"]["medal_to"] is None


# --- wire: armor entering removes it; "Infantry may remove wire instead of battling" ------------
def test_armor_moving_into_wire_flattens_it_a_retreat_does_not() -> None:
    pos = position(unit("a1", "allies", "armor", "f4"), terrain=(t("F5", "barbed_wire"),))
    f5 = pos.board.parse("F5")
    pos.move_unit("a1", f5, "retreat")
    assert pos.terrain_names(f5) == ("barbed_wire",)
    pos.move_unit("a1", pos.board.parse("f4"))
    assert pos.move_unit("a1", f5, "move") == ("barbed_wire",)
    assert pos.terrain_names(f5) == ()


def test_infantry_on_wire_may_remove_it_instead_of_battling_armor_may_not() -> None:
    pos = position(unit("a1", "allies", "infantry", "F5"), unit("a2", "allies", "armor", "G5"),
                   terrain=(t("F5", "barbed_wire"), t("G5", "barbed_wire")))
    assert may_clear(pos, "a1") == ("barbed_wire",)
    assert may_clear(pos, "a2") == ()
    clear(pos, "a1", "barbed_wire")
    assert pos.terrain_names(pos.board.parse("F5")) == ()
    with pytest.raises(EntryError):
        clear(pos, "a2", "barbed_wire")
    out = answer({"terrain": [t("G5", "barbed_wire")],
                  "units": [unit("a1", "allies", "infantry", "G5")],
                  "ask": {"clear_obstacle": {"unit": "a1"}}})
    assert out["clear_obstacle"]["allowed"] is True


def test_terrain_entry_bad_input_is_a_field_error() -> None:
    from companion.rules.referee import answer_or_error

    base = {"terrain": [t("F5", "frozen_river")], "units": [unit("a1", "allies", "infantry", "F5")],
            "ask": {"terrain_entry": {"unit": "a1", "how": "move"}}}
    code, out = answer_or_error({**base, "dice": ["star"]})
    assert code == 2 and out["error"]["field"] == "dice" and "2 are due" in out["error"]["message"]
    code, out = answer_or_error({**base, "ask": {"terrain_entry": {"unit": "a1", "how": "fly"}}})
    assert code == 2 and out["error"]["field"] == "ask.terrain_entry.how"
    code, out = answer_or_error({**base, "terrain": [], "dice": ["star", "star"]})
    assert code == 2 and "no roll is due" in out["error"]["message"]
    code, out = answer_or_error({**base, "dice": ["star", "skull"]})
    assert code == 2 and out["error"]["field"].startswith("dice")
