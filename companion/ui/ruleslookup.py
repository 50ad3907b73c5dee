"""The one module of the app that asks the rules core and the air flow directly.

Board and air input read what may be done from the game's legal actions
(:class:`~companion.game.legal.LegalActions`) and the state. The air questions (ammo, the cards that
may join, the entry hexes, what to explain) are the game's flow's answers, forwarded here, so
that the app never asks which rule set is in play; a few more (an airplane's special actions,
what a card is called) are asked of the rules core here, in one small adapter.
"""

from __future__ import annotations

from typing import Any

from companion.game import airflow
from companion.game.state import GameState
from companion.rules import trains, victory
from companion.rules.air.aircraft import AIRPACK_MODELS, AirAction
from companion.rules.board import Side

# Air Pack special actions, by the session's action name
SPECIAL_ACTIONS: dict[str, AirAction] = {
    "strafe": AirAction.STRAFING, "kamikaze": AirAction.KAMIKAZE, "rescue": AirAction.RESCUE,
    "ground_support": AirAction.GROUND_SUPPORT, "interdiction": AirAction.GROUND_INTERDICTION,
    "recon": AirAction.RECON,
}


def unload_hexes(st: GameState, unit_id: str) -> list[str]:
    """The empty hexes next to ``unit_id``'s train, where the units it carries may get off."""
    return [st.hex_name(h) for h in trains.cargo_hexes(st.position, unit_id)]


def command_card(card: str) -> Any:
    """The command card's spec (name, kind, sections, what it orders)."""
    return airflow.command_card(card)


def objective_holder(st: GameState, o: Any) -> Side | None:
    """The side whose medal an objective counts for now, if any (the rules core's answer)."""
    try:
        return victory.objective_holder(st.ledger, st.position, o)
    except (AttributeError, ValueError):
        return None


def card_in_force(st: GameState) -> Any:
    from companion.game.queries import card_spec_in_force

    return card_spec_in_force(st)


# --- air: the rule set's answers, through its flow --------------------------------------------
def _flow(st: GameState) -> Any:
    from companion.game.flows import flow_of

    return flow_of(st)


def flight_ammo(st: GameState, unit: Any) -> dict[str, int]:
    """An air unit's ammo as its rule set counts it."""
    return dict(_flow(st).ammo_of(st, unit))


def full_ammo(st: GameState, air_type: str) -> dict[str, int]:
    """A type's full ammo ({} under rules that count none)."""
    return dict(_flow(st).full_ammo(air_type))


def flight_rules(st: GameState) -> Any:
    """The movement facts of the game's air rules: ``max_move``, ``start_counts_as_visited``,
    ``may_pass_enemy_air``."""
    return airflow.rules_of(st)


def may_bomb(st: GameState, air_type: str) -> bool:
    """The type may bomb a strategic objective."""
    return bool(_flow(st).may_bomb(air_type))


def bombing_objective(st: GameState, hex_: Any) -> Any:
    on_objective = getattr(airflow, "bombing_objective", None)
    return on_objective(st, hex_) if on_objective is not None else True


def places_ammo_markers(st: GameState) -> bool:
    return bool(_flow(st).places_ammo_markers())


def air_cards(st: GameState) -> list[str]:
    return list(_flow(st).air_cards(st))


def sortie_cards(st: GameState) -> int:
    return int(_flow(st).sortie_cards(st))


def sortie_drawable(st: GameState) -> bool:
    return bool(_flow(st).sortie_drawable(st))


def deployable(st: GameState) -> list[str]:
    return list(_flow(st).deployable(st))


def needs_entry_hex(st: GameState) -> bool:
    return bool(_flow(st).needs_entry_hex(st))


def entry_hexes(st: GameState, deploying: bool) -> frozenset[Any]:
    return frozenset(_flow(st).entry_hexes(st, deploying))


def help_topics(st: GameState) -> tuple[str, ...]:
    return tuple(_flow(st).help_topics)


def air_card_holdings(st: GameState) -> tuple[str, ...]:
    return tuple(_flow(st).air_card_holdings)


def can_make(unit: Any, do: str) -> bool:
    """Air Pack: the airplane's model may make the special action ``do``."""
    want = SPECIAL_ACTIONS.get(do)
    model = AIRPACK_MODELS.get(unit.model or "")
    return want is not None and model is not None and want in model.actions


def recon_options(deck: list[str]) -> list[str]:
    """The cards a draw-2-keep-1 offers from the top of the deck (an Air Sortie card skipped)."""
    from companion.game.airflow import recon_options

    return recon_options(deck)


def recon_active(st: GameState) -> bool:
    """Whether the hand is replenished by drawing 2 and keeping 1 (the rule set says)."""
    from companion.game.flows import flow_of

    return flow_of(st).recon_draw(st)
