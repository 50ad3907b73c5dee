"""Healing on terrain: hospitals (Pacific Theater, terrain card 55) and oases under the Oasis
Recovery rule (Mediterranean Theater, Actions 10).

A unit of the terrain's ``heal_classes`` standing on it, that has lost figures, has not moved
this turn and has no enemy unit adjacent may, when ordered, roll instead of moving and
battling: ``heal_dice`` dice (a hospital: 6), or one die per command card held, the one played
included (an oasis, as Medics & Mechanics). Each star, and each infantry symbol for an infantry
unit, returns one figure, never above the unit's starting strength; a unit that got a figure
back is done for the turn. Sources: docs/rules-sources.md (bga-memoir ``Terrains/Hospital.php``,
``actHealUnit``).

The game layer offers the roll to an ordered unit when :func:`heal_check` returns None, asks
for :func:`heal_dice` dice and applies :func:`heal`'s result.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.battle import adjacent_enemies
from companion.rules.orders import MedicsResult
from companion.rules.position import Position
from companion.rules.terrain import TerrainSpec
from companion.rules.units import UnitClass

DIE_FACES = frozenset({"infantry", "armor", "grenade", "star", "flag"})


class HealError(ValueError):
    """A heal that may not be rolled, or a roll of the wrong size."""


def _healing_terrain(position: Position, unit_id: str) -> TerrainSpec | None:
    unit = position.units[unit_id]
    return next((t for t in position.terrain_at(unit.hex)
                 if unit.spec.unit_class in t.heal_classes), None)


def heal_check(position: Position, unit_id: str) -> str | None:
    """Why ``unit_id`` may not heal where it stands now (None: it may)."""
    unit = position.units.get(unit_id)
    if unit is None:
        raise HealError(f"no unit has the id {unit_id!r}")
    where = _healing_terrain(position, unit_id)
    if where is None:
        return f"{unit_id} ({unit.type}) is on no terrain that heals it"
    if unit.figures >= unit.spec.figures:
        return f"{unit_id} has lost no figures"
    if unit.moved:
        return f"{unit_id} moved this turn: a unit heals instead of moving"
    near = adjacent_enemies(position, unit)
    if near:
        return f"{unit_id} is adjacent to {', '.join(sorted(u.id for u in near))}: no healing"
    return None


def heal_dice(position: Position, unit_id: str, hand_size: int) -> int:
    """How many dice the heal rolls: the terrain's number, or ``hand_size`` (the command cards
    held, the one played included)."""
    where = _healing_terrain(position, unit_id)
    if where is None:
        raise HealError(f"{unit_id} is on no terrain that heals it")
    return where.heal_dice or hand_size


def heal(position: Position, unit_id: str, faces: Sequence[str], hand_size: int) -> MedicsResult:
    """The figures the rolled ``faces`` return; raises HealError when the unit may not heal or
    the roll has the wrong number of dice or a face that is not a die face."""
    why = heal_check(position, unit_id)
    if why is not None:
        raise HealError(why)
    want = heal_dice(position, unit_id, hand_size)
    if len(faces) != want:
        raise HealError(f"healing rolls {want} dice, got {len(faces)}")
    for i, f in enumerate(faces):
        if f not in DIE_FACES:
            raise HealError(f"dice.{i}: {f!r} is not a die face")
    unit = position.units[unit_id]
    good = {"star", "infantry"} if unit.spec.unit_class is UnitClass.INFANTRY else {"star"}
    back = min(sum(1 for f in faces if f in good), unit.spec.figures - unit.figures)
    return MedicsResult(unit_id, back, unit.figures + back, back > 0)


__all__ = ["HealError", "heal", "heal_check", "heal_dice"]
