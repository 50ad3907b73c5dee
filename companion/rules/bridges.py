"""Blowing up bridges, option 2 (Actions 2), as the editor's files ask it.

6687 Drop in the Night (82nd), its rules text (bga-memoir ``Scenarios/6687-DropInTheNight82nd.php``):
"The Allied player may attempt to blow up the two bridges over the Douve River using option 2
(Actions 2 - Blowing Up Bridges). A bridge may be blown up only if an Allied infantry unit is
on an adjacent hex"; its victory text: "The destruction of the bridges ... are Permanent Medal
Objectives for the Allied forces". How bga-memoir plays the option (``Models/SectionCard.php``
``canBlowBridge``/``blowBridgeFilters``, ``States/TacticCardTrait.php`` ``actBlowBridge``): the
side the option names plays a Section card and, instead of ordering units, picks a bridge
whose tile says it can be blown (behaviour ``CAN_BE_BLOWN``), in a section the card orders,
with one of its units adjacent; it rolls 2 battle dice and a star blows the bridge. The blown
bridge is gone (the river under it is water again), a unit on it is eliminated (a medal for its
opponent), and a bridge marked ``ONE_MEDAL_IF_BLOWN`` gives the side that blew it a permanent
medal; then the turn ends (the card is spent). The adjacent unit must be infantry, as 6687's
text says (bga-memoir takes any unit of the side: our reading follows the scenario).

The game layer offers the attempt (``ruleflows.BridgeFlow``) where :func:`blowable_bridges`
lists a bridge, asks for :data:`BLOW_DICE` dice and folds :func:`blow` into the position.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.rules.board import Hex, Section, Side
from companion.rules.position import Position
from companion.rules.records import dataclass
from companion.rules.terrain import TERRAIN
from companion.rules.units import UnitClass

VARIANT = "blow_bridges"
BLOW_DICE = 2
STAR = "star"


class BlowError(ValueError):
    """A bridge that may not be blown now, or a roll of the wrong size."""


@dataclass(frozen=True, slots=True)
class BlowResult:
    blown: bool
    bridge: str  # the terrain blown (its type name)
    eliminated: str | None  # the unit that stood on it
    medals: int  # permanent medals for the side that blew it


def _bridge_on(position: Position, h: Hex) -> str | None:
    for name in position.terrain.get(h, ()):
        spec = TERRAIN.get(name)
        if spec is not None and spec.can_be_blown:
            return name
    return None


def blowable_bridges(position: Position, side: Side, sections: Iterable[Section]) -> list[Hex]:
    """The bridges ``side`` may try to blow with a card ordering ``sections``: bridges that can
    be blown, in one of those sections (as ``side`` sees the board), with an infantry unit of
    ``side`` on a hex next to them."""
    wanted = frozenset(sections)
    board = position.board
    out: list[Hex] = []
    for h in sorted(position.terrain, key=lambda x: (x.row, x.col)):
        if _bridge_on(position, h) is None or not (board.sections(h, side) & wanted):
            continue
        for n in board.neighbours(h):
            u = position.unit_at(n)
            if u is not None and u.side is side and u.spec.unit_class is UnitClass.INFANTRY:
                out.append(h)
                break
    return out


def blow(position: Position, h: Hex, faces: Sequence[str]) -> BlowResult:
    """Roll ``faces`` (:data:`BLOW_DICE` dice) against the bridge on ``h``; a star blows it.
    Changes nothing: the game folds the result (remove the bridge, eliminate the unit on it,
    add the medals)."""
    name = _bridge_on(position, h)
    if name is None:
        raise BlowError(f"no bridge that can be blown on {position.board.name(h)}")
    if len(faces) != BLOW_DICE:
        raise BlowError(f"blowing a bridge rolls {BLOW_DICE} dice, not {len(faces)}")
    if STAR not in faces:
        return BlowResult(False, name, None, 0)
    unit = position.unit_at(h)
    return BlowResult(True, name, unit.id if unit is not None else None,
                      position.terrain_values.get((h, name), 0))


__all__ = ["BLOW_DICE", "VARIANT", "BlowError", "BlowResult", "blow", "blowable_bridges"]
