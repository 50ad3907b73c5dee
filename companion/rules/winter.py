"""General Winter: the cold takes figures from one side at the start of each of its turns.

4717 Nach Moskau's briefing (bga-memoir ``Scenarios/4717-NachMoskau.php``): "'General Winter'
rules are in effect. At the start of each of his turn, the Axis player rolls 2 dice. For any
Grenade roll, he must remove 1 figure from a German unit of his choice. Any unit wiped out that
way still counts as a medal for the Allied player." bga-memoir itself does not play it (its
scenario sets no option for it); the rule is read from the briefing
(``m44_codes.BRIEFING_RULES``), the side from the briefing's words.

The variant's value is the side that rolls; :data:`DICE` dice each turn, :func:`losses` figures
lost, each taken from a unit the side chooses (:func:`loss_problem` says why a unit may not be
chosen); a unit so wiped out is a medal for the other side (``Side.other``).
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.rules.battle import GRENADE
from companion.rules.board import Side
from companion.rules.position import Position

VARIANT = "general_winter"
DICE = 2


def roller(value: str) -> Side:
    """The side that rolls for the cold (the variant's value; the Axis when it names none: the
    only scenario that plays it is the German winter before Moscow)."""
    return Side(value) if value in ("allies", "axis") else Side.AXIS


def losses(faces: Iterable[str]) -> int:
    """Figures the roll costs: one per grenade."""
    return sum(1 for f in faces if str(f) == GRENADE)


def loss_problem(position: Position, side: Side, unit_id: str) -> str | None:
    """Why ``side`` may not take a General Winter loss from ``unit_id`` (None: it may)."""
    unit = position.units.get(unit_id)
    if unit is None:
        return f"no unit {unit_id!r} is on the board"
    if unit.side is not side:
        return f"{unit_id} is not a unit of the {side.value.title()}: the cold takes figures " \
               "from the side that rolled"
    return None


__all__ = ["DICE", "VARIANT", "loss_problem", "losses", "roller"]
