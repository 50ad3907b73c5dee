"""Terrain and obstacles: movement, battle, line of sight and retreat effects, as data.

A hex may carry several entries (a hill with sandbags). Sources: ``docs/rules-sources.md``.
Entries whose ``source`` ends in "(unverified)" come from memory of a printed terrain card
that no public copy available to the project confirmed; the document lists them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from companion.rules.board import Side
from companion.rules.records import dataclass, field, replace
from companion.rules.units import UnitClass

_NONE: Mapping[UnitClass, int] = MappingProxyType({})
_NO_DICE: Mapping[UnitClass, tuple[int, ...]] = MappingProxyType({})


def reductions(infantry: int = 0, armor: int = 0, artillery: int = 0) -> Mapping[UnitClass, int]:
    """Battle-dice reductions by attacking unit class."""
    return MappingProxyType(
        {UnitClass.INFANTRY: infantry, UnitClass.ARMOR: armor, UnitClass.ARTILLERY: artillery}
    )


_GROUND = frozenset({UnitClass.INFANTRY, UnitClass.ARMOR, UnitClass.ARTILLERY})


@dataclass(frozen=True, slots=True)
class TerrainSpec:
    """What one terrain or obstacle does to movement, battle and line of sight."""

    name: str
    obstacle: bool = False  # an obstacle placed on a terrain hex (sandbags, wire...)
    blocks_los: bool = False
    height: int = 0  # hills: 1; line of sight over it is blocked, same-height plateau is not
    stop_on_enter: bool = False
    stop_on_enter_for: frozenset[UnitClass] = frozenset()  # railways: armor and artillery stop
    stop_waived_by_road: bool = False  # railways: a road crossing them plays as a road (card 38)
    no_battle_after_enter: bool = False
    # classes the "no battle after entering" applies to; empty: every class
    no_battle_after_enter_for: frozenset[UnitClass] = frozenset()
    no_battle_after_leaving_for: frozenset[UnitClass] = frozenset()  # flooded field: armor
    enter_from_adjacent_only: bool = False  # hedgerow: the move must start next to it
    battle_if_entered_from_adjacent: bool = False  # jungle: a 1-hex move in may still battle
    enter_from_height: int = 0  # mountain: infantry moves up only from a hex this high (a hill)
    leave_to_height: int = 0  # mountain: ...and down only to a hex this high
    leave_to_adjacent_only: bool = False  # hedgerow: leaving, move only one hex
    impassable: bool = False
    impassable_for: frozenset[UnitClass] = frozenset()
    # impassable, except to its owner's units of these classes, which cross it as a ford (a
    # river navigable by one side's infantry in boats: bga-memoir 1340 Across the River Roer)
    owner_crosses_for: frozenset[UnitClass] = frozenset()
    cannot_leave_for: frozenset[UnitClass] = frozenset()  # bunker: artillery starting on it stays
    bridge: bool = False  # makes the hex's impassable water passable (bridges, fords)
    road: bool = False  # a move that starts on a road and stays on it gains road_bonus hexes
    road_bonus: int = 0
    max_move_onto: int | None = None  # a unit that moves onto it moves at most this many hexes
    # dice reduction for attackers of a unit on this hex, by attacker class; the best single
    # protection in the hex applies (reductions from several entries do not add up)
    protection: Mapping[UnitClass, int] = field(default_factory=lambda: _NONE)
    protection_needs_height: bool = False  # hill: only when the attacker is lower
    # bunker: only the side the briefing names (the piece's owner) claims its protection and
    # its ignored flag; when the scenario names no owner, either side does
    protection_scenario_side_only: bool = False
    attacker_reduction: Mapping[UnitClass, int] = field(default_factory=lambda: _NONE)  # battling out of it
    no_battle_from: bool = False  # a unit on it may not battle (ocean)
    battle_adjacent_only: bool = False  # wadi: battling in or out of it only at 1 hex
    # a piece with a facing (a wadi's side slopes, card 44; a bridge section's ends, card 9b):
    # the angles of its open sides at orientation 1, on bga-memoir's 12-step scale (0 east,
    # 2 north-east, 4 north-west, ... 10 south-east: twice a board.DIRECTIONS direction; the odd
    # steps are the hex's corners, where a piece turned by half a side still opens). Every
    # other side is closed to a move, a retreat and a taking of ground, in and out. Only a
    # piece whose orientation is known (Position.terrain_orientations) closes any; empty:
    # every side is open
    open_angles: frozenset[int] = frozenset()
    # the steps of that scale the piece turns by per orientation step (bga-memoir
    # Models/Terrain.php deltaAngle): 2, 60 degrees counter-clockwise (a wadi); -1, 30
    # degrees clockwise (a bridge section)
    turn: int = 2
    # why such a piece's closed side is crossed by nothing, as a player is told it
    closed_because: str = ""
    protection_not_from_same: bool = False  # wadi: no protection against an attacker in one too
    blocks_los_grouped: bool = False  # lake: two or more contiguous lake hexes block sight
    # dice rolled by a unit that enters the hex: frozen river 2 (a figure lost per star);
    # a minefield rolls the number printed on its mine (Position.terrain_values)
    entry_roll_dice: int = 0
    entry_roll_from_value: bool = False  # minefield: the piece's value is the dice
    entry_roll_hits: str = ""  # "stars": each star is a hit; "battle": hits as in a battle
    entry_roll_on_retreat: bool = False  # frozen river: retreating onto it rolls too
    entry_roll_spares_owner: bool = False  # minefield: its owner's units do not trigger it
    removed_on_zero: bool = False  # minefield: a decoy (value 0) is removed when revealed
    clear_instead_of_battle_by: frozenset[UnitClass] = frozenset()  # wire: infantry clears it
    ignore_flags: int = 0  # flags the unit on it may ignore
    ignore_flags_for: frozenset[UnitClass] = frozenset()  # empty: every class
    flag_costs_figure_for: frozenset[UnitClass] = frozenset()  # bunker: artillery loses a figure
    retreat_blocked: bool = False  # a retreat may not enter it (ocean, river without bridge)
    removed_when_left: bool = False  # sandbags go when their unit leaves
    removed_on_entry_by: frozenset[UnitClass] = frozenset()  # barbed wire: armor clears it
    no_overrun_into: bool = False  # armor may take ground onto it but not battle again
    air_check_dice: int | None = None  # Air Pack air check value of the hex (None: not given)
    # moving onto it costs this many more hexes of the allowance (steep hills, cliffs)...
    enter_extra_cost: int = 0
    extra_cost_waived_from_height: int = 0  # ...unless entered from a hex this high (a hill)
    extra_cost_only_from: frozenset[str] = frozenset()  # ...only from these terrains (beach)
    extra_cost_for: frozenset[UnitClass] = frozenset()  # ...for these classes (empty: all)
    barred_from: frozenset[str] = frozenset()  # may not be entered from these (pier: ocean)
    no_take_ground_from: frozenset[str] = frozenset()  # cliff: not taken from a beach
    # may not be left onto these terrains by these classes (cliff: armor and artillery onto a
    # beach), by a move or by taking ground
    leave_barred_to: frozenset[str] = frozenset()
    leave_barred_for: frozenset[UnitClass] = frozenset()
    # healing (hospitals, oasis recovery): an ordered unit of ``heal_classes`` on it that has
    # lost figures, has not moved and has no enemy adjacent rolls ``heal_dice`` dice (0: one
    # per command card held, the one played included) instead of moving and battling; each
    # star, and each infantry symbol for infantry, returns a figure (companion.rules.healing)
    heal_classes: frozenset[UnitClass] = frozenset()
    heal_dice: int = 0
    # HQ & Supply Tents: taken by an enemy unit, its owner plays a command card fewer until it is
    # retaken (companion.rules.hq)
    headquarters: bool = False
    # impassable, yet a unit the scenario sets up on it stands there and may leave (the
    # editor's IMPASSABLE_HILL: bga-memoir isImpassable bars entering, not standing)
    set_up_allowed: bool = False
    # a bridge the scenario's side may blow up (Actions 2, option 2: companion.rules.bridges);
    # the piece's value is the medals blowing it gives
    can_be_blown: bool = False
    # caves: an Allied infantry unit on it, with no enemy adjacent, may try to seal it instead
    # of battling (a star seals it); it then becomes this terrain (companion.rules.caves)
    sealed_into: str = ""
    # a defender of this nation gets ``nation_protection`` and ignores every flag (caves)
    defender_nation: str = ""
    nation_protection: Mapping[UnitClass, int] = field(default_factory=lambda: _NONE)
    # dice by range for a class battling out of it (artillery on a mountain: 3/3/2/2/1/1/1)
    range_dice: Mapping[UnitClass, tuple[int, ...]] = field(default_factory=lambda: _NO_DICE)
    # what the card does that this program does not play (named by `scenario check`)
    not_played: str = ""
    source: str = ""

    def stops_battle_on_entry(self, unit_class: UnitClass) -> bool:
        """Whether a unit of this class that moved onto the hex this turn may not battle."""
        return self.no_battle_after_enter and (
            not self.no_battle_after_enter_for or unit_class in self.no_battle_after_enter_for
        )

    def bars_leaving(self, unit_class: UnitClass, to: Iterable[TerrainSpec]) -> bool:
        """Whether a unit of ``unit_class`` may not leave this hex onto a hex of ``to``."""
        return bool(self.leave_barred_to) and unit_class in self.leave_barred_for and any(
            t.name in self.leave_barred_to for t in to)

    def closes(self, direction: int, orientation: int) -> bool:
        """Whether this piece, turned to the editor's ``orientation`` (1..6; bga-memoir
        Models/Terrain.php turns its angles by (orientation - 1) * deltaAngle of its 12
        steps), closes its side in ``direction`` (board.DIRECTIONS): a wadi's side slope, a
        bridge section's parapet. A piece with no open angles listed closes none."""
        return bool(self.open_angles) and (
            2 * direction - self.turn * (orientation - 1)) % 12 not in self.open_angles

    def impassable_to(self, unit_class: UnitClass) -> bool:
        return self.impassable or unit_class in self.impassable_for

    def entry_cost(self, unit_class: UnitClass, from_specs: Iterable[TerrainSpec],
                   from_height: int) -> int:
        """Hexes of the allowance that moving onto it costs (1, or more for a climb)."""
        if not self.enter_extra_cost or (self.extra_cost_for
                                         and unit_class not in self.extra_cost_for):
            return 1
        if self.extra_cost_waived_from_height and from_height >= self.extra_cost_waived_from_height:
            return 1
        if self.extra_cost_only_from and not any(t.name in self.extra_cost_only_from
                                                 for t in from_specs):
            return 1
        return 1 + self.enter_extra_cost

    def stops_move(self, unit_class: UnitClass) -> bool:
        """Whether a unit of this class that enters the hex must stop there."""
        return self.stop_on_enter or unit_class in self.stop_on_enter_for


def hex_stops_move(specs: Iterable[TerrainSpec], unit_class: UnitClass) -> bool:
    """Whether a unit of this class entering a hex of these terrains must stop there.

    Terrain card 38 (Railroads, bga-memoir Terrains/Rail.php): "Road crossing a railroad plays as
    standard road": a railway's stop does not hold on a hex that also carries a road.
    """
    specs = tuple(specs)
    on_road = any(t.road for t in specs)
    return any(t.stops_move(unit_class) and not (on_road and t.stop_waived_by_road) for t in specs)


_APP2 = "base rules Appendix 2 p.13-15"
_CARD = "terrain card"  # the official terrain card of that number, as the BGA adaptation encodes it
_OBST = "base rules p.16 Obstacles"
_TP = "Terrain Pack rules"
_AIR = "Air Pack rules (seed 000) p.10"


def _like(base: TerrainSpec, name: str, source: str) -> TerrainSpec:
    return replace(base, name=name, source=source)


_FOREST = TerrainSpec("forest", blocks_los=True, stop_on_enter=True, no_battle_after_enter=True,
                      protection=reductions(infantry=1, armor=2), source=_APP2)
_TOWN = TerrainSpec("town", blocks_los=True, stop_on_enter=True, no_battle_after_enter=True,
                    protection=reductions(infantry=1, armor=2),
                    attacker_reduction=reductions(armor=2), source=_APP2)
_HILL = TerrainSpec("hill", height=1, protection=reductions(infantry=1, armor=1),
                    protection_needs_height=True, source=_APP2)
_HQ = TerrainSpec("headquarters", blocks_los=True, headquarters=True,
                  source=f"{_CARD} 56 (HQ & Supply tents: blocks line of sight; captured, its "
                         "owner loses a command card)")
_RIVER = TerrainSpec("river", impassable=True, retreat_blocked=True, source=_APP2)


# card 44: "Side slopes impassable, both in and out. No movement restrictions through open ends"
# (bga-memoir Terrains/Wadi.php blockedDirections: the straight tile is open at its angles 0 and
# 6, east and west at orientation 1; the curved one, 'wcurve', at 2 and 10, north-east and
# south-east)
_WADI = TerrainSpec("wadi", protection=reductions(infantry=1, armor=1, artillery=1),
                    protection_not_from_same=True, battle_adjacent_only=True,
                    open_angles=frozenset({0, 6}),
                    closed_because="across a side slope of the wadi, card 44: \"Side slopes "
                                   "impassable, both in and out\"",
                    source=f"{_TP} p.3; {_CARD} 44 (Wadis & Gullies; line of sight clear; side "
                           "slopes closed, open ends open: bga-memoir Terrains/Wadi.php)")


def _table(specs: Iterable[TerrainSpec]) -> dict[str, TerrainSpec]:
    return {s.name: s for s in specs}



TERRAIN: dict[str, TerrainSpec] = _table((
    # --- base game (seeds 003, 004) ---------------------------------------------------------
    TerrainSpec("countryside", air_check_dice=0, source="base rules p.4; Air Pack p.10 (0d)"),
    _FOREST,
    _like(_FOREST, "woods", f"{_APP2} (alias of forest)"),
    TerrainSpec("hedgerow", blocks_los=True, stop_on_enter=True, no_battle_after_enter=True,
                enter_from_adjacent_only=True, leave_to_adjacent_only=True,
                protection=reductions(infantry=1, armor=2), source=_APP2),
    _HILL,
    _TOWN,
    _like(_TOWN, "village", f"{_APP2} (Towns & Villages)"),
    _like(_TOWN, "buildings", f"{_APP2} (alias of town)"),
    _RIVER,
    TerrainSpec("bridge", bridge=True, source=f"{_APP2} (Rivers & Waterways)"),
    # card 9b: "You can only enter from the enter/exit hex" (bga-memoir Terrains/
    # BridgeSection.php, the editor's bridge with behaviour BRIDGE_SECTION); 25 Arnhem Bridge:
    # "Units may only enter or exit Arnhem Bridge from or onto the hexes as noted at the ends of
    # the bridge. Movement along the span of bridge is normal." Open at orientation 1 on the
    # angles 2-4 and 8-10 (blockedDirections 0, 1, 5, 6, 7, 11), turned 30 degrees clockwise
    # a step (deltaAngle -1); a side onto another bridge is open too (Position.closed_side)
    TerrainSpec("bridge_section", bridge=True, open_angles=frozenset({2, 3, 4, 8, 9, 10}),
                turn=-1, closed_because="across a side of the bridge section, card 9b: \"You "
                                        "can only enter from the enter/exit hex\"",
                source=f"{_APP2} (Rivers & Waterways); terrain card 9b (Bridge Section: entered "
                       "and left only at its ends, along its span: bga-memoir "
                       "Terrains/BridgeSection.php; 25 Arnhem Bridge's rules)"),
    TerrainSpec("blowable_bridge", bridge=True, can_be_blown=True,
                source=f"{_APP2} (Rivers & Waterways); Actions 2, Blowing Up Bridges, option 2 "
                       "(the editor's bridge behaviour CAN_BE_BLOWN: 6687 Drop in the Night; "
                       "companion.rules.bridges)"),
    TerrainSpec("ocean", max_move_onto=1, no_battle_from=True, retreat_blocked=True,
                source=_APP2),
    TerrainSpec("beach", max_move_onto=2, source=_APP2),
    # --- base game obstacles ----------------------------------------------------------------
    TerrainSpec("bunker", obstacle=True, blocks_los=True,
                impassable_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}),
                cannot_leave_for=frozenset({UnitClass.ARTILLERY}),
                protection=reductions(infantry=1, armor=2), protection_scenario_side_only=True,
                ignore_flags=1, flag_costs_figure_for=frozenset({UnitClass.ARTILLERY}),
                source=_OBST),
    TerrainSpec("hedgehogs", obstacle=True,
                impassable_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}),
                ignore_flags=1, source=_OBST),
    TerrainSpec("sandbags", obstacle=True, protection=reductions(infantry=1, armor=1),
                ignore_flags=1, removed_when_left=True, source=_OBST),
    TerrainSpec("barbed_wire", obstacle=True, stop_on_enter=True,
                attacker_reduction=reductions(infantry=1),
                removed_on_entry_by=frozenset({UnitClass.ARMOR}), no_overrun_into=True,
                clear_instead_of_battle_by=frozenset({UnitClass.INFANTRY}),
                source=f"{_OBST}; {_CARD} 15 (armor entering removes it and may not overrun; "
                       "infantry may remove it instead of battling)"),
    # --- Terrain Pack and later expansions ----------------------------------------------------
    TerrainSpec("minefield", obstacle=True, stop_on_enter=True, entry_roll_from_value=True,
                entry_roll_hits="battle", entry_roll_spares_owner=True, removed_on_zero=True,
                source=f"{_TP} p.7; {_CARD} 29 (roll the mine's number of dice, hits as in "
                       "battle; not on a retreat, not for the side that laid it; a 0 is a "
                       "decoy, removed)"),
    TerrainSpec("marsh", stop_on_enter=True, leave_to_adjacent_only=True,
                impassable_for=frozenset({UnitClass.ARTILLERY}),
                no_battle_after_enter=True, no_battle_after_enter_for=frozenset({UnitClass.ARMOR}),
                no_battle_after_leaving_for=frozenset({UnitClass.ARMOR}), no_overrun_into=True,
                source=f"{_TP} p.4; {_CARD} 28 (Marshes)"),
    _like(TerrainSpec("marsh", stop_on_enter=True, leave_to_adjacent_only=True,
                      impassable_for=frozenset({UnitClass.ARTILLERY}),
                      no_battle_after_enter=True,
                      no_battle_after_enter_for=frozenset({UnitClass.ARMOR}),
                      no_battle_after_leaving_for=frozenset({UnitClass.ARMOR}),
                      no_overrun_into=True),
          "rice_paddies",
          "Pacific Theater rules p.6, Rice Paddies & Fish Ponds, as the fan wiki summarises the "
          "card (memoir44.wikia.com \"Rice Field\": every unit stops on entering and leaving, "
          "armor may not battle, no artillery, no armor overrun): played as Marshes; bga-memoir "
          "Terrains/RicePaddies.php codes no rule beyond the tile (unverified against the card)"),
    TerrainSpec("ravine", impassable_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}),
                ignore_flags=1, ignore_flags_for=frozenset({UnitClass.INFANTRY}),
                source="Eastern Front rules p.3, Ravine (impassable to armor and artillery, no "
                       "restriction for infantry; no combat restriction, infantry on it may "
                       "ignore the first flag; line of sight clear: the public yumpu.com copy of "
                       "\"Eastfront rules EN - Days of Wonder\")"),
    TerrainSpec("flooded_field", enter_from_adjacent_only=True, stop_on_enter=True,
                leave_to_adjacent_only=True, no_battle_after_enter=True,
                no_battle_after_enter_for=frozenset({UnitClass.ARMOR}),
                no_battle_after_leaving_for=frozenset({UnitClass.ARMOR}), no_overrun_into=True,
                source=f"{_TP} p.4 (Flooded Fields)"),
    TerrainSpec("high_ground", source=f"{_TP} p.4 (Dikes & High Ground)"),
    TerrainSpec("road", road=True, road_bonus=1, source=f"{_TP} p.5; {_CARD} 42 (Roads)"),
    TerrainSpec("railway", stop_on_enter_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}),
                stop_waived_by_road=True,
                source=f"{_TP} p.5; {_CARD} 38 (Railroads)"),
    replace(_TOWN, name="church", ignore_flags=1, source=f"{_TP} landmarks; {_CARD} 19 (Churches)"),
    TerrainSpec("fortress", obstacle=True, blocks_los=True,
                impassable_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}),
                cannot_leave_for=frozenset({UnitClass.ARTILLERY}),
                protection=reductions(infantry=1, armor=2), ignore_flags=1,
                flag_costs_figure_for=frozenset({UnitClass.ARTILLERY}),
                source=f"{_TP} p.10; {_CARD} 24 (Fortresses: as Bunkers, for either side)"),
    TerrainSpec("dam", blocks_los=True, impassable_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}),
                ignore_flags=1, source=f"{_CARD} 20 (Dams)"),
    TerrainSpec("mountain", height=2,
                range_dice=MappingProxyType({UnitClass.ARTILLERY: (3, 3, 2, 2, 1, 1, 1)}),
                impassable_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}),
                cannot_leave_for=frozenset({UnitClass.ARTILLERY}), enter_from_height=1, leave_to_height=1,
                protection=reductions(infantry=2, armor=2), protection_needs_height=True,
                source=f"{_TP} p.5; {_CARD} 30 (Mountains: infantry only, up from and down to a "
                       "hill; protection 2/2 unless the attacker is on a mountain too; artillery "
                       "on it fires at 3/3/2/2/1/1/1; blocks sight but from contiguous "
                       "mountains)"),
    TerrainSpec("lake", impassable=True, retreat_blocked=True, blocks_los_grouped=True,
                source=f"{_CARD} 26 (Lake)"),
    TerrainSpec("pond", impassable=True, retreat_blocked=True, source="as a single Lake hex (unverified)"),
    TerrainSpec("ford", bridge=True, stop_on_enter=True,
                attacker_reduction=reductions(infantry=1, armor=1, artillery=1),
                source=f"{_TP} p.11; {_CARD} 41 (Fords or Fordable River)"),
    # 1340 Across the River Roer: "The River Roer is a Navigable River by Allied infantry units
    # in boats. Play the river as a Ford"; a newer bga-memoir file writes the river hexes with
    # the FORD behaviour and properties isImpassable {AXIS: true, ALLIES: [armor, artillery]}
    TerrainSpec("navigable_river", impassable=True, retreat_blocked=True,
                owner_crosses_for=frozenset({UnitClass.INFANTRY}), stop_on_enter=True,
                attacker_reduction=reductions(infantry=1, armor=1, artillery=1),
                source=f"1340 Across the River Roer (bga-memoir): a river its owner's infantry "
                       f"cross as a ford; the ford: {_TP} p.11, {_CARD} 41"),
    TerrainSpec("pontoon_bridge", bridge=True, source=f"{_TP} p.12; {_CARD} 33 (Pontoon Bridges)"),
    TerrainSpec("railroad_bridge", bridge=True,
                stop_on_enter_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}),
                source=f"{_TP} p.12; {_CARD} 37 (Railroad Bridges)"),
    _WADI,
    replace(_WADI, name="curved_wadi", open_angles=frozenset({2, 10}),
            source=f"{_TP} p.3; {_CARD} 44 (Wadis & Gullies: the curved tile, 'wcurve' and "
                   "'cravine'; as a wadi, its open ends north-east and south-east at orientation "
                   "1: bga-memoir Terrains/Wadi.php)"),
    _like(_FOREST, "palm_forest", f"{_TP} p.3 (Palm Forests: as Forests)"),
    _like(_TOWN, "desert_village", f"{_TP} p.3 (desert Towns and Villages: as Towns)"),
    TerrainSpec("jungle", blocks_los=True, stop_on_enter=True, no_battle_after_enter=True,
                battle_if_entered_from_adjacent=True, protection=reductions(infantry=1, armor=2),
                source=f"Pacific Theater; {_CARD} 57 (Jungles)"),
    _like(_HILL, "cliff", "Cliffs & Sea Bluffs: as Hills (beach-side climbing limits not modelled)"),
    _like(_HILL, "winter_hill", f"{_AIR} (Winter Hills: as Hills)"),
    _like(_HILL, "desert_hill", f"{_AIR} (Desert Hills: as Hills)"),
    _like(_FOREST, "winter_forest", "Winter/Desert board terrain (as Forests)"),
    _like(_TOWN, "winter_village", "Winter/Desert board terrain (as Towns & Villages)"),
    TerrainSpec("frozen_river", entry_roll_dice=2, entry_roll_hits="stars",
                entry_roll_on_retreat=True,
                source=f"Winter rules; {_CARD} 47 (Frozen Rivers: crossed at a risk: 2 dice, "
                       "a figure lost per star)"),
    # 12507 Strasbourg: "The Rhone-Rhine Canal is frozen and may be crossed. There are no other
    # movement or battle restrictions in regard to the canal" (its frozen-river tiles; no roll)
    TerrainSpec("frozen_canal",
                source="12507 Strasbourg's rules (a frozen canal: crossed with no movement or "
                       "battle restriction, no roll; drawn as a frozen river)"),
    TerrainSpec("dragons_teeth", obstacle=True, blocks_los=True, stop_on_enter=True,
                impassable_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}),
                source=f"{_AIR} (Dragon's Teeth block line of sight); Eastern Front rules p.5 "
                       "(only infantry may enter; an infantry unit that enters must stop; no combat "
                       "restrictions)"),
    TerrainSpec("field_bunker", obstacle=True, blocks_los=True,
                impassable_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}),
                cannot_leave_for=frozenset({UnitClass.ARTILLERY}),
                protection=reductions(infantry=1, armor=2), ignore_flags=1,
                flag_costs_figure_for=frozenset({UnitClass.ARTILLERY}),
                source=f"{_TP} p.11; {_CARD} 22 (Field Bunkers: as Bunkers, for either side)"),
    # --- landmarks and later terrain cards (card texts as bga-memoir encodes them) -------------
    _like(_TOWN, "barracks", f"{_CARD} 17 (Barracks: as Towns & Villages: bga-memoir "
                             "Terrains/Barrack.php extends Village)"),
    TerrainSpec("cemetery", ignore_flags=1,
                source=f"{_CARD} 18 (Cemeteries: no movement or combat restrictions, ignore 1 "
                       "flag, line of sight clear)"),
    _like(_TOWN, "factory", f"{_CARD} 21 (Factory Complex: as Towns & Villages)"),
    _like(_TOWN, "railway_station", f"{_CARD} 39 (Railroad station: as Towns; {_TP} p.5)"),
    _like(_TOWN, "lighthouse", f"{_CARD} 27 (Lighthouses: as Towns & Villages)"),
    _like(_TOWN, "power_plant", f"{_CARD} 34 (Power Plants: as Towns & Villages)"),
    TerrainSpec("supply_depot", blocks_los=True,
                source=f"{_TP} p.11; {_CARD} 43 (Supply depots: no movement restriction, no combat "
                       "restriction, blocks line of sight: bga-memoir Terrains/SupplyDepot.php)"),
    replace(_TOWN, name="prison_camp", ignore_flags=1,
            source=f"{_CARD} 35 (Prison camps: as Towns, ignore 1 flag)"),
    TerrainSpec("radar_station", blocks_los=True, stop_on_enter=True,
                protection=reductions(infantry=1, armor=2), attacker_reduction=reductions(armor=2),
                ignore_flags=1,
                source=f"{_CARD} 36 (Radar stations: stop on entering, may battle, armor "
                       "battles out at -2, ignore 1 flag, blocks line of sight)"),
    TerrainSpec("oasis", blocks_los=True, stop_on_enter=True, ignore_flags=1,
                protection=reductions(infantry=1, armor=1),
                source=f"{_CARD} 31 (Oasis: stop on entering, may battle, ignore 1 flag, "
                       f"protection 1/1, blocks line of sight; {_TP} p.3)"),
    TerrainSpec("oasis_recovery", blocks_los=True, stop_on_enter=True, ignore_flags=1,
                protection=reductions(infantry=1, armor=1),
                heal_classes=frozenset({UnitClass.INFANTRY}), heal_dice=0,
                source=f"{_CARD} 31 with the Oasis Recovery rule (Mediterranean Theater, "
                       "Actions 10; the editor's behaviour OASIS_RECOVERY): a wounded infantry "
                       "unit heals as with Medics & Mechanics, a die per card held (bga-memoir "
                       "actHealUnit)"),
    TerrainSpec("hill_road", height=1, road=True, road_bonus=1,
                protection=reductions(infantry=1, armor=1), protection_needs_height=True,
                source=f"{_TP} p.6 (Road over a hill: a Hill and a Road)"),
    TerrainSpec("roadblock", obstacle=True, stop_on_enter=True,
                impassable_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}), ignore_flags=1,
                protection=reductions(infantry=1, armor=1),
                source=f"{_CARD} 40 (Road Blocks: infantry moving in must stop, impassable for "
                       "armor and artillery, ignore 1 flag, line of sight clear; "
                       f"{_TP} p.12)"),
    _HQ,
    replace(_TOWN, name="town_headquarters", headquarters=True,
            source=f"{_APP2} (Towns & Villages) and {_CARD} 56 (HQ & Supply tents: captured, its "
                   "owner loses a command card): the editor's behaviour HEADQUARTER on a town "
                   "(8044 Rzhev: \"the town is the German's HQ. HQ/Supply rules are in effect "
                   "(Actions 17 - Capture HQ/Supply Tent)\")"),
    replace(_HQ, name="headquarters_recovery", heal_classes=frozenset({UnitClass.INFANTRY}),
            heal_dice=0,
            source=f"{_CARD} 56 with the Oasis Recovery rule (Mediterranean Theater, Actions 10; "
                   "the editor's behaviour OASIS_RECOVERY on a camp: bga-memoir 3129 Operation "
                   "Crusader, 'Those rules also apply to each camp's Campaign HQ'): a wounded "
                   "infantry unit heals there as on an oasis"),
    TerrainSpec("trenches", stop_on_enter=True, impassable_for=frozenset({UnitClass.ARTILLERY}),
                no_battle_after_enter=True, no_battle_after_enter_for=frozenset({UnitClass.ARMOR}),
                ignore_flags=1, ignore_flags_for=frozenset({UnitClass.INFANTRY}),
                protection=reductions(infantry=1, armor=1),
                source=f"{_CARD} 51 (Trenches: stop on entering, impassable for artillery, "
                       "armor may not battle, infantry ignore 1 flag, protection 1/1)"),
    TerrainSpec("ruins", blocks_los=True, stop_on_enter=True, no_battle_after_enter=True,
                impassable_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}), ignore_flags=1,
                protection=reductions(infantry=1, armor=2),
                source=f"{_CARD} 45 (City Ruins: stop on entering, no battle after entering, "
                       "impassable for armor and artillery, ignore 1 flag, protection 1/2, "
                       "blocks line of sight)"),
    _like(TerrainSpec("beach", max_move_onto=2), "coast",
          f"{_CARD} 68 (Coastlines: as Beaches; bga-memoir's draft text; unverified)"),
    replace(_HILL, name="ridge", stop_on_enter=True,
            source=f"{_CARD} 64 (Ergs & Ridges: as Hills, stop on entering)"),
    # Actions 21 Smoke Screen, as bga-memoir plays the scenario option smoke_screen (4086
    # Opportunity at Falaise): "may place 3 adjacent smoke screen markers" before the first turn
    # (states.inc.php ST_SMOKE_SCREEN), a marker that blocks line of sight and nothing else
    # (Terrains/SmokeScreen.php: isBlockingLineOfSight), removed at the end of the game's third
    # turn (States/TurnTrait.php stEndTurn); the turns are the game layer's (SmokeFlow)
    # (a marker, not an obstacle: a unit in the smoke may still dig in with sandbags)
    TerrainSpec("smoke_screen", blocks_los=True,
                source="Actions 21 (Smoke Screen: blocks line of sight; bga-memoir "
                       "Terrains/SmokeScreen.php, States/RoundTrait.php actSmokeScreen, "
                       "States/TurnTrait.php stEndTurn)"),
    TerrainSpec("escarpment", impassable=True, retreat_blocked=True, blocks_los=True,
                source=f"{_CARD} 63 (Escarpment: impassable to all units, blocks line of sight)"),
    replace(_HILL, name="cave", impassable_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}),
            defender_nation="jp", nation_protection=reductions(infantry=2, armor=2),
            sealed_into="hill",
            source=f"{_CARD} 52 (Cave on a hill: as a Hill, impassable for armor and artillery; "
                   "Japanese infantry in it: -2 dice for non-artillery attackers and ignores "
                   "every flag; Allied infantry on it may seal it: bga-memoir actSealCave)"),
    replace(_FOREST, name="hill_forest",
            source=f"{_CARD} 48; Eastern Front rules p.3 (Hill with Forest: the hill is for visual "
                   "effect only, it has the same effect as a Forest)"),
    replace(_TOWN, name="hill_village",
            source=f"{_CARD} 49; Eastern Front rules p.3 (Hill with Village: the hill is for visual "
                   "effect only, it has the same effect as a Village)"),
    TerrainSpec("hospital", blocks_los=True,
                heal_classes=frozenset({UnitClass.INFANTRY}), heal_dice=6,
                source=f"{_CARD} 55 (Hospitals: blocks line of sight; a wounded infantry unit "
                       "that has not moved, with no enemy adjacent, rolls 6 dice: each infantry "
                       "symbol or star returns a figure; bga-memoir Terrains/Hospital.php, "
                       "actHealUnitHospital)"),
    TerrainSpec("pier", barred_from=frozenset({"ocean"}),
                source=f"{_CARD} 59 (Piers: entered only from land or beach, not from an ocean "
                       "hex; no combat restriction)"),
    replace(_HILL, name="steep_hill", enter_extra_cost=1, extra_cost_waived_from_height=1,
            source=f"{_CARD} 13 (Steep Hills: as Hills; moving up from below costs 2 hexes)"),
    replace(_HILL, name="cliff", enter_extra_cost=1, extra_cost_only_from=frozenset({"beach"}),
            extra_cost_for=frozenset({UnitClass.INFANTRY}),
            no_take_ground_from=frozenset({"beach"}),
            leave_barred_to=frozenset({"beach"}),
            leave_barred_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}),
            source=f"{_CARD} 6 (Cliffs & Sea Bluffs: as Hills; infantry climbing from a beach "
                   "spends 2 hexes and may not take ground up; armor and artillery may not "
                   "move down onto a beach: bga-memoir Terrains/Cliff.php)"),
    replace(_HILL, name="sea_bluff", enter_extra_cost=1, extra_cost_only_from=frozenset({"beach"}),
            extra_cost_for=frozenset({UnitClass.INFANTRY}),
            no_take_ground_from=frozenset({"beach"}),
            leave_barred_to=frozenset({"beach"}),
            leave_barred_for=frozenset({UnitClass.ARMOR, UnitClass.ARTILLERY}),
            source=f"{_CARD} 6 (Cliffs & Sea Bluffs, as cliff)"),
    replace(_FOREST, name="impassable_forest", impassable=True, retreat_blocked=True,
            set_up_allowed=True,
            source="editor behaviour IMPASSABLE_HILL on a forest (bga-memoir Terrains: "
                   "isImpassable): a Forest no unit may enter; a unit set up on it may leave "
                   "(17 Villers-Bocage: \"all forest and village hexes are considered "
                   "impassable. Those Axis units that do start in a forest hex may not enter any "
                   "other forest or village hex once they leave their initial position\")"),
    replace(_TOWN, name="impassable_town", impassable=True, retreat_blocked=True,
            set_up_allowed=True,
            source="editor behaviour IMPASSABLE_HILL on a town or village: as the impassable "
                   "forest (17 Villers-Bocage)"),
    replace(_HILL, name="impassable_hill", impassable=True, retreat_blocked=True,
            set_up_allowed=True,
            source="editor behaviour IMPASSABLE_HILL: a Hill no unit may enter (bga-memoir Hill)"),
    replace(_HILL, name="impassable_blocking_hill", impassable=True, retreat_blocked=True,
            blocks_los=True,
            source="editor behaviour IMPASSABLE_BLOCKING_HILL: impassable, blocks line of sight"),
    TerrainSpec("sea_wall", obstacle=True, protection=reductions(infantry=1, armor=1),
                protection_scenario_side_only=True, ignore_flags=1,
                source=f"{_CARD} 12 (Sea Wall: protection 1/1 for the side it belongs to, "
                       "ignore 1 flag)"),
    TerrainSpec("fordable_stream", stop_on_enter=True,
                attacker_reduction=reductions(infantry=1, armor=1, artillery=1),
                source=f"{_CARD} 41b (Fordable rivers: stop on entering, battling out of it -1)"),
    # --- air rules terrain ---------------------------------------------------------------------
    TerrainSpec("airfield", air_check_dice=0,
                source=f"rules database seed (004): Airfields; {_AIR} (0d)"),
    TerrainSpec("aircraft_carrier", impassable_for=_GROUND, retreat_blocked=True, air_check_dice=1,
                source=f"{_AIR} (1d, overrides the ocean); ground units may not enter (unverified)"),
))
# Caves on mountains: a Mountain that Japanese infantry hold as a cave (card 53).
TERRAIN["mountain_cave"] = replace(
    TERRAIN["mountain"], name="mountain_cave", defender_nation="jp",
    nation_protection=reductions(infantry=2, armor=2), sealed_into="mountain",
    source=f"{_CARD} 53 (Cave on mountains: as a Mountain; Japanese infantry in it ignore every "
           "flag and are attacked at -2 but by artillery; Allied infantry on it may seal it: "
           "bga-memoir Terrains/MountainCave.php)")


def best_protection(specs: Iterable[TerrainSpec], attacker: UnitClass) -> int:
    """The single best reduction the entries of one hex give against ``attacker``.

    Reductions of several entries never add up (base rules p.16: a bunker on a hill is 2, not 3).
    Height conditions are the battle engine's concern; this takes every entry as applicable.
    """
    return max((s.protection.get(attacker, 0) for s in specs), default=0)


def hex_passable(specs: Iterable[TerrainSpec], unit_class: UnitClass,
                 crossed: frozenset[str] = frozenset()) -> bool:
    """Whether a ground unit of ``unit_class`` may enter a hex with these entries.

    A bridge (or ford) makes impassable water passable; obstacles that bar a class still do.
    ``crossed``: the pieces the unit crosses as their owner's (Position.crossed_by).
    """
    entries = tuple(specs)
    crossing = any(s.bridge for s in entries)
    for s in entries:
        if s.name in crossed:
            continue
        if s.impassable and not (crossing and not s.obstacle):
            return False
        if unit_class in s.impassable_for:
            return False
    return True


# the pieces only their owner's units (of some classes) cross
OWNER_CROSSINGS: frozenset[str] = frozenset(n for n, t in TERRAIN.items() if t.owner_crosses_for)


def owner_crossed(pieces: Iterable[tuple[str, Side | None]], side: Side,
                  unit_class: UnitClass) -> frozenset[str]:
    """Of a hex's pieces (name, owner), those a unit of ``side`` and ``unit_class`` crosses
    as their owner's (TerrainSpec.owner_crosses_for: a river navigable by its owner's
    infantry); hex_passable's ``crossed``."""
    return frozenset(name for name, owner in pieces if name in OWNER_CROSSINGS
                     and owner is side and unit_class in TERRAIN[name].owner_crosses_for)
