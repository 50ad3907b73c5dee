"""New Flight Plan (2019) air rules: deploying, moving, attack runs, strategic bombing,
dogfights, ground-to-air combat, confirmation rolls, landing, resupply and withdrawing.

``FlightPlanRules`` is the New Flight Plan variant of ``FlightRules`` (its hooks: the start hex
counts as visited, enemy air units block the path, carriers for fighters and fighter-bombers).
Per-game numbers (aircraft profiles, Air Combat card effects) come from ``FlightPlanSettings``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType

from companion.rules.air.air_combat_cards import AIR_COMBAT_CARDS, AirCombatCard
from companion.rules.air.aircraft import AIRCRAFT_PROFILES, AircraftProfile, Ammo
from companion.rules.air.common import (
    AirRulesError,
    Check,
    FlightRules,
    TargetResult,
    attack_unit,
    get_unit,
    is_chain,
    unit_symbol,
    validate_faces,
)
from companion.rules.battle import BattleModifiers, adjacent_enemies
from companion.rules.board import Hex, Section, Side, distance
from companion.rules.camouflage import air_targeting_problem
from companion.rules.position import Position, Unit
from companion.rules.records import dataclass, field
from companion.rules.units import UnitClass

MAX_RUN_MARKERS = 3  # seed 001: an attack run targets at most 3 enemy hexes
STRATEGIC_BOMBING_DICE = 1
THEIR_FINEST_HOUR_EXTRA_DICE_PER_MARKER = 1
CLOSE_ASSAULT_EXTRA_DIE = 1


@dataclass(frozen=True, slots=True)
class GroundToAir:
    """How a kind of ground unit battles a flying air unit (New Flight Plan, ground to air)."""

    max_range: int
    dice: int
    source: str


_G2A = "New Flight Plan rulebook (2019), seed 001: Ground to Air Combat"

GROUND_TO_AIR_BY_CLASS: Mapping[UnitClass, GroundToAir] = MappingProxyType({
    UnitClass.INFANTRY: GroundToAir(1, 3, _G2A + " (adjacent, regular 3 dice)"),
    UnitClass.ARMOR: GroundToAir(1, 3, _G2A + " (adjacent, regular 3 dice)"),
    UnitClass.ARTILLERY: GroundToAir(2, 4, _G2A + " (1 or 2 hexes, 1 extra die: 4)"),
})
# unit types with their own row (destroyers: as artillery, when a ship type exists)
GROUND_TO_AIR_BY_TYPE: Mapping[str, GroundToAir] = MappingProxyType({
    "destroyer": GroundToAir(2, 4, _G2A + " (destroyers as artillery)"),
})


class OrderKind(StrEnum):
    SECTION = "section"  # a Section card: may deploy
    TACTIC = "tactic"  # a Tactic card: may never deploy
    MOVE_ONLY = "move_only"  # Breakthrough "On the Move": move, no battle, no deploy


# Command-card changes under New Flight Plan (seed 001 p.IV), as data.
COMMAND_CARD_CHANGES: Mapping[str, str] = MappingProxyType({
    "Recon 1": "also draw 1 Air Combat card at the end of the turn",
    "Close Assault": "a ground unit may battle an adjacent air unit with 1 extra die; "
                     "never usable by an air unit against a ground unit",
    "Ambush": "a ground unit may ambush an air unit when it places an ammo marker on it "
              "(resolved at once; the run goes on if the air unit survives); air units "
              "may not ambush",
    "Their Finest Hour": "a star orders an air unit already on the board (never deploys one); "
                         "it rolls 1 extra die per marker; both decks are reshuffled and each "
                         "side draws 1 Air Combat card",
    "Barrage": "targets ground units only: no effect on flying air units",
})

# Air Combat cards drawn at the end of the turn because of the Command card played.
AIR_COMBAT_DRAWS: Mapping[str, tuple[int, int]] = MappingProxyType({
    # (cards for the player, cards for the opponent)
    "Recon 1": (1, 0),
    "Their Finest Hour": (1, 1),
})

# Compatibility with other expansions (seed 001 p.V), as data.
COMPATIBILITY: Mapping[str, str] = MappingProxyType({
    "night": "Pacific night battles: no air unit may be deployed before full daylight",
    "breakthrough": "remove Air Power and Air Sortie from the Breakthrough deck",
    "on_the_move": "an air unit already on the board may move on a move-only order but not "
                   "battle (no markers, no dogfight); a move-only order never deploys",
    "d_day": "remove Air Power and Air Sortie; at most 1 air unit per side on each map",
    "overlord": "the Commander in Chief holds the Air Combat cards and hands one with a "
                "Command card to a Field General to deploy; the Field General of the section "
                "orders the air unit",
    "other_combat_decks": "Air Combat cards mix with any other combat deck; Recon 1 draws one "
                          "card from each deck; non-Air Combat cards never affect air units",
    "anti_tank": "air units are not vehicles: stars of anti-tank units do not hit them",
})
MAX_AIR_UNITS_PER_SIDE_PER_MAP = 1


@dataclass(frozen=True, slots=True)
class FlightPlanSettings:
    """Per-game numbers the public sources do not give (see docs/rules-sources.md)."""

    profiles: Mapping[str, AircraftProfile] = field(default_factory=lambda: AIRCRAFT_PROFILES)
    cards: Mapping[str, AirCombatCard] = field(default_factory=lambda: AIR_COMBAT_CARDS)


@dataclass(frozen=True, slots=True)
class Marker:
    hex: Hex
    ammo: str


@dataclass(frozen=True, slots=True)
class RunCheck:
    """An attack run checked before the roll: dice per marker and the target of each."""

    allowed: bool
    reason: str | None
    markers: tuple[Marker, ...] = ()
    targets: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()
    modifiers: tuple[BattleModifiers, ...] = ()
    ammo_left: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    explain: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AirDice:
    """Dice for a dogfight or a ground-to-air battle (grenades are possible hits)."""

    allowed: bool
    reason: str | None
    dice: int = 0
    explain: tuple[str, ...] = ()
    landed_target: bool = False  # the target is on the ground: any grenade or flag destroys it


@dataclass(frozen=True, slots=True)
class Confirmation:
    """The confirmation re-roll of hits on a flying air unit."""

    shot_down: bool
    retires: bool
    medal_to: Side | None
    air_combat_card_to: Side | None  # the reward card
    banned_type: str | None  # the type its owner may no longer deploy
    ammo_returned: bool


class FlightPlanRules(FlightRules):
    """The New Flight Plan variant."""

    name = "flight-plan"
    start_counts_as_visited = True  # "not onto the same hex twice, including the start"
    may_pass_enemy_air = False

    def __init__(self, settings: FlightPlanSettings | None = None) -> None:
        self.settings = settings or FlightPlanSettings()

    # --- data ----------------------------------------------------------------------------
    def profile(self, unit_or_type: Unit | str) -> AircraftProfile:
        kind = unit_or_type if isinstance(unit_or_type, str) else unit_or_type.type
        if kind not in self.settings.profiles:
            allowed = ", ".join(sorted(self.settings.profiles))
            raise AirRulesError("type", f"{kind!r} is not an air unit type; allowed: {allowed}")
        return self.settings.profiles[kind]

    def card(self, title: str | None) -> AirCombatCard | None:
        if title is None:
            return None
        if title not in self.settings.cards:
            allowed = ", ".join(sorted(self.settings.cards))
            raise AirRulesError("card", f"unknown Air Combat card {title!r}; known: {allowed}")
        return self.settings.cards[title]

    def full_ammo(self, air_type: str) -> dict[str, int]:
        return dict(self.profile(air_type).ammo)

    def ammo_of(self, unit: Unit) -> dict[str, int]:
        """The unit's ammo; a unit given without ammo carries a full load."""
        full = self.full_ammo(unit.type)
        if not unit.ammo:
            return full
        return {k: unit.ammo.get(k, 0) for k in full}

    # --- movement hooks ----------------------------------------------------------------------
    def may_land_on_carrier(self, unit: Unit) -> bool:
        return self.profile(unit).carrier

    # --- deploying (seed 001 p.III) ------------------------------------------------------------
    def deploy_hexes(self, position: Position, side: Side, section: Section) -> frozenset[Hex]:
        """Any hex of the Section card's section, occupied by a ground unit or not, any
        terrain; never a hex holding an enemy air unit (the first hex counts as a hex of
        movement, and "an air unit may not move through a hex with an enemy air unit")."""
        board = position.board
        return frozenset(h for h in board.all_hexes if section in board.sections(h, side)
                         and not _enemy_air_at(position, h, side))

    def deploy_check(self, position: Position, side: Side, air_type: str, *,
                     order: OrderKind, withdrew_this_turn: bool = False,
                     banned_types: frozenset[str] = frozenset(),
                     full_daylight: bool = True) -> Check:
        """May ``side`` deploy an air unit of ``air_type`` this turn?"""
        self.profile(air_type)
        if order is OrderKind.TACTIC:
            return Check.no("an air unit is deployed with a Section card, never a Tactic card")
        if order is OrderKind.MOVE_ONLY:
            return Check.no("a move-only order may not deploy an air unit")
        if any(u.side is side and u.spec.air for u in position.units.values()):
            return Check.no(f"{side} already has an air unit on the battlefield")
        if withdrew_this_turn:
            return Check.no("an air unit withdrawn at the start of this turn may not be "
                            "followed by a deployment in the same turn")
        if air_type in banned_types:
            return Check.no(f"{side} lost a {air_type} shot down or destroyed and may no longer "
                            "deploy that type")
        if not full_daylight:
            return Check.no("no air unit may be deployed before full daylight (night rules)")
        return Check.yes("one order of the Section card deploys the air unit, with an Air "
                         "Combat card; its first hex is in the card's section")

    def special_action(self, card_title: str | None, air_type: str) -> tuple[AirCombatCard | None, str]:
        """The card whose special action this air unit may use (None: standard run), and why."""
        card = self.card(card_title)
        if card is None:
            return None, "standard attack run"
        if not card.special_action_allowed(air_type):
            return None, (f"{card.title} is for {card.restriction or 'no type'}; its special "
                          f"action is ignored and the {air_type} makes a standard attack run")
        if card.run is None:
            return None, (f"{card.title}: its printed effect is not in the rules data; "
                          "resolved as a standard attack run")
        return card, f"{card.title}: special attack run"

    # --- attack runs ---------------------------------------------------------------------------
    def marker_modifiers(self, target: Unit, ammo: str, card: AirCombatCard | None,
                         their_finest_hour: bool) -> tuple[int, BattleModifiers]:
        """Dice and scoring for one ammo marker on ``target``."""
        hits: set[str] = set()
        symbol = unit_symbol(target.spec)
        if symbol is not None:
            hits.add(symbol)
        if ammo == Ammo.BOMB:
            hits.add("grenade")
        dice = 1
        flags_ok = True
        explain = [f"{ammo.replace('_', ' ')}: hits on "
                   f"{', '.join(sorted(hits)) if hits else 'nothing (no unit symbol)'}"]
        if card is not None and card.run is not None:
            dice = card.run.dice_per_marker.get(ammo, dice)
            extra = card.run.extra_hit_faces.get(ammo, frozenset())
            hits |= extra
            flags_ok = card.run.flags_ignorable
            if extra:
                explain.append(f"{card.title}: {', '.join(sorted(extra))} also hit")
        if their_finest_hour:
            dice += THEIR_FINEST_HOUR_EXTRA_DICE_PER_MARKER
            explain.append("Their Finest Hour: +1 die")
        mods = BattleModifiers(hits_on=frozenset(hits), ignore_terrain_protection=True,
                               flags_ignorable=flags_ok, take_ground_allowed=False,
                               explain=tuple(explain))
        return dice, mods

    def run_check(self, position: Position, plane_id: str, markers: Sequence[Marker], *,
                  path: Sequence[Hex] | None = None, deploying: bool = False,
                  card: str | None = None, their_finest_hour: bool = False,
                  move_only: bool = False) -> RunCheck:
        """Check an attack run: up to 3 markers on contiguous enemy hexes flown over, in order.

        With ``path`` (the hexes moved onto; with ``deploying`` its first hex is the start), the
        markers must be consecutive hexes of that path; without it, the plane is taken to be at
        the end of its move and the run must fit in its movement.
        """
        plane = get_unit(position, plane_id, "ask.attack_run.plane")
        board = position.board
        if not plane.spec.air:
            return RunCheck(False, f"{plane.id} is not an air unit")
        profile = self.profile(plane)
        if move_only:
            return RunCheck(False, "an air unit ordered to move only may not place markers")
        if not 1 <= len(markers) <= MAX_RUN_MARKERS:
            return RunCheck(False, f"an attack run places 1 to {MAX_RUN_MARKERS} markers")
        hexes = [m.hex for m in markers]
        if len(set(hexes)) != len(hexes):
            return RunCheck(False, "a single ammo marker is placed on each hex")
        if not is_chain(hexes):
            return RunCheck(False, "marker hexes must be adjacent and contiguous, with no hex "
                            "skipped")
        if path is not None:
            flown = list(path)
            if hexes[0] not in flown:
                return RunCheck(False, f"the air unit does not fly over {board.name(hexes[0])}")
            i = flown.index(hexes[0])
            if flown[i:i + len(hexes)] != hexes:
                return RunCheck(False, "markers go on consecutive hexes of the air unit's path")
            check = self.check_flight(position, plane, path, entering=deploying)
            if not check.allowed:
                return RunCheck(False, check.reason)
        else:
            need = len(hexes) + distance(plane.hex, hexes[-1])
            if need > profile.move:
                return RunCheck(False, f"the run and the way back to {board.name(plane.hex)} "
                                f"take {need} hexes; an air unit moves at most {profile.move}")
        chosen, why = self.special_action(card, plane.type)
        explain = [why]
        ammo = self.ammo_of(plane)
        targets: list[str] = []
        dice: list[int] = []
        mods: list[BattleModifiers] = []
        for i, m in enumerate(markers):
            if m.ammo not in ammo:
                raise AirRulesError(f"ask.attack_run.markers.{i}.ammo",
                                    f"unknown ammo {m.ammo!r}; allowed: machine_gun, bomb")
            if ammo[m.ammo] <= 0:
                return RunCheck(False, f"the {plane.type} has no {m.ammo.replace('_', ' ')} "
                                "ammo left for this marker")
            ammo[m.ammo] -= 1
            u = position.unit_at(m.hex)
            if u is None or u.side is plane.side or u.spec.air:
                return RunCheck(False, f"{board.name(m.hex)} holds no enemy ground unit; markers "
                                "target enemy ground units")
            hidden = air_targeting_problem(u)
            if hidden is not None:
                return RunCheck(False, f"{board.name(m.hex)}: {hidden}")
            n, mod = self.marker_modifiers(u, m.ammo, chosen, their_finest_hour)
            targets.append(u.id)
            dice.append(n)
            mods.append(mod)
            explain.append(f"marker {i + 1} on {board.name(m.hex)} ({u.id}): {n} "
                           f"{'die' if n == 1 else 'dice'}, terrain ignored; " + "; ".join(mod.explain))
        return RunCheck(True, None, tuple(markers), tuple(targets), tuple(dice), tuple(mods),
                        MappingProxyType(ammo), tuple(explain))

    def run_result(self, position: Position, check: RunCheck, dice: Sequence[Sequence[str]],
                   gone: frozenset[str] = frozenset()) -> list[TargetResult]:
        """Resolve the markers in run order. A marker whose target left or was eliminated
        (``gone``) before the run is dropped; its dice are ignored."""
        if not check.allowed:
            raise AirRulesError("ask.attack_run", check.reason or "the run is not allowed")
        if len(dice) != len(check.markers):
            raise AirRulesError("dice", f"one list of faces per marker: {len(check.markers)} "
                                f"lists are due, {len(dice)} given")
        out: list[TargetResult] = []
        for i, (uid, n, mod, faces) in enumerate(
                zip(check.targets, check.dice, check.modifiers, dice, strict=True)):
            unit = position.units.get(uid)
            if uid in gone or unit is None or unit.hex != check.markers[i].hex:
                out.append(TargetResult(uid, 0, 0, False, 0, dropped=True))
                continue
            rolled = validate_faces(faces, f"dice.{i}")
            if len(rolled) != n:
                raise AirRulesError(f"dice.{i}", f"{len(rolled)} dice given where {n} are due "
                                    f"for marker {i + 1}")
            out.append(attack_unit(position, unit, rolled, mod))
        return out

    # --- strategic bombing ---------------------------------------------------------------------
    def strategic_bombing_check(self, position: Position, plane_id: str, *,
                                objective: bool = True, majority_objective: bool = False,
                                claimed_by_opponent_bombing: bool = False) -> Check:
        """A bomber or fighter-bomber ending on an unoccupied objective hex may bomb it."""
        plane = get_unit(position, plane_id, "ask.strategic_bombing.plane")
        if not plane.spec.air:
            return Check.no(f"{plane.id} is not an air unit")
        profile = self.profile(plane)
        if not profile.strategic_bombing:
            return Check.no(f"a {plane.type} may not bomb an objective")
        if not objective:
            return Check.no("the air unit is not on an objective hex")
        if majority_objective:
            return Check.no("majority medal objectives cannot be claimed by strategic bombing")
        if claimed_by_opponent_bombing:
            return Check.no("an objective claimed by the opponent's bombing cannot be bombed back")
        if self.ammo_of(plane).get(Ammo.BOMB, 0) <= 0:
            return Check.no("no bomb ammo left")
        return Check.yes(f"{STRATEGIC_BOMBING_DICE} die after the attack run and dogfight; a "
                         "grenade claims the medal; Air Combat cards do not apply")

    @staticmethod
    def strategic_bombing_claims(faces: Sequence[str]) -> bool:
        rolled = validate_faces(faces)
        if len(rolled) != STRATEGIC_BOMBING_DICE:
            raise AirRulesError("dice", f"strategic bombing rolls {STRATEGIC_BOMBING_DICE} die")
        return "grenade" in rolled

    # --- dogfights -----------------------------------------------------------------------------
    def dogfight_check(self, position: Position, plane_id: str, target_id: str, *,
                       landed: bool = False, move_only: bool = False) -> AirDice:
        plane = get_unit(position, plane_id, "ask.dogfight.plane")
        target = get_unit(position, target_id, "ask.dogfight.target")
        if not plane.spec.air:
            return AirDice(False, f"{plane.id} is not an air unit")
        if not target.spec.air or target.side is plane.side:
            return AirDice(False, f"{target.id} is not an enemy air unit")
        if move_only:
            return AirDice(False, "an air unit ordered to move only may not dogfight")
        if landed or not plane.airborne:
            return AirDice(False, "an air unit that lands may not dogfight")
        if not target.airborne:
            return AirDice(False, f"{target.id} is on the ground: attack it as a ground unit")
        if distance(plane.hex, target.hex) != 1:
            return AirDice(False, f"{target.id} is not next to {plane.id}")
        n = self.profile(plane).dogfight_dice
        return AirDice(True, None, n, (f"{plane.type} dogfight value: {n} dice; each grenade "
                                       "is a possible hit to confirm",))

    # --- ground to air -------------------------------------------------------------------------
    def ground_to_air_check(self, position: Position, attacker_id: str, target_id: str, *,
                            close_assault_card: bool = False) -> AirDice:
        attacker = get_unit(position, attacker_id, "ask.ground_to_air.attacker")
        target = get_unit(position, target_id, "ask.ground_to_air.target")
        if attacker.spec.air:
            return AirDice(False, "an air unit battles air units by dogfight")
        if not target.spec.air or target.side is attacker.side:
            return AirDice(False, f"{target.id} is not an enemy air unit")
        rule = GROUND_TO_AIR_BY_TYPE.get(attacker.type) or GROUND_TO_AIR_BY_CLASS.get(
            attacker.spec.unit_class)
        if rule is None:
            return AirDice(False, f"a {attacker.type} cannot battle air units")
        # "Air units cannot be targeted by Nation Command Rules ... Japanese Infantry units cannot
        # use their Seishin Kyoiku Doctrine or Banzai War Cry to charge an air unit" (seed 001):
        # the type's own reach, not the nation's
        reach = attacker.spec.move_and_battle
        if attacker.nation is not None:
            plain = attacker.copy()
            plain.nation = None
            reach = plain.spec.move_and_battle
        if attacker.moved > reach:
            return AirDice(False, f"{attacker.id} moved {attacker.moved} hexes and may not battle "
                           "an air unit (no nation rule helps against one)")
        d = distance(attacker.hex, target.hex)
        # Banzai: Japanese infantry that moved 2 still battles an adjacent unit (close assault)
        banzai = attacker.spec.close_assault_after_move
        if attacker.moved > attacker.spec.move_and_battle and not (
                banzai and d == 1 and attacker.moved <= banzai):
            return AirDice(False, f"{attacker.id} moved {attacker.moved} hexes and may not battle")
        if not target.airborne:
            return AirDice(False, f"{target.id} is landed: battle it as a ground unit (any "
                           "grenade or flag destroys it)", landed_target=True)
        if d > rule.max_range:
            span = "adjacent" if rule.max_range == 1 else f"at most {rule.max_range} hexes away"
            return AirDice(False, f"a {attacker.type} battles a flying air unit only {span}")
        if d > 1:
            pinned = [u.id for u in adjacent_enemies(position, attacker)]
            if pinned:
                return AirDice(False, f"{attacker.id} is adjacent to {', '.join(sorted(pinned))}: "
                               "it must close-assault an adjacent enemy if it battles")
        n = rule.dice
        explain = [f"{attacker.type} against a flying air unit at {d}: {n} dice, no terrain "
                   "protection, no line of sight needed"]
        if close_assault_card:
            if d != 1:
                return AirDice(False, "Close Assault targets an adjacent air unit")
            n += CLOSE_ASSAULT_EXTRA_DIE
            explain.append("Close Assault: +1 die")
        return AirDice(True, None, n, tuple(explain))

    @staticmethod
    def possible_hits(faces: Sequence[str]) -> int:
        """Grenades: each one is a possible hit on a flying air unit (to be confirmed)."""
        return sum(1 for f in validate_faces(faces) if f == "grenade")

    @staticmethod
    def landed_destroyed(faces: Sequence[str]) -> bool:
        """A landed air unit is destroyed by any grenade or flag, with no confirmation."""
        return any(f in ("grenade", "flag") for f in validate_faces(faces))

    # --- downing --------------------------------------------------------------------------------
    def confirm(self, position: Position, target_id: str, faces: Sequence[str]) -> Confirmation:
        """Re-roll the dice that hit a flying air unit: a grenade shoots it down (medal, an Air
        Combat card, the type banned); else a flag makes it retire (ammo returned)."""
        target = get_unit(position, target_id, "ask.confirm.target")
        if not target.spec.air:
            raise AirRulesError("ask.confirm.target", f"{target.id} is not an air unit")
        if not target.airborne:
            raise AirRulesError("ask.confirm.target", f"{target.id} is landed: it is destroyed "
                                "by any grenade or flag, without a confirmation roll")
        rolled = validate_faces(faces)
        if not rolled:
            raise AirRulesError("dice", "give the re-rolled dice: one per hit scored")
        shot = "grenade" in rolled
        retires = not shot and "flag" in rolled
        winner = target.side.other
        return Confirmation(shot, retires, winner if shot else None, winner if shot else None,
                            target.type if shot else None, shot or retires)

    # --- withdrawing and resupply ----------------------------------------------------------------
    def must_withdraw(self, unit: Unit) -> bool:
        """An air unit out of ammo must withdraw at the start of its player's turn."""
        return sum(self.ammo_of(unit).values()) == 0

    @staticmethod
    def withdraw_check(start_of_turn: bool, command_card_played: bool) -> Check:
        if not start_of_turn or command_card_played:
            return Check.no("an air unit withdraws at the start of the turn, before a Command "
                            "card is played")
        return Check.yes("no medal; unused ammo goes back to the pool")

    def resupply(self, unit: Unit, landed_at_turn_start: bool) -> dict[str, int]:
        """At the start of its player's next turn a landed air unit gets full ammo again."""
        if landed_at_turn_start and not unit.airborne:
            return self.full_ammo(unit.type)
        return self.ammo_of(unit)

    @staticmethod
    def spend_ammo(unit: Unit, check: RunCheck) -> None:
        """Record the ammo markers of a checked run on the unit (its tracked state)."""
        if not check.allowed:
            raise AirRulesError("ask.attack_run", check.reason or "the run is not allowed")
        unit.ammo = dict(check.ammo_left)

    # --- command cards ---------------------------------------------------------------------------
    @staticmethod
    def close_assault_card_allowed(attacker: Unit, target: Unit) -> bool:
        """Close Assault: a ground unit on an adjacent air unit, never an air unit on the ground."""
        return not attacker.spec.air and target.spec.air and distance(attacker.hex, target.hex) == 1

    @staticmethod
    def ambush_allowed(ambusher: Unit, attacker: Unit) -> bool:
        """Ambush: a ground unit may ambush an air unit placing a marker on it; air units never
        ambush."""
        return not ambusher.spec.air

    @staticmethod
    def barrage_may_target(target: Unit) -> bool:
        """Barrage targets ground units only: no effect on flying air units."""
        return not (target.spec.air and target.airborne)

    @staticmethod
    def their_finest_hour_may_order(unit: Unit, on_board: bool) -> bool:
        """A star of Their Finest Hour orders an air unit already on the board, never deploys."""
        return unit.spec.air and on_board

    # --- special cases ----------------------------------------------------------------------------
    @staticmethod
    def nation_rules_may_target(target: Unit) -> bool:
        """Nation command rules never target air units."""
        return not target.spec.air

    @staticmethod
    def star_hits_air(attacker_star_hits: bool) -> bool:
        """Anti-tank stars never hit air units (air units are not vehicles)."""
        return False

    @staticmethod
    def may_take_ground_after_run() -> bool:
        return False


def _enemy_air_at(position: Position, h: Hex, side: Side) -> bool:
    other = position.unit_at(h)
    return other is not None and other.spec.air and other.side is not side
