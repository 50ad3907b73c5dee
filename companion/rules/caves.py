"""Sealing caves (Pacific Theater, terrain cards 52 and 53).

An Allied infantry unit standing on a cave hex (on a hill or a mountain), with no enemy unit
adjacent, may try to seal the cave instead of battling: it rolls its close-assault dice and a
star seals the cave, which becomes a plain hill (or mountain) for the rest of the game.
Sources: docs/rules-sources.md (bga-memoir ``Terrains/MountainCave.php``, ``actSealCave``).

The game layer offers the attempt in the battle phase when :func:`seal_check` returns None,
asks for :func:`seal_dice` dice and calls :func:`seal_cave`, which changes the position.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.battle import adjacent_enemies
from companion.rules.board import Side
from companion.rules.position import Position
from companion.rules.terrain import TerrainSpec
from companion.rules.units import UnitClass

STAR = "star"
DIE_FACES = frozenset({"infantry", "armor", "grenade", "star", "flag"})


class SealError(ValueError):
    """A seal that may not be tried, or a roll of the wrong size."""


def _cave(position: Position, unit_id: str) -> TerrainSpec | None:
    unit = position.units[unit_id]
    return next((t for t in position.terrain_at(unit.hex) if t.sealed_into), None)


def seal_check(position: Position, unit_id: str) -> str | None:
    """Why ``unit_id`` may not try to seal a cave now (None: it may)."""
    unit = position.units.get(unit_id)
    if unit is None:
        raise SealError(f"no unit has the id {unit_id!r}")
    if _cave(position, unit_id) is None:
        return f"{unit_id} is not on a cave"
    if unit.side is not Side.ALLIES or unit.spec.unit_class is not UnitClass.INFANTRY:
        return "only Allied infantry seal caves"
    near = adjacent_enemies(position, unit)
    if near:
        return f"{unit_id} is adjacent to {', '.join(sorted(u.id for u in near))}: no sealing"
    return None


def seal_dice(position: Position, unit_id: str) -> int:
    """The dice of the attempt: the unit's close-assault dice."""
    dice = position.units[unit_id].spec.dice
    return dice[0] if dice else 0


def seal_cave(position: Position, unit_id: str, faces: Sequence[str]) -> bool:
    """Roll the attempt: with a star the cave under ``unit_id`` becomes its plain terrain (the
    position changes) and True is returned. Raises SealError when the attempt may not be made
    or the roll has the wrong size."""
    why = seal_check(position, unit_id)
    if why is not None:
        raise SealError(why)
    want = seal_dice(position, unit_id)
    if len(faces) != want:
        raise SealError(f"sealing rolls {want} dice, got {len(faces)}")
    for i, f in enumerate(faces):
        if f not in DIE_FACES:
            raise SealError(f"dice.{i}: {f!r} is not a die face")
    if STAR not in faces:
        return False
    cave = _cave(position, unit_id)
    assert cave is not None
    h = position.units[unit_id].hex
    position.remove_terrain(h, cave.name)
    position.terrain[h] = (*position.terrain.get(h, ()), cave.sealed_into)
    return True


__all__ = ["SealError", "seal_cave", "seal_check", "seal_dice"]
