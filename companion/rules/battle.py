"""Battles: range, line of sight, dice due, hits, flags, retreats, take ground and armor overrun.

Pure rules: dice arrive as data (a list of face names). Numbers that come from the rulebook
live in the tables below or in ``units.py`` / ``terrain.py``, each with its source.
Cards and air rules change a battle through :class:`BattleModifiers`, never through branches
in this engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from companion.rules import boats, los, trains  # A1's line of sight (imports board and position only)
from companion.rules.board import Hex, Side, distance
from companion.rules.camouflage import targeting_problem
from companion.rules.position import Position, Unit
from companion.rules.records import dataclass, replace
from companion.rules.terrain import TERRAIN, TerrainSpec, hex_passable
from companion.rules.units import UnitClass, UnitSpec

# --- dice data -------------------------------------------------------------------------------
# Base rules p.10: a battle die has two infantry faces and one armor, grenade, star and flag.
FACE_WEIGHTS: dict[str, int] = {"infantry": 2, "armor": 1, "grenade": 1, "star": 1, "flag": 1}
FACES: tuple[str, ...] = tuple(FACE_WEIGHTS)
DIE_SIDES = sum(FACE_WEIGHTS.values())

# Base rules p.10: "1 hit for each dice symbol rolled that matches the unit type targeted.
# Each Grenade rolled is also 1 hit." Artillery is hit by grenades only.
CLASS_SYMBOL: dict[UnitClass, str] = {UnitClass.INFANTRY: "infantry", UnitClass.ARMOR: "armor"}
GRENADE = "grenade"
STAR = "star"
FLAG = "flag"


class BattleError(ValueError):
    """A battle question that cannot be answered (unknown unit, wrong number of dice...)."""


@dataclass(frozen=True, slots=True)
class BattleModifiers:
    """How a card, an air rule or a special rule changes one battle.

    Every field defaults to "no change"; ``combine`` merges two sets (sums dice, ors flags).
    """

    extra_dice: int = 0  # added after terrain reductions (never below 0 in total)
    fixed_dice: int | None = None  # replaces the range-and-terrain count entirely
    stars_hit: bool = False  # stars score hits on this target (cards)
    ignore_terrain_protection: bool = False  # the target's terrain does not reduce the dice
    ignore_los: bool = False
    ignore_range: bool = False
    flags_ignorable: bool = True  # False: terrain may not cancel flags (cards)
    hits_on: frozenset[str] | None = None  # faces that hit, overriding the default
    explain: tuple[str, ...] = ()
    # extensions
    ignore_own_terrain: bool = False  # the attacker's hex does not reduce its dice
    ignore_movement_limit: bool = False  # may battle whatever it moved (cards)
    ignore_close_assault_rule: bool = False  # may fire past an adjacent enemy
    extra_flags_ignorable: int = 0  # more flags the target may ignore (cards, badges)
    retreat_hexes: int | None = None  # hexes per flag, overriding the target's own
    flags_count_as_hits: bool = False  # each flag is a hit instead of a retreat
    take_ground_allowed: bool = True
    # most hexes the attacker may have moved and still battle, when a card changes its reach
    # (Infantry Assault 2, Behind Enemy Lines 3, Close Assault / Firefight 0); None: its own
    move_and_battle: int | None = None

    def combine(self, other: BattleModifiers | None) -> BattleModifiers:
        """Both sets at once: dice add up, permissions and "ignore" switches add up."""
        if other is None:
            return self
        hits_on: frozenset[str] | None
        if self.hits_on is None:
            hits_on = other.hits_on
        elif other.hits_on is None:
            hits_on = self.hits_on
        else:
            hits_on = self.hits_on | other.hits_on
        return BattleModifiers(
            extra_dice=self.extra_dice + other.extra_dice,
            fixed_dice=other.fixed_dice if other.fixed_dice is not None else self.fixed_dice,
            stars_hit=self.stars_hit or other.stars_hit,
            ignore_terrain_protection=self.ignore_terrain_protection or other.ignore_terrain_protection,
            ignore_los=self.ignore_los or other.ignore_los,
            ignore_range=self.ignore_range or other.ignore_range,
            flags_ignorable=self.flags_ignorable and other.flags_ignorable,
            hits_on=hits_on,
            explain=self.explain + other.explain,
            ignore_own_terrain=self.ignore_own_terrain or other.ignore_own_terrain,
            ignore_movement_limit=self.ignore_movement_limit or other.ignore_movement_limit,
            ignore_close_assault_rule=self.ignore_close_assault_rule or other.ignore_close_assault_rule,
            extra_flags_ignorable=self.extra_flags_ignorable + other.extra_flags_ignorable,
            retreat_hexes=other.retreat_hexes if other.retreat_hexes is not None else self.retreat_hexes,
            flags_count_as_hits=self.flags_count_as_hits or other.flags_count_as_hits,
            take_ground_allowed=self.take_ground_allowed and other.take_ground_allowed,
            move_and_battle=other.move_and_battle if other.move_and_battle is not None
            else self.move_and_battle,
        )


NO_MODIFIERS = BattleModifiers()


@dataclass(frozen=True, slots=True)
class BattleCheck:
    """What is known before the roll: may the attack be made, and with how many dice."""

    allowed: bool
    reason: str | None
    distance: int
    line_of_sight: bool
    close_assault: bool
    dice: int
    explain: tuple[str, ...] = ()
    hit_faces: frozenset[str] = frozenset()  # faces that score a hit on this target
    flag_faces: frozenset[str] = frozenset({FLAG})  # faces that call for a retreat


@dataclass(frozen=True, slots=True)
class RetreatOption:
    """One hex the target may end its retreat on, and what the retreat costs it."""

    hex: Hex
    figures_lost: int  # for retreat moves that could not be completed
    eliminated: bool
    path: tuple[Hex, ...] = ()  # hexes entered, in order (empty when it could not move)


@dataclass(frozen=True, slots=True)
class BattleResult:
    """What one roll of battle dice did: hits, figures removed, flags and retreats, medals."""

    check: BattleCheck
    hits: int
    figures_removed: int
    eliminated: bool
    flags: int
    flags_ignored: int
    retreat: tuple[RetreatOption, ...]
    medals: dict[Side, int]
    take_ground: bool
    armor_overrun: bool
    explain: tuple[str, ...] = ()
    vacated: bool = False  # the target's hex is empty in at least one outcome
    confirm_dice: int = 0  # hits still to confirm by re-rolling this many dice (armored car)
    confirmed: bool | None = None  # the confirmation roll's verdict, when one was given
    battle_back: bool = False  # the target may battle back at once (British, 1 figure left)


# --- terrain helpers -------------------------------------------------------------------------
def hex_height(position: Position, h: Hex) -> int:
    return max(t.height for t in position.terrain_at(h))


def _terrain_label(specs: Iterable[TerrainSpec]) -> str:
    return "+".join(t.name for t in specs)


# countryside (a hex with no terrain listed) protects nothing, reduces nothing, cancels no flag
# and holds no unit in place: the battle skips asking it when that holds for the data
_COUNTRYSIDE = TERRAIN["countryside"]
_PLAIN_COUNTRYSIDE = (not any(_COUNTRYSIDE.protection.values())
                      and not any(_COUNTRYSIDE.attacker_reduction.values())
                      and not _COUNTRYSIDE.ignore_flags and _COUNTRYSIDE.height == 0
                      and not _COUNTRYSIDE.cannot_leave_for and not _COUNTRYSIDE.flag_costs_figure_for)


# whether any terrain restricts battles in or out of it to 1 hex (wadis): else skip the check
_ANY_BATTLE_ADJACENT_ONLY = any(t.battle_adjacent_only for t in TERRAIN.values())


def impassable_for(position: Position, h: Hex, unit_class: UnitClass,
                   side: Side | None = None) -> bool:
    """True when a unit of this class (and ``side``, where given) may not enter ``h`` at all
    (rivers without bridge...; a river navigable by its owner's infantry, for the others)."""
    specs = position.terrain_at(h)
    return not hex_passable(specs, unit_class) and not (
        side is not None and hex_passable(specs, unit_class,
                                          position.crossed_by(h, side, unit_class)))


def _blocks_retreat(position: Position, h: Hex, names: tuple[str, ...], unit: Unit) -> bool:
    """Whether ``h`` (with these terrain names) is closed to ``unit``'s retreat by its terrain;
    a river its side's infantry cross as a ford is open to them."""
    cls = unit.spec.unit_class
    if not _terrain_blocks_retreat(names, cls):
        return False
    crossed = position.crossed_by(h, unit.side, cls)
    return not crossed or _terrain_blocks_retreat(tuple(n for n in names if n not in crossed), cls)


def retreat_blocked(position: Position, h: Hex, unit_class: UnitClass) -> bool:
    """True when a retreat may not enter ``h`` because of its terrain (ocean, river...).

    Base rules p.10 and p.15: impassable terrain and ocean stop a retreat; a bridge opens a river.
    """
    names = position.terrain.get(h)
    return bool(names) and _terrain_blocks_retreat(names, unit_class)


@lru_cache(maxsize=1024)
def _terrain_blocks_retreat(names: tuple[str, ...], unit_class: UnitClass) -> bool:
    specs = tuple(TERRAIN[n] for n in names)
    if not hex_passable(specs, unit_class):
        return True
    crossing = any(t.bridge for t in specs)
    return any(t.retreat_blocked and not (crossing and t.impassable) for t in specs)


@lru_cache(maxsize=1024)
def _climb_needs(names: tuple[str, ...]) -> tuple[int, int]:
    """The height a hex of these terrains must be entered from, and left onto (mountains: 1)."""
    specs = [TERRAIN[n] for n in names]
    return (max((t.enter_from_height for t in specs), default=0),
            max((t.leave_to_height for t in specs), default=0))


def climb_closed(position: Position, at: Hex, n: Hex) -> bool:
    """True when a retreat step from ``at`` onto ``n`` climbs onto, or down off, a mountain
    from or to a lower hex than it allows.

    Terrain card 30 (Mountains): "Infantry may only move up, retreat onto (/ move down, retreat
    from) a mountain from (/ to) an adjacent hill or mountain" (bga-memoir Terrains/Mountain.php).
    """
    terrain = position.terrain
    there = terrain.get(n)
    if there:
        need = _climb_needs(there)[0]
        if need and hex_height(position, at) < need:
            return True
    here = terrain.get(at)
    if here:
        need = _climb_needs(here)[1]
        if need and hex_height(position, n) < need:
            return True
    return False


def target_protection(position: Position, attacker: Unit, target: Unit) -> tuple[int, str | None]:
    """The best single terrain protection of the target's hex against this attacker's class.

    Base rules p.13-14: reductions from several terrain entries do not add up; a hill protects
    only against an attacker that is lower.
    """
    cls = attacker.spec.unit_class
    best, best_name = 0, None
    attacker_height = hex_height(position, attacker.hex)
    for t in position.terrain_at(target.hex):
        r = t.protection.get(cls, 0)
        if t.defender_nation and target.nation == t.defender_nation \
                and target.spec.unit_class is UnitClass.INFANTRY:
            r = t.nation_protection.get(cls, 0)  # Japanese infantry in a cave
            if r > best:
                best, best_name = r, f"{t.name} ({target.nation})"
            continue
        if r <= 0:
            continue
        if t.protection_needs_height and attacker_height >= t.height:
            continue
        if not claims(position, target, t):
            continue  # a bunker protects only the side the scenario gives it to
        if t.protection_not_from_same and any(
                TERRAIN[n].protection_not_from_same for n in position.terrain_names(attacker.hex)):
            continue  # wadi: no protection against an attacker in a wadi too (straight or curved)
        if r > best:
            best, best_name = r, t.name
    return best, best_name


def claims(position: Position, unit: Unit, t: TerrainSpec) -> bool:
    """Whether ``unit`` may claim the protection and the ignored flag of ``t`` on its hex.

    Base rules p.16 (Bunkers): "only the side noted in the briefing notes may claim a Bunker
    as a defensive position"; the editor's file names it (``original_owner``). A piece whose
    owner the scenario does not give is claimed by either side.
    """
    if not t.protection_scenario_side_only:
        return True
    owner = position.terrain_owner(unit.hex, t.name)
    return owner is None or owner is unit.side


def own_terrain_reduction(position: Position, attacker: Unit) -> tuple[int, str | None]:
    """Dice the attacker loses for the hex it battles from (armor in a town: -2)."""
    cls = attacker.spec.unit_class
    best, best_name = 0, None
    for t in position.terrain_at(attacker.hex):
        r = t.attacker_reduction.get(cls, 0)
        if r > best:
            best, best_name = r, t.name
    return best, best_name


def ignorable_flags(position: Position, unit: Unit) -> int:
    """Flags the unit may ignore because of the terrain or obstacle it stands on."""
    cls = unit.spec.unit_class
    best = unit.spec.ignore_flags
    for t in position.terrain_at(unit.hex):
        if t.defender_nation and unit.nation == t.defender_nation and cls is UnitClass.INFANTRY:
            return ALL_FLAGS  # caves: Japanese infantry ignores every flag
        if t.ignore_flags and (not t.ignore_flags_for or cls in t.ignore_flags_for) \
                and claims(position, unit, t):
            best = max(best, t.ignore_flags)
    return best


# flags a unit may ignore when it ignores them all
ALL_FLAGS = 99


def range_dice(position: Position, attacker: Unit) -> tuple[int, ...]:
    """The attacker's dice by range, as its hex changes them (artillery on a mountain)."""
    cls = attacker.spec.unit_class
    names = position.terrain.get(attacker.hex)
    if names:
        for t in position.terrain_at(attacker.hex):
            found = t.range_dice.get(cls)
            if found:
                return found
    return attacker.spec.dice


# --- scoring ---------------------------------------------------------------------------------
def hit_faces_for(target_spec: UnitSpec, modifiers: BattleModifiers | None = None,
                  attacker_spec: UnitSpec | None = None) -> frozenset[str]:
    """The faces that score a hit on this target."""
    mods = modifiers or NO_MODIFIERS
    if mods.hits_on is not None:
        faces = set(mods.hits_on)
    elif target_spec.hit_only_by is not None:
        faces = set(target_spec.hit_only_by)  # a sniper is hit by grenades only
    else:
        faces = {GRENADE}
        symbol = CLASS_SYMBOL.get(target_spec.target_class)
        if symbol is not None:
            faces.add(symbol)
    # A star rule names the class it hits ("a star scores a hit when targeting an enemy Armor
    # unit"); a unit attacked as another class (the armored car: "When being attack, treat as
    # Infantry") is matched by the class it is attacked as.
    star = mods.stars_hit or (
        attacker_spec is not None and target_spec.target_class in attacker_spec.star_hits
    )
    if star and not target_spec.train_car:  # a train is hit by grenades only
        faces.add(STAR)
    if mods.flags_count_as_hits:
        faces.add(FLAG)
    return frozenset(faces)


def score_dice(faces: Sequence[str], target_spec: UnitSpec,
               modifiers: BattleModifiers | None = None,
               attacker_spec: UnitSpec | None = None) -> tuple[int, int]:
    """(hits, flags) scored by ``faces`` on a unit of ``target_spec``.

    A face is a hit or a flag, never both: a flag that a card turns into a hit is not a retreat.
    """
    hitting = hit_faces_for(target_spec, modifiers, attacker_spec)
    hits = sum(1 for f in faces if f in hitting)
    flags = sum(1 for f in faces if f == FLAG and FLAG not in hitting)
    return hits, flags


def validate_faces(faces: object, field_name: str = "dice") -> list[str]:
    """The faces as a list of names, or a BattleError naming what is wrong."""
    if not isinstance(faces, list | tuple):
        raise BattleError(f"{field_name}: expected a list of faces ({', '.join(FACES)})")
    out: list[str] = []
    for i, f in enumerate(faces):
        if f not in FACE_WEIGHTS:
            raise BattleError(f"{field_name}.{i}: {f!r} is not a die face; faces: {', '.join(FACES)}")
        out.append(str(f))
    return out


# --- the check -------------------------------------------------------------------------------
def _unit(position: Position, unit_id: str, role: str) -> Unit:
    unit = position.units.get(unit_id)
    if unit is None:
        raise BattleError(f"no unit has the id {unit_id!r} ({role})")
    return unit


def _forces_close_assault(unit: Unit) -> bool:
    # An airborne Air Pack airplane flies over the battle and pins no one (Air Pack p.9); a New
    # Flight Plan air unit occupies its hex and counts as adjacent even in flight (seed 001).
    return not (unit.spec.air and unit.airborne and not unit.spec.blocks_los_airborne)


def adjacent_enemies(position: Position, unit: Unit) -> list[Unit]:
    board = position.board
    around = board.tables.neighbours.get(unit.hex)
    if around is None:
        around = tuple(board.neighbours(unit.hex))
    by_hex = position._by_hex
    units = position.units
    out = []
    for n in around:
        uid = by_hex.get(n)
        if uid is not None:
            other = units[uid]
            if other.side is not unit.side and _forces_close_assault(other):
                out.append(other)
    return out


def _los(position: Position, a: Hex, b: Hex) -> bool:
    return bool(los.line_of_sight(position, a, b))


# a unit's badge: it left its landing craft on the shore this turn (Air Pack, Landing Craft)
LANDED_BADGE = "landed"
# a unit's badge: it stands in a landing craft (Air Pack, Landing Craft)
LANDING_CRAFT_BADGE = "landing_craft"


# the pieces a river's line is made of, for its banks (a ford and a frozen river are on it too)
RIVER_LINE = frozenset({"river", "frozen_river", "fordable_stream", "ford"})
_banks_cache: dict[tuple[int, int, frozenset[Hex]], dict[Hex, int]] = {}


def river_banks(position: Position) -> dict[Hex, int]:
    """Each land hex's bank: the hexes of one piece of land the board's river hexes (and the
    board's edges) enclose share a number. A hex of the river itself (a bridge over it
    included) is on no bank. Cached by the board and the river's hexes."""
    board = position.board
    river = frozenset(h for h, names in position.terrain.items() if RIVER_LINE & set(names))
    key = (board.max_col, board.height, river)
    found = _banks_cache.get(key)
    if found is not None:
        return found
    banks: dict[Hex, int] = {}
    n = -1
    for start in board.hexes():
        if start in river or start in banks:
            continue
        n += 1
        banks[start] = n
        todo = [start]
        while todo:
            h = todo.pop()
            for nb in board.neighbours(h):
                if nb not in river and nb not in banks:
                    banks[nb] = n
                    todo.append(nb)
    if len(_banks_cache) > 64:
        _banks_cache.clear()
    _banks_cache[key] = banks
    return banks


def battle_check(position: Position, attacker_id: str, target_id: str,
                 modifiers: BattleModifiers | None = None, overrun: bool = False) -> BattleCheck:
    """May ``attacker_id`` battle ``target_id`` now, and with how many dice (with reasons).

    ``overrun``: the attacker is an armor unit that has just taken ground after a successful
    close assault and battles again (base rules p.11); its move this turn no longer matters,
    but the terrain it took still does.
    """
    mods = modifiers or NO_MODIFIERS
    attacker = _unit(position, attacker_id, "attacker")
    target = _unit(position, target_id, "target")
    board = position.board
    spec = attacker.spec
    d = distance(attacker.hex, target.hex)
    close = d == 1
    explain: list[str] = list(mods.explain)
    an, tn = board.name(attacker.hex), board.name(target.hex)

    def sight() -> bool:
        # what the answer's `line_of_sight` says whatever refuses the battle (as `distance` is
        # said): an adjacent target is always seen; a unit that needs no line of sight has the
        # one it needs; otherwise the line from hex to hex, as the `line_of_sight` ask draws it
        if close or not spec.needs_los or mods.ignore_los or (
                attacker.moved == 0 and not overrun and spec.stationary_ignores_los_and_terrain):
            return True
        return _los(position, attacker.hex, target.hex)

    def refuse(reason: str, los_ok: bool | None = None) -> BattleCheck:
        seen = sight() if los_ok is None else los_ok
        return BattleCheck(False, reason, d, seen, close, 0, (*explain, reason))

    if attacker_id == target_id or attacker.side is target.side:
        return refuse(f"{target_id} is a friendly unit: a unit battles only enemy units")
    if attacker.badges and LANDED_BADGE in attacker.badges:
        # Air Pack, Landing Craft: "the units they carry may not battle while in them or during
        # the turn in which they land on the shore"
        return refuse(f"{attacker_id} landed from its landing craft this turn: it may not battle")
    here = position.terrain_at(attacker.hex)
    for t in here:
        # a unit that keeps to this terrain (a destroyer on the ocean) battles from it
        if t.no_battle_from and t.name not in spec.moves_only_on | spec.battles_on:
            return refuse(f"{attacker_id} is on {t.name} ({an}): a unit there may not battle")
    if target.spec.target_class in spec.cannot_target:  # attacked as: see hit_faces_for
        return refuse(f"{attacker.type} may not target {target.spec.unit_class.value} "
                      f"({target_id} is {target.type})")
    if target.badges and not close:
        hidden = targeting_problem(target, close)  # camouflage: close assault only
        if hidden is not None:
            return refuse(hidden)
    # late-war Special Weapon Assets that have not moved fire further, unseen and unhindered
    stationary = attacker.moved == 0 and not overrun
    standing = stationary and spec.stationary_ignores_los_and_terrain
    if overrun:
        if not spec.overrun:
            return refuse(f"{attacker_id} is {attacker.type}: only armor may make an overrun combat")
    elif not mods.ignore_movement_limit and attacker.moved > (
            reach := spec.move_and_battle if mods.move_and_battle is None else mods.move_and_battle):
        whose = attacker.type if mods.move_and_battle is None else f"{attacker.type} under this card"
        banzai = spec.close_assault_after_move
        if not (banzai and reach > 0 and attacker.moved <= banzai):
            return refuse(
                f"{attacker_id} moved {attacker.moved} hexes: {whose} may battle after moving "
                f"at most {reach}"
            )
        if not close:
            return refuse(
                f"{attacker_id} moved {attacker.moved} hexes: after moving more than {reach} "
                f"{attacker.type} battles only in a close assault (Banzai)"
            )
        explain.append(f"{attacker_id} moved {attacker.moved} hexes: a close assault (Banzai)")
    if (attacker.moved > 0 or overrun) and not spec.battles_after_terrain_stop \
            and not mods.ignore_movement_limit:
        for t in here:
            # a jungle lets a unit that came in from next door (a 1-hex move, or the one hex of
            # taking ground) still battle: card 57 as bga-memoir's Jungle.php words it
            from_next_door = t.battle_if_entered_from_adjacent and attacker.moved <= 1
            if (t.stops_battle_on_entry(spec.unit_class) and not from_next_door) \
                    or (overrun and t.no_overrun_into):
                what = "took ground into" if overrun else "moved onto"
                return refuse(f"{attacker_id} {what} {t.name} ({an}) this turn: it may not battle")
    dice_by_range = range_dice(position, attacker) if position.terrain.get(attacker.hex) \
        else spec.dice
    if stationary and spec.stationary_dice:
        dice_by_range = spec.stationary_dice
    if d > len(dice_by_range) and not mods.ignore_range:
        return refuse(f"{target_id} is {d} hexes away: {attacker.type} battles at most "
                      f"{len(dice_by_range)} hexes away")
    if spec.no_target_across_river and not close:
        banks = river_banks(position)
        mine, theirs = banks.get(attacker.hex), banks.get(target.hex)
        if mine is not None and theirs is not None and mine != theirs:
            return refuse(f"{target_id} is on the other bank of the river: {attacker.type} may "
                          "not target across it in this scenario (too wide)")
    if position.visibility is not None and d > max(1, position.visibility):
        # night attacks: no unit battles beyond the visibility (Night Visibility chart)
        return refuse(f"{target_id} is {d} hexes away: at night units see and battle at most "
                      f"{max(1, position.visibility)} hex{'es' if position.visibility > 1 else ''}")
    if (not close and not mods.ignore_range and spec.unit_class is not UnitClass.ARTILLERY
            and _ANY_BATTLE_ADJACENT_ONLY
            and (position.terrain.get(attacker.hex) or position.terrain.get(target.hex))):
        # wadis: infantry or armor battling in or out of one must be adjacent to the target
        # (Terrain Pack p.3; card 44); both in wadis, or neither, the range is as usual
        wadi_here = next((t.name for t in here if t.battle_adjacent_only), None)
        wadi_there = next((t.name for t in position.terrain_at(target.hex)
                           if t.battle_adjacent_only), None)
        if (wadi_here is None) != (wadi_there is None):
            where = f"out of a {wadi_here} ({an})" if wadi_here else f"into a {wadi_there} ({tn})"
            return refuse(f"{attacker_id} battles {where}: infantry and armor battle in or out "
                          "of it only against an adjacent unit")
    if not close and not mods.ignore_close_assault_rule:
        pinned = adjacent_enemies(position, attacker)
        if pinned:
            names = ", ".join(sorted(u.id for u in pinned))
            return refuse(f"{attacker_id} is adjacent to {names}: it must close-assault an adjacent "
                          f"enemy if it battles")
    if spec.needs_los and not close and not mods.ignore_los and not standing:
        los_ok = _los(position, attacker.hex, target.hex)
        if not los_ok:
            return refuse(f"no line of sight from {an} to {tn}", los_ok=False)
        explain.append(f"line of sight from {an} to {tn} is clear")
    los_ok = True
    if close:
        explain.append(f"{target_id} is adjacent: close assault")

    hit_faces = hit_faces_for(target.spec, mods, spec)
    if stationary and target.spec.target_class in spec.stationary_star_hits \
            and not target.spec.train_car:
        hit_faces = hit_faces | {STAR}
    symbol = CLASS_SYMBOL.get(target.spec.target_class)
    if spec.symbol_hits_close_only and not close and symbol in hit_faces and mods.hits_on is None:
        # Heavy Fog (6380): "Dice symbols rolled that match a unit being targeted only score
        # hits when battling the unit in Close Assault. All Grenades rolled still score hits"
        hit_faces = hit_faces - {symbol}
        explain.append(f"heavy fog: {symbol} symbols hit {target_id} only in a close assault")
    if mods.fixed_dice is not None:
        dice = max(0, mods.fixed_dice)
        explain.append(f"{dice} dice, fixed")
    else:
        base = dice_by_range[min(d, len(dice_by_range)) - 1]
        explain.append(f"{attacker.type} at range {d}: {base} {'die' if base == 1 else 'dice'}")
        dice = base
        unhindered = (spec.ignores_target_terrain or standing
                      or (close and spec.ignores_terrain_in_close_assault))
        if not mods.ignore_terrain_protection and not unhindered:
            if _PLAIN_COUNTRYSIDE and not position.terrain.get(target.hex):
                prot, pname = 0, None  # countryside protects no one
            else:
                prot, pname = target_protection(position, attacker, target)
            if close and spec.close_assault_reduction_cap is not None:
                prot = min(prot, spec.close_assault_reduction_cap)
            if prot:
                dice -= prot
                explain.append(f"target on {pname}: -{prot}")
            elif any(t.protection_needs_height and t.protection.get(spec.unit_class, 0)
                     for t in position.terrain_at(target.hex)):
                explain.append("target on a hill but the attacker is at the same height: no reduction")
        else:
            explain.append(f"{'target' if not unhindered else attacker.type}: target's terrain "
                           "protection ignored")
        if not mods.ignore_own_terrain and (not _PLAIN_COUNTRYSIDE or position.terrain.get(attacker.hex)):
            own, oname = own_terrain_reduction(position, attacker)
            if own:
                dice -= own
                explain.append(f"{attacker.type} battling out of {oname}: -{own}")
        if spec.boat_dice_penalty and boats.afloat(position, attacker):
            dice -= spec.boat_dice_penalty
            explain.append(f"{attacker.type} battling from its boats on the water: "
                           f"-{spec.boat_dice_penalty}")
        bonus = spec.close_assault_bonus_at_full_strength
        if bonus and close and attacker.figures >= spec.figures:
            dice += bonus
            explain.append(f"{attacker.type} at full strength in close assault: +{bonus}")
        if stationary and spec.stationary_bonus_dice:
            dice += spec.stationary_bonus_dice
            explain.append(f"{attacker.type} has not moved: +{spec.stationary_bonus_dice}")
        if mods.extra_dice:
            dice += mods.extra_dice
            explain.append(f"{mods.extra_dice:+d} dice")
        if spec.zeroes_in and position.cross_hairs.get(target_id):
            dice += 1
            explain.append(f"{target_id} bears a cross-hair: +1 die")
        if dice < 0:
            explain.append("reductions cannot take the dice below 0")
        dice = max(0, dice)
    if STAR in hit_faces:
        explain.append("stars hit this target")
    if dice == 0:
        return BattleCheck(False, "no battle dice left after reductions", d, los_ok, close, 0,
                           (*explain, "no battle dice left after reductions"), hit_faces)
    explain.append(f"roll {dice} {'die' if dice == 1 else 'dice'}")
    return BattleCheck(True, None, d, los_ok, close, dice, tuple(explain), hit_faces)


# --- retreats --------------------------------------------------------------------------------
def _retreat_steps(position: Position, unit: Unit, at: Hex) -> list[Hex]:
    """Open hexes one retreat step from ``at``: the two neighbours on the row toward home that
    are on the board, empty, and not closed to a retreat by their terrain."""
    board = position.board
    tables = board.tables
    candidates = (tables.down if unit.side is board.bottom else tables.up).get(at)
    if candidates is None:  # ``at`` is not on the board: look the steps up one by one
        dr = board.toward_home(unit.side)
        candidates = tuple(n for n in (Hex(at.col - 1, at.row + dr), Hex(at.col + 1, at.row + dr))
                           if board.contains(n))
    occupied = position._by_hex
    terrain = position.terrain
    facing = position.terrain_orientations
    return [n for n in candidates
            if n not in occupied
            and not ((names := terrain.get(n)) and _blocks_retreat(position, n, names, unit))
            and not (terrain and climb_closed(position, at, n))
            and not (facing and position.closed_side(at, n) is not None)]


def retreat_blocks(position: Position, unit: Unit, at: Hex) -> list[str]:
    """Why each of the two hexes one retreat step from ``at`` is closed, in words."""
    board = position.board
    dr = board.toward_home(unit.side)
    tables = board.tables
    names = tables.names
    by_hex = position._by_hex
    terrain = position.terrain
    pair = (tables.down_pair if dr == 1 else tables.up_pair).get(at)
    if pair is None:  # ``at`` is off the board
        pair = (Hex(at.col - 1, at.row + dr), Hex(at.col + 1, at.row + dr))
    out: list[str] = []
    for n in pair:
        name = names.get(n) if n is not None else None
        if n is None or name is None:
            out.append("the board edge")
            continue
        uid = by_hex.get(n)
        if uid is not None:
            out.append(f"{name} (unit {position.units[uid].id})")
        elif (kinds := terrain.get(n)) and _blocks_retreat(position, n, kinds, unit):
            out.append(f"{name} ({'+'.join(kinds)})")
        elif terrain and climb_closed(position, at, n):
            out.append(f"{name} (a mountain is retreated onto and off only from and to a hill or mountain)")
        elif (slope := position.closed_side(at, n)) is not None:
            out.append(f"{name} ({TERRAIN[slope].closed_because})")
    return out


def retreat_options(position: Position, unit_id: str, flags: int,
                    retreat_hexes: int | None = None, figures: int | None = None
                    ) -> list[RetreatOption]:
    """Every hex the unit may end a ``flags``-flag retreat on, with the figures each costs.

    Base rules p.10: each flag moves the unit one hex toward its own side (to one of the two
    neighbours on the next row toward its home edge); a unit may not retreat onto or through
    another unit, impassable terrain, ocean or off the board; each retreat move that cannot be
    completed costs one figure. ``retreat_hexes`` > 1 (French resistance, base rules p.12) lets
    each flag move the unit 1 to that many hexes. ``figures`` is the strength after hits.
    The unit's own hex is listed when it cannot move at all.
    """
    unit = _unit(position, unit_id, "retreating unit")
    if unit.badges and LANDING_CRAFT_BADGE in unit.badges and any(
            "ocean" in names for names in position.terrain.values()):
        # Air Pack, Landing Craft: "They can also retreat, even on Ocean hexes": the ocean's
        # block on retreats is lifted for the unit its craft carries
        probe = position.copy()
        for h, names in list(probe.terrain.items()):
            if "ocean" in names:
                probe.terrain[h] = tuple(n for n in names if n != "ocean")
        return retreat_options(probe, unit_id, flags, retreat_hexes, figures)
    per_flag = retreat_hexes if retreat_hexes is not None else unit.spec.retreat_hexes
    per_flag = max(1, per_flag)
    have = unit.figures if figures is None else figures
    best: dict[Hex, tuple[int, tuple[Hex, ...]]] = {}
    visited: set[tuple[Hex, int]] = set()
    start = unit.hex

    def flag_reach(at: Hex) -> list[tuple[Hex, tuple[Hex, ...]]]:
        # hexes reachable by one flag: 1..per_flag steps, each toward home
        out: list[tuple[Hex, tuple[Hex, ...]]] = []
        frontier: list[tuple[Hex, tuple[Hex, ...]]] = [(at, ())]
        for _ in range(per_flag):
            nxt: list[tuple[Hex, tuple[Hex, ...]]] = []
            for h, path in frontier:
                for n in _retreat_steps(position, unit, h):
                    nxt.append((n, (*path, n)))
            out.extend(nxt)
            frontier = nxt
        return out

    def walk(at: Hex, left: int, lost: int, path: tuple[Hex, ...]) -> None:
        if lost >= have:
            lost = have
            left = 0
        if left == 0:
            prev = best.get(at)
            if prev is None or lost < prev[0]:
                best[at] = (lost, path)
            return
        if (at, left) in visited:
            return  # the same hex with the same flags left ends the same ways
        visited.add((at, left))
        reach = flag_reach(at)
        if not reach:
            # this move and every later one cannot be completed: one figure each
            walk(at, 0, lost + left, path)
            return
        for h, sub in reach:
            walk(h, left - 1, lost, path + sub)

    if flags <= 0:
        return []
    if unit.spec.train_car:
        # a train retreats back along its track, opposite the way it faces (Terrain Pack p.12)
        return [RetreatOption(h, lost, lost >= have, path)
                for h, lost, path in trains.retreat_runs(position, unit_id, flags, have)]
    cls = unit.spec.unit_class
    if (not _PLAIN_COUNTRYSIDE or position.terrain.get(start)) and any(
            cls in t.cannot_leave_for or cls in t.flag_costs_figure_for for t in position.terrain_at(start)):
        # it may not leave its hex (artillery in a bunker): every retreat move costs a figure
        lost = min(flags, have)
        return [RetreatOption(start, lost, lost >= have, ())]
    if unit.spec.boat_water and boats.afloat(position, unit):
        # in its collapsible boats a unit cannot retreat: each flag costs a figure
        lost = min(flags, have)
        return [RetreatOption(start, lost, lost >= have, ())]
    if per_flag == 1:
        return _one_hex_per_flag(position, unit, flags, have)
    walk(start, flags, 0, ())
    # A unit that can make its retreat must make it: a path that runs into a dead end while another
    # completes would be choosing a loss (interpretation, docs/rules-referee.md).
    fewest = min(lost for lost, _ in best.values())
    return [
        RetreatOption(h, lost, lost >= have, path)
        for h, (lost, path) in sorted(best.items(), key=lambda kv: (kv[0].row, kv[0].col))
        if lost == fewest
    ]


def _rolls_on_way(position: Position, way: tuple[Hex, ...]) -> int:
    """Hexes of ``way`` that roll dice on entering (frozen rivers without a bridge)."""
    n = 0
    for h in way:
        specs = position.terrain_at(h)
        if any(t.entry_roll_dice for t in specs) and not any(t.bridge for t in specs):
            n += 1
    return n


def _one_hex_per_flag(position: Position, unit: Unit, flags: int, have: int) -> list[RetreatOption]:
    """The usual retreat, row by row: the options are the hexes of the deepest row reached (a
    unit that can complete more moves must), each move short of ``flags`` costing a figure."""
    board = position.board
    tables = board.tables
    forward = tables.down if unit.side is board.bottom else tables.up
    occupied = position._by_hex
    terrain = position.terrain
    facing = position.terrain_orientations
    # every hex of a layer lies on the same row, so its column names it (an int hashes cheaply)
    layer: list[tuple[Hex, tuple[Hex, ...]]] = [(unit.hex, ())]
    depth = 0
    while depth < flags:
        nxt: dict[int, tuple[Hex, tuple[Hex, ...]]] = {}
        for h, path in layer:
            steps = forward.get(h)
            if steps is None:  # not on the board: the general lookup
                steps = tuple(_retreat_steps(position, unit, h))
            for n in steps:
                # open: empty and not closed to a retreat by its terrain (as in _retreat_steps)
                if n in occupied:
                    continue
                names = terrain.get(n)
                if names and _blocks_retreat(position, n, names, unit):
                    continue
                if terrain and climb_closed(position, h, n):
                    continue  # a mountain: onto it only from a hill, off it only onto one
                if facing and position.closed_side(h, n) is not None:
                    continue  # a wadi's side slope (card 44), a bridge section's side (card 9b)
                old = nxt.get(n.col)
                if old is not None and (not terrain or _rolls_on_way(position, old[1])
                                        <= _rolls_on_way(position, (*path, n))):
                    continue  # the way that enters fewer frozen rivers (bga-memoir avoidIfPossible)
                nxt[n.col] = (n, (*path, n))
        if not nxt:
            break
        layer = list(nxt.values())
        depth += 1
    lost = min(flags - depth, have)
    eliminated = lost >= have
    if len(layer) == 1:
        ((h, path),) = layer
        return [RetreatOption(h, lost, eliminated, path)]
    return [RetreatOption(h, lost, eliminated, path)
            for h, path in sorted(layer, key=lambda hp: (hp[0].row, hp[0].col))]


# --- resolution ------------------------------------------------------------------------------
_NO_MEDALS: dict[Side, int] = {Side.ALLIES: 0, Side.AXIS: 0}


def cross_hair_due(attacker: Unit, result: BattleResult) -> bool:
    """Whether the battle leaves a cross-hair on its target: a big gun or destroyer hit it and it
    was neither eliminated nor forced to retreat (Player Aid v1, Big Guns: "place a Crosshair
    marker on each target that is hit but not eliminated or forced to retreat"; troop card 3:
    "Until moved or destroyed"). A retreat due, even one the unit cannot make, places none, as
    the game plays it (`ruleflows.CrossHairFlow`)."""
    return attacker.spec.zeroes_in and result.hits > 0 and not result.eliminated and not result.retreat


def place_cross_hair(position: Position, attacker_id: str, target_id: str, hits: int) -> bool:
    """After a battle: a big gun or destroyer that scored a hit puts a cross-hair on the
    target (still on the board); later battles of such units against it roll 1 more die.
    Returns whether a marker was placed. The game calls it with the battle's hits."""
    attacker = position.units.get(attacker_id)
    if attacker is None or not attacker.spec.zeroes_in or hits <= 0 \
            or target_id not in position.units:
        return False
    position.cross_hairs[target_id] = 1
    return True


def may_enter_taken_ground(position: Position, attacker: Unit, h: Hex) -> tuple[bool, str | None]:
    """Whether the attacker may advance into the vacated hex.

    Base rules p.11: "Terrain movement and battle restrictions still apply when units take
    ground": the hex must be one it may enter from where it stands, and its own hex one it
    may leave that way (mountains are climbed only from a hill and left only onto one).
    """
    cls = attacker.spec.unit_class
    board = position.board
    there = position.terrain_at(h)
    here = position.terrain_at(attacker.hex)
    name = board.name(h)
    if impassable_for(position, h, cls, attacker.side):
        return False, f"{attacker.type} may not enter {_terrain_label(there)} ({name})"
    if any(cls in t.cannot_leave_for for t in here):
        return False, f"{attacker.type} may not leave {_terrain_label(here)}"
    slope = position.closed_side(attacker.hex, h)
    if slope is not None:
        return False, f"{name} lies {TERRAIN[slope].closed_because}"
    if any(t.bars_leaving(cls, there) for t in here):
        return False, (f"{attacker.type} may not leave {_terrain_label(here)} onto "
                       f"{_terrain_label(there)} ({name})")
    barred = next((t.name for t in there
                   if t.no_take_ground_from & set(position.terrain_names(attacker.hex))), None)
    if barred is not None:
        return False, f"{barred} ({name}) may not be taken from {_terrain_label(here)}"
    climb = max((t.enter_from_height for t in there), default=0)
    if climb and hex_height(position, attacker.hex) < climb:
        return False, (f"{_terrain_label(there)} ({name}) may be entered only from a hex at "
                       f"height {climb} or more (a hill)")
    down = max((t.leave_to_height for t in here), default=0)
    if down and hex_height(position, h) < down:
        return False, (f"{_terrain_label(here)} may be left only onto a hex at height {down} "
                       "or more (a hill)")
    return True, None


def resolve_battle(position: Position, attacker_id: str, target_id: str, faces: Sequence[str],
                   modifiers: BattleModifiers | None = None, overrun: bool = False,
                   check: BattleCheck | None = None,
                   confirm_faces: Sequence[str] | None = None) -> BattleResult:
    """What the rolled ``faces`` do: hits, figures removed, medals, flags and retreat options,
    and whether the attacker may take ground and overrun. Raises BattleError when the attack
    is not allowed or the number of faces is not the number of dice due.
    ``check``: the ``battle_check`` already made for this same battle (saves redoing it).
    ``confirm_faces``: for a target whose hits must be confirmed (armored car: the dice that
    hit are re-rolled and a grenade confirms the kill), the re-rolled dice. Without them the
    result asks for ``confirm_dice`` dice and removes nothing yet.
    """
    mods = modifiers or NO_MODIFIERS
    if check is None:
        check = battle_check(position, attacker_id, target_id, mods, overrun=overrun)
    if not check.allowed:
        raise BattleError(f"the attack is not allowed: {check.reason}")
    rolled = validate_faces(list(faces))
    if len(rolled) != check.dice:
        raise BattleError(f"{len(rolled)} dice given where {check.dice} are due")
    attacker = position.units[attacker_id]
    target = position.units[target_id]
    # score with the check's faces: the same that set the odds, and what air rules decided
    hit_faces, flag_faces = check.hit_faces, check.flag_faces
    hits = flags = 0
    for f in rolled:  # a face is a hit or a flag, never both
        if f in hit_faces:
            hits += 1
        elif f in flag_faces:
            flags += 1
    explain: list[str] = [f"rolled {', '.join(rolled)}" if rolled else "no dice rolled"]
    confirm_dice = 0
    confirmed: bool | None = None
    if target.spec.confirm_hits and hits:
        # rules database, Armored Car: the dice that hit are re-rolled; a grenade confirms the kill
        if confirm_faces is None:
            confirm_dice = hits
            removed = 0
            explain.append(f"{hits} hit{'s' if hits != 1 else ''} on {target.type}: re-roll "
                           f"{hits} {'die' if hits == 1 else 'dice'}, a grenade confirms the kill")
        else:
            again = validate_faces(list(confirm_faces), "confirm")
            if len(again) != hits:
                raise BattleError(f"{len(again)} confirmation dice given where {hits} "
                                  f"{'is' if hits == 1 else 'are'} due (one per hit)")
            confirmed = GRENADE in again
            removed = target.figures if confirmed else 0
            explain.append(f"re-rolled {', '.join(again)}: "
                           + ("a grenade confirms the kill" if confirmed else "no grenade, no kill"))
    else:
        if confirm_faces is not None:
            raise BattleError("confirmation dice are only rolled for hits on a unit whose hits "
                              "must be confirmed (armored car)")
        removed = min(hits, target.figures)
    eliminated = removed >= target.figures
    if confirmed is None and not confirm_dice:
        explain.append(f"{hits} hit{'s' if hits != 1 else ''}: {removed} figure"
                       f"{'s' if removed != 1 else ''} removed")
    medals = _NO_MEDALS.copy()  # a copy keeps the keys' hashes (Side hashes in Python)
    retreat: tuple[RetreatOption, ...] = ()
    ignored = 0
    vacated = eliminated
    if eliminated:
        worth = target.spec.medal_worth
        medals[attacker.side] = worth
        explain.append(f"{target_id} is eliminated: {worth} medal{'s' if worth != 1 else ''} to "
                       f"{attacker.side.value}")
    elif flags:
        # on plain countryside only the unit's own rules cancel a flag (a Japanese infantry,
        # Italian artillery, a destroyer): the terrain lookup is skipped, not the unit's spec
        own_flags = ignorable_flags(position, target) \
            if not _PLAIN_COUNTRYSIDE or position.terrain.get(target.hex) else target.spec.ignore_flags
        can_ignore = own_flags + mods.extra_flags_ignorable if mods.flags_ignorable else 0
        ignored = min(flags, can_ignore)
        if ignored:
            explain.append(f"{target_id} ignores {ignored} flag{'s' if ignored != 1 else ''}")
        elif not mods.flags_ignorable and own_flags:
            explain.append("flags may not be ignored in this battle")
        due = flags - ignored
        if due:
            retreat = tuple(retreat_options(position, target_id, due, mods.retreat_hexes,
                                            target.figures - removed))
            vacated = any(o.hex != target.hex or o.eliminated for o in retreat)
            explain.append(f"{due} flag{'s' if due != 1 else ''}: {len(retreat)} retreat option"
                           f"{'s' if len(retreat) != 1 else ''}")
            blocks = retreat_blocks(position, target, target.hex)
            if blocks:
                explain.append(f"retreat blocked by {' and '.join(dict.fromkeys(blocks))}")
            lost = min(o.figures_lost for o in retreat)
            if lost:
                explain.append(f"{lost} retreat move{'s' if lost != 1 else ''} cannot be made: "
                               f"{lost} more figure{'s' if lost != 1 else ''} lost")
    if target.spec.train_car and removed:
        # fired at as one unit: each hit takes a figure from each car of the train
        for car, keeps in trains.losses(position, target_id, hits):
            if keeps <= 0:
                worth = position.units[car].spec.medal_worth
                medals[attacker.side] += worth
                explain.append(f"{car} ({position.units[car].type}) is destroyed with it: "
                               f"{worth} medal{'s' if worth != 1 else ''} to {attacker.side.value}")
            else:
                explain.append(f"the train's {position.units[car].type} {car} loses "
                               f"{min(hits, position.units[car].figures)} too: {keeps} left")
    if confirm_dice:
        vacated = True  # the confirmation roll may still eliminate it
    take_ground = False
    armor_overrun = False
    if check.close_assault and vacated:
        spec = attacker.spec
        if not spec.take_ground:
            explain.append(f"{attacker.type} may not take ground")
        elif not mods.take_ground_allowed:
            explain.append("taking ground is not allowed in this battle")
        else:
            ok, why = may_enter_taken_ground(position, attacker, target.hex)
            if not ok:
                explain.append(f"no take ground: {why}")
            else:
                take_ground = True
                explain.append(f"{attacker_id} may take ground into {position.board.name(target.hex)}")
                if spec.overrun and not overrun:
                    # taking ground is a 1-hex move in: from next door only if it had not moved
                    stop = [t.name for t in position.terrain_at(target.hex)
                            if (t.stops_battle_on_entry(spec.unit_class)
                                and not spec.battles_after_terrain_stop
                                and not (t.battle_if_entered_from_adjacent and attacker.moved == 0))
                            or t.no_overrun_into]
                    barred = [t.name for t in position.terrain_at(target.hex) if t.no_battle_from]
                    left = [t.name for t in position.terrain_at(attacker.hex)
                            if spec.unit_class in t.no_battle_after_leaving_for]
                    if stop:
                        explain.append(f"no overrun: a unit may not battle after entering {stop[0]}")
                    elif barred:
                        explain.append(f"no overrun: a unit on {barred[0]} may not battle")
                    elif left:
                        explain.append(f"no overrun: {attacker.type} may not battle in a turn it "
                                       f"leaves {left[0]}")
                    else:
                        armor_overrun = True
                        explain.append("armor overrun: it may battle again after taking ground")
                elif spec.overrun:
                    explain.append("no further overrun: one overrun combat per turn")
    battle_back = (check.close_assault and not eliminated and not retreat
                   and target.spec.battles_back_at_one_figure
                   and target.figures - removed == 1 and not confirm_dice)
    if battle_back:
        explain.append(f"{target_id} holds with 1 figure: it may battle back at once")
    return BattleResult(check, hits, removed, eliminated, flags, ignored, retreat, medals,
                        take_ground, armor_overrun, tuple(explain), vacated, confirm_dice, confirmed,
                        battle_back)


# --- the British battle back (British Commonwealth Forces) ------------------------------------
# bga-memoir States/AttackUnitsTrait (actBattleBack, "may battle back with 1 die"): the British
# unit left with 1 figure by a close assault throws 1 die at the assaulting unit, whatever the
# terrain; its flags retreat that unit; no one takes ground after it and it is not answered
# by another battle back (bga-memoir closes the attack after it)
BATTLE_BACK_DICE = 1


def battle_back_modifiers() -> BattleModifiers:
    """How a battle back differs from a battle: a fixed die count, no take ground, and the
    British unit battles whatever it did this turn (it was not ordered: it answers)."""
    return BattleModifiers(fixed_dice=BATTLE_BACK_DICE, take_ground_allowed=False,
                           ignore_movement_limit=True,
                           explain=(f"battle back: {BATTLE_BACK_DICE} die, whatever the terrain",))


def battle_back_check(position: Position, unit_id: str, assaulter_id: str) -> BattleCheck:
    """May ``unit_id`` (a British unit held with 1 figure) battle back at ``assaulter_id``, the
    unit whose close assault it survived, and with how many dice (``BATTLE_BACK_DICE``)."""
    check = battle_check(position, unit_id, assaulter_id, battle_back_modifiers())
    if check.allowed and not check.close_assault:
        reason = f"{assaulter_id} is no longer adjacent: a battle back answers a close assault"
        return replace(check, allowed=False, reason=reason, dice=0,
                       explain=(*check.explain, reason))
    return check


def as_battle_back(result: BattleResult) -> BattleResult:
    """A battle's result read as a battle back: nobody takes ground or overruns after it, and
    a British unit it leaves with 1 figure does not battle back in turn."""
    explain = list(result.explain)
    if result.battle_back:
        explain = [e for e in explain if not e.endswith("it may battle back at once")]
        explain.append("a battle back is not answered by another battle back")
    return replace(result, take_ground=False, armor_overrun=False, battle_back=False,
                   explain=tuple(explain))


def resolve_battle_back(position: Position, unit_id: str, assaulter_id: str,
                        faces: Sequence[str], confirm_faces: Sequence[str] | None = None
                        ) -> BattleResult:
    """What the battle back's die does to the assaulting unit (hits, flags and its retreat,
    medals to the British side). Raises BattleError when no battle back is possible or the
    faces are not the die due; ``confirm_faces`` as for :func:`resolve_battle`."""
    check = battle_back_check(position, unit_id, assaulter_id)
    if not check.allowed:
        raise BattleError(f"no battle back: {check.reason}")
    return as_battle_back(resolve_battle(position, unit_id, assaulter_id, faces,
                                         battle_back_modifiers(), check=check,
                                         confirm_faces=confirm_faces))


__all__ = [
    "BATTLE_BACK_DICE",
    "DIE_SIDES",
    "FACES",
    "FACE_WEIGHTS",
    "NO_MODIFIERS",
    "BattleCheck",
    "BattleError",
    "BattleModifiers",
    "BattleResult",
    "RetreatOption",
    "as_battle_back",
    "battle_back_check",
    "battle_back_modifiers",
    "battle_check",
    "hit_faces_for",
    "ignorable_flags",
    "resolve_battle",
    "resolve_battle_back",
    "retreat_options",
    "score_dice",
    "validate_faces",
]

