"""Air units in the turn flow: the session's bridge to ``companion.rules.air``.

The scenario's air setting picks the variant (``air-pack`` or ``flight-plan``); every rule comes
from the rules core (``AirPackRules``, ``FlightPlanRules``, ``targets.air_target_check``). This
module only turns actions into checked event data and prompts, and never decides a rule itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from companion.game.airstate import STANDALONE_SORTIE as STANDALONE_SORTIE  # re-exported
from companion.game.airstate import AirState, PendingAir
from companion.game.errors import IllegalAction
from companion.game.prompts import Choice, DiceDue, Prompt
from companion.game.state import GameState, Phase
from companion.rules import battle as battle_rules
from companion.rules import cards as card_rules
from companion.rules import victory
from companion.rules.air import airpack, flightplan, targets
from companion.rules.air.air_combat_cards import AIR_COMBAT_CARDS, air_combat_cards_at_setup
from companion.rules.air.aircraft import (
    AIRPACK_MODELS,
    AirAction,
    UnknownFrontError,
    air_superiority,
    airplane_choices,
)
from companion.rules.air.common import AirRulesError, FlightRules
from companion.rules.board import Hex, Section, Side, distance
from companion.rules.position import Position, Unit
from companion.rules.records import replace
from companion.rules.variants import card_becomes

if TYPE_CHECKING:
    from companion.game.session import GameSession
    from companion.scenarios import Scenario

AIR_PACK = airpack.AirPackRules.name
FLIGHT_PLAN = flightplan.FlightPlanRules.name
# Copies of each known Air Combat card in the game's virtual Air Combat deck: the seed names
# three titles and not the deck's make-up, so each known title is shuffled in this many times.
AIR_COMBAT_COPIES = 4
SORTIE_CARDS_AT_START = 1  # Air Pack p.3: each player receives one Air Sortie card
_COUNTRY_NATION = {"us": "usa", "usa": "usa", "gb": "britain", "uk": "britain", "de": "germany",
                   "jp": "japan", "ru": "ussr", "su": "ussr", "fr": "france", "it": "italy",
                   "pl": "poland", "fi": "finland"}


# The Air Pack's Air Sortie card played on its own (not beside a Section card): it is the turn's
# card but not a command card of the deck, so the session names it with this spec (it orders the
# airplane only; no card is drawn to replace it at the end of the turn).
# an event the air flow asks the session to record: (kind, data); only the session records
Draft = tuple[str, dict[str, Any]]

_SORTIE_SPEC = card_rules.CardSpec(
    STANDALONE_SORTIE, "Air Sortie", 0, card_rules.CardKind.TACTIC,
    "Air Pack: an airplane enters airborne on an edge hex (or the one flying is ordered, no air "
    "check); the card lies face up and is not replaced.", orders_units=False)


def _require(check: Callable[..., Any], *args: Any, refusal: str, **kwargs: Any) -> Any:
    """Run a rules check; its error or its refusal becomes an IllegalAction with the rule's reason."""
    try:
        result = check(*args, **kwargs)
    except AirRulesError as exc:
        raise IllegalAction(str(exc)) from None
    if not result.allowed:
        raise IllegalAction(result.reason or refusal)
    return result

def command_card(name: str) -> card_rules.CardSpec:
    """The card played this turn: a command card, or a standalone Air Sortie card."""
    if name == STANDALONE_SORTIE:
        return _SORTIE_SPEC
    return card_rules.card(name)


def past_sorties(cards: list[str]) -> tuple[str | None, int]:
    """The first card of ``cards`` that is not an Air Sortie card, and how many Air Sortie
    cards came before it: each goes face up beside its drawer, who draws again (Air Pack p.3),
    so two of them on top of the deck are both set aside."""
    met = 0
    while met < len(cards) and cards[met] == STANDALONE_SORTIE:
        met += 1
    return (cards[met] if met < len(cards) else None), met


def sorties_drawn(met: int) -> bool | int:
    """``sortie_drawn`` as an event says it: ``True`` for one card (as events always said), the
    count for more."""
    return True if met == 1 else met


def replacement_draw(deck: list[str]) -> dict[str, Any]:
    """The card drawn at once from the top of the virtual deck (an Ambush replaced): an Air
    Sortie card met there goes face up instead (``sortie_drawn``) and the next card is drawn."""
    drawn, met = past_sorties(deck)
    return {"drawn": drawn, "sortie_drawn": sorties_drawn(met)} if met else {"drawn": drawn}


def counters_sortie(st: GameState) -> bool:
    """A Counter-Attack in play against a standalone Air Sortie: it is played as an Air Sortie
    too (Air Pack p.3), without spending its player's own Air Sortie card."""
    return (st.card is not None and st.card != STANDALONE_SORTIE
            and command_card(st.card).copies_last_card
            and st.last_card.get(st.active.other) == STANDALONE_SORTIE)


def orders_airplane_only(st: GameState) -> bool:
    """Air Power (played as an Air Sortie), a standalone Air Sortie or a Counter-Attack of one:
    the card orders only the airplane."""
    return st.air is not None and st.air.sortie and (
        st.card in ("air_power", STANDALONE_SORTIE) or counters_sortie(st))


# --- setup -----------------------------------------------------------------------------------
def airpack_setup(scenario: Scenario, deck_seed: int | None) -> dict[str, Any]:
    """The ``air`` entry of ``game_started`` for the Air Pack: each side's Air Sortie cards,
    one each (Air Pack p.3) unless the scenario deals them its own way (``scenario.air.sorties``);
    a side that may not use one (``sortie_unusable``) holds none."""
    dealt = scenario.air.sorties
    held = {s: SORTIE_CARDS_AT_START if dealt is None else dealt.get(s, 0) for s in Side}
    return {"rules": AIR_PACK, "sorties": {s.value: 0 if s in scenario.air.sortie_unusable else n
                                           for s, n in held.items()}}


def sorties_into_deck(scenario: Scenario, deck: list[str], deck_seed: int) -> list[str]:
    """The command deck left after the hands were dealt, with the Air Sortie cards the scenario
    shuffles into it (``scenario.air.sorties_in_deck``: 4185 "shuffle both Air Sortie cards into
    the deck, at game start"), each at a place drawn from the deck's seed."""
    out = list(deck)
    rng = random.Random(f"{deck_seed}:air-sorties")
    for _ in range(scenario.air.sorties_in_deck):
        out.insert(rng.randint(0, len(out)), STANDALONE_SORTIE)
    return out


def flightplan_setup(scenario: Scenario, deck_seed: int | None) -> dict[str, Any]:
    """The ``air`` entry of ``game_started`` for New Flight Plan: air superiority and the Air
    Combat cards dealt (and the shuffled deck, when the app deals)."""
    data: dict[str, Any] = {"rules": FLIGHT_PLAN}
    front, year = scenario.air_front_year()
    superiority: str | None = None
    if front and year:
        try:
            superiority = air_superiority(front, year)
        except UnknownFrontError:
            superiority = None
    beach = any(t.type == "beach" for t in scenario.terrain)
    counts = air_combat_cards_at_setup(Side(superiority) if superiority else None, beach)
    data["superiority"] = superiority
    data["dealt"] = {s.value: n for s, n in counts.items()}
    if deck_seed is not None:
        deck = [t for t in AIR_COMBAT_CARDS for _ in range(AIR_COMBAT_COPIES)]
        random.Random(f"{deck_seed}:air-combat").shuffle(deck)
        cards: dict[str, list[str]] = {}
        for side in (Side.ALLIES, Side.AXIS):
            n = counts[side]
            cards[side.value], deck = deck[:n], deck[n:]
        data["cards"] = cards
        data["deck"] = deck
    return data


# one rules object per rule set, made once (they hold only their settings)
_FLIGHTPLAN_RULES = flightplan.FlightPlanRules()
_RULES: dict[str, FlightRules] = {AIR_PACK: airpack.AirPackRules(),
                                  FLIGHT_PLAN: _FLIGHTPLAN_RULES}


def rules_of(st: GameState) -> FlightRules:
    """The air rules object of the game's rule set."""
    assert st.air is not None
    return _RULES[st.air.rules]


def _airpack(st: GameState) -> airpack.AirPackRules:
    r = rules_of(st)
    assert isinstance(r, airpack.AirPackRules)
    return r


def _flightplan(st: GameState) -> flightplan.FlightPlanRules:
    r = rules_of(st)
    assert isinstance(r, flightplan.FlightPlanRules)
    return r


def enemy_bases(st: GameState, side: Side) -> frozenset[Hex]:
    """Airfields in the opponent's half of the board: an air unit of ``side`` does not land there."""
    board = st.board
    home = board.home_row(side)
    return frozenset(h for h in board.all_hexes if "airfield" in st.position.terrain_names(h)
                     and abs(h.row - home) > (board.height - 1) / 2)


# --- card play -------------------------------------------------------------------------------
def no_air_card_extras(st: GameState, action: dict[str, Any], card_id: str) -> dict[str, Any]:
    """A game without air rules: no air field goes with a command card."""
    if action.get("air_card") is not None or action.get("air_sortie"):
        raise IllegalAction("this scenario plays without air rules")
    return {}


def flightplan_card_extras(st: GameState, action: dict[str, Any], card_id: str) -> dict[str, Any]:
    """New Flight Plan: an Air Combat card beside the command card."""
    extra: dict[str, Any] = {}
    air = st.air
    assert air is not None
    side = st.active.value
    air_card = action.get("air_card")
    if air_card is not None:
        if not isinstance(air_card, str) or air_card not in AIR_COMBAT_CARDS:
            raise IllegalAction(f"{air_card!r} is not an Air Combat card; known: "
                                f"{', '.join(AIR_COMBAT_CARDS)}")
        if air.cards and air_card not in air.cards.get(side, []):
            raise IllegalAction(f"{side} holds no {air_card}; Air Combat cards held: "
                                f"{', '.join(air.cards.get(side, [])) or 'none'}")
        extra["air_card"] = air_card
    if action.get("air_sortie") or card_id == STANDALONE_SORTIE:
        raise IllegalAction("New Flight Plan has no Air Sortie: deploy an air unit with a "
                            "Section card (order ... deploy=)")
    return extra


def airpack_card_extras(st: GameState, action: dict[str, Any], card_id: str) -> dict[str, Any]:
    """Air Pack: an Air Sortie played with the card, or by itself."""
    extra: dict[str, Any] = {}
    air = st.air
    assert air is not None
    side = st.active.value
    sortie = action.get("air_sortie")
    if action.get("air_card") is not None:
        raise IllegalAction("Air Combat cards belong to New Flight Plan games")
    if card_id == STANDALONE_SORTIE:  # Air Pack p.3: the Air Sortie card played by itself
        if air.sorties.get(side, 0) < 1 and not sortie_drawable(st):
            raise IllegalAction(f"{side} holds no Air Sortie card")
        extra.update({"air_sortie": True, "sortie_card": True, "standalone": True})
        return extra
    spec = card_rules.card(card_id)
    if card_id == "air_power" and card_becomes(card_id, st.scenario.variants, st.active) == card_id:
        extra["air_sortie"] = True  # Air Pack p.3: Air Power is played as an Air Sortie
        # (not where the scenario's deck plays it as Artillery Bombard)
    elif spec.copies_last_card and st.last_card.get(st.active.other) == STANDALONE_SORTIE:
        # Air Pack p.3: a Counter-Attack of an Air Sortie is played as an Air Sortie (and is
        # replaced at the end of the turn like any command card)
        extra["air_sortie"] = True
        extra["counters_sortie"] = True
    elif sortie:
        if not isinstance(sortie, bool):
            raise IllegalAction("air_sortie: true or false")
        if spec.kind.value != "section":
            raise IllegalAction("an Air Sortie joins a Section card, not "
                                f"{spec.name}")
        if air.sorties.get(side, 0) < 1 and not sortie_drawable(st):
            raise IllegalAction(f"{side} holds no Air Sortie card")
        extra["air_sortie"] = True
        extra["sortie_card"] = True
    return extra


def sorties_in_game(scenario: Scenario) -> int:
    """The Air Sortie cards a game of ``scenario`` is played with: those dealt to a side that
    may use one, and those shuffled into the deck (none where they are set aside)."""
    held: dict[str, int] = airpack_setup(scenario, None)["sorties"]
    return sum(held.values()) + scenario.air.sorties_in_deck


def sortie_drawable(st: GameState) -> bool:
    """With real cards on the table (no dealt deck) the app does not see the draws: an Air
    Sortie card that no side holds (shuffled into the deck at the start, or played, discarded
    and reshuffled) may have come up for the active side and lie face up beside it (Air Pack
    p.3), so the side may play it. Never for a side the scenario bars from using one."""
    air = st.air
    if st.deck is not None or air is None or st.active in st.scenario.air.sortie_unusable:
        return False
    return sorties_in_game(st.scenario) - sum(max(0, n) for n in air.sorties.values()) > 0


# --- orders ----------------------------------------------------------------------------------
def _section_of(st: GameState, h: Hex, card_id: str) -> str | None:
    spec = card_rules.card(card_id)
    secs = st.board.sections(h, st.active)
    for s in (Section.LEFT, Section.CENTER, Section.RIGHT):
        if s in secs and (not spec.sections or s in spec.sections):
            return s.value
    return None


def played_as_sortie_section(st: GameState) -> Section | None:
    """The section of the Recon 1 card played as the turn's Air Sortie equivalent (Air Strikes,
    Blitz: held as a Recon, played as Air Power), else None. "If the card played as an Air
    Sortie is a Recon 1 card ... the player is still subject to the initial card's Section
    limitation when playing it; i.e., the card can only be played to start an Air Sortie from
    an edge hex of the matching board's section; and if the Airplane is already airborne, the
    card's Recon section must match the section of the board over which the Airplane is
    currently loitering" (seed 000, p.3)."""
    rs = st.rules_state
    if rs is None or not rs.played_as or rs.played_as.get("as") != st.card:
        return None
    try:
        held = card_rules.card(str(rs.played_as.get("held")))
    except card_rules.CardError:
        return None
    if held.kind is not card_rules.CardKind.SECTION or len(held.sections) != 1:
        return None
    return next(iter(held.sections))


def airpack_order_extras(st: GameState, action: dict[str, Any], units: list[str], rid_base: str
                         ) -> tuple[list[str], dict[str, Any], str | None]:
    """(ground units for the card's orders, air fields of ``units_ordered``, air_deploy section).

    Air Pack: an Air Sortie orders the airborne airplane (no air check) or brings a fresh one in
    on an edge hex; airborne planes not ordered leave the board; ordered planes that were
    airborne at the turn's start or take off make an air check.
    """
    air = st.air
    assert air is not None and st.card is not None
    pos = st.position
    side = st.active
    extra: dict[str, Any] = {}
    air_deploy: str | None = None
    rest = list(units)
    sortie_plane: str | None = None
    rules = _airpack(st)
    flying = rules.airborne_airplanes(pos, side)
    if air.sortie:
        new_hex = action.get("sortie_hex")
        card = airpack.SortieCard.AIR_POWER if st.card == "air_power" else airpack.SortieCard.AIR_SORTIE
        recon_section = played_as_sortie_section(st)
        if recon_section is not None:
            card = airpack.SortieCard.RECON_1
        with_section = None
        alone = orders_airplane_only(st)
        if not alone and new_hex is not None:
            try:
                with_section = Section(_section_of(st, st.board.parse(str(new_hex)), st.card) or "center")
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
        try:
            play = rules.play_sortie(pos, side, card, with_section_card=with_section,
                                     section=recon_section,
                                     new_airplane=new_hex is not None and bool(flying))
        except AirRulesError as exc:
            raise IllegalAction(str(exc)) from None
        if not play.allowed:
            raise IllegalAction(play.reason or "this Air Sortie is not allowed")
        if play.effect is airpack.SortieEffect.ORDER_AIRBORNE:
            sortie_plane = flying[0].id
            if not alone:
                air_deploy = _section_of(st, flying[0].hex, st.card)
        else:
            if not isinstance(new_hex, str):
                raise IllegalAction("no airplane is flying: name the edge hex where the Air "
                                    "Sortie enters (sortie_hex)")
            try:
                h = st.board.parse(new_hex)
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
            if h not in play.entry_hexes:
                raise IllegalAction(f"{new_hex} is not an edge hex where this Air Sortie may "
                                    "enter")
            if pos.is_occupied(h):
                raise IllegalAction(f"{new_hex} is occupied: an airplane enters on a vacant "
                                    "edge hex")
            if play.removed_airplane:
                extra.setdefault("left_board", []).append(play.removed_airplane)
            sortie_plane = f"{side.value}-plane-{air.planes_made + 1}"
            extra["new_airplane"] = {"id": sortie_plane, "type": "airplane", "hex": new_hex,
                                     "model": airplane_model(st, side), "figures": 1}
            if not alone:
                air_deploy = _section_of(st, h, st.card)
        rest = [u for u in rest if u != sortie_plane]
        extra["sortie_plane"] = sortie_plane
    why = airborne_limit_problem(st, [u for u in units if isinstance(u, str)],
                                 sortie="new_airplane" in extra)
    if why:
        raise IllegalAction(why)
    ordered_planes = [u for u in units if u in pos.units and pos.units[u].spec.air]
    if sortie_plane:
        ordered_planes = [u for u in ordered_planes if u != sortie_plane]
    # Keep 'em flying (p.5): an airborne airplane not ordered leaves the board, no medal.
    left = [p.id for p in flying if p.id not in units and p.id != sortie_plane
            and p.id not in extra.get("left_board", [])]
    if left:
        extra.setdefault("left_board", []).extend(left)
    checks = []
    passed = []
    for i, pid in enumerate(ordered_planes):
        plane = pos.units[pid]
        if not airpack.AirPackRules.air_check_required(pid in air.airborne_at_start,
                                                       not plane.airborne, False):
            continue
        chk = rules.air_check(pos, pid, not_counting=frozenset(air.not_counting.get(pid, [])))
        if chk.dice == 0:
            passed.append({"plane": pid, "explain": list(chk.explain)})
            continue
        thrower = chk.rolled_by.value
        why = (f"enemy units adjacent: the {thrower} throw" if chk.enemy_adjacent
               else "no enemy adjacent: its owner throws")
        checks.append({"plane": pid, "dice": chk.dice, "thrower": thrower,
                       "rid": f"{rid_base}-ac{i + 1}", "enemy_adjacent": chk.enemy_adjacent,
                       "purpose": f"air check of {pid} ({why}); a grenade loses it",
                       "explain": list(chk.explain)})
    if checks:
        extra["air_checks"] = checks
    if passed:
        extra["air_checks_passed"] = passed
    if orders_airplane_only(st):
        rest = []  # Air Power or the Air Sortie card alone orders the airplane only
    return rest, extra, air_deploy


def flightplan_order_extras(st: GameState, action: dict[str, Any], units: list[str], rid_base: str
                            ) -> tuple[list[str], dict[str, Any], str | None]:
    """New Flight Plan: ``deploy`` brings an air unit off the board in with the orders."""
    extra: dict[str, Any] = {}
    air_deploy: str | None = None
    dep = action.get("deploy")
    if dep is not None:
        extra["deploy"], air_deploy = _deploy(st, dep)
    return list(units), extra, air_deploy


def airplane_model(st: GameState, side: Side) -> str:
    """The model flown by ``side``: one already in the scenario, else the selection guidelines."""
    for u in st.scenario.units:
        if u.side is side and u.type == "airplane" and u.model in AIRPACK_MODELS:
            return str(u.model)
    country = st.scenario.sides[side].country or side.value
    nation = _COUNTRY_NATION.get(country.lower(), side.value)
    year = int(st.scenario.date[:4]) if st.scenario.date else 1942
    theatre = "pacific" if nation == "japan" else "europe"
    found = airplane_choices(nation, theatre, year)
    return found[0] if found else ("spitfire" if side is Side.ALLIES else "me109")


def _deploy(st: GameState, dep: Any) -> tuple[dict[str, Any], str]:
    air = st.air
    assert air is not None and st.card is not None
    if not (isinstance(dep, dict) and isinstance(dep.get("unit"), str)
            and isinstance(dep.get("hex"), str)):
        raise IllegalAction("deploy: {unit: an air unit off the board, hex: where it enters}")
    side = st.active
    pool = {r["id"]: r for r in air.reserve.get(side.value, [])}
    if dep["unit"] not in pool:
        raise IllegalAction(f"{dep['unit']} is not an air unit of the {side} off the board; off "
                            f"the board: {', '.join(pool) or 'none'}")
    try:
        h = st.board.parse(dep["hex"])
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    rules = _flightplan(st)
    spec = card_rules.card(st.card)
    kind = flightplan.OrderKind.SECTION if spec.kind.value == "section" else flightplan.OrderKind.TACTIC
    air_type = pool[dep["unit"]]["type"]
    ok = rules.deploy_check(st.position, side, air_type, order=kind, withdrew_this_turn=air.withdrew,
                            banned_types=frozenset(air.banned.get(side.value, [])))
    if not ok.allowed:
        raise IllegalAction(ok.reason or "no deployment now")
    section = _section_of(st, h, st.card)
    if section is None:
        raise IllegalAction(f"{dep['hex']} is not in a section where {spec.name} gives orders")
    data: dict[str, Any] = {"id": dep["unit"], "type": air_type, "hex": dep["hex"], "figures": 1,
                            "ammo": rules.full_ammo(air_type)}
    occupant = st.position.unit_at(h)
    if occupant is not None:
        # seed 001: the start hex may hold a ground unit, friend or foe; the unit then enters
        # with its move (the entry hex counts as its first hex and may carry an ammo marker)
        if occupant.spec.air:
            raise IllegalAction(f"{dep['hex']} holds air unit {occupant.id}: deploy elsewhere")
        data.update({"entering": True, "section": section})
    return data, section


# --- movement --------------------------------------------------------------------------------
def air_move(st: GameState, unit_id: str, to: Hex, action: dict[str, Any],
             joins_ready_stacks: bool = False) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """(fields of ``unit_moved``, ``ammo_spent`` data or None) for an air unit's move.
    ``joins_ready_stacks``: the rule set lets it land on an airfield's Ready-to-Take-off stack."""
    from companion.rules import movement

    pos = st.position
    unit = pos.units[unit_id]
    rules = rules_of(st)
    # Air Pack p.5: an airplane may land on a friendly airfield holding only friendly
    # Ready-to-Take-off markers; it joins that stack (one more airplane ready to take off)
    stack = pos.unit_at(to)
    joining = (joins_ready_stacks and stack is not None and stack.id != unit_id
               and stack.side is unit.side and ready_markers(stack) > 0 and not ready_markers(unit))
    if joining:
        assert stack is not None
        pos = pos.copy()
        pos.remove_unit(stack.id)
    raw = action.get("path")
    if raw is not None:
        if not (isinstance(raw, list) and raw and all(isinstance(x, str) for x in raw)):
            raise IllegalAction("path: the hexes the air unit flies onto, in order")
        try:
            path = [st.board.parse(x) for x in raw]
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if path[-1] != to:
            raise IllegalAction("the path must end on the 'to' hex")
    else:
        found = movement.move_destinations(pos, unit_id, unit.spec.move)
        info = found.get(to)
        if info is None:
            reach = ", ".join(sorted(st.hex_name(h) for h in found)) or "none"
            raise IllegalAction(f"{unit_id} may not end its move on {st.hex_name(to)}; it may "
                                f"reach: {reach}")
        path = list(info.path)
    left = rules.max_move - unit.moved
    if len(path) > left:
        raise IllegalAction(f"{unit_id} has {left} hex{'es' if left != 1 else ''} of movement left")
    check = rules.check_flight(pos, unit, path, enemy_bases=enemy_bases(st, unit.side))
    if not check.allowed:
        raise IllegalAction(check.reason or "this flight is not allowed")
    fields: dict[str, Any] = {"hexes": len(path), "can_battle": True,
                              "path": [st.hex_name(h) for h in path],
                              "airborne": not check.landed}
    if check.landed:
        fields["landed"] = True
    elif not unit.airborne:
        fields["took_off"] = True
    if joining:
        assert stack is not None
        if not check.landed:
            raise IllegalAction(f"{st.hex_name(to)} holds Ready-to-Take-off markers: an airplane "
                                "ends there only by landing on its own airfield or carrier")
        if action.get("markers"):
            raise IllegalAction("ammo markers belong to New Flight Plan games")
        fields["joined_stack"] = stack.id
        return fields, None
    spent = None
    markers = action.get("markers")
    if markers:
        spent = _markers(st, unit, path, markers)
    return fields, spent


def enter_move(st: GameState, unit_id: str, to: Hex, action: dict[str, Any]
               ) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """(fields of ``unit_moved``, ``ammo_spent`` or None) for an air unit deployed onto an occupied
    hex: its path starts on the entry hex, which counts as the first hex of its move."""
    from companion.rules.position import Unit as PosUnit

    air = st.air
    assert air is not None
    dep = air.entering[unit_id]
    entry = st.board.parse(dep["hex"])
    raw = action.get("path")
    if raw is not None:
        if not (isinstance(raw, list) and raw and all(isinstance(x, str) for x in raw)):
            raise IllegalAction("path: the hexes the air unit flies onto, in order, from its entry "
                                "hex")
        try:
            path = [st.board.parse(x) for x in raw]
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if path[0] != entry:
            raise IllegalAction(f"{unit_id} enters on {dep['hex']}: its path starts there")
        if path[-1] != to:
            raise IllegalAction("the path must end on the 'to' hex")
    else:
        path = _entry_path(st, entry, to, st.active)
    rules = rules_of(st)
    probe = st.position.copy()
    if probe.is_occupied(to):
        raise IllegalAction(f"{unit_id} may not end its move on {st.hex_name(to)}: an air unit ends "
                            "on a hex clear of units")
    unit = PosUnit(unit_id, st.active, dep["type"], to, 1, airborne=True, ammo=dict(dep["ammo"]))
    probe.add_unit(unit)
    fp = _flightplan(st)
    entry_hexes = fp.deploy_hexes(probe, st.active, Section(dep["section"]))
    check = rules.check_flight(probe, unit, path, entering=True, entry_hexes=entry_hexes,
                               enemy_bases=enemy_bases(st, st.active))
    if not check.allowed:
        raise IllegalAction(check.reason or "this flight is not allowed")
    fields: dict[str, Any] = {"hexes": len(path), "can_battle": True,
                              "path": [st.hex_name(h) for h in path], "airborne": not check.landed,
                              "entered": dict(dep)}
    if check.landed:
        fields["landed"] = True
    markers = action.get("markers")
    spent = _markers(st, unit, path, markers, position=probe, deploying=True) if markers else None
    return fields, spent


def _entry_path(st: GameState, entry: Hex, to: Hex, side: Side) -> list[Hex]:
    """The shortest flight from the entry hex to ``to`` (entry hex included), around enemy air."""
    if entry == to:
        raise IllegalAction(f"an air unit entering on {st.hex_name(entry)} must fly off it: that "
                            "hex is occupied")
    prev: dict[Hex, Hex] = {}
    frontier = [entry]
    seen = {entry}
    for _ in range(3):
        nxt = []
        for h in frontier:
            for n in st.board.neighbours(h):
                other = st.position.unit_at(n)
                if n in seen or (other is not None and other.side is not side and other.spec.air):
                    continue
                seen.add(n)
                prev[n] = h
                nxt.append(n)
        frontier = nxt
    if to not in prev:
        raise IllegalAction(f"{st.hex_name(to)} is out of reach from the entry hex "
                            f"{st.hex_name(entry)} (4 hexes, the entry hex included)")
    path = [to]
    while path[-1] != entry:
        path.append(prev[path[-1]])
    return path[::-1]


def entering_units(st: GameState) -> list[tuple[str, str]]:
    """(unit, entry hex) of air units deployed onto an occupied hex that have yet to move."""
    if st.air is None:
        return []
    return [(u, d["hex"]) for u, d in st.air.entering.items()]


def _markers(st: GameState, unit: Unit, path: Sequence[Hex], markers: Any,
             position: Position | None = None, deploying: bool = False) -> dict[str, Any]:
    if st.air is None or not isinstance(rules_of(st), flightplan.FlightPlanRules):
        raise IllegalAction("ammo markers belong to New Flight Plan games")
    if not isinstance(markers, list) or not all(
            isinstance(m, dict) and isinstance(m.get("hex"), str) and isinstance(m.get("ammo"), str)
            for m in markers):
        raise IllegalAction("markers: a list of {hex, ammo} (ammo: machine_gun or bomb)")
    try:
        placed = [flightplan.Marker(st.board.parse(m["hex"]), m["ammo"]) for m in markers]
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    rules = _flightplan(st)
    tfh = st.card == "their_finest_hour"
    check = _require(rules.run_check, position or st.position, unit.id, placed, path=path,
                     deploying=deploying, card=st.air.card_played, their_finest_hour=tfh,
                     refusal="this attack run is not allowed")
    return {"unit": unit.id, "type": unit.type,
            "markers": [{"hex": st.hex_name(m.hex), "ammo": m.ammo} for m in placed],
            "targets": list(check.targets), "split": list(check.dice),
            "ammo_left": dict(check.ammo_left), "card": st.air.card_played,
            "their_finest_hour": tfh, "explain": list(check.explain)}


# --- Ready-to-Take-off markers (Air Pack p.5) ---------------------------------------------------
# A stack of markers on an airfield or carrier is an ``airplane`` unit on the ground whose badges
# hold one ``ready_to_take_off`` entry per marker. Ordered, it launches a fresh airplane that
# flies off (one marker spent; the air check of a take-off applies); attacked, a grenade loses
# the whole stack for a single medal (it is one unit on the ground).
READY_TO_TAKE_OFF = "ready_to_take_off"


def ready_markers(unit: Unit) -> int:
    return unit.badges.count(READY_TO_TAKE_OFF)


def launch_fields(st: GameState, unit: Unit) -> dict[str, Any]:
    """``unit_moved.launched``: the fresh airplane a Ready-to-Take-off stack sends off."""
    assert st.air is not None
    return {"id": f"{st.active.value}-plane-{st.air.planes_made + 1}", "type": "airplane",
            "model": airplane_model(st, unit.side), "figures": 1, "stack": unit.id}


def airborne_limit_problem(st: GameState, units: list[str], sortie: bool = False) -> str | None:
    """Air Pack: one airborne airplane per side at any time; a Ready-to-Take-off stack or an
    airplane on the ground may not take off while another ordered airplane of the side flies on
    (p.5: "The limit of one airborne Airplane for each side at any given time still applies")."""
    pos = st.position
    stacks = [u for u in units if u in pos.units and (
        ready_markers(pos.units[u]) or (pos.units[u].spec.air and not pos.units[u].airborne))]
    if not stacks:
        return None
    flying = [u for u in units if u in pos.units and pos.units[u].spec.air
              and pos.units[u].airborne]
    if sortie:  # ``sortie``: a fresh airplane enters by an Air Sortie this turn
        flying.append("the Air Sortie's airplane")
    if len(stacks) + len(flying) > airpack.MAX_AIRBORNE_PER_SIDE:
        return ("only one airplane of a side may be airborne: order either the airplane in "
                f"flight or one airplane or Ready-to-Take-off stack taking off "
                f"({', '.join([*flying, *stacks])})")
    return None


def flightplan_must_still_move(st: GameState) -> list[str]:
    """New Flight Plan: air units deployed onto an occupied hex that have not flown off it."""
    assert st.air is not None
    return list(st.air.entering)


def airpack_must_still_move(st: GameState) -> list[str]:
    """Air Pack: ordered airborne airplanes that have not moved (they must move 1 hex at least)."""
    return [u for u in st.ordered if u in st.position.units and st.position.units[u].spec.air
            and st.position.units[u].airborne and st.position.units[u].moved == 0]


# --- battles involving air units ---------------------------------------------------------------
def air_battle_check(st: GameState, attacker: str, target: str,
                     mods: battle_rules.BattleModifiers) -> battle_rules.BattleCheck | None:
    """The check of a battle with an air unit on either side (None: a ground battle), by the
    Air Pack: an airplane never battles, ground units battle it as their target."""
    pos = st.position
    a, t = pos.units[attacker], pos.units[target]
    if not (a.spec.air or t.spec.air):
        return None
    if a.spec.air:
        if a.side is t.side:
            return _refused(st, attacker, target, f"{target} is a friendly unit")
        return _refused(st, attacker, target, f"{attacker} does not battle: an airplane strafes "
                        "or makes its special action during its move")
    return _ground_at_air(st, attacker, target, mods)


def flight_plan_battle_check(st: GameState, attacker: str, target: str,
                             mods: battle_rules.BattleModifiers
                             ) -> battle_rules.BattleCheck | None:
    """The check of a battle with an air unit on either side by New Flight Plan: air units
    dogfight each other and attack the ground by attack runs; a Close Assault card lets a
    ground unit fire at an airborne one."""
    pos = st.position
    a, t = pos.units[attacker], pos.units[target]
    if not (a.spec.air or t.spec.air):
        return None
    d = distance(a.hex, t.hex)
    if a.spec.air:
        if a.side is t.side:
            return _refused(st, attacker, target, f"{target} is a friendly unit")
        if t.spec.air:
            df = _flightplan(st).dogfight_check(pos, attacker, target)
            return battle_rules.BattleCheck(df.allowed, df.reason, d, True, d == 1, df.dice,
                                            df.explain or ((df.reason or ""),), targets.GRENADE_ONLY,
                                            targets.NO_FLAGS)
        return _refused(st, attacker, target, f"{attacker} attacks ground units with ammo "
                        "markers placed while it moves (attack run), not by battling")
    if t.airborne and st.card == "close_assault":
        g2a = _flightplan(st).ground_to_air_check(pos, attacker, target, close_assault_card=True)
        return battle_rules.BattleCheck(g2a.allowed, g2a.reason, d, True, d == 1, g2a.dice,
                                        g2a.explain or ((g2a.reason or ""),), targets.GRENADE_ONLY,
                                        targets.NO_FLAGS)
    return _ground_at_air(st, attacker, target, mods)


def _refused(st: GameState, attacker: str, target: str, reason: str) -> battle_rules.BattleCheck:
    d = distance(st.position.units[attacker].hex, st.position.units[target].hex)
    return battle_rules.BattleCheck(False, reason, d, False, d == 1, 0, (reason,))


def _ground_at_air(st: GameState, attacker: str, target: str,
                   mods: battle_rules.BattleModifiers) -> battle_rules.BattleCheck | None:
    """A ground unit battling with an air unit involved, as both rule sets have it."""
    t = st.position.units[target]
    check = targets.air_target_check(st.position, attacker, target, mods)
    if check is not None and check.allowed and not (t.spec.air and t.airborne):
        check = replace(check, flag_faces=targets.NO_FLAGS)
    return check


def needs_confirmation(st: GameState, target: str) -> bool:
    return targets.needs_confirmation(st.position, target)


# --- air actions (Air Pack special actions, New Flight Plan attack runs) -------------------------
def _own_air(st: GameState, unit_id: Any, what: str) -> Unit:
    if not isinstance(unit_id, str) or unit_id not in st.position.units:
        raise IllegalAction(f"{what}: name an air unit on the board")
    unit = st.position.units[unit_id]
    if not unit.spec.air or unit.side is not st.active:
        raise IllegalAction(f"{unit_id} is not one of your air units")
    if unit_id not in st.ordered:
        raise IllegalAction(f"{unit_id} was not ordered this turn")
    return unit


_ACTION_OF = {"strafe": AirAction.STRAFING, "kamikaze": AirAction.KAMIKAZE,
              **{a.value: a for a in AirAction}}


def _special_action_ok(st: GameState, unit: Unit, action: AirAction) -> None:
    assert st.air is not None
    done = frozenset(_ACTION_OF[a] for a in st.air.actions.get(unit.id, []) if a in _ACTION_OF)
    ok = airpack.may_add_action(done, action)
    if not ok.allowed:
        raise IllegalAction(ok.reason or "one special action per turn")
    if unit.id not in st.moved and unit.moved == 0:  # a fresh sortie's entry hex is a move
        raise IllegalAction(f"{unit.id} makes its {action.value} after its move: move it first")


def declare_strafe(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    unit = _own_air(st, a.get("unit"), "strafe")
    _special_action_ok(st, unit, AirAction.STRAFING)
    hexes = a.get("hexes")
    if not (isinstance(hexes, list) and all(isinstance(x, str) for x in hexes)):
        raise IllegalAction("hexes: up to 3 contiguous hexes next to the airplane")
    try:
        hs = [st.board.parse(x) for x in hexes]
        check = airpack.strafe_check(_airpack(st), st.position, unit.id, hs)
    except (ValueError, AirRulesError) as exc:
        raise IllegalAction(str(exc)) from None
    if not check.allowed:
        raise IllegalAction(check.reason or "no strafing here")
    yield ("air_attack_declared", {
        "kind": "strafe", "unit": unit.id, "targets": list(check.targets),
        "split": [airpack.STRAFE_DICE_PER_UNIT] * len(check.targets), "dice": check.dice,
        "rid": session.next_rid(), "thrower": st.active.value,
        "purpose": f"{unit.id} strafes {', '.join(check.targets)} (1 die each, terrain ignored)",
        "explain": list(check.explain), "then": "move", "hexes": hexes, "side": st.active.value,
    })


def declare_kamikaze(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    unit = _own_air(st, a.get("unit"), "kamikaze")
    _special_action_ok(st, unit, AirAction.KAMIKAZE)
    target = a.get("target")
    if not isinstance(target, str):
        raise IllegalAction("kamikaze: name the target unit")
    ok = _require(airpack.kamikaze_check, _airpack(st), st.position, unit.id, target,
                  refusal="no kamikaze here")
    yield ("air_attack_declared", {
        "kind": "kamikaze", "unit": unit.id, "targets": [target], "split": [airpack.KAMIKAZE_DICE],
        "dice": airpack.KAMIKAZE_DICE, "rid": session.next_rid(),
        "thrower": st.active.value, "purpose": f"{unit.id} dives on {target} (kamikaze)",
        "explain": list(ok.explain), "then": "move", "side": st.active.value,
    })


def declare_attack_run(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    air = st.air
    if air is not None and not air.runs and air.bombs:
        yield from _declare_bombing_roll(session, a)
        return
    if air is None or not air.runs:
        raise IllegalAction("no attack run is waiting: place ammo markers while the air unit moves")
    run = air.runs[0]
    if a.get("unit") not in (None, run["unit"]):
        raise IllegalAction(f"attack runs resolve in the order they were made: {run['unit']}'s first")
    yield ("air_attack_declared", {
        "kind": "attack_run", "unit": run["unit"], "targets": list(run["targets"]),
        "split": list(run["split"]), "dice": sum(run["split"]),
        "rid": session.next_rid(), "thrower": st.active.value,
        "purpose": (f"{run['unit']}'s attack run: " + "; ".join(
            f"{n} {'die' if n == 1 else 'dice'} on {t} ({m['ammo'].replace('_', ' ')})"
            for n, t, m in zip(run["split"], run["targets"], run["markers"], strict=True))),
        "explain": list(run.get("explain", [])), "then": "battle", "side": st.active.value,
    })


def cut_throw(faces: list[str], split: list[int]) -> list[list[str]]:
    """One flat throw cut into the dice of each target or marker, in order."""
    out, i = [], 0
    for n in split:
        out.append(faces[i:i + n])
        i += n
    return out


def apply_air_roll(session: GameSession) -> Iterator[Draft]:
    """The dice of the pending air roll, applied through the rules core."""
    st = session.state
    air = st.air
    assert air is not None and air.roll is not None and air.roll.faces is not None
    r = air.roll
    faces = [str(f) for f in r.faces or []]
    pos = st.position
    try:
        if r.kind == "air_check":
            chk = _airpack(st).air_check(pos, r.unit)
            res = replace(chk, dice=len(faces), enemy_adjacent=bool(r.data.get("enemy_adjacent"))
                          ).result(faces)
            yield ("air_check", {"plane": r.unit, "faces": faces, "lost": res.lost,
                                        "medal_to": res.medal_to.value if res.medal_to else None,
                                        "thrower": r.thrower})
            return
        if r.kind == "confirm":
            target = r.targets[0]
            conf = _flightplan(st).confirm(pos, target, faces)
            yield ("air_confirmed", {
                "target": target, "attacker": r.unit, "faces": faces, "shot_down": conf.shot_down,
                "retires": conf.retires, "medal_to": conf.medal_to.value if conf.medal_to else None,
                "air_combat_card_to": (conf.air_combat_card_to.value
                                       if conf.air_combat_card_to else None),
                "banned_type": conf.banned_type, "ammo_returned": conf.ammo_returned})
            return
        results: list[dict[str, Any]] = []
        side = pos.units[r.unit].side.value if r.unit in pos.units else st.active.value
        data: dict[str, Any] = {"kind": r.kind, "unit": r.unit, "faces": faces, "side": side}
        if r.kind == "strafe":
            check = airpack.strafe_check(_airpack(st), pos, r.unit,
                                         [st.board.parse(h) for h in r.data["hexes"]])
            tr = airpack.strafe_result(pos, check, cut_throw(faces, r.split))
            results = [x.as_dict(st.board) for x in tr]
        elif r.kind == "kamikaze":
            k = airpack.kamikaze_result(pos, r.unit, r.targets[0], faces)
            results = [k.target.as_dict(st.board)]
            data["plane_removed"] = True
            if k.medal_to_defender:
                data["medal_to"] = pos.units[r.unit].side.other.value
        elif r.kind == "attack_run":
            results = _run_results(st, r, faces)
        elif r.kind == "ambush":
            hits = flightplan.FlightPlanRules.possible_hits(faces)
            plane = r.targets[0]
            yield ("air_hits", {
                "attacker": r.unit, "target": plane, "faces": faces, "possible_hits": hits,
                "rid": session.next_rid("confirm"),
                "thrower": r.thrower, "then": r.then,
                "purpose": (f"confirm {hits} hit{'s' if hits != 1 else ''} on {plane}: re-roll "
                            f"{hits} {'die' if hits == 1 else 'dice'} — a grenade shoots it down, "
                            "a flag makes it retire"),
                "explain": [f"Ambush: {hits} grenade{'s' if hits != 1 else ''} on a flying air unit"]})
            return
        elif r.kind == "bombing":
            data["claimed"] = flightplan.FlightPlanRules.strategic_bombing_claims(faces)
            data["objective"] = r.data["objective"]
            data["hex"] = r.data["hex"]
            data["medals"] = r.data.get("medals", 1)
        data["results"] = results
    except (AirRulesError, battle_rules.BattleError) as exc:
        raise IllegalAction(str(exc)) from None
    yield ("air_attack_resolved", data)
    yield from forced_air_retreats(session)


def _run_results(st: GameState, r: PendingAir, faces: list[str]) -> list[dict[str, Any]]:
    air = st.air
    assert air is not None
    run = air.runs[0]
    rules = _flightplan(st)
    pos = st.position
    markers = tuple(flightplan.Marker(st.board.parse(m["hex"]), m["ammo"]) for m in run["markers"])
    card = rules.card(run.get("card")) if run.get("card") else None
    plane_type = str(run.get("type") or (pos.units[run["unit"]].type if run["unit"] in pos.units else ""))
    chosen = card if card is not None and card.special_action_allowed(plane_type) else None
    mods = []
    for m, uid in zip(markers, run["targets"], strict=True):
        unit = pos.units.get(uid)
        mods.append(rules.marker_modifiers(unit, m.ammo, chosen, bool(run.get("their_finest_hour")))[1]
                    if unit is not None else battle_rules.NO_MODIFIERS)
    check = flightplan.RunCheck(True, None, markers, tuple(run["targets"]), tuple(run["split"]),
                                tuple(mods))
    return [x.as_dict(st.board) for x in rules.run_result(pos, check, cut_throw(faces, r.split))]


def air_hits_data(session: GameSession, faces: list[str]) -> dict[str, Any]:
    """``air_hits`` after a dogfight or a ground-to-air battle on a flying air unit."""
    st = session.state
    b = st.battle
    assert b is not None
    hits = flightplan.FlightPlanRules.possible_hits(faces)
    return {"attacker": b.attacker, "target": b.target, "faces": faces, "possible_hits": hits,
            "rid": session.next_rid("confirm"),
            "thrower": st.active.value,
            "purpose": (f"confirm {hits} hit{'s' if hits != 1 else ''} on {b.target}: re-roll "
                        f"{hits} {'die' if hits == 1 else 'dice'} — a grenade shoots it down, a "
                        "flag makes it retire"),
            "explain": [f"{hits} grenade{'s' if hits != 1 else ''}: possible hits on a flying "
                        "air unit, to confirm"]}


def retreat_choices(st: GameState) -> list[dict[str, Any]]:
    air = st.air
    assert air is not None and air.retreats
    head = air.retreats[0]
    unit = st.position.units.get(head["unit"])
    if unit is None:
        return []
    from companion.game import landing

    opts = landing.retreat_options(st, unit.id, int(head["flags"]), figures=unit.figures)
    return [{"hex": st.hex_name(o.hex), "figures_lost": o.figures_lost, "eliminated": o.eliminated}
            for o in opts]


def choose_air_retreat(session: GameSession, hex_name: str, forced: bool = False) -> Iterator[Draft]:
    st = session.state
    air = st.air
    assert air is not None and air.retreats
    opts = retreat_choices(st)
    for o in opts:
        if o["hex"] == hex_name:
            yield ("air_retreat", {"unit": air.retreats[0]["unit"], **o, "forced": forced})
            return
    allowed = ", ".join(o["hex"] for o in opts)
    raise IllegalAction(f"{air.retreats[0]['unit']} may not retreat to {hex_name}; it may retreat "
                        f"to: {allowed}")


def forced_air_retreats(session: GameSession) -> Iterator[Draft]:
    """Retreats with a single way out are made at once, as for ground battles."""
    st = session.state
    while st.phase is Phase.AIR_RETREAT and st.air is not None and st.air.retreats:
        opts = retreat_choices(st)
        if not opts:  # the unit is gone
            yield ("air_retreat", {"unit": st.air.retreats[0]["unit"], "hex": "",
                                          "figures_lost": 0, "eliminated": False, "forced": True,
                                          "gone": True})
        elif len(opts) == 1:
            yield ("air_retreat", {"unit": st.air.retreats[0]["unit"], **opts[0],
                                          "forced": True})
        else:
            return
        st = session.state


# --- Air Combat draws at the end of the turn ----------------------------------------------------
def air_combat_draws(st: GameState) -> dict[str, list[str]]:
    """New Flight Plan: Recon 1 draws an Air Combat card for its player, Their Finest Hour one
    for each player (taken from the top of the game's Air Combat deck)."""
    if st.card is None:
        return {}
    assert st.air is not None
    title = ("Recon 1" if st.card.startswith("recon_") and st.card != "recon_in_force"
             else "Their Finest Hour" if st.card == "their_finest_hour" else None)
    if title is None:
        return {}
    mine, theirs = flightplan.AIR_COMBAT_DRAWS[title]
    shuffled = air_reshuffle(st)
    deck = list(st.air.deck) if shuffled is None else shuffled
    out: dict[str, list[str]] = {}
    for side, n in ((st.active, mine), (st.active.other, theirs)):
        for _ in range(n):
            if deck:
                out.setdefault(side.value, []).append(deck.pop(0))
    return out


def their_finest_hour_reshuffles(st: GameState) -> bool:
    """New Flight Plan: Their Finest Hour reshuffles the Command and Air Combat decks with their
    discard piles at the end of the turn (then both sides draw an Air Combat card)."""
    return st.card == "their_finest_hour"


def air_reshuffle(st: GameState) -> list[str] | None:
    """The Air Combat deck after Their Finest Hour's reshuffle (None: no reshuffle this turn, or
    no card played yet: a deck already shuffled gains nothing from another shuffle)."""
    if not their_finest_hour_reshuffles(st) or st.deck is None:
        return None  # real cards on the table: the players shuffle them
    assert st.air is not None
    if not st.air.discard:
        return None
    pool = [*st.air.deck, *st.air.discard]
    random.Random(f"{st.options.get('seed', 0)}:air-reshuffle:{st.turn}").shuffle(pool)
    return pool


# --- turn start ----------------------------------------------------------------------------------
def turn_start_events(st: GameState) -> list[tuple[str, dict[str, Any]]]:
    """New Flight Plan, start of the player's turn: landed air units resupply; air units out of
    ammo withdraw (no medal)."""
    rules = _flightplan(st)
    out: list[tuple[str, dict[str, Any]]] = []
    for u in sorted(st.position.units.values(), key=lambda u: u.id):
        if u.side is not st.active or not u.spec.air:
            continue
        if not u.airborne:
            full = rules.resupply(u, landed_at_turn_start=True)
            if full != rules.ammo_of(u) or not u.ammo:
                out.append(("air_resupplied", {"unit": u.id, "ammo": full}))
        elif rules.must_withdraw(u):
            out.append(("air_withdrawn", {"unit": u.id, "reason": "out of ammo",
                                          "ammo": rules.ammo_of(u)}))
    return out


# --- prompts ---------------------------------------------------------------------------------------
def air_prompt(st: GameState, actions: tuple[str, ...], due: DiceDue | None) -> Prompt | None:
    """The prompt of an air step (offering ``actions``, waiting for the throw ``due``), or None
    when the game is not at one."""
    air = st.air
    if air is None:
        return None
    if st.phase is Phase.AIR_DICE and air.roll is not None:
        r = air.roll
        thrower = r.thrower
        by = "" if thrower == st.active.value else f" (the {thrower} throw for the {st.active.value})"
        hexes = [st.hex_name(st.position.units[u].hex) for u in [r.unit, *r.targets]
                 if u in st.position.units]
        return Prompt("dice", thrower, f"{thrower.title()}: throw {r.dice} "
                      f"{'die' if r.dice == 1 else 'dice'}{by} — {r.purpose}.", actions,
                      highlight=tuple(hexes), dice=due, detail=tuple(r.explain))
    if st.phase is Phase.REVIEW_DICE and air.roll is not None:
        r = air.roll
        faces = ", ".join("?" if f is None else str(f) for f in (r.faces or []))
        unread = any(f is None for f in (r.faces or []))
        text = (f"Dice read: {faces}. " + ("Give the face of each unreadable die."
                if unread else "Correct a misread die, or apply the dice."))
        return Prompt("review_dice", r.thrower, text, actions)
    if st.phase is Phase.AIR_RETREAT and air.retreats:
        head = air.retreats[0]
        unit = st.position.units.get(head["unit"])
        owner = unit.side.value if unit else st.active.value
        opts = retreat_choices(st)
        return Prompt("retreat", owner, f"{owner.title()}: {head['unit']} must retreat "
                      f"({head['flags']} flag(s) from an air attack); choose where.",
                      actions, highlight=tuple(o["hex"] for o in opts),
                      choices=tuple(Choice(o["hex"], o["hex"], (f"loses {o['figures_lost']} figure(s)"
                                    if o["figures_lost"] else ""), hex=o["hex"]) for o in opts))
    return None


def air_roll_odds(r: PendingAir) -> dict[str, Any]:
    """Simple odds for an air roll: the chance of at least one grenade (air check, confirmation)."""
    from companion.rules.odds import DIE_SIDES, FACE_WEIGHTS

    p_none = (1 - FACE_WEIGHTS["grenade"] / DIE_SIDES) ** r.dice
    if r.kind == "air_check":
        return {"dice": r.dice, "p_lost": 1 - p_none, "p_hit": 1 - p_none, "p_eliminate": 1 - p_none}
    if r.kind == "bombing":
        return {"dice": r.dice, "p_claim": 1 - p_none, "p_hit": 1 - p_none}
    if r.kind == "confirm":
        p_flag_none = (1 - (FACE_WEIGHTS["grenade"] + FACE_WEIGHTS["flag"]) / DIE_SIDES) ** r.dice
        return {"dice": r.dice, "p_shot_down": 1 - p_none, "p_retires": p_none - p_flag_none,
                "p_hit": 1 - p_none, "p_eliminate": 1 - p_none}
    return {"dice": r.dice}


def airpack_move_actions(st: GameState) -> tuple[str, ...]:
    """Air Pack: air actions offered during the move phase (strafing and kamikaze after a move)."""
    out: list[str] = []
    for uid in st.ordered:
        u = st.position.units.get(uid)
        if u is None or not u.spec.air or (uid not in st.moved and u.moved == 0) or not u.airborne:
            continue
        assert st.air is not None
        if st.air.actions.get(uid):
            continue
        model = AIRPACK_MODELS.get(u.model or "")
        if model is None:
            continue
        _offer(model.actions, _AFTER_MOVE_ACTIONS, out)
    return tuple(out)


def airpack_battle_actions(st: GameState) -> tuple[str, ...]:
    """Air Pack: air actions offered in the battle phase (ground support, ground interdiction)."""
    assert st.air is not None
    out: list[str] = []
    for uid in st.ordered:
        u = st.position.units.get(uid)
        if u is None or not u.spec.air or not u.airborne or st.air.actions.get(uid):
            continue
        model = AIRPACK_MODELS.get(u.model or "")
        if model is None:
            continue
        _offer(model.actions, _BATTLE_PHASE_ACTIONS, out)
    return tuple(out)


# Air Pack special actions by the phase they are offered in, with the session's action names.
_AFTER_MOVE_ACTIONS: tuple[tuple[AirAction, str], ...] = (
    (AirAction.STRAFING, "strafe"), (AirAction.KAMIKAZE, "kamikaze"),
    (AirAction.RESCUE, "rescue"), (AirAction.GROUND_INTERDICTION, "interdiction"),
)
_BATTLE_PHASE_ACTIONS: tuple[tuple[AirAction, str], ...] = (
    (AirAction.GROUND_SUPPORT, "ground_support"), (AirAction.GROUND_INTERDICTION, "interdiction"),
    (AirAction.RECON, "recon"),
)


def _offer(abilities: Collection[AirAction], table: tuple[tuple[AirAction, str], ...],
           out: list[str]) -> None:
    """Add to ``out`` (once each) the actions of ``table`` the airplane can make."""
    for ability, name in table:
        if ability in abilities and name not in out:
            out.append(name)


_ACTION_NAMES = {"ground_support": AirAction.GROUND_SUPPORT,
                 "interdiction": AirAction.GROUND_INTERDICTION, "rescue": AirAction.RESCUE,
                 "recon": AirAction.RECON}


def recon_options(deck: list[str]) -> list[str]:
    """The cards a draw-2-keep-1 offers from the top of ``deck``: the first two, but an Air
    Sortie card among them is set face up (Air Pack p.3) and the next card comes instead."""
    return [c for c in deck[:2 + recon_sorties(deck)] if c != STANDALONE_SORTIE]


def recon_sorties(deck: list[str]) -> int:
    """The Air Sortie cards met while a draw-2-keep-1 draws its two cards from ``deck``."""
    met = kept = 0
    for c in deck:
        if kept == 2:
            break
        if c == STANDALONE_SORTIE:
            met += 1
        else:
            kept += 1
    return met


def recon_active(st: GameState) -> bool:
    """Air Pack recon: a Storch that chose recon this turn is next to an enemy ground unit when
    its player replenishes his hand (2 cards drawn, 1 kept). Asked by the Air Pack's flow."""
    assert st.air is not None
    return any(AirAction.RECON.value in done and p in st.position.units
               and airpack.recon_draws(_airpack(st), st.position, p) == 2
               for p, done in st.air.actions.items())


def declare_air_action(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    """Air Pack special actions without dice: ground support (this turn's close assaults),
    ground interdiction (the opponent's next turn), rescue (end of the plane's move)."""
    st = session.state
    do = str(a.get("do"))
    unit = _own_air(st, a.get("unit"), do)
    action = _ACTION_NAMES[do]
    ok = airpack.may_do(_airpack(st), unit, action)
    if not ok.allowed:
        raise IllegalAction(ok.reason or f"{unit.id} cannot do {do}")
    _special_action_ok(st, unit, action)
    data: dict[str, Any] = {"unit": unit.id, "action": action.value}
    if action is AirAction.RESCUE:
        target = a.get("target")
        if not isinstance(target, str):
            raise IllegalAction("rescue: name the one-figure infantry unit to lift out (target)")
        _require(airpack.rescue_check, _airpack(st), st.position, unit.id, target,
                 refusal="no rescue")
        data["target"] = target
    yield ("air_action", data)


def ground_support_modifiers(st: GameState, attacker: str, target: str
                             ) -> battle_rules.BattleModifiers | None:
    """Ground support: enemy units next to the airplane lose terrain protection against close
    assaults by ground troops this turn."""
    assert st.air is not None
    pos = st.position
    a, t = pos.units.get(attacker), pos.units.get(target)
    if a is None or t is None or a.spec.air:
        return None
    close = distance(a.hex, t.hex) == 1
    for plane, done in st.air.actions.items():
        if AirAction.GROUND_SUPPORT.value in done and plane in pos.units and \
                airpack.ground_support_applies(_airpack(st), pos, plane, target, close):
            return battle_rules.BattleModifiers(ignore_terrain_protection=True,
                                                explain=(f"ground support by {plane}: "
                                                         "no terrain protection",))
    return None


def _interdicting_planes(st: GameState) -> list[Unit]:
    assert st.air is not None
    return [st.position.units[p] for p, turn in st.air.interdicting.items()
            if turn == st.turn and p in st.position.units
            and st.position.units[p].side is not st.active]


# a ground unit's move search on a given board: (hex -> (hexes entered, may battle), paths)
MoveSearch = Callable[[Position], tuple[dict[Hex, tuple[int, bool]], dict[Hex, tuple[Hex, ...]]]]


def interdicted_moves(st: GameState, unit_id: str, found: dict[Hex, tuple[int, bool]],
                      paths: dict[Hex, tuple[Hex, ...]], search: MoveSearch | None = None
                      ) -> dict[Hex, tuple[int, bool]]:
    """Ground interdiction: a unit that started next to the plane does not move; one that moves
    next to it stops there and may not battle.

    A hex next to the plane ends the move, so a destination counts by a path whose earlier hexes
    all keep away from it. ``found`` holds one path per hex; where that one passes next to the
    plane, ``search`` looks again with those hexes blocked (as ``airpack.interdiction_moves``)."""
    planes = _interdicting_planes(st)
    unit = st.position.units[unit_id]
    if not planes or unit.spec.air:
        return found
    assert st.air is not None
    if unit_id in st.air.pinned:
        return {}
    near = frozenset(n for p in planes for n in st.board.neighbours(p.hex))
    out: dict[Hex, tuple[int, bool]] = {}
    for h, (n, can_battle) in found.items():
        path = paths.get(h, (h,))
        if any(x in near for x in path[:-1]):
            continue
        out[h] = (n, can_battle and h not in near)
    missed = [h for h in found if h not in out]
    if not missed or search is None:
        return out

    def blocked(hexes: frozenset[Hex]) -> dict[Hex, tuple[int, bool]]:
        # stand-ins on the empty hexes the path may not pass (units may not move through units)
        trial = st.position.copy()
        for i, h in enumerate(sorted(hexes, key=lambda x: (x.row, x.col))):
            if trial.unit_at(h) is None:
                trial.add_unit(Unit(f"\0interdiction{i}", unit.side, "infantry", h, 1))
        return search(trial)[0]

    away = blocked(near)
    for h in missed:
        if h not in near and h in away:
            out[h] = away[h]
        elif h in near:
            again = blocked(near - {h})
            if h in again:
                out[h] = (again[h][0], False)
    return out


def interdiction_block(st: GameState, attacker: str) -> str | None:
    """Why a unit that moved next to an interdicting airplane may not battle, or None."""
    planes = _interdicting_planes(st)
    unit = st.position.units.get(attacker)
    if not planes or unit is None or unit.spec.air or attacker not in st.moved:
        return None
    for p in planes:
        if distance(p.hex, unit.hex) == 1:
            return f"{attacker} moved next to {p.id} (ground interdiction): it may not battle"
    return None


def flightplan_start_actions(st: GameState) -> tuple[str, ...]:
    """New Flight Plan: actions offered before the Command card (withdraw an air unit)."""
    own = [u for u in st.position.units.values() if u.side is st.active and u.spec.air]
    return ("withdraw",) if own else ()


def withdraw(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    """New Flight Plan: an air unit leaves the battlefield at the start of its player's turn."""
    st = session.state
    uid = a.get("unit")
    unit = st.position.units.get(uid) if isinstance(uid, str) else None
    if unit is None or not unit.spec.air or unit.side is not st.active:
        raise IllegalAction("withdraw: name one of your air units on the board")
    ok = flightplan.FlightPlanRules.withdraw_check(start_of_turn=True,
                                                   command_card_played=st.card is not None)
    if not ok.allowed:
        raise IllegalAction(ok.reason or "no withdrawal now")
    yield ("air_withdrawn", {"unit": unit.id, "reason": "by choice",
                                    "ammo": _flightplan(st).ammo_of(unit)})


def pending_runs(air: AirState | None) -> int:
    """Attack runs and strategic bombings placed while moving and not yet resolved."""
    return len(air.runs) + len(air.bombs) if air is not None else 0


# --- Ambush against an air unit (New Flight Plan) -------------------------------------------------
def air_ambush_problem(st: GameState, unit_id: str | None = None) -> str | None:
    """Why the opponent may not play Ambush now against an air unit's markers (None: he may).

    Seed 001: a ground unit an air unit places an ammo marker on may Ambush it in the move
    phase, at once; air units never ambush (Air Pack: airplanes are never Ambush targets)."""
    if st.phase is not Phase.MOVE:
        return "Ambush against an air unit answers its ammo markers, in the move phase"
    assert st.air is not None
    runs = [r for r in st.air.runs if r["unit"] not in st.air.ambushed
            and r["unit"] in st.position.units]
    if not runs:
        return "no air unit has placed an ammo marker that may still be ambushed"
    marked = [t for r in runs for t in r["targets"] if t in st.position.units]
    if unit_id is not None and unit_id not in marked:
        return f"{unit_id} carries no ammo marker of an air unit: marked now: {', '.join(marked)}"
    defender = st.active.other
    if st.deck is not None and "ambush" not in st.hands.get(defender, []):
        return f"the {defender} hold no Ambush card"
    return None


def declare_air_ambush(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    """The marked ground unit battles the air unit at once (ground to air, grenades to confirm);
    if the air unit is neither shot down nor made to retire, its attack run goes on."""
    from companion.rules.position import Unit as PosUnit

    st = session.state
    air = st.air
    uid = a.get("unit")
    if uid is not None and not isinstance(uid, str):
        raise IllegalAction("ambush: name your unit that carries the ammo marker (unit)")
    why = air_ambush_problem(st, uid)
    if why:
        raise IllegalAction(why)
    assert air is not None
    run = next(r for r in reversed(air.runs) if r["unit"] not in air.ambushed
               and (uid is None or uid in r["targets"]))
    ambusher_id = uid or next(t for t in run["targets"] if t in st.position.units)
    plane_id = run["unit"]
    ambusher: PosUnit = st.position.units[ambusher_id]
    plane = st.position.units[plane_id]
    if not flightplan.FlightPlanRules.ambush_allowed(ambusher, plane):
        raise IllegalAction("an air unit may not play Ambush")
    # the marker is placed while the air unit flies over the unit's hex: it is taken as adjacent
    probe = st.position.copy()
    if distance(plane.hex, ambusher.hex) != 1:
        room = [n for n in st.board.neighbours(ambusher.hex) if not probe.is_occupied(n)]
        if not room:
            raise IllegalAction(f"{ambusher_id} has no room around it to fire at {plane_id}")
        probe.move_unit(plane_id, room[0])
    chk = _flightplan(st).ground_to_air_check(probe, ambusher_id, plane_id)
    if not chk.allowed:
        raise IllegalAction(chk.reason or f"{ambusher_id} may not battle {plane_id}")
    side = ambusher.side.value
    data: dict[str, Any] = {
        "kind": "ambush", "unit": ambusher_id, "targets": [plane_id], "split": [chk.dice],
        "dice": chk.dice, "rid": session.next_rid(), "thrower": side,
        "purpose": (f"Ambush: {ambusher_id} fires at {plane_id} as it marks it (grenades are "
                    "possible hits, to confirm)"),
        "explain": [*chk.explain, "Ambush against an air unit: resolved at once, in the move "
                    "phase"], "then": "move", "side": side, "plane": plane_id,
    }
    if st.deck is not None:
        data.update(replacement_draw(st.deck))
    yield ("air_attack_declared", data)


# --- strategic bombing (New Flight Plan) -----------------------------------------------------------
def bombing_objective(st: GameState, h: Hex) -> victory.Objective | None:
    """The medal objective on ``h`` a bomb could claim (exit hexes and sudden death are not)."""
    for obj in st.objectives:
        if h in obj.hexes and obj.kind not in (victory.ObjectiveKind.EXIT,
                                               victory.ObjectiveKind.SUDDEN_DEATH):
            return obj
    return None


def _claim_problem(st: GameState, obj: victory.Objective, side: Side) -> str | None:
    """Why the bomber's side cannot gain this objective's medal by bombing (None: it can)."""
    if not obj.claimable_by(side):
        return f"the medal of {obj.id} is not one the {side} can win"
    if obj.kind is victory.ObjectiveKind.PERMANENT and obj.id in st.ledger.permanent:
        return f"the medal of {obj.id} was captured for good already"
    if obj.kind is victory.ObjectiveKind.LAST_TO_OCCUPY and \
            st.ledger.last_occupant.get(obj.id, obj.initial) is side:
        return f"the {side} hold the medal of {obj.id} already"
    if obj.kind is victory.ObjectiveKind.TEMPORARY and victory.temporary_holder(st.position, obj) is side:
        return f"the {side} hold the medal of {obj.id} already"
    if st.air is not None and obj.id in st.air.bombed:
        return f"the medal of {obj.id} is held by bombing already"
    return None


def bombers(st: GameState) -> list[str]:
    """Ordered New Flight Plan air units that moved and may declare a strategic bombing now."""
    return [u for u in st.ordered if u in st.position.units and _bombing_problem(st, u) is None]


def could_bomb(st: GameState, unit: Unit, h: Hex, bombs_left: int) -> bool:
    """Whether ``unit`` ending its move on ``h`` with ``bombs_left`` could bomb an objective there
    (the auto player's look-ahead; ``bomb`` itself asks the rules core)."""
    obj = bombing_objective(st, h)
    if obj is None or bombs_left <= 0 or obj.kind is victory.ObjectiveKind.TEMPORARY_MAJORITY:
        return False
    assert st.air is not None
    if not _flightplan(st).profile(unit).strategic_bombing:
        return False
    if st.air.bombed_by.get(obj.id) not in (None, unit.side.value):
        return False
    return _claim_problem(st, obj, unit.side) is None


def bomb_offered(st: GameState) -> bool:
    """``bomb`` is among the move phase's actions: an ordered bomber or fighter-bomber has moved
    and not declared a bombing (``act`` then says why a bombing is refused, if it is)."""
    assert st.air is not None
    declared = {b["unit"] for b in st.air.bombs}
    rules = _flightplan(st)
    return any(u in st.position.units and st.position.units[u].spec.air and u in st.moved
               and u not in declared and rules.profile(st.position.units[u]).strategic_bombing
               for u in st.ordered)


def _bombing_problem(st: GameState, uid: str) -> str | None:
    air = st.air
    assert air is not None
    unit = st.position.units[uid]
    if not unit.spec.air or unit.side is not st.active:
        return f"{uid} is not one of your air units"
    if uid not in st.moved:
        return f"{uid} bombs at the end of its move: move it first"
    if any(b["unit"] == uid for b in air.bombs):
        return f"{uid} has declared its bombing already"
    obj = bombing_objective(st, unit.hex)
    if obj is None:
        return f"{uid} is not on an objective hex ({st.hex_name(unit.hex)})"
    other = air.bombed_by.get(obj.id)
    check = _flightplan(st).strategic_bombing_check(
        st.position, uid, majority_objective=obj.kind is victory.ObjectiveKind.TEMPORARY_MAJORITY,
        claimed_by_opponent_bombing=other is not None and other != unit.side.value)
    if not check.allowed:
        return check.reason or "no strategic bombing here"
    return _claim_problem(st, obj, unit.side)


def declare_bombing(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    """New Flight Plan: a bomber or fighter-bomber that ended its move on an unoccupied objective
    hex places a bomb there; it is rolled (1 die) after the attack runs, a grenade claims the
    objective's medal."""
    st = session.state
    unit = _own_air(st, a.get("unit"), "bomb")
    why = _bombing_problem(st, unit.id)
    if why:
        raise IllegalAction(why)
    obj = bombing_objective(st, unit.hex)
    assert obj is not None
    ammo = dict(_flightplan(st).ammo_of(unit))
    ammo["bomb"] = ammo.get("bomb", 0) - 1
    yield ("bombing_declared", {"unit": unit.id, "hex": st.hex_name(unit.hex),
                                       "objective": obj.id, "medals": obj.medals,
                                       "side": unit.side.value, "ammo_left": ammo})


def _declare_bombing_roll(session: GameSession, a: dict[str, Any]) -> Iterator[Draft]:
    st = session.state
    assert st.air is not None
    bomb = st.air.bombs[0]
    if a.get("unit") not in (None, bomb["unit"]):
        raise IllegalAction(f"the strategic bombing of {bomb['unit']} is resolved next")
    yield ("air_attack_declared", {
        "kind": "bombing", "unit": bomb["unit"], "targets": [], "split": [1],
        "dice": flightplan.STRATEGIC_BOMBING_DICE,
        "rid": session.next_rid(), "thrower": st.active.value,
        "purpose": (f"{bomb['unit']} bombs {bomb['objective']} on {bomb['hex']}: a grenade claims "
                    "its medal"),
        "explain": ["strategic bombing: 1 die, Air Combat cards do not apply"], "then": "battle",
        "side": st.active.value, "objective": bomb["objective"], "hex": bomb["hex"],
        "medals": bomb.get("medals", 1),
    })


# --- what the app's air controls ask (through the flows) --------------------------------------
def sortie_edge_hexes(st: GameState) -> frozenset[Hex]:
    """Air Pack: the edge hexes where the Air Sortie's airplane may enter: in the Recon 1's
    section for a Recon played as the sortie; with a Section card, in that card's sections ("to
    make an Air Sortie in the corresponding section", seed 000 p.3), as the order checks it."""
    recon = played_as_sortie_section(st)
    edge = _airpack(st).edge_hexes(st.position, recon, st.active)
    if recon is None and st.card is not None and not orders_airplane_only(st):
        sections = set(command_card(st.card).sections)
        if sections:
            edge = frozenset(h for h in edge if st.board.sections(h, st.active) & sections)
    return frozenset(edge)


def flightplan_ammo(unit: Unit) -> dict[str, int]:
    """New Flight Plan: an air unit's ammo (its type's full ammo until markers are spent)."""
    try:
        return dict(_FLIGHTPLAN_RULES.ammo_of(unit))
    except ValueError:
        return dict(unit.ammo)


def flightplan_full_ammo(air_type: str) -> dict[str, int]:
    try:
        return dict(_FLIGHTPLAN_RULES.full_ammo(air_type))
    except ValueError:
        return {}


def flightplan_may_bomb(air_type: str) -> bool:
    try:
        return bool(_FLIGHTPLAN_RULES.profile(air_type).strategic_bombing)
    except ValueError:
        return False


def deploy_allowed_now(st: GameState, air_type: str) -> bool:
    """New Flight Plan: an air unit of ``air_type`` may deploy with a Section card now."""
    assert st.air is not None
    try:
        ok = _flightplan(st).deploy_check(
            st.position, st.active, air_type, order=flightplan.OrderKind.SECTION,
            withdrew_this_turn=st.air.withdrew,
            banned_types=frozenset(st.air.banned.get(st.active.value, [])))
    except ValueError:
        return False
    return bool(ok.allowed)
