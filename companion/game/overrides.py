"""The players overrule the dice: hits and flags set by hand, with a reason the log keeps.

At a real table the players sometimes know better than the reading of a roll (a die knocked
over, a rule they play their way). While a battle's dice are in review (``review_dice``), the
``apply_dice`` action may carry ``hits`` and/or ``flags`` and a ``reason``: the battle is then
resolved as if the dice had scored exactly those hits and those flags (flags that count: none
is ignored for terrain), every other rule applying as usual (figures removed, medals,
retreat hexes, taking ground). The session records a ``result_overridden`` event (what the
dice scored, what the players set, why) before the battle's result.
"""

from __future__ import annotations

from typing import Any

from companion.game.errors import IllegalAction
from companion.rules import battle as battle_rules
from companion.rules.position import Position
from companion.rules.records import dataclass, replace


@dataclass(frozen=True, slots=True)
class Override:
    hits: int | None
    flags: int | None
    reason: str


def from_action(a: dict[str, Any]) -> Override | None:
    """The override an ``apply_dice`` action carries (None: the dice as they are)."""
    hits, flags, reason = a.get("hits"), a.get("flags"), a.get("reason")
    if hits is None and flags is None:
        if reason:
            raise IllegalAction("an override sets hits or flags (or both); give them with the reason")
        return None
    for name, value in (("hits", hits), ("flags", flags)):
        if value is not None and value < 0:
            raise IllegalAction(f"apply_dice.{name}: a whole number from 0")
    if not isinstance(reason, str) or not reason.strip():
        raise IllegalAction("say why the hits or flags are overridden (reason): the log keeps it")
    return Override(hits, flags, reason.strip())


def resolve(position: Position, attacker: str, target: str, faces: list[str],
            mods: battle_rules.BattleModifiers, overrun: bool,
            check: battle_rules.BattleCheck | None, ov: Override
            ) -> tuple[battle_rules.BattleResult, battle_rules.BattleResult]:
    """(the result the dice gave, the result with the players' hits and flags)."""
    real = battle_rules.resolve_battle(position, attacker, target, faces, mods, overrun=overrun,
                                       check=check)
    if real.confirm_dice or position.units[target].spec.confirm_hits:
        raise IllegalAction("the hits on this unit are confirmed by a second roll: correct the "
                            "dice instead of overriding them")
    hits = real.hits if ov.hits is None else ov.hits
    flags = real.flags - real.flags_ignored if ov.flags is None else ov.flags
    dice = real.check.dice
    if hits + flags > dice:
        raise IllegalAction(f"{hits} hits and {flags} flags from {dice} dice: at most one each "
                            "per die")
    hit_face = min(real.check.hit_faces, default=None)  # sorted: the same in every process
    flag_face = min(real.check.flag_faces, default="flag")
    blank = next((f for f in battle_rules.FACES if f not in real.check.hit_faces
                  and f not in real.check.flag_faces), None)
    if (hits and hit_face is None) or (dice - hits - flags and blank is None):
        raise IllegalAction("these dice cannot score that result here")
    made = [hit_face] * hits + [flag_face] * flags + [blank] * (dice - hits - flags)
    # flags that count: the players have said how many the unit must retreat
    set_mods = replace(mods, flags_ignorable=False)
    result = battle_rules.resolve_battle(position, attacker, target, [str(f) for f in made],
                                         set_mods, overrun=overrun, check=real.check)
    said = (f"the players set {hits} hit{'s' if hits != 1 else ''} and {flags} "
            f"flag{'s' if flags != 1 else ''}: {ov.reason}")
    kept = [x for x in result.explain[1:] if x != "flags may not be ignored in this battle"]
    explain = (f"rolled {', '.join(faces)}", said, *kept)
    return real, replace(result, explain=explain)
