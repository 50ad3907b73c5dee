"""Ground units battling air units: one entry point for the battle engine and the game.

``air_target_check`` answers like ``battle.battle_check`` when the target is an air unit and
returns None otherwise, so a caller can try it first and fall back to the ordinary check:

    check = air_target_check(position, attacker, target) or battle_check(position, attacker, target)

``BattleCheck.hit_faces`` / ``flag_faces`` say what the dice do; ``needs_confirmation`` says
whether the hits must be re-rolled (``FlightPlanRules.confirm``) before the air unit is lost.
"""

from __future__ import annotations

from companion.rules import los
from companion.rules.air.flightplan import FlightPlanRules
from companion.rules.battle import BattleCheck, BattleModifiers, battle_check
from companion.rules.board import distance
from companion.rules.position import Position
from companion.rules.records import replace

GRENADE_ONLY = frozenset({"grenade"})
GRENADE_OR_FLAG = frozenset({"grenade", "flag"})
NO_FLAGS: frozenset[str] = frozenset()


def _refuse(position: Position, attacker_id: str, target_id: str, reason: str) -> BattleCheck:
    """A battle against an air unit the air rules forbid. Like every refused battle it says what
    the attacker sees (docs/rules-referee.md, ``battle``): an adjacent target, or any target of a
    unit that needs no line of sight, is seen; otherwise the line from hex to hex, as the
    ``line_of_sight`` ask draws it (an airborne airplane on the way never blocks it)."""
    a, t = position.units[attacker_id], position.units[target_id]
    d = distance(a.hex, t.hex)
    seen = d <= 1 or not a.spec.needs_los or bool(los.line_of_sight(position, a.hex, t.hex))
    return BattleCheck(False, reason, d, seen, d == 1, 0, (reason,))


def air_target_check(position: Position, attacker_id: str, target_id: str,
                     modifiers: BattleModifiers | None = None) -> BattleCheck | None:
    """The battle check of a ground unit against an air unit (None: the target is not one)."""
    target = position.units[target_id]
    attacker = position.units[attacker_id]
    if not target.spec.air:
        return None
    if attacker.spec.air:
        return _refuse(position, attacker_id, target_id,
                       "air units do not battle air units this way (dogfight, New Flight Plan)")
    on_carrier = "aircraft_carrier" in position.terrain_names(target.hex)
    if on_carrier and not target.airborne:
        return _refuse(position, attacker_id, target_id,
                       f"{target_id} is on an aircraft carrier: attack the carrier instead")
    if target.spec.air_rules == FlightPlanRules.name:
        # "Air units cannot be targeted by Nation Command Rules" (seed 001): the attacker
        # fights an air unit, flying or landed, by its type's rules alone
        position = without_nation_rules(position, attacker_id)
        if target.airborne:
            g2a = FlightPlanRules().ground_to_air_check(position, attacker_id, target_id)
            d = distance(attacker.hex, target.hex)
            dice, explain = g2a.dice, g2a.explain or ((g2a.reason or ""),)
            if g2a.allowed and modifiers is not None and modifiers.extra_dice:
                # a card's extra die (Firefight for artillery two hexes away, Armor Assault,
                # Close Assault) comes on top of the ground-to-air dice
                dice = max(0, dice + modifiers.extra_dice)
                explain = (*modifiers.explain, *explain, f"{modifiers.extra_dice:+d} dice")
            return BattleCheck(g2a.allowed, g2a.reason, d, True, d == 1, dice,
                               explain, GRENADE_ONLY, NO_FLAGS)
        # New Flight Plan: a landed air unit is attacked like a ground unit; a grenade or a
        # flag destroys it.
        ordinary = battle_check(position, attacker_id, target_id, modifiers)
        return replace(ordinary, hit_faces=GRENADE_OR_FLAG, flag_faces=NO_FLAGS,
                       explain=(*ordinary.explain, "landed air unit: a grenade or flag destroys it"))
    # Air Pack: an airplane in flight is never attacked; on the ground one grenade destroys it.
    if target.airborne:
        return _refuse(position, attacker_id, target_id,
                       f"{target_id} is flying: an airborne airplane is never attacked directly")
    ordinary = battle_check(position, attacker_id, target_id, modifiers)
    return replace(ordinary, hit_faces=GRENADE_ONLY, flag_faces=NO_FLAGS,
                   explain=(*ordinary.explain, "airplane on the ground: one grenade destroys it"))


def without_nation_rules(position: Position, unit_id: str) -> Position:
    """The position with ``unit_id`` battling without its nation's own rules (Banzai's move and
    battle, Yamato Damashii's close-assault die...): seed 001, Nation Command Rules, "Air units
    cannot be targeted by Nation Command Rules". The same position when the unit has none."""
    if position.units[unit_id].nation is None:
        return position
    out = position.copy()
    out.units[unit_id].nation = None
    return out


def needs_confirmation(position: Position, target_id: str) -> bool:
    """Hits on a flying New Flight Plan air unit must be confirmed by a re-roll."""
    target = position.units[target_id]
    return (target.spec.air and target.airborne
            and target.spec.air_rules == FlightPlanRules.name)
