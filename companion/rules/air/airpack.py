"""Air Pack (2007) air rules: Air Sortie cards, airplane movement, special actions, air checks.

Numbers and lists are data in ``aircraft.py``; this module holds the rules. ``AirPackRules``
is the Air Pack variant of ``FlightRules`` (its hooks: entry from an edge hex, the start hex
may be flown over, airborne planes may be flown over, carriers only for carrier models).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType

from companion.rules.air.aircraft import (
    ACTION_PHASES,
    AIR_CHECK_OVERRIDES,
    AIRPACK_MODELS,
    ActionPhase,
    AirAction,
    AirPackModel,
)
from companion.rules.air.common import (
    AirRulesError,
    Check,
    FlightRules,
    TargetResult,
    attack_unit,
    enemy_units_adjacent,
    get_unit,
    is_chain,
    validate_faces,
)
from companion.rules.battle import BattleModifiers
from companion.rules.board import Hex, Section, Side, distance
from companion.rules.camouflage import air_targeting_problem
from companion.rules.position import Position, Unit
from companion.rules.records import dataclass, field
from companion.rules.terrain import TERRAIN

AIRPLANE = "airplane"
MAX_AIRBORNE_PER_SIDE = 1
STRAFE_MAX_HEXES = 3
STRAFE_DICE_PER_UNIT = 1
KAMIKAZE_DICE = 2
AIR_CHECK_DICE_PER_ADJACENT_UNIT = 1
AIR_CHECK_DICE_PER_ADJACENT_AIRPLANE = 2

# Strafing (p.6): terrain protection ignored, symbols and grenades as normal, stars hit,
# flags may not be ignored.
STRAFE_MODIFIERS = BattleModifiers(ignore_terrain_protection=True, stars_hit=True,
                                   flags_ignorable=False, explain=("strafing",))
# Kamikaze (p.7): terrain ignored; symbols and grenades hit; flags and stars are ignored.
KAMIKAZE_MODIFIERS = BattleModifiers(ignore_terrain_protection=True, flags_ignorable=False,
                                     explain=("kamikaze",))


@dataclass(frozen=True, slots=True)
class AirPackSettings:
    """Per-game numbers the public sources do not give (see docs/rules-sources.md)."""

    # terrain name -> air-check dice, overriding the terrain table (TerrainSpec.air_check_dice);
    # terrain with no value in either counts 0
    air_check_values: Mapping[str, int] = field(
        default_factory=lambda: MappingProxyType({}))


# --- Air Sortie cards and their equivalents (Air Pack p.3-4) --------------------------------

class SortieCard(StrEnum):
    AIR_SORTIE = "air_sortie"
    AIR_POWER = "air_power"  # must be played as an Air Sortie under air rules
    RECON_1 = "recon_1"  # when the scenario makes it an equivalent (Air Strikes & Blitz)


@dataclass(frozen=True, slots=True)
class SortieCardRule:
    face_up: bool  # placed face up, visible to the opponent
    replaced_at_end_of_turn: bool
    may_join_section_card: bool
    section_limited: bool  # entry edge hexes (or the airborne plane) must match its section


SORTIE_CARDS: Mapping[SortieCard, SortieCardRule] = MappingProxyType({
    SortieCard.AIR_SORTIE: SortieCardRule(True, False, True, False),
    SortieCard.AIR_POWER: SortieCardRule(False, True, False, False),
    SortieCard.RECON_1: SortieCardRule(False, True, False, True),
})


# An Air Sortie drawn from the deck goes face up beside its drawer, who draws another card.
AIR_SORTIE_DRAWN_EXTRA_CARDS = 1


class SortieEffect(StrEnum):
    NEW_SORTIE = "new_sortie"  # a fresh airplane enters from an edge hex
    ORDER_AIRBORNE = "order_airborne"  # the airplane already flying is ordered, no air check


@dataclass(frozen=True, slots=True)
class SortiePlay:
    allowed: bool
    reason: str | None
    effect: SortieEffect | None = None
    air_check: bool = False
    entry_hexes: frozenset[Hex] = frozenset()
    removed_airplane: str | None = None  # the old airplane leaves, at no medal cost
    replaced_at_end_of_turn: bool = False
    face_up: bool = False


class AirPackRules(FlightRules):
    """The Air Pack variant."""

    name = "air-pack"
    start_counts_as_visited = False  # "never twice over a hex; never end where it started"
    may_pass_enemy_air = True  # an airplane flies over any hex

    def __init__(self, settings: AirPackSettings | None = None) -> None:
        self.settings = settings or AirPackSettings()

    # --- data ----------------------------------------------------------------------------
    def model(self, unit: Unit, field: str = "model") -> AirPackModel:
        if unit.model is None or unit.model not in AIRPACK_MODELS:
            allowed = ", ".join(sorted(AIRPACK_MODELS))
            raise AirRulesError(field, f"airplane {unit.id} needs a model; allowed: {allowed}")
        return AIRPACK_MODELS[unit.model]

    # --- movement hooks ----------------------------------------------------------------------
    def entry_problem(self, position: Position, unit: Unit, first: Hex,
                      entry_hexes: frozenset[Hex] | None) -> str | None:
        if not position.board.is_edge(first):
            return (f"{position.board.name(first)} is not an edge hex; an Air Sortie enters "
                    "on a full hex along the board's border")
        return super().entry_problem(position, unit, first, entry_hexes)

    def may_land_on_carrier(self, unit: Unit) -> bool:
        return self.model(unit).carrier

    def airborne_limit_problem(self, position: Position, unit: Unit, entering: bool) -> str | None:
        """p.5: "In any given turn, there can only ever be a maximum of one airborne Airplane
        unit on the battlefield for each player" and, for airplanes on the ground, "The limit of
        one airborne Airplane for each side at any given time still applies": an airplane taking
        off (or entering) while another of its side flies is refused; that one must leave first."""
        if unit.airborne and not entering:
            return None
        others = [u.id for u in self.airborne_airplanes(position, unit.side) if u.id != unit.id]
        if others:
            return (f"airplane {others[0]} of the {unit.side} is airborne: a side has one airborne "
                    "airplane at a time (let it leave the board first)")
        return None

    # --- one airborne airplane per side, Air Sortie cards ---------------------------------------
    def airborne_airplanes(self, position: Position, side: Side) -> list[Unit]:
        return [u for u in position.units.values()
                if u.side is side and u.spec.air and u.airborne]

    def edge_hexes(self, position: Position, section: Section | None, side: Side) -> frozenset[Hex]:
        board = position.board
        return frozenset(h for h in board.all_hexes if board.is_edge(h)
                         and (section is None or section in board.sections(h, side)))

    def play_sortie(self, position: Position, side: Side, card: SortieCard, *,
                    with_section_card: Section | None = None, section: Section | None = None,
                    new_airplane: bool = False) -> SortiePlay:
        """Playing an Air Sortie (or an equivalent card) for ``side``.

        ``with_section_card``: the section of a Section card it is played with; ``section``:
        the section printed on a Recon 1 card; ``new_airplane``: with a plane already flying,
        let it leave the board and start a fresh sortie instead of ordering it.
        """
        rule = SORTIE_CARDS[card]
        if with_section_card is not None and not rule.may_join_section_card:
            return SortiePlay(False, f"a {card.value} played as an Air Sortie may not be "
                              "combined with a Section card")
        if rule.section_limited and section is None:
            raise AirRulesError("section", f"a {card.value} card names a section: left, center "
                                "or right")
        limit = with_section_card if with_section_card is not None else (
            section if rule.section_limited else None)
        flying = self.airborne_airplanes(position, side)
        if flying and not new_airplane:
            plane = flying[0]
            if rule.section_limited and section not in position.board.sections(plane.hex, side):
                own = section.value if section is not None else "its own"
                return SortiePlay(False, f"the {card.value} card's section must match the "
                                  f"section over which airplane {plane.id} flies; or a fresh "
                                  f"airplane enters on an edge hex of the {own} section and "
                                  "that one leaves (seed 000 p.3)")
            return SortiePlay(True, None, SortieEffect.ORDER_AIRBORNE, air_check=False,
                              replaced_at_end_of_turn=rule.replaced_at_end_of_turn,
                              face_up=rule.face_up)
        return SortiePlay(True, None, SortieEffect.NEW_SORTIE, air_check=False,
                          entry_hexes=self.edge_hexes(position, limit, side),
                          removed_airplane=flying[0].id if flying else None,
                          replaced_at_end_of_turn=rule.replaced_at_end_of_turn,
                          face_up=rule.face_up)

    @staticmethod
    def counter_attack_counters(sortie_with_section_card: bool) -> str:
        """What a Counter-Attack copies when the opponent played an Air Sortie (p.3)."""
        return "section_card" if sortie_with_section_card else "air_sortie"

    @staticmethod
    def keep_em_flying(airborne: bool, ordered_this_turn: bool) -> bool:
        """True when the airplane must leave the board (no medal): airborne and not ordered."""
        return airborne and not ordered_this_turn

    # --- air check (p.8-9) -----------------------------------------------------------------
    @staticmethod
    def air_check_required(airborne_at_turn_start: bool, taking_off: bool,
                           ordered_by_air_sortie: bool) -> bool:
        return (airborne_at_turn_start or taking_off) and not ordered_by_air_sortie

    def hex_air_check_value(self, position: Position, h: Hex) -> int:
        names = position.terrain_names(h) or ("countryside",)
        for n in names:
            if n in AIR_CHECK_OVERRIDES:
                return self.air_check_value(n)
        return max(self.air_check_value(n) for n in names)

    def air_check_value(self, terrain: str) -> int:
        """The air-check dice of one terrain: the game's setting, else the terrain table."""
        if terrain in self.settings.air_check_values:
            return self.settings.air_check_values[terrain]
        spec = TERRAIN.get(terrain)
        return spec.air_check_dice or 0 if spec is not None else 0

    def air_check(self, position: Position, plane_id: str, *,
                  not_counting: frozenset[str] = frozenset()) -> AirCheck:
        """Dice for the air check of ``plane_id`` and who rolls them.

        ``not_counting``: enemy units that do not add dice (interdicted units that started
        their turn next to the airplane).
        """
        plane = get_unit(position, plane_id, "ask.air_check.plane")
        if not plane.spec.air:
            raise AirRulesError("ask.air_check.plane", f"{plane.id} is not an airplane")
        if not_counting and AirAction.GROUND_INTERDICTION not in self.model(plane).actions:
            raise AirRulesError(
                "ask.air_check.not_counting",
                f"a {self.model(plane).name} has no Ground Interdiction (Me 109, P40, Spitfire, "
                "Yak-7): every adjacent enemy unit adds to its air check")
        board = position.board
        base = self.hex_air_check_value(position, plane.hex)
        explain = [f"{board.name(plane.hex)} air-check value: {base}"]
        dice = base
        adjacent = enemy_units_adjacent(position, plane.hex, plane.side)
        for u in adjacent:
            if u.id in not_counting:
                explain.append(f"the {u.type} on {board.name(u.hex)} is interdicted: no die")
                continue
            add = (AIR_CHECK_DICE_PER_ADJACENT_AIRPLANE if u.spec.air
                   else AIR_CHECK_DICE_PER_ADJACENT_UNIT)
            dice += add
            explain.append(f"adjacent enemy {u.type} on {board.name(u.hex)}: +{add}")
        rolled_by = plane.side.other if adjacent else plane.side
        return AirCheck(plane.id, plane.side, dice, rolled_by, bool(adjacent), tuple(explain))


@dataclass(frozen=True, slots=True)
class AirCheck:
    plane: str
    side: Side
    dice: int
    rolled_by: Side
    enemy_adjacent: bool
    explain: tuple[str, ...] = ()

    def result(self, faces: Sequence[str]) -> AirCheckResult:
        """Lost on any grenade; the opponent's medal only with one of his units adjacent."""
        faces = validate_faces(faces)
        if len(faces) != self.dice:
            raise AirRulesError("dice", f"{len(faces)} dice given where {self.dice} are due")
        lost = "grenade" in faces
        medal_to = self.side.other if (lost and self.enemy_adjacent) else None
        return AirCheckResult(lost, medal_to)


@dataclass(frozen=True, slots=True)
class AirCheckResult:
    lost: bool
    medal_to: Side | None


# --- special actions (p.6-7) -----------------------------------------------------------------

def may_do(rules: AirPackRules, plane: Unit, action: AirAction) -> Check:
    """Whether this airplane's model may do ``action``; grounded planes only take off."""
    model = rules.model(plane)
    if action not in model.actions:
        return Check.no(f"a {model.name} cannot do {action.value}")
    if not plane.airborne and action is not AirAction.TAKE_OFF_LAND:
        return Check.no("an airplane on the ground can only take off")
    return Check.yes(f"{action.value}: {ACTION_PHASES[action].value} phase")


def may_add_action(done: frozenset[AirAction], action: AirAction) -> Check:
    """One special action per turn (take-off/land is free); an airplane that strafed on its
    turn gives no ground interdiction on the opponent's turn."""
    if action is AirAction.TAKE_OFF_LAND:
        return Check.yes("take-off/land is a free action")
    spent = done - {AirAction.TAKE_OFF_LAND}
    if spent:
        first = ", ".join(sorted(a.value for a in spent))
        return Check.no(f"the airplane already did {first}: one special action per turn")
    return Check.yes(f"{action.value}")


def action_phase(action: AirAction) -> ActionPhase:
    return ACTION_PHASES[action]


@dataclass(frozen=True, slots=True)
class StrafeCheck:
    allowed: bool
    reason: str | None
    targets: tuple[str, ...] = ()
    dice: int = 0
    explain: tuple[str, ...] = ()


def strafe_check(rules: AirPackRules, position: Position, plane_id: str,
                 hexes: Sequence[Hex]) -> StrafeCheck:
    """Strafing: 1 die against each enemy unit on up to 3 contiguous hexes next to the plane."""
    plane = get_unit(position, plane_id, "ask.strafe.plane")
    ok = may_do(rules, plane, AirAction.STRAFING)
    if not ok.allowed:
        return StrafeCheck(False, ok.reason)
    board = position.board
    if not 1 <= len(hexes) <= STRAFE_MAX_HEXES:
        return StrafeCheck(False, f"strafing covers 1 to {STRAFE_MAX_HEXES} hexes")
    if len(set(hexes)) != len(hexes):
        return StrafeCheck(False, "each strafed hex may be named once")
    for h in hexes:
        if distance(h, plane.hex) != 1:
            return StrafeCheck(False, f"{board.name(h)} is not next to the airplane")
    if not is_chain(list(hexes)):
        return StrafeCheck(False, "the strafed hexes must be contiguous")
    targets: list[str] = []
    explain: list[str] = []
    for h in hexes:
        u = position.unit_at(h)
        if u is None or u.side is plane.side:
            explain.append(f"{board.name(h)}: no enemy unit, no die")
        elif u.spec.air and u.airborne:
            explain.append(f"{board.name(h)}: a flying airplane is never attacked, no die")
        elif (hidden := air_targeting_problem(u)) is not None:
            explain.append(f"{board.name(h)}: {hidden}, no die")
        else:
            targets.append(u.id)
            explain.append(f"{board.name(h)}: {u.id}, 1 die, terrain ignored")
    if not targets:
        return StrafeCheck(False, "no enemy unit on the strafed hexes", (), 0, tuple(explain))
    return StrafeCheck(True, None, tuple(targets), STRAFE_DICE_PER_UNIT * len(targets),
                       tuple(explain))


def strafe_result(position: Position, check: StrafeCheck,
                  dice: Sequence[Sequence[str]]) -> list[TargetResult]:
    """Strafing dice, one list per target: symbols, grenades and stars hit; flags stick."""
    if len(dice) != len(check.targets):
        raise AirRulesError("dice", f"one list of faces per strafed unit: {len(check.targets)} "
                            f"lists are due, {len(dice)} given")
    out = []
    for i, (uid, faces) in enumerate(zip(check.targets, dice, strict=True)):
        faces = validate_faces(faces, f"dice[{i}]")
        if len(faces) != STRAFE_DICE_PER_UNIT:
            raise AirRulesError(f"dice[{i}]", f"strafing rolls {STRAFE_DICE_PER_UNIT} die "
                                "per unit")
        out.append(attack_unit(position, position.units[uid], faces, STRAFE_MODIFIERS))
    return out


def ground_support_applies(rules: AirPackRules, position: Position, plane_id: str,
                           target_id: str, close_assault: bool) -> bool:
    """Ground support: enemy units next to the airplane lose terrain protection against
    close assaults by ground troops this turn."""
    plane = position.units[plane_id]
    target = position.units[target_id]
    return (close_assault and may_do(rules, plane, AirAction.GROUND_SUPPORT).allowed
            and target.side is not plane.side and distance(plane.hex, target.hex) == 1)


@dataclass(frozen=True, slots=True)
class KamikazeResult:
    target: TargetResult
    airplane_removed: bool
    medal_to_defender: bool  # only when at least one grenade was rolled


def kamikaze_check(rules: AirPackRules, position: Position, plane_id: str,
                   target_id: str) -> Check:
    plane = get_unit(position, plane_id, "ask.kamikaze.plane")
    target = get_unit(position, target_id, "ask.kamikaze.target")
    ok = may_do(rules, plane, AirAction.KAMIKAZE)
    if not ok.allowed:
        return ok
    if target.side is plane.side:
        return Check.no(f"{target.id} is not an enemy unit")
    if target.spec.air:
        return Check.no("kamikaze dives on a ground or ship unit, not an airplane")
    if distance(plane.hex, target.hex) != 1:
        return Check.no(f"{target.id} is not next to the airplane")
    hidden = air_targeting_problem(target)
    if hidden is not None:
        return Check.no(hidden)
    return Check.yes(f"{KAMIKAZE_DICE} dice, terrain ignored; any hit removes the whole unit")


def kamikaze_result(position: Position, plane_id: str, target_id: str,
                    faces: Sequence[str]) -> KamikazeResult:
    faces = validate_faces(faces)
    if len(faces) != KAMIKAZE_DICE:
        raise AirRulesError("dice", f"kamikaze rolls {KAMIKAZE_DICE} dice, {len(faces)} given")
    target = position.units[target_id]
    res = attack_unit(position, target, faces, KAMIKAZE_MODIFIERS, whole_unit=True,
                      flags_retreat=False)
    return KamikazeResult(res, True, "grenade" in faces)


@dataclass(frozen=True, slots=True)
class InterdictionEffect:
    may_move: bool
    must_stop: bool
    may_battle: bool
    adds_to_air_check: bool


def interdiction_effect(started_adjacent: bool, moved_adjacent: bool) -> InterdictionEffect:
    """Ground interdiction on an ordered enemy ground unit (p.7)."""
    if started_adjacent:
        return InterdictionEffect(False, True, True, False)
    if moved_adjacent:
        return InterdictionEffect(True, True, False, True)
    return InterdictionEffect(True, False, True, True)


def recon_draws(rules: AirPackRules, position: Position, plane_id: str) -> int:
    """Command cards drawn (keep one) at the end of the turn: 2 with a Storch on recon next to
    an enemy ground unit, else 1."""
    plane = position.units[plane_id]
    if not may_do(rules, plane, AirAction.RECON).allowed:
        return 1
    ground = [u for u in enemy_units_adjacent(position, plane.hex, plane.side) if not u.spec.air]
    return 2 if ground else 1


def rescue_check(rules: AirPackRules, position: Position, plane_id: str, unit_id: str) -> Check:
    """Rescue: a Storch lifts out an adjacent friendly one-figure infantry unit, no medal."""
    plane = get_unit(position, plane_id, "ask.rescue.plane")
    unit = get_unit(position, unit_id, "ask.rescue.unit")
    ok = may_do(rules, plane, AirAction.RESCUE)
    if not ok.allowed:
        return ok
    if unit.side is not plane.side:
        return Check.no(f"{unit.id} is not a friendly unit")
    if unit.spec.unit_class.value != "infantry" or unit.figures != 1:
        return Check.no("only an infantry unit with a single figure may be rescued")
    if distance(plane.hex, unit.hex) != 1:
        return Check.no(f"{unit.id} is not next to the airplane")
    return Check.yes("both the infantry and the airplane leave the board, no medal")


# --- airplanes on the ground (p.9) -------------------------------------------------------------

def grounded_airplane_destroyed(faces: Sequence[str]) -> bool:
    """A landed airplane (or a stack of Ready-to-Take-off markers) is lost on one grenade."""
    return "grenade" in validate_faces(faces)


READY_MARKERS_MEDALS = 1  # however many markers were stacked on the hex


def may_target_on_carrier() -> bool:
    """Airplanes on an aircraft carrier cannot be targeted; they sink with it (no medal)."""
    return False


# --- landing craft and exit markers (p.11-12) ------------------------------------------------

LANDING_CRAFT_MOVE = 2


def landing_craft_move_check(position: Position, path: Sequence[Hex]) -> Check:
    """Up to 2 hexes over ocean and onto the beach nearest the shore; it is removed on the beach
    or shore hex where it ends and its unit stays there, unable to battle this turn."""
    if not 1 <= len(path) <= LANDING_CRAFT_MOVE:
        return Check.no(f"a landing craft moves 1 to {LANDING_CRAFT_MOVE} hexes")
    for h in path[:-1]:
        if "ocean" not in position.terrain_names(h):
            return Check.no(f"a landing craft only moves over ocean; "
                            f"{position.board.name(h)} is not ocean")
    end = path[-1]
    names = position.terrain_names(end)
    if "ocean" in names:
        return Check.yes("stays afloat")
    return Check.yes("lands: the landing craft is removed, the unit may not battle this turn")


def landing_craft_destinations(position: Position, unit_id: str) -> dict[Hex, tuple[Hex, ...]]:
    """Hexes a unit in a landing craft may end its move on, each with the path to it: up to
    2 hexes (less what it moved already) over empty ocean hexes and onto the first hex past
    the water, where it lands ("They (and the unit they carry) can move up to 2 hexes, on
    Ocean hexes and onto the beach hexes that are the closest to shore")."""
    unit = position.units[unit_id]
    board = position.board
    out: dict[Hex, tuple[Hex, ...]] = {}
    frontier: list[tuple[Hex, ...]] = [()]
    for _ in range(max(0, LANDING_CRAFT_MOVE - unit.moved)):
        nxt: list[tuple[Hex, ...]] = []
        for path in frontier:
            here = path[-1] if path else unit.hex
            if path and "ocean" not in position.terrain_names(here):
                continue  # past the water: the craft has landed
            for n in board.neighbours(here):
                if n == unit.hex or n in path or position.is_occupied(n):
                    continue
                p = (*path, n)
                if landing_craft_move_check(position, p).allowed and n not in out:
                    out[n] = p
                nxt.append(p)
        frontier = nxt
    return out


def exit_interval(position: Position, a: Hex, b: Hex) -> list[Hex]:
    """Edge hexes between two exit markers, both included (they share a board edge)."""
    board = position.board
    if not (board.is_edge(a) and board.is_edge(b)):
        raise AirRulesError("exit", "exit markers stand on edge hexes")
    if a.row == b.row:
        lo, hi = sorted((a.col, b.col))
        return [h for h in board.all_hexes if h.row == a.row and lo <= h.col <= hi]
    if a.col == b.col:
        lo, hi = sorted((a.row, b.row))
        return [h for h in board.all_hexes if board.is_edge(h) and lo <= h.row <= hi
                and abs(h.col - a.col) <= 1]
    raise AirRulesError("exit", "the two exit markers must stand on the same board edge")


# --- ground interdiction (seed 000 p.7) ------------------------------------------------------

@dataclass(frozen=True, slots=True)
class InterdictionMoves:
    """What an airplane's ground interdiction does to one enemy ground unit's move."""

    applies: bool
    reason: str | None
    pinned: bool  # started its turn next to the airplane: it does not move, it may battle
    destinations: Mapping[Hex, bool]  # hex -> may still battle after ending there
    adds_to_air_check: bool  # whether it will add a die to the airplane's next air check


def interdiction_moves(rules: AirPackRules, position: Position, plane_id: str, unit_id: str, *,
                       strafed: bool = False) -> InterdictionMoves:
    """Where ``unit_id`` may move on its turn while ``plane_id`` holds ground interdiction.

    "Any ordered enemy ground unit that starts its turn adjacent to the Airplane cannot move
    this turn, though it may still battle, and will not add to the Airplane's Air Check roll
    ... Any ordered enemy ground unit that moves onto a hex adjacent to the Airplane must stop
    and cannot battle this turn, but adds to the Airplane's Air Check roll as normal." The
    position is the one at the start of the unit's turn. A hex next to the airplane ends the
    move: a destination counts only by a path whose earlier hexes all keep away from it.
    """
    from companion.rules.movement import move_destinations

    plane = get_unit(position, plane_id, "ask.interdiction.plane")
    unit = get_unit(position, unit_id, "ask.interdiction.unit")
    if not plane.spec.air:
        raise AirRulesError("ask.interdiction.plane", f"{plane.id} is not an airplane")
    if unit.spec.air:
        raise AirRulesError("ask.interdiction.unit",
                            f"{unit.id} is an air unit: ground interdiction stops ground units")
    normal = {h: info.can_battle for h, info in move_destinations(position, unit.id).items()}

    def plain(reason: str) -> InterdictionMoves:
        return InterdictionMoves(False, reason, False, MappingProxyType(normal), True)

    ok = may_do(rules, plane, AirAction.GROUND_INTERDICTION)
    if not ok.allowed:
        return plain(ok.reason or "no ground interdiction")
    if strafed:
        return plain("an airplane that strafed on its turn gives no ground interdiction on the "
                     "opponent's turn")
    if unit.side is plane.side:
        return plain(f"{unit.id} is a friendly unit: ground interdiction stops enemy units")
    near = frozenset(position.board.neighbours(plane.hex))
    if unit.hex in near:
        return InterdictionMoves(True, None, True, MappingProxyType({unit.hex: True}), False)

    def reachable(blocked: frozenset[Hex]) -> dict[Hex, bool]:
        # hexes next to the airplane that the path may not pass: stand-ins of the unit's side
        # on the empty ones (units may not move through units)
        trial = position.copy()
        for i, h in enumerate(sorted(blocked, key=lambda x: (x.row, x.col))):
            if trial.unit_at(h) is None:
                trial.add_unit(Unit(f"\0interdiction{i}", unit.side, "infantry", h, 1))
        return {h: info.can_battle for h, info in move_destinations(trial, unit.id).items()}

    out = {h: battles for h, battles in reachable(near).items() if h not in near}
    for h in near:
        if h in normal and h in reachable(near - {h}):
            out[h] = False
    return InterdictionMoves(True, None, False, MappingProxyType(out), True)
