"""Air Pack landing craft in the turn flow (seed 000, "Landing Craft").

A unit that starts in a landing craft carries the badge ``landing_craft`` (scenario files give it
in the unit's ``badges``). The craft and its unit move 1 or 2 hexes over ocean and onto the
first hex past the water (beach or shore); the rules core's ``landing_craft_move_check`` judges
each path. Ending on a beach or shore hex removes the craft (no medal) and leaves the unit
there; the unit may not battle while in a craft, nor in the turn it lands; it may retreat over
ocean in its craft. A craft is no unit: it is never targeted and yields no medal, and it goes
with its unit when that is eliminated.
"""

from __future__ import annotations

from companion.game.state import GameState
from companion.rules import battle as battle_rules
from companion.rules.air import airpack
from companion.rules.board import Hex

LANDING_CRAFT = "landing_craft"


def in_craft(st: GameState, unit_id: str) -> bool:
    unit = st.position.units.get(unit_id)
    return unit is not None and LANDING_CRAFT in unit.badges


def craft_destinations(st: GameState, unit_id: str) -> dict[Hex, tuple[int, bool]]:
    """Hexes a unit in a landing craft may end on: hex -> (hexes entered, False: no battle)."""
    found = airpack.landing_craft_destinations(st.position, unit_id)
    return {h: (len(path), False) for h, path in found.items()}


def lands(st: GameState, h: Hex) -> bool:
    """Ending on ``h`` lands the craft (any hex that is not ocean)."""
    return "ocean" not in st.position.terrain_names(h)


def battle_block(st: GameState, attacker: str) -> str | None:
    """Why the unit may not battle: it is in a landing craft, or landed from one this turn."""
    if in_craft(st, attacker):
        return f"{attacker} is in a landing craft: the unit it carries may not battle"
    if attacker in st.landed:
        return f"{attacker} landed from its landing craft this turn: it may not battle"
    return None


def retreat_options(st: GameState, unit_id: str, flags: int, figures: int | None = None
                    ) -> list[battle_rules.RetreatOption]:
    """The rules core's retreat options; a unit in a landing craft may also retreat over ocean
    (its craft carries it): the core lifts the ocean's block for a unit with the badge."""
    return battle_rules.retreat_options(st.position, unit_id, flags, figures=figures)
