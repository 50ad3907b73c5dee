"""What the game asks the rules core about the state in hand: the card in force, the dice a
battle is due, where a unit may move, which enemies it may battle, the odds of the battle due.

Pure functions of a :class:`GameState`; the legal actions, the session's checks, the prompt
and the auto player all ask here, so the answer is the same wherever it is read.
"""

from __future__ import annotations

from typing import Any

from companion.game import airflow, landing
from companion.game.flows import flow_of
from companion.game.state import BATTLE_BACK, GameState, Phase
from companion.rules import battle as battle_rules
from companion.rules import cards as card_rules
from companion.rules import odds as odds_rules
from companion.rules.board import Hex
from companion.rules.position import Position


def counters_for(st: GameState) -> str | None:
    """The card a Counter-Attack in play copies: the opponent's latest card."""
    if st.card is None or not airflow.command_card(st.card).copies_last_card:
        return None
    last = st.last_card.get(st.active.other)
    if last is None or last == airflow.STANDALONE_SORTIE:  # nothing played yet; an Air Sortie
        return None
    # a Counter-Attack that had nothing to copy: this one copies nothing either; nor does one
    # of a reaction card played as the turn's card (an Ambush from under the Commissar chip):
    # "an Ambush cannot be counter-attacked" (docs/rules-sources.md)
    spec = airflow.command_card(last)
    return None if spec.copies_last_card or spec.reaction else last


def card_spec_in_force(st: GameState) -> card_rules.CardSpec | None:
    """The card whose effects apply this turn (a Counter-Attack's copied card; the Air Sortie for
    a card played as one: "when Air Rules are in effect, Air Power cards must be played as if
    they were Air Sortie cards instead", seed 000 p.3, so no attack of Air Power's own)."""
    if st.card is None:
        return None
    if airflow.orders_airplane_only(st):
        return airflow.command_card(airflow.STANDALONE_SORTIE)
    try:
        return card_rules.card_in_force(airflow.command_card(st.card), counters_for(st))
    except card_rules.CardError:
        return airflow.command_card(st.card)


def battles_allowed(st: GameState, unit_id: str) -> int:
    """Battles the ordered unit may make this turn (Artillery Bombard: 2)."""
    spec = card_spec_in_force(st)
    unit = st.position.units.get(unit_id)
    if spec is None or unit is None:
        return 1
    return max(1, card_rules.move_allowance(spec, unit.spec).battles)


def modifiers_for(st: GameState, attacker: str, target: str, overrun: bool) -> battle_rules.BattleModifiers:
    mods = battle_rules.NO_MODIFIERS
    if st.card is not None and not airflow.orders_airplane_only(st):  # an Air Sortie adds nothing
        mods = card_rules.card_modifiers(airflow.command_card(st.card), st.position, attacker, target,
                                         overrun=overrun, counters=counters_for(st))
    return mods.combine(flow_of(st).battle_modifiers(st, attacker, target))


def battle_check(st: GameState, attacker: str, target: str, overrun: bool) -> battle_rules.BattleCheck:
    return battle_check_with_mods(st, attacker, target, overrun)[1]


def battle_check_with_mods(st: GameState, attacker: str, target: str, overrun: bool
                           ) -> tuple[battle_rules.BattleModifiers, battle_rules.BattleCheck]:
    """The check of a battle (allowed, dice, why) and the modifiers it was made with."""
    no = battle_rules.NO_MODIFIERS
    if st.card is not None:
        spec = card_spec_in_force(st)
        # the card's restriction holds for the overrun battle too (Close Assault, Ambush...)
        why = card_rules.card_battle_restriction(spec or st.card, st.position, attacker, target,
                                                 overrun=overrun)
        if why:
            return no, battle_rules.BattleCheck(False, why, 0, False, False, 0, (why,))
    why = landing.battle_block(st, attacker)
    if why:
        return no, battle_rules.BattleCheck(False, why, 0, False, False, 0, (why,))
    mods = modifiers_for(st, attacker, target, overrun)
    flow = flow_of(st)
    why = flow.battle_block(st, attacker)
    if why:
        return mods, battle_rules.BattleCheck(False, why, 0, False, False, 0, (why,))
    decided = flow.battle_check(st, attacker, target, mods)
    if decided is not None:
        return mods, decided
    return mods, battle_rules.battle_check(st.position, attacker, target, mods, overrun=overrun)


def remember_declared(st: GameState, mods: battle_rules.BattleModifiers,
                      check: battle_rules.BattleCheck) -> None:
    """Keep the check a ground battle was just declared with, for its odds and its dice: the
    board does not change between the declaration and the roll (kept while it does not)."""
    if st.battle is not None:
        st.declared_check = (st.battle, st.board_version, mods, check)


def declared_check(st: GameState) -> tuple[battle_rules.BattleModifiers,
                                           battle_rules.BattleCheck] | None:
    """The check the ground battle due was declared with, while nothing it read has changed
    (the same pending battle, the same board); None for an air battle, an Ambush or a card's
    own attack, which are checked their own way."""
    memo, b = st.declared_check, st.battle
    if (memo is None or b is None or memo[0] is not b or memo[1] != st.board_version
            or st.air is not None or b.card_attack or is_ambush(st) or is_battle_back(st)):
        return None
    return memo[2], memo[3]


def orders_check(st: GameState, units: list[str], section: str | None = None,
                 roll: list[str] | None = None, air_deploy: str | None = None
                 ) -> tuple[list[str], int, list[str]]:
    """(units ordered, orders lost, problems) for the card in play."""
    from companion.rules import orders as order_rules

    assert st.card is not None
    spec = airflow.command_card(st.card)
    if spec.copies_last_card and counters_for(st) is None and not airflow.counters_sortie(st):
        # a Counter-Attack with nothing to copy (the opponent has played no command card yet, or
        # his was a Counter-Attack that copied nothing): it orders nothing, and the turn goes on
        # to its draw (bga-memoir CounterAttack.php: no copied card, straight to the draw)
        why = (f"Counter-Attack copies the card the {st.active.other} played last; they have "
               "played none it can copy, so it orders no unit")
        return [], 0, [f"{uid}: {why}" for uid in units]
    try:
        check = order_rules.check_orders(st.position, airflow.command_card(st.card), st.active, units,
                                         section=section, roll=roll, counters=counters_for(st),
                                         air_deploy=air_deploy)
    except (order_rules.OrdersError, card_rules.CardError) as exc:
        return [], 0, [str(exc)]
    problems = [f"{uid}: {why}" for uid, why in check.rejected]
    return list(check.valid), check.orders_lost, problems


def destinations(st: GameState, unit_id: str) -> dict[Hex, tuple[int, bool]]:
    """Hexes the unit may end its move on: hex -> (hexes entered, may still battle there)."""
    from companion.rules import movement

    spec = card_spec_in_force(st)
    unit = st.position.units[unit_id]
    allowance = card_rules.move_allowance(spec, unit.spec)
    if not allowance.may_move:
        return {}
    if landing.in_craft(st, unit_id):
        return landing.craft_destinations(st, unit_id)
    effect = spec.effect_for(unit.spec.unit_class) if spec is not None else None
    free = bool(effect and effect.ignore_terrain_movement)

    def search(position: Position) -> tuple[dict[Hex, tuple[int, bool]], dict[Hex, tuple[Hex, ...]]]:
        """This move's destinations on ``position`` (the board, or one with hexes blocked):
        hex -> (hexes entered, may still battle there), and the path found to each."""
        found = movement.move_destinations(position, unit_id, allowance.move,
                                           battle_limit=allowance.move_and_battle,
                                           ignore_terrain_movement=free)
        out: dict[Hex, tuple[int, bool]] = {}
        for h, info in found.items():
            if h == unit.hex:
                continue
            can_battle = info.can_battle
            if free and can_battle:
                # Behind Enemy Lines: no terrain stops the move, but entering forest/town/hedgerow
                # still forbids a battle there, as the referee's move ask says: the terrain cards'
                # Battle line, which French Resistance ignores ("May always battle when they
                # penetrate a new terrain type (Woods, Villages, Hedgerows)", seed 004)
                can_battle = card_rules.battle_after_entering(position, unit_id, h,
                                                              len(info.path)) is None
            out[h] = (len(info.path), can_battle)
        return out, {h: info.path for h, info in found.items()}

    out, paths = search(st.position)
    return flow_of(st).restrict_moves(st, unit_id, out, paths, search)


def is_ambush(st: GameState) -> bool:
    """The battle in progress is an Ambush (the assaulted unit strikes first)."""
    return st.ambushed is not None and st.battle is not None and st.battle.card == "ambush"


def is_battle_back(st: GameState) -> bool:
    """The battle in progress is a British battle back (the held unit answers its assaulter)."""
    return st.battle is not None and st.battle.card == BATTLE_BACK


def battle_back_offer(st: GameState) -> tuple[str, str, battle_rules.BattleCheck] | None:
    """While a British unit held with 1 figure may battle back: (that unit, the unit that
    assaulted it, the check of its battle back)."""
    b = st.battle
    if st.phase is not Phase.BATTLE_BACK or b is None or b.target not in st.position.units \
            or b.attacker not in st.position.units:
        return None
    return b.target, b.attacker, battle_rules.battle_back_check(st.position, b.target, b.attacker)


def ambush_check(st: GameState, unit: str, target: str
                 ) -> tuple[battle_rules.BattleModifiers, battle_rules.BattleCheck]:
    """The Ambush battle of ``unit`` (the assaulted) against ``target`` (the assaulting unit)."""
    side = st.position.units[unit].side
    why = card_rules.card_battle_restriction("ambush", st.position, unit, target)
    mods = card_rules.card_modifiers("ambush", st.position, unit, target, side=side)
    if why:
        return mods, battle_rules.BattleCheck(False, why, 0, False, False, 0, (why,))
    return mods, battle_rules.battle_check(st.position, unit, target, mods)


def ambush_problem(st: GameState) -> str | None:
    """Why Ambush may not be played now (None: the assaulted unit's owner may play it)."""
    b = st.battle
    # an armor overrun's battle against an adjacent unit is a close assault too ("this second
    # battle must once again be a Close Assault Combat", seed 003, Armor Overrun Combat): Ambush
    # answers it as any other (bga-memoir offers it on every attack at distance 1)
    if (st.phase is not Phase.DICE or b is None or b.card_attack or b.faces is not None
            or b.confirm_dice or st.ambushed is not None or b.attacker not in st.position.units
            or b.target not in st.position.units or b.card == BATTLE_BACK):
        return "Ambush answers a close assault declared on your unit, before its dice are thrown"
    a, t = st.position.units[b.attacker], st.position.units[b.target]
    if st.board.neighbours(a.hex).count(t.hex) == 0:
        return "Ambush answers a close assault (the assaulting unit is adjacent), not a ranged battle"
    if st.deck is not None and "ambush" not in st.hands.get(t.side, []):
        return f"the {t.side} hold no Ambush card"
    why = card_rules.card_battle_restriction("ambush", st.position, b.target, b.attacker)
    if why is None:
        # the assaulted unit must be able to battle the assaulting one at all (a sniper never
        # targets armor): else the Ambush would be offered and then refused
        check = ambush_check(st, b.target, b.attacker)[1]
        if not check.allowed:
            return check.reason or "the assaulted unit may not battle the assaulting one"
    return why


def live_card_targets(st: GameState) -> list[str]:
    """Targets a direct-attack card named that are still on the board, not yet rolled at."""
    return [t for t in st.card_targets if t in st.position.units]


def after_battle_movers(st: GameState) -> list[str]:
    """Ordered units that battled and may now move again (Behind Enemy Lines)."""
    spec = card_spec_in_force(st)
    if spec is None or st.battle is not None:
        return []
    out = []
    for uid in st.ordered:
        unit = st.position.units.get(uid)
        if unit is None or uid not in st.battled or uid in st.moved_after_battle:
            continue
        if spec.effect_for(unit.spec.unit_class).move_after_battle > 0:
            out.append(uid)
    return out


def destinations_after_battle(st: GameState, unit_id: str) -> dict[Hex, int]:
    """Hexes the unit may end its move after its battle on: hex -> hexes entered."""
    from companion.rules import movement

    spec = card_spec_in_force(st)
    assert spec is not None
    unit = st.position.units[unit_id]
    effect = spec.effect_for(unit.spec.unit_class)
    found = movement.move_destinations(st.position, unit_id, unit.moved + effect.move_after_battle,
                                       ignore_terrain_movement=effect.ignore_terrain_movement)
    return {h: len(info.path) for h, info in found.items() if h != unit.hex}


def battle_targets(
    st: GameState, attacker: str, overrun: bool = False
) -> list[tuple[str, battle_rules.BattleCheck]]:
    """Every enemy the attacker may battle now, with the check (dice, explanations)."""
    return [(tid, check) for tid, (_, check) in battle_targets_with_mods(st, attacker, overrun).items()
            if check.allowed]


def battle_targets_with_mods(
    st: GameState, attacker: str, overrun: bool = False
) -> dict[str, tuple[battle_rules.BattleModifiers, battle_rules.BattleCheck]]:
    """Every enemy of the attacker with the check of a battle against it (allowed or not)."""
    unit = st.position.units.get(attacker)
    if unit is None:
        return {}
    return {other.id: battle_check_with_mods(st, attacker, other.id, overrun)
            for other in st.position.units.values() if other.side is not unit.side}


def odds_for(st: GameState) -> dict[str, Any] | None:
    b = st.battle
    if b is not None and is_battle_back(st) and b.attacker in st.position.units \
            and b.target in st.position.units:
        check = battle_rules.battle_back_check(st.position, b.attacker, b.target)
        return odds_rules.odds_json(odds_rules.position_odds(
            st.position, b.attacker, b.target, battle_rules.battle_back_modifiers(), check=check))
    if b is not None and is_ambush(st) and b.attacker in st.position.units \
            and b.target in st.position.units:
        mods, check = ambush_check(st, b.attacker, b.target)
        return odds_rules.odds_json(odds_rules.position_odds(st.position, b.attacker, b.target, mods,
                                                             check=check))
    if b is not None and b.card_attack and b.target in st.position.units:
        spec = card_spec_in_force(st)
        assert spec is not None
        check = card_rules.direct_attack_check(spec, st.position, st.active, b.target)
        return odds_rules.odds_json(odds_rules.battle_odds(
            check.dice, check.hit_faces, st.position.units[b.target].figures))
    if b is None or b.attacker not in st.position.units or b.target not in st.position.units:
        return None
    known = declared_check(st)
    if known is not None:
        mods, check = known
    else:
        check = battle_check(st, b.attacker, b.target, b.overrun)
        mods = modifiers_for(st, b.attacker, b.target, b.overrun)
    target = st.position.units[b.target]
    if target.spec.air or st.position.units[b.attacker].spec.air:
        odds = odds_rules.battle_odds(check.dice, check.hit_faces, target.figures,
                                      flag_faces=check.flag_faces)
    else:
        # counts figures lost to blocked retreats and the armored car's confirmation
        odds = odds_rules.position_odds(st.position, b.attacker, b.target, mods, check=check,
                                        overrun=b.overrun)
    return odds_rules.odds_json(odds)

