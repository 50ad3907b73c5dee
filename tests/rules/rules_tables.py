"""The terrain and unit tables of docs/rules-sources.md, generated from the data.

    .venv/bin/python -m tests.rules.rules_tables    # print the tables to paste into the doc

``test_terrain.py`` checks that the document holds exactly these rows.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.rules.terrain import TERRAIN, TerrainSpec
from companion.rules.units import UNITS, UnitClass, UnitSpec

_ORDER = (UnitClass.INFANTRY, UnitClass.ARMOR, UnitClass.ARTILLERY)


def _red(m: object) -> str:
    return "/".join(str(m.get(c, 0)) for c in _ORDER)  # type: ignore[attr-defined]


def _cls(s: Iterable[UnitClass]) -> str:
    return ", ".join(sorted(c.value for c in s))


def terrain_row(t: TerrainSpec) -> str:
    mv: list[str] = []
    if t.impassable:
        mv.append("impassable")
    if t.impassable_for:
        mv.append(f"impassable for {_cls(t.impassable_for)}")
    if t.owner_crosses_for:
        mv.append(f"but to its owner's {_cls(t.owner_crosses_for)}")
    if t.bridge:
        mv.append("makes river/water passable")
    if t.stop_on_enter:
        mv.append("stop on entering")
    if t.stop_on_enter_for:
        mv.append(f"{_cls(t.stop_on_enter_for)} stop on entering"
                  + (" (not where a road crosses it)" if t.stop_waived_by_road else ""))
    if t.enter_from_adjacent_only:
        mv.append("entered only as the first hex of a move")
    if t.enter_from_height:
        mv.append(f"entered only from a hex of height {t.enter_from_height}+")
    if t.leave_to_height:
        mv.append(f"left only onto a hex of height {t.leave_to_height}+")
    if t.leave_to_adjacent_only:
        mv.append("leaving, move one hex")
    if t.max_move_onto is not None:
        mv.append(f"a unit moving onto it moves at most {t.max_move_onto}")
    if t.road:
        mv.append(f"+{t.road_bonus} hex for a move along the road")
    if t.cannot_leave_for:
        mv.append(f"{_cls(t.cannot_leave_for)} on it may not move")
    if t.entry_roll_dice:
        also = " (a retreat too)" if t.entry_roll_on_retreat else ""
        mv.append(f"entering{also}: roll {t.entry_roll_dice} dice, a figure lost per star")
    if t.entry_roll_from_value:
        spare = ", not its owner's units" if t.entry_roll_spares_owner else ""
        mv.append(f"entering (not in a retreat{spare}): roll the mine's number of dice, hits "
                  "as in battle; a 0 is a decoy, removed")
    if t.enter_extra_cost:
        who = f" for {_cls(t.extra_cost_for)}" if t.extra_cost_for else ""
        frm = f" from {', '.join(sorted(t.extra_cost_only_from))}" if t.extra_cost_only_from else ""
        waived = (f" unless from height {t.extra_cost_waived_from_height}+"
                  if t.extra_cost_waived_from_height else "")
        mv.append(f"moving onto it costs {1 + t.enter_extra_cost} hexes{who}{frm}{waived}")
    if t.barred_from:
        mv.append(f"not entered from {', '.join(sorted(t.barred_from))}")
    if t.leave_barred_to:
        mv.append(f"{_cls(t.leave_barred_for)} may not leave it onto "
                  f"{', '.join(sorted(t.leave_barred_to))}")
    if t.no_take_ground_from:
        mv.append(f"not taken as ground from {', '.join(sorted(t.no_take_ground_from))}")
    if t.open_angles:
        words = ("east", "north-east", "north-west", "west", "south-west", "south-east")
        turn = (f"{abs(t.turn) * 30} degrees {'counter-clockwise' if t.turn > 0 else 'clockwise'}"
                " an orientation step")
        mv.append("its other sides crossed by no move, retreat or taking of ground; open "
                  f"{' and '.join(words[a // 2] for a in sorted(t.open_angles) if a % 2 == 0)} "
                  f"at orientation 1, turned {turn} (only with its orientation given)")
    bt: list[str] = []
    if t.defender_nation:
        bt.append(f"{t.defender_nation} infantry on it: protection {_red(t.nation_protection)}, "
                  "ignores every flag")
    for c, d in t.range_dice.items():
        bt.append(f"{c.value} on it fires {'/'.join(map(str, d))}")
    if any(t.protection.values()):
        note = " vs a lower attacker" if t.protection_needs_height else ""
        note += " (scenario side only)" if t.protection_scenario_side_only else ""
        note += " (not vs an attacker in one too)" if t.protection_not_from_same else ""
        bt.append(f"protection {_red(t.protection)}{note}")
    if t.no_battle_after_enter:
        who = f" ({_cls(t.no_battle_after_enter_for)})" if t.no_battle_after_enter_for else ""
        adj = ", unless entered from next to it" if t.battle_if_entered_from_adjacent else ""
        bt.append(f"no battle after entering{who}{adj}")
    if t.no_battle_after_leaving_for:
        bt.append(f"no battle after leaving ({_cls(t.no_battle_after_leaving_for)})")
    if any(t.attacker_reduction.values()):
        bt.append(f"battling out of it -{_red(t.attacker_reduction)}")
    if t.no_battle_from:
        bt.append("a unit on it may not battle")
    if t.battle_adjacent_only:
        bt.append("battle in or out only at 1 hex")
    if t.ignore_flags:
        bt.append(f"ignore {t.ignore_flags} flag")
    if t.flag_costs_figure_for:
        bt.append(f"each flag costs {_cls(t.flag_costs_figure_for)} a figure")
    if t.clear_instead_of_battle_by:
        bt.append(f"{_cls(t.clear_instead_of_battle_by)} on it may remove it instead of battling")
    if t.no_overrun_into:
        bt.append("no armor overrun after taking ground into it")
    if t.blocks_los:
        los = "blocks"
    elif t.blocks_los_grouped:
        los = "blocks when the line crosses 2+ touching hexes"
    elif t.height:
        los = f"height {t.height}: blocks looking over it"
    else:
        los = "clear"
    ot: list[str] = []
    if t.retreat_blocked:
        ot.append("no retreat onto it" + (f" but by its owner's {_cls(t.owner_crosses_for)}"
                                          if t.owner_crosses_for else ""))
    if t.not_played:
        ot.append(f"not played: {t.not_played}")
    if t.removed_when_left:
        ot.append("removed when its unit leaves")
    if t.removed_on_entry_by:
        ot.append(f"removed when {_cls(t.removed_on_entry_by)} enters")
    if t.air_check_dice is not None:
        ot.append(f"air check {t.air_check_dice}d")
    if t.obstacle:
        ot.append("obstacle")
    if t.set_up_allowed:
        ot.append("a unit set up on it stands there and may leave")
    if t.can_be_blown:
        ot.append("may be blown up (Actions 2, option 2)")
    if t.heal_classes:
        ot.append(f"heals {_cls(t.heal_classes)}")
    if t.headquarters:
        ot.append("HQ: taken, its owner plays a command card fewer")
    return (f"| `{t.name}` | {'; '.join(mv) or 'none'} | {'; '.join(bt) or 'none'} | {los} | "
            f"{'; '.join(ot) or '-'} | {t.source} |")


def unit_row(u: UnitSpec) -> str:
    other: list[str] = []
    if u.star_hits:
        other.append(f"a star hits {_cls(u.star_hits)}")
    if u.hit_as:
        other.append(f"attacked as {u.hit_as.value}")
    if u.confirm_hits:
        other.append("hits re-rolled, confirmed by a grenade")
    if u.battles_after_terrain_stop:
        other.append("battles after entering forest/town/hedgerow")
    if u.cannot_target:
        other.append(f"may not target {_cls(u.cannot_target)}")
    if u.hit_only_by is not None:
        other.append(f"hit only by {', '.join(sorted(u.hit_only_by))}")
    if u.ignores_target_terrain:
        other.append("the target's terrain never reduces its dice")
    if u.ignores_terrain_in_close_assault:
        other.append("terrain does not reduce its close assault")
    if u.close_assault_reduction_cap is not None:
        other.append(f"terrain reduces its close assault by {u.close_assault_reduction_cap} at most")
    if u.medal_worth != 1:
        other.append(f"worth {u.medal_worth} medals")
    if u.stationary_dice:
        other.append(f"not moved: {'/'.join(map(str, u.stationary_dice))}")
    if u.stationary_star_hits:
        other.append(f"not moved: a star hits {_cls(u.stationary_star_hits)}")
    if u.stationary_ignores_los_and_terrain:
        other.append("not moved: no line of sight needed, terrain ignored")
    if u.sweeps_mines:
        other.append("clears a minefield instead of rolling for it")
    if u.zeroes_in:
        other.append("cross-hairs: +1 die against a unit it hit")
    if u.moves_only_on:
        other.append(f"moves only on {', '.join(sorted(u.moves_only_on))}")
    if u.ignore_flags:
        other.append(f"ignores {u.ignore_flags} flag")
    if u.road_bonus is not None:
        other.append(f"+{u.road_bonus} hexes along a road")
    if u.figures_per_medal:
        other.append(f"a medal for every {u.figures_per_medal} of its figures the enemy removes")
    if u.not_played:
        other.append(f"not played: {u.not_played}")
    if u.air:
        blocks = "blocks" if u.blocks_los_airborne else "does not block"
        other.append(f"{u.air_rules} air unit, moves at least {u.min_move}, over any terrain and "
                     f"units; in flight it {blocks} line of sight")
    dice = "/".join(map(str, u.dice)) or ("air rules" if u.air else "never battles")
    tg = f"{'yes' if u.take_ground else 'no'} / {'yes' if u.overrun else 'no'}"
    return (f"| `{u.name}` | {u.unit_class.value} | {u.figures} | {u.move} | {u.move_and_battle} | {dice} "
            f"| {'yes' if u.needs_los else 'no'} | {tg} | {u.retreat_hexes} | {'; '.join(other) or '-'} "
            f"| {u.source} |")


TERRAIN_HEADER = ("| terrain | movement | battle | line of sight | other | source |\n"
                  "|---|---|---|---|---|---|")
UNIT_HEADER = ("| unit | class | figures | move | move and battle | dice by range | needs LOS "
               "| take ground / overrun | hexes per flag | other | source |\n"
               "|---|---|---|---|---|---|---|---|---|---|---|")


def terrain_table() -> str:
    return "\n".join([TERRAIN_HEADER, *(terrain_row(t) for t in TERRAIN.values())])


def unit_table() -> str:
    return "\n".join([UNIT_HEADER, *(unit_row(u) for u in UNITS.values())])


if __name__ == "__main__":
    print(terrain_table())
    print()
    print(unit_table())
