"""The one module of the app that asks the rules core and the air flow directly.

Board and air input read what may be done from the game's legal actions
(:class:`~companion.game.legal.LegalActions`) and the state. A few questions have no answer
there yet (how far an airplane flies, the hexes an Air Sortie enters on, which deployments the
New Flight Plan allows now, an airplane's special actions, what a card is called): they are
asked here, in one small adapter, so that the game layer can answer them in its own terms
later by replacing this module only.
"""

from __future__ import annotations

import contextlib
from typing import Any

from companion.game import airflow
from companion.game.state import GameState
from companion.rules import cards as card_rules
from companion.rules import victory
from companion.rules.air.aircraft import AIRPACK_MODELS, AirAction
from companion.rules.board import Side

FLIGHT_PLAN = airflow.FLIGHT_PLAN
AIR_PACK = airflow.AIR_PACK
# Air Pack special actions, by the session's action name
SPECIAL_ACTIONS: dict[str, AirAction] = {
    "strafe": AirAction.STRAFING, "kamikaze": AirAction.KAMIKAZE, "rescue": AirAction.RESCUE,
    "ground_support": AirAction.GROUND_SUPPORT, "interdiction": AirAction.GROUND_INTERDICTION,
    "recon": AirAction.RECON,
}


def command_card(card: str) -> Any:
    """The command card's spec (name, kind, sections, what it orders)."""
    return airflow.command_card(card)


def deck_cards(air_rules: str | None) -> list[tuple[str, str]]:
    """(card id, name) of every card type of the deck (real cards on the table)."""
    seen: dict[str, str] = {}
    for cid in card_rules.deck_list(air_rules):
        seen.setdefault(cid, airflow.command_card(cid).name)
    return list(seen.items())


def objective_holder(st: GameState, o: Any) -> Side | None:
    """The side whose medal an objective counts for now, if any."""
    side: Side | None = None
    try:
        kind = o.kind.value
        if kind == "temporary":
            side = victory.temporary_holder(st.position, o)
        elif kind == "temporary_majority":
            side = victory.majority_holder(st.position, o.hexes, o.majority)
        elif kind == "permanent":
            side = st.ledger.permanent.get(o.id)
        elif kind == "last_to_occupy":
            side = st.ledger.last_occupant.get(o.id, o.initial)
    except (AttributeError, ValueError):
        side = None
    return side if side is not None and o.claimable_by(side) else None


def card_in_force(st: GameState) -> Any:
    from companion.game.queries import card_spec_in_force

    return card_spec_in_force(st)


# --- air --------------------------------------------------------------------------------------
def flight_ammo(st: GameState, unit: Any) -> dict[str, int]:
    """An air unit's ammo as its rule set counts it."""
    ammo = dict(unit.ammo)
    if st.air is not None and str(st.air.rules) == FLIGHT_PLAN:
        from companion.rules.air import flightplan

        with contextlib.suppress(ValueError):
            ammo = dict(flightplan.FlightPlanRules().ammo_of(unit))
    return ammo


def full_ammo(st: GameState, air_type: str) -> dict[str, int]:
    """New Flight Plan: a type's full ammo ({} under other rules)."""
    if st.air is None or str(st.air.rules) != FLIGHT_PLAN:
        return {}
    from companion.rules.air import flightplan

    try:
        return flightplan.FlightPlanRules().full_ammo(air_type)
    except ValueError:
        return {}


def flight_rules(st: GameState) -> Any:
    """The movement facts of the game's air rules: ``max_move``, ``start_counts_as_visited``,
    ``may_pass_enemy_air``."""
    return airflow.rules_of(st)


def may_bomb(air_type: str) -> bool:
    """New Flight Plan: the type may bomb a strategic objective."""
    from companion.rules.air import flightplan

    try:
        return bool(flightplan.FlightPlanRules().profile(air_type).strategic_bombing)
    except ValueError:
        return False


def bombing_objective(st: GameState, hex_: Any) -> Any:
    on_objective = getattr(airflow, "bombing_objective", None)
    return on_objective(st, hex_) if on_objective is not None else True


def deploy_allowed(st: GameState, air_type: str) -> bool:
    """New Flight Plan: an air unit of ``air_type`` may deploy with a Section card now."""
    from companion.rules.air import flightplan

    assert st.air is not None
    try:
        ok = flightplan.FlightPlanRules().deploy_check(
            st.position, st.active, air_type, order=flightplan.OrderKind.SECTION,
            withdrew_this_turn=st.air.withdrew,
            banned_types=frozenset(st.air.banned.get(st.active.value, [])))
    except ValueError:
        return False
    return bool(ok.allowed)


def sortie_edge_hexes(st: GameState) -> frozenset[Any]:
    """Air Pack: the hexes of the active side's edge where an Air Sortie's airplane enters."""
    from companion.rules.air import airpack

    return frozenset(airpack.AirPackRules().edge_hexes(st.position, None, st.active))


def can_make(unit: Any, do: str) -> bool:
    """Air Pack: the airplane's model may make the special action ``do``."""
    want = SPECIAL_ACTIONS.get(do)
    model = AIRPACK_MODELS.get(unit.model or "")
    return want is not None and model is not None and want in model.actions


def recon_active(st: GameState) -> bool:
    """Whether the hand is replenished by drawing 2 and keeping 1 (the rule set says)."""
    from companion.game.flows import flow_of

    return flow_of(st).recon_draw(st)
