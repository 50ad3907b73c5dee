"""The rule set a game plays by, as one flow object with hooks (python-chess's variants).

The session, the legal actions and the rules questions call the hooks of the game's flow at
fixed points (setup, card and order extras, moves, battle checks, the end of the turn, the
start of the next, the actions each phase may offer) and never ask which rule set is in
play. :class:`RuleFlow` is the game without air rules: every hook answers "nothing more".
:class:`AirPackFlow` and :class:`FlightPlanFlow` fill in the Air Pack's and New Flight Plan's
hooks from ``companion.game.airflow`` (which asks the rules core, ``companion.rules.air``).

The flow is fixed by the scenario when the game starts (``game_started`` names the air rules)
and looked up from the state with :func:`flow_of`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from companion.game import airflow, ruleflows
from companion.game.events import Event
from companion.game.state import GameState
from companion.rules import battle as battle_rules
from companion.rules import cards as card_rules
from companion.rules.board import Hex
from companion.rules.variants import NO_RESHUFFLE_VARIANT
from companion.scenarios import Scenario

if TYPE_CHECKING:
    from companion.game.session import GameSession

FlowHandler = Callable[["GameSession", dict[str, Any]], Iterator[airflow.Draft]]


class RuleFlow:
    """A game without air rules. Subclasses override the hooks their rules add to.

    The scenario's own rules (night, the Commissar, minefields, HQs...: ``ruleflows``) are
    composed with every air rule set: the hooks below ask them first, then the air hooks
    (``air_*``) that the subclasses override."""

    rules: str | None = None
    title = "no air rules"  # the rule set as players name it
    # action name -> handler yielding event drafts, for the actions only this rule set has
    # (the scenario rules' actions are every flow's; the legal actions say when they are offered)
    handlers: Mapping[str, FlowHandler] = dict(ruleflows.RULE_HANDLERS)

    # --- setup, cards and orders ----------------------------------------------------------------
    def setup(self, scenario: Scenario, deck_seed: int | None) -> dict[str, Any] | None:
        """The ``air`` entry of ``game_started``."""
        return None

    def deck_after_deal(self, scenario: Scenario, deck: list[str], deck_seed: int) -> list[str]:
        """The dealt command deck once the hands are dealt, with the cards these rules add."""
        return deck

    def standalone_card(self, name: str) -> bool:
        """``name`` is a card of these rules played by itself (the Air Sortie card)."""
        return False

    def card_extras(self, st: GameState, action: dict[str, Any], card_id: str) -> dict[str, Any]:
        """Fields these rules add to ``card_played`` (refusing the ones they do not know)."""
        extra = self.air_card_extras(st, action, card_id)
        if st.rules_state is not None or action.get("as_card") is not None:
            extra.update(ruleflows.card_extras(st, action, card_id))
        return extra

    def air_card_extras(self, st: GameState, action: dict[str, Any], card_id: str
                        ) -> dict[str, Any]:
        return airflow.no_air_card_extras(st, action, card_id)

    def playable_cards(self, st: GameState, hand: list[str]) -> list[str]:
        """The cards of ``hand`` the active side may play now (the Commissar's chip...)."""
        return ruleflows.playable_cards(st, hand)

    def order_extras(self, st: GameState, action: dict[str, Any], units: list[str],
                     rid_base: str) -> tuple[list[str], dict[str, Any], str | None]:
        """(ground units to order, air fields of ``units_ordered``, the air deploy's section)."""
        return list(units), {}, None

    def order(self, st: GameState, action: dict[str, Any], units: list[str], section: str | None,
              roll: list[str] | None, rid_base: str
              ) -> tuple[list[str], int, list[str], dict[str, Any]]:
        """(units ordered, orders lost, problems, fields of ``units_ordered``)."""
        from companion.game.queries import orders_check

        found = ruleflows.order_with_arrivals(st, action, units, section, roll)
        if found is not None:  # units ordered onto the board (Armor Breakthrough, paradrops)
            return found
        ordered, lost, problems = orders_check(st, units, section, roll)
        return ordered, lost, problems, {}

    # --- what each phase may offer -------------------------------------------------------------
    def start_actions(self, st: GameState) -> tuple[str, ...]:
        """Actions before the command card."""
        return (*self.air_start_actions(st), *ruleflows.rule_actions(st))

    def air_start_actions(self, st: GameState) -> tuple[str, ...]:
        return ()

    def order_actions(self, st: GameState) -> tuple[str, ...]:
        """Actions offered instead of ordering the card's units (a bridge blown)."""
        return ruleflows.rule_actions(st)

    def move_actions(self, st: GameState) -> tuple[str, ...]:
        """Actions offered in the move phase besides moving."""
        return (*self.air_move_actions(st), *ruleflows.rule_actions(st))

    def air_move_actions(self, st: GameState) -> tuple[str, ...]:
        return ()

    def bomb_offered(self, st: GameState) -> bool:
        return False

    def ambush_problem(self, st: GameState) -> str | None:
        """Why the opponent may not play Ambush against an air unit now (None: he may)."""
        return "Ambush against an air unit answers its ammo markers, in the move phase"

    def must_still_move(self, st: GameState) -> list[str]:
        """Units that must move before the move phase may end."""
        return []

    def battle_actions(self, st: GameState) -> tuple[str, ...]:
        """Actions offered in the battle phase besides battling."""
        return (*self.air_battle_actions(st), *ruleflows.rule_actions(st))

    def air_battle_actions(self, st: GameState) -> tuple[str, ...]:
        return ()

    # --- moves and battles ---------------------------------------------------------------------
    def battle_modifiers(self, st: GameState, attacker: str, target: str
                         ) -> battle_rules.BattleModifiers | None:
        return None

    def battle_block(self, st: GameState, attacker: str) -> str | None:
        """Why ``attacker`` may not battle at all this turn, by these rules (None: it may)."""
        return None

    def battle_check(self, st: GameState, attacker: str, target: str,
                     mods: battle_rules.BattleModifiers) -> battle_rules.BattleCheck | None:
        """The check of a battle these rules decide (air units in it), else None."""
        return None

    def restrict_moves(self, st: GameState, unit_id: str, found: dict[Hex, tuple[int, bool]],
                       paths: dict[Hex, tuple[Hex, ...]], search: airflow.MoveSearch | None = None
                       ) -> dict[Hex, tuple[int, bool]]:
        """The ground moves ``found`` (one path each, in ``paths``) less what these rules forbid;
        ``search`` finds the move again on another board (some hexes blocked)."""
        return found

    # --- the end of the turn and the start of the next -----------------------------------------
    def recon_draw(self, st: GameState) -> bool:
        """The active side draws two command cards and keeps one: the card played says so
        (Recon: "When drawing a new Command card, draw two cards, keep one and discard the
        other", its ``DrawRule``)."""
        return _card_draw(st).draw == 2

    def reshuffles_all(self, st: GameState) -> bool:
        """The command deck is reshuffled with all its discards at the end of this turn: Their
        Finest Hour ("Reshuffle the Command card deck and discard pile"), unless the scenario
        keeps the deck unshuffled (19 Vassieux: "do not reshuffle the command deck")."""
        return _card_draw(st).reshuffle and NO_RESHUFFLE_VARIANT not in st.scenario.variants

    def end_turn_extras(self, st: GameState) -> dict[str, Any]:
        """Fields these rules add to ``turn_ended``."""
        return {}

    def turn_start_events(self, st: GameState) -> list[airflow.Draft]:
        """Events at the start of the next player's turn."""
        return []

    def joins_ready_stacks(self) -> bool:
        """An airplane may land on a friendly airfield's Ready-to-Take-off stack and join it."""
        return False

    # --- what a front end offers (the app's air controls ask these, never the rule set) -----
    # the touch help topics this rule set adds, in the order they are explained
    help_topics: tuple[str, ...] = ()
    # the air cards each side holds under this rule set ("air_combat", "air_sortie")
    air_card_holdings: tuple[str, ...] = ()

    def places_ammo_markers(self) -> bool:
        """An air unit's move places ammo markers on the enemy hexes it flies over."""
        return False

    def ammo_of(self, st: GameState, unit: Any) -> dict[str, int]:
        """An air unit's ammo as the rule set counts it."""
        return dict(getattr(unit, "ammo", {}) or {})

    def full_ammo(self, air_type: str) -> dict[str, int]:
        """A type's full ammo ({}: the rule set counts none)."""
        return {}

    def may_bomb(self, air_type: str) -> bool:
        """The type may bomb a strategic objective."""
        return False

    def air_cards(self, st: GameState) -> tuple[str, ...]:
        """Air cards the active side may add to its command card now."""
        return ()

    def sortie_cards(self, st: GameState) -> int:
        """Air Sortie cards the active side holds."""
        return 0

    def sortie_drawable(self, st: GameState) -> bool:
        """With real cards on the table: an Air Sortie card no side holds may have come up from
        the deck for the active side (it may play it)."""
        return False

    def deployable(self, st: GameState) -> tuple[str, ...]:
        """The active side's air units off the board that may come on with the card in play."""
        return ()

    def needs_entry_hex(self, st: GameState) -> bool:
        """The order needs the hex where a fresh airplane enters (none of the side flies)."""
        return False

    def entry_hexes(self, st: GameState, deploying: bool) -> frozenset[Hex]:
        """Hexes where an air unit coming on now may enter (``deploying``: one was chosen)."""
        return frozenset()

    # --- the scenario's own rules ----------------------------------------------------------------
    def follow_ups(self, session: GameSession, events: list[Event]) -> Iterator[airflow.Draft]:
        """Events the scenario rules add after an action recorded ``events`` (or after the
        game started): a night roll at the start of a turn, a minefield's dice, a cross-hair
        after a big gun's hit, an HQ captured. Drafted one at a time on the state as it goes."""
        yield from _assault_after_ambush(session, events)
        if session.state.rules_state is not None:
            yield from ruleflows.follow_ups(session, events)

    def apply_rule_roll(self, session: GameSession) -> Iterator[airflow.Draft]:
        """What the scenario rule's roll (``rules_state.roll``) did, once its dice are read."""
        return ruleflows.apply_rule_roll(session)


def _card_draw(st: GameState) -> card_rules.DrawRule:
    """How the card played this turn is replaced (a card the deck does not know: one card)."""
    if st.card is None:
        return card_rules.DrawRule()
    try:
        return card_rules.card(st.card).draw
    except (KeyError, ValueError):
        return card_rules.DrawRule()


class _AirFlow(RuleFlow):
    """What both air rule sets share."""

    def standalone_card(self, name: str) -> bool:
        return name == airflow.STANDALONE_SORTIE

    def order(self, st: GameState, action: dict[str, Any], units: list[str], section: str | None,
              roll: list[str] | None, rid_base: str
              ) -> tuple[list[str], int, list[str], dict[str, Any]]:
        from companion.game.queries import orders_check

        found = ruleflows.order_with_arrivals(st, action, units, section, roll)
        if found is not None:  # units ordered onto the board (no air deploy with them)
            return found
        ground, extra, air_deploy = self.order_extras(st, action, units, rid_base)
        if airflow.orders_airplane_only(st):
            ordered, lost, problems = list[str](), 0, list[str]()
        else:
            ordered, lost, problems = orders_check(st, ground, section, roll, air_deploy=air_deploy)
        if extra.get("sortie_plane"):
            ordered.append(extra["sortie_plane"])
        if extra.get("deploy"):
            ordered.append(extra["deploy"]["id"])
        return ordered, lost, problems, extra

    def battle_check(self, st: GameState, attacker: str, target: str,
                     mods: battle_rules.BattleModifiers) -> battle_rules.BattleCheck | None:
        return airflow.air_battle_check(st, attacker, target, mods)


class AirPackFlow(_AirFlow):
    """The Air Pack: airplanes by Air Sortie, air checks, special actions."""

    rules = airflow.AIR_PACK
    title = "the Air Pack"
    handlers: Mapping[str, FlowHandler] = {
        "strafe": airflow.declare_strafe, "kamikaze": airflow.declare_kamikaze,
        "ground_support": airflow.declare_air_action, "interdiction": airflow.declare_air_action,
        "rescue": airflow.declare_air_action, "recon": airflow.declare_air_action,
        **ruleflows.RULE_HANDLERS,
    }

    def setup(self, scenario: Scenario, deck_seed: int | None) -> dict[str, Any] | None:
        return airflow.airpack_setup(scenario, deck_seed)

    def deck_after_deal(self, scenario: Scenario, deck: list[str], deck_seed: int) -> list[str]:
        return airflow.sorties_into_deck(scenario, deck, deck_seed)  # those shuffled in

    def air_card_extras(self, st: GameState, action: dict[str, Any], card_id: str
                        ) -> dict[str, Any]:
        return airflow.airpack_card_extras(st, action, card_id)

    def card_extras(self, st: GameState, action: dict[str, Any], card_id: str) -> dict[str, Any]:
        extra = super().card_extras(st, action, card_id)
        if extra.get("card") == "air_power" and card_id != "air_power" and not extra.get("air_sortie"):
            # a card the scenario lets be played as Air Power (a Recon 1 under Air Strikes) is an
            # Air Sortie equivalent: "cards that are deemed equivalent by the Scenario's Special
            # rules - such as a Recon 1 card when Air Strikes & Blitz rules are in effect -, may
            # be played ... as indicated on the card ... OR as an Air Sortie card instead"
            # (seed 000, p.3), as Air Power itself is under the Air Pack
            extra.update(airflow.airpack_card_extras(st, {}, "air_power"))
        return extra

    def order_extras(self, st: GameState, action: dict[str, Any], units: list[str],
                     rid_base: str) -> tuple[list[str], dict[str, Any], str | None]:
        return airflow.airpack_order_extras(st, action, units, rid_base)

    def air_move_actions(self, st: GameState) -> tuple[str, ...]:
        return airflow.airpack_move_actions(st)

    def air_battle_actions(self, st: GameState) -> tuple[str, ...]:
        return airflow.airpack_battle_actions(st)

    def must_still_move(self, st: GameState) -> list[str]:
        return airflow.airpack_must_still_move(st)

    def battle_modifiers(self, st: GameState, attacker: str, target: str
                         ) -> battle_rules.BattleModifiers | None:
        return airflow.ground_support_modifiers(st, attacker, target)

    def battle_block(self, st: GameState, attacker: str) -> str | None:
        return airflow.interdiction_block(st, attacker)

    def restrict_moves(self, st: GameState, unit_id: str, found: dict[Hex, tuple[int, bool]],
                       paths: dict[Hex, tuple[Hex, ...]], search: airflow.MoveSearch | None = None
                       ) -> dict[Hex, tuple[int, bool]]:
        return airflow.interdicted_moves(st, unit_id, found, paths, search)

    def recon_draw(self, st: GameState) -> bool:
        return airflow.recon_active(st) or super().recon_draw(st)  # a Storch, or a Recon card

    def joins_ready_stacks(self) -> bool:
        return True  # Air Pack p.5

    help_topics = ("fly", "air_sortie", "air_check", "special_actions")
    air_card_holdings = ("air_sortie",)

    def sortie_cards(self, st: GameState) -> int:
        return int(st.air.sorties.get(st.active.value, 0)) if st.air is not None else 0

    def sortie_drawable(self, st: GameState) -> bool:
        return airflow.sortie_drawable(st)

    def needs_entry_hex(self, st: GameState) -> bool:
        if st.air is None or not st.air.sortie:
            return False
        return not any(u.side is st.active and u.spec.air and u.airborne
                       for u in st.position.units.values())

    def entry_hexes(self, st: GameState, deploying: bool) -> frozenset[Hex]:
        if st.air is None or not st.air.sortie:
            return frozenset()
        return airflow.sortie_edge_hexes(st)


class FlightPlanFlow(_AirFlow):
    """New Flight Plan: air units with ammo, Air Combat cards, attack runs, bombing."""

    rules = airflow.FLIGHT_PLAN
    title = "New Flight Plan"
    handlers: Mapping[str, FlowHandler] = {
        "withdraw": airflow.withdraw, "bomb": airflow.declare_bombing, **ruleflows.RULE_HANDLERS,
    }

    def setup(self, scenario: Scenario, deck_seed: int | None) -> dict[str, Any] | None:
        return airflow.flightplan_setup(scenario, deck_seed)

    def air_card_extras(self, st: GameState, action: dict[str, Any], card_id: str
                        ) -> dict[str, Any]:
        return airflow.flightplan_card_extras(st, action, card_id)

    def order_extras(self, st: GameState, action: dict[str, Any], units: list[str],
                     rid_base: str) -> tuple[list[str], dict[str, Any], str | None]:
        return airflow.flightplan_order_extras(st, action, units, rid_base)

    def air_start_actions(self, st: GameState) -> tuple[str, ...]:
        return airflow.flightplan_start_actions(st)

    def bomb_offered(self, st: GameState) -> bool:
        return airflow.bomb_offered(st)

    def ambush_problem(self, st: GameState) -> str | None:
        return airflow.air_ambush_problem(st)

    def must_still_move(self, st: GameState) -> list[str]:
        return airflow.flightplan_must_still_move(st)

    def end_turn_extras(self, st: GameState) -> dict[str, Any]:
        out: dict[str, Any] = {}
        shuffled = airflow.air_reshuffle(st)
        if shuffled is not None:
            out["air_reshuffled"] = shuffled
        drawn = airflow.air_combat_draws(st)
        if drawn:
            out["air_combat_drawn"] = drawn
        return out

    def turn_start_events(self, st: GameState) -> list[airflow.Draft]:
        return airflow.turn_start_events(st)

    def battle_check(self, st: GameState, attacker: str, target: str,
                     mods: battle_rules.BattleModifiers) -> battle_rules.BattleCheck | None:
        return airflow.flight_plan_battle_check(st, attacker, target, mods)

    help_topics = ("fly", "attack_run", "dogfight", "withdraw_deploy")
    air_card_holdings = ("air_combat",)

    def places_ammo_markers(self) -> bool:
        return True

    def ammo_of(self, st: GameState, unit: Any) -> dict[str, int]:
        return airflow.flightplan_ammo(unit)

    def full_ammo(self, air_type: str) -> dict[str, int]:
        return airflow.flightplan_full_ammo(air_type)

    def may_bomb(self, air_type: str) -> bool:
        return airflow.flightplan_may_bomb(air_type)

    def air_cards(self, st: GameState) -> tuple[str, ...]:
        if st.air is None:
            return ()
        return tuple(dict.fromkeys(st.air.cards.get(st.active.value, [])))

    def deployable(self, st: GameState) -> tuple[str, ...]:
        if st.air is None or not st.card or airflow.command_card(st.card).kind.value != "section":
            return ()
        return tuple(str(r["id"]) for r in st.air.reserve.get(st.active.value, [])
                     if airflow.deploy_allowed_now(st, str(r["type"])))

    def entry_hexes(self, st: GameState, deploying: bool) -> frozenset[Hex]:
        return frozenset(st.board.all_hexes) if deploying else frozenset()


def _assault_after_ambush(session: GameSession, events: list[Event]) -> Iterator[airflow.Draft]:
    """An assault that an Ambush interrupted goes on with the dice its attacker has now (the
    Ambush may have cost it the figures a bonus needs: Japanese infantry at full strength)."""
    st = session.state
    b = st.battle
    if (b is None or st.phase.value != "dice" or b.faces is not None or b.card_attack
            or b.overrun or b.confirm_dice or st.ambushed is not None
            or not any(e.kind == "battle_resolved" and e.data.get("attacker") == b.target
                       and e.data.get("target") == b.attacker for e in events)
            or b.attacker not in st.position.units or b.target not in st.position.units):
        return
    from companion.game.queries import battle_check

    check = battle_check(st, b.attacker, b.target, False)
    if check.allowed and check.dice != b.dice:
        yield "assault_dice_changed", {"attacker": b.attacker, "target": b.target,
                                       "dice": check.dice, "was": b.dice,
                                       "rid": session.next_rid(), "explain": list(check.explain)}


FLOWS: Mapping[str | None, RuleFlow] = {
    None: RuleFlow(), airflow.AIR_PACK: AirPackFlow(), airflow.FLIGHT_PLAN: FlightPlanFlow(),
}


def flow_of(st: GameState) -> RuleFlow:
    """The flow of the game ``st`` belongs to (fixed when the game started)."""
    return FLOWS[st.air.rules if st.air is not None else None]


def flow_for(scenario: Scenario) -> RuleFlow:
    """The flow a new game of ``scenario`` plays by."""
    return FLOWS[scenario.air.rules.value if scenario.air.rules is not None else None]
