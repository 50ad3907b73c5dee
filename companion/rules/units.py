"""Unit types: figures, movement, battle dice by range and special abilities.

Every number is data with a source; sources are listed in ``docs/rules-sources.md``.
"""

from __future__ import annotations

from enum import StrEnum

from companion.rules.records import dataclass, replace


class UnitClass(StrEnum):
    """What a unit counts as for the dice symbol that hits it and for terrain reductions."""

    INFANTRY = "infantry"
    ARMOR = "armor"
    ARTILLERY = "artillery"
    AIR = "air"


@dataclass(frozen=True, slots=True)
class UnitSpec:
    """The rules of one unit type: figures, movement, dice by range and its exceptions."""

    name: str
    unit_class: UnitClass  # how it is ordered and which terrain reductions its attacks suffer
    figures: int
    move: int  # most hexes an ordered unit may move (then it may not battle beyond move_and_battle)
    move_and_battle: int  # most hexes it may move and still battle this turn
    dice: tuple[int, ...]  # dice by range: dice[0] at 1 hex (close assault), dice[1] at 2 hexes...
    needs_los: bool = True
    take_ground: bool = False
    overrun: bool = False
    retreat_hexes: int = 1  # hexes a retreat flag moves it (French resistance: up to 3)
    battles_after_terrain_stop: bool = False  # may battle on entering forest/town/hedgerow
    star_hits: frozenset[UnitClass] = frozenset()  # targets on which a star scores a hit
    hit_as: UnitClass | None = None  # class the attacker's dice must match (armored car: infantry)
    confirm_hits: bool = False  # hits are re-rolled and confirmed by a grenade (armored car)
    air: bool = False
    min_move: int = 0  # an ordered unit that moves must move at least this far (airplanes: 1)
    ignores_terrain_movement: bool = False  # air units fly over any terrain
    flies_over_units: bool = False  # may pass over (not end on) hexes holding units
    blocks_los_airborne: bool = True  # Air Pack airplanes in flight do not block line of sight
    air_rules: str | None = None  # the air rules the type belongs to ("air-pack", "flight-plan")
    cannot_target: frozenset[UnitClass] = frozenset()  # a sniper may not target armor
    hit_only_by: frozenset[str] | None = None  # faces that hit it (a sniper: grenades only)
    ignores_target_terrain: bool = False  # the target's terrain never reduces its dice
    # big guns and destroyers zero in: a unit they hit gets a cross-hair marker
    # (Position.cross_hairs) and they battle it with 1 more die while it bears one
    zeroes_in: bool = False
    ignores_terrain_in_close_assault: bool = False  # combat engineers
    close_assault_reduction_cap: int | None = None  # flame-thrower tank: at most -1
    medal_worth: int = 1  # medals its elimination gives (a sniper: 0)
    # when it has not moved this turn: these dice, stars hitting these classes, and no need
    # of line of sight nor terrain reductions (late-war Special Weapon Assets)
    stationary_dice: tuple[int, ...] = ()
    stationary_bonus_dice: int = 0  # added when it has not moved nor taken ground (Wittmann)
    stationary_star_hits: frozenset[UnitClass] = frozenset()
    stationary_ignores_los_and_terrain: bool = False
    sweeps_mines: bool = False  # combat engineers clear a minefield instead of rolling for it
    moves_only_on: frozenset[str] = frozenset()  # a destroyer: ocean hexes only
    # terrain it battles from though no unit there may (6541's mobile artillery: "They can move
    # and fire, even when on water")
    battles_on: frozenset[str] = frozenset()
    ignore_flags: int = 0  # flags it may ignore wherever it stands (a destroyer: 1)
    close_assault_bonus_at_full_strength: int = 0  # Japanese infantry: +1 die
    # Banzai (Japanese infantry): it may move this many hexes and still battle, but then only
    # in a close assault (beyond ``move_and_battle`` it has no ranged battle); 0: no such reach
    close_assault_after_move: int = 0
    battles_back_at_one_figure: bool = False  # British: left with 1 figure, it battles back
    # collapsible boats (companion.rules.boats): the water its boats carry it onto (a river);
    # afloat, it battles with ``boat_dice_penalty`` fewer dice and loses a figure per flag
    boat_water: frozenset[str] = frozenset()
    boat_dice_penalty: int = 0
    # why no card may order it (reinforcements held back until a medal count): "" when one may
    order_barred: str = ""
    may_exit: bool = True  # False: it may not leave by an exit hex (Armor Breakthrough, 4090)
    # a move that starts on a road and stays on it gains this many hexes instead of the
    # road's own bonus (supply trucks: 2); None: the road's bonus
    road_bonus: int | None = None
    # figures of units of this kind the enemy must remove for a medal (supply trucks: 3, their
    # elimination itself worth no medal); 0: none
    figures_per_medal: int = 0
    # its dice's unit symbols hit only in a close assault; grenades as ever (6380's Heavy Fog)
    symbol_hits_close_only: bool = False
    # it may not target a unit on the other bank of a river (25 Arnhem Bridge: "Infantry units
    # may not target units on the opposite side of the Rhine River, which is too wide in this
    # section"; battle.river_banks)
    no_target_across_river: bool = False
    # a car of a train (companion.rules.trains): "locomotive" or "wagon"; "" for other troops.
    # The cars stand on two hexes as one unit: the locomotive is ordered and moves the train
    # along the track, each hit on the train takes a figure from both cars
    train_car: str = ""
    # what the troop's card does that this program does not play (named by `scenario check`)
    not_played: str = ""
    source: str = ""

    @property
    def max_range(self) -> int:
        return len(self.dice)

    @property
    def target_class(self) -> UnitClass:
        """The class an attacker's symbol must match to hit this unit."""
        return self.hit_as or self.unit_class


_BASE = "base rules p.6-9"
_SPECIAL = "base rules Appendix 1 p.12-13"
_DB = "rules database seed (004)"
_AIR_PACK = "Air Pack rules (seed 000) p.4-5"
_FLIGHT_PLAN = "New Flight Plan rules (seed 001) Order an Air Unit"
_TROOP = "troop card"
_TRAIN = ("Terrain Pack p.12 Trains, as the memoir44 wikia 'Train' page and bga-memoir "
          "Units/Locomotive.php summarise it")

_SPECIAL_FORCES = UnitSpec(
    "special_forces", UnitClass.INFANTRY, 4, 2, 2, (3, 2, 1), take_ground=True, source=_SPECIAL
)


UNITS: dict[str, UnitSpec] = {
    spec.name: spec
    for spec in (
        UnitSpec("infantry", UnitClass.INFANTRY, 4, 2, 1, (3, 2, 1), take_ground=True, source=_BASE),
        UnitSpec("armor", UnitClass.ARMOR, 3, 3, 3, (3, 3, 3), take_ground=True, overrun=True,
                 source=_BASE),
        UnitSpec("artillery", UnitClass.ARTILLERY, 2, 1, 0, (3, 3, 2, 2, 1, 1), needs_los=False,
                 source=_BASE),
        _SPECIAL_FORCES,
        # 504th PIR: "They play like US Rangers and other Special Infantry Units".
        replace(_SPECIAL_FORCES, name="504th_pir", source=f"{_DB}: 504th Parachute Infantry Regiment"),
        UnitSpec("elite_armor", UnitClass.ARMOR, 4, 3, 3, (3, 3, 3), take_ground=True,
                 overrun=True, source=_SPECIAL),
        UnitSpec("french_resistance", UnitClass.INFANTRY, 3, 2, 1, (3, 2, 1), take_ground=True,
                 retreat_hexes=3, battles_after_terrain_stop=True, source=_SPECIAL),
        # An infantry unit with an anti-tank gun: moves 1-2 but never battles after moving;
        # infantry dice and line of sight; a star hits armor.
        UnitSpec("anti_tank", UnitClass.INFANTRY, 4, 2, 0, (3, 2, 1),
                 star_hits=frozenset({UnitClass.ARMOR}),
                 source=f"{_DB}: Anti-Tank Gun (an ordered Infantry unit with the gun: its 4 "
                        f"figures); {_TROOP} 2b (takes no ground: bga-memoir maxGrounds 0)"),
        # Ordered and battles as armor, attacked as infantry, hits confirmed by a grenade re-roll.
        UnitSpec("armored_car", UnitClass.ARMOR, 1, 4, 4, (3, 2, 1), take_ground=True,
                 overrun=True, hit_as=UnitClass.INFANTRY, confirm_hits=True,
                 source=f"{_DB}: Armored Car"),
        # --- troops of the expansions (bga-memoir modules/php/Units/*.php, card texts) --------
        UnitSpec("combat_engineer", UnitClass.INFANTRY, 4, 2, 1, (3, 2, 1), take_ground=True,
                 ignores_terrain_in_close_assault=True, sweeps_mines=True,
                 source=f"{_TROOP} 4 (Combat Engineers: ignore terrain reductions in close "
                        "assault; battle out of wire at -1 and still remove it; clear a minefield "
                        "instead of battling)"),
        UnitSpec("sniper", UnitClass.INFANTRY, 1, 2, 2, (1, 1, 1, 1, 1), take_ground=True,
                 retreat_hexes=3, battles_after_terrain_stop=True, ignores_target_terrain=True,
                 cannot_target=frozenset({UnitClass.ARMOR}), hit_only_by=frozenset({"grenade"}),
                 star_hits=frozenset({UnitClass.INFANTRY, UnitClass.ARTILLERY}), medal_worth=0,
                 source=f"{_TROOP} 10 (Snipers: 1 figure, move 2 and battle at 1/1/1/1/1, retreat "
                        "up to 3, battle after any terrain, never armor, stars hit, terrain "
                        "ignored; hit by grenades only; no medal)"),
        UnitSpec("cavalry", UnitClass.INFANTRY, 4, 3, 3, (2, 1), take_ground=True, overrun=True,
                 source=f"{_TROOP} 8 (Cavalry: move 3 and battle at 2/1; after a successful "
                        "close assault it may take ground and battle again like an armor overrun)"),
        UnitSpec("ski_troops", UnitClass.INFANTRY, 3, 3, 3, (3, 2), take_ground=True,
                 retreat_hexes=3, battles_after_terrain_stop=True,
                 source=f"{_TROOP} 9 (Ski Troops: 3 figures, move 3 and battle at 3/2, battle "
                        "after any terrain, retreat 1 to 3 hexes)"),
        UnitSpec("big_gun", UnitClass.ARTILLERY, 2, 1, 0, (3, 3, 2, 2, 1, 1, 1, 1), needs_los=False,
                 zeroes_in=True,
                 source=f"{_TROOP} 3 (Big Guns: fire at 3/3/2/2/1/1/1/1; a hit target gets a "
                        "cross-hair: +1 die against it later; the marker goes when the target "
                        "moves, retreats or is eliminated)"),
        UnitSpec("mobile_artillery", UnitClass.ARTILLERY, 2, 2, 1, (3, 3, 2, 2, 1, 1),
                 needs_los=False,
                 source=f"{_TROOP} 14 (Mobile Artillery: move 1-2; may battle after moving 1)"),
        UnitSpec("heavy_anti_tank_gun", UnitClass.ARTILLERY, 2, 1, 0, (2, 2, 2, 2),
                 ignores_target_terrain=True, star_hits=frozenset({UnitClass.ARMOR}),
                 source=f"{_TROOP} 23 (Heavy Anti-Tank Guns: fire at 2/2/2/2 with line of sight, "
                        "terrain ignored, stars hit armor)"),
        UnitSpec("anti_tank_late", UnitClass.INFANTRY, 4, 2, 1, (3, 2, 1),
                 stationary_star_hits=frozenset({UnitClass.ARMOR}),
                 source=f"{_TROOP} 5c (Anti-Tank Gun >1942: infantry that may move 1 and battle, "
                        "takes no ground; when it has not moved, stars hit armor)"),
        UnitSpec("mortar", UnitClass.INFANTRY, 4, 2, 0, (3, 2, 1), needs_los=False,
                 ignores_target_terrain=True,
                 source=f"{_TROOP} 3c (Mortar 1939-42: move or battle; fires as infantry, line of "
                        "sight and terrain ignored; takes no ground)"),
        UnitSpec("mortar_late", UnitClass.INFANTRY, 4, 2, 1, (3, 2, 1),
                 stationary_dice=(3, 2, 1, 1), stationary_ignores_los_and_terrain=True,
                 source=f"{_TROOP} 6c (Mortar >1942: as infantry; when it has not moved, 3/2/1/1 "
                        "without line of sight or terrain reductions; takes no ground)"),
        UnitSpec("machine_gun", UnitClass.INFANTRY, 4, 2, 0, (3, 2, 1),
                 star_hits=frozenset({UnitClass.INFANTRY}),
                 source=f"{_TROOP} 8c (Machine Gun 1939-42: move or battle; stars hit infantry; "
                        "takes no ground)"),
        UnitSpec("machine_gun_late", UnitClass.INFANTRY, 4, 2, 1, (3, 2, 1),
                 stationary_star_hits=frozenset({UnitClass.INFANTRY}),
                 source=f"{_TROOP} 7c (Machine Gun >1942: as infantry; when it has not moved, "
                        "stars hit infantry; takes no ground)"),
        UnitSpec("flame_thrower_tank", UnitClass.ARMOR, 4, 3, 3, (3, 3, 3), take_ground=True,
                 overrun=True, close_assault_reduction_cap=1,
                 source=f"{_TROOP} 13 (Flame Thrower Tanks: elite armor; terrain reduces its close "
                        "assault dice by 1 at most)"),
        UnitSpec("tiger", UnitClass.ARMOR, 1, 3, 3, (3, 3, 3), take_ground=True, overrun=True,
                 confirm_hits=True,
                 source=f"{_TROOP} 16 (Tigers: a 1-figure armor unit; each hit on it is rolled "
                        "again to confirm, a grenade confirms (bga-memoir's second roll))"),
        UnitSpec("destroyer", UnitClass.ARTILLERY, 3, 2, 2, (3, 3, 2, 2, 1, 1, 1, 1),
                 needs_los=False, battles_after_terrain_stop=True, moves_only_on=frozenset({"ocean"}),
                 ignore_flags=1, zeroes_in=True,
                 source=f"{_TROOP} 12 (Destroyers: 3 figures, move 1-2 on ocean and battle at "
                        "3/3/2/2/1/1/1/1 with the big gun's cross-hairs, ignore 1 flag, take no "
                        "ground); the ocean's 1-hex cap and no-battle are for units going ashore "
                        "(bga-memoir Destroyer.php: movementRadius 2, movementAndAttackRadius 2, "
                        "ignoreCannotBattle)"),
        # Supply trucks: the scenario gives 1 to 3 figures; never battle.
        UnitSpec("supply_truck", UnitClass.INFANTRY, 3, 2, 0, (), road_bonus=2, medal_worth=0,
                 figures_per_medal=3,
                 source=f"{_TROOP} 17 (Supply Trucks: 1-3 figures, per scenario; treated as "
                        "infantry for all purposes; move 0-2, +2 hexes when on a road; cannot "
                        "battle; each 3 truck figures the enemy removes is a medal, not the "
                        "unit)"),
        # Trains (Terrain Pack p.12): a locomotive and its wagon on two hexes of track, one
        # unit; a supply train never battles. The locomotive's 4 figures and the wagon's 3 are
        # the hits each takes (every hit on the train takes one from each car).
        # (interpretation: a train keeps to its track on the board, it leaves by no exit hex)
        UnitSpec("locomotive", UnitClass.INFANTRY, 4, 3, 0, (), hit_only_by=frozenset({"grenade"}),
                 ignore_flags=1, train_car="locomotive", may_exit=False,
                 source=f"{_TRAIN} (locomotive: moves the train 1-3 hexes along clear track, "
                        "forward or back; ignores 1 flag, retreats back along the track; hit by "
                        "grenades only; destroyed at the train's 4th hit, a medal)"),
        UnitSpec("wagon", UnitClass.INFANTRY, 3, 0, 0, (), hit_only_by=frozenset({"grenade"}),
                 ignore_flags=1, medal_worth=0, train_car="wagon", may_exit=False,
                 source=f"{_TRAIN} (wagon: coupled to its locomotive, follows it; destroyed at "
                        "the train's 3rd hit; the train's medal is its locomotive's)"),
        # Air Pack airplane: moves 1-4 over anything, battles by special actions only.
        UnitSpec("airplane", UnitClass.AIR, 1, 4, 4, (), needs_los=False, air=True, min_move=1,
                 ignores_terrain_movement=True, flies_over_units=True, blocks_los_airborne=False,
                 air_rules="air-pack", source=_AIR_PACK),
        # New Flight Plan air units: move up to 4, attack runs of 1 die per ammo marker; an air
        # unit occupies its hex and blocks line of sight even in flight.
        *(
            UnitSpec(kind, UnitClass.AIR, 1, 4, 4, (), needs_los=False, air=True, min_move=1,
                     ignores_terrain_movement=True, flies_over_units=True, air_rules="flight-plan",
                     source=_FLIGHT_PLAN)
            for kind in ("fighter", "fighter_bomber", "bomber")
        ),
    )
}
