"""Referee asks for command cards: ``orders``, ``card_attack`` and the card-aware ``battle``.

Imported by ``referee.load_plugins`` on the first answer; documented in
``docs/rules-referee.md`` (section "Command cards and orders").
"""

from __future__ import annotations

from companion.rules.battle import BattleModifiers, battle_check, resolve_battle
from companion.rules.board import Section, Side
from companion.rules.referee import (
    ASKS,
    MAX_MEDAL_COUNT,
    Query,
    QueryError,
    _int,
    _show,
    battle_answer,
    check_json,
    landing_craft_move,
    register_ask,
    result_json,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a referee query's start)

if TYPE_CHECKING:
    from typing import Any

    from companion.rules.cards import CardSpec
    from companion.rules.victory import Objective

# The card, order and victory tables are imported by the asks that use them, so that a battle
# or move without a card (which this module's front doors hand to the plain asks) loads none.

_plain_battle = ASKS.get("battle")
_plain_move = ASKS.get("move")


def _card_field(query: Query, body: dict[str, Any], path: str) -> CardSpec | None:
    """The card in force: ``card`` (and ``counters`` for a Counter-Attack), or None."""
    name = body.get("card")
    counters = body.get("counters")
    if name is None:
        if counters is not None:
            raise QueryError(f"{path}.counters", "only a counter_attack card counters another card")
        return None
    if not isinstance(name, str):
        raise QueryError(f"{path}.card", "expected a command card name (e.g. \"armor_assault\") or null")
    from companion.rules.cards import CardError, card, counter_attack, not_as_printed

    try:
        spec = card(name)
    except CardError as exc:
        raise QueryError(f"{path}.card", str(exc)) from None
    if spec.copies_last_card:
        if not isinstance(counters, str):
            raise QueryError(f"{path}.counters", "counter_attack copies the opponent's last card: "
                                                 "name it here (e.g. \"attack_right\")")
        try:
            spec = counter_attack(counters)
        except CardError as exc:
            raise QueryError(f"{path}.counters", str(exc)) from None
    elif counters is not None:
        raise QueryError(f"{path}.counters", f"only counter_attack counters a card, not {spec.id}")
    why = not_as_printed(spec, query.air_rules)
    if why is not None:
        raise QueryError(f"{path}.card", why)
    return spec


def _air_notes(query: Query, spec: CardSpec) -> list[str]:
    """The air rules' changes to this card, when those rules are in force."""
    note = spec.air_rule_notes.get(query.air_rules or "")
    return [f"{spec.name} with {query.air_rules} rules: {note}"] if note else []


_SIDES: dict[str, Side] = {s.value: s for s in Side}


def _side(value: object, path: str) -> Side:
    found = _SIDES.get(value) if isinstance(value, str) else None
    if found is None:
        raise QueryError(path, f"{_show(value)} is not a side; allowed: allies, axis")
    return found


def _section_refusal(query: Query, spec: CardSpec, unit_id: str) -> str | None:
    """A section card orders units in its sections only ("Section cards are used to order a move
    and/or battle in a specific section", seed 003): a unit that has not moved stands where it
    was ordered, so outside the card's sections it was not ordered and may neither move nor
    battle. A unit that moved may have crossed into another section ("Ordered units may move from
    one section of the battlefield into another"), so it is not judged; nor are air units."""
    if not spec.sections:
        return None
    unit = query.position.units[unit_id]
    if unit.moved > 0 or unit.spec.air:
        return None
    where = query.position.board.sections(unit.hex, unit.side)
    if where & set(spec.sections):
        return None
    names = ", ".join(sorted(s.value for s in where))
    return (f"{unit_id} stands in the {names} section, where {spec.name} gives no orders, and it "
            "has not moved: it is not ordered")


@register_ask("battle")
def ask_battle(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """The battle ask with a command card: extra dice, card restrictions, Barrage / Air Power."""
    query.body_fields({"attacker", "target", "card", "counters", "overrun", "side", "confirm"}, {"target"})
    spec = _card_field(query, body, "ask.battle")
    if spec is None and _plain_battle is not None:
        if "side" in body:
            raise QueryError("ask.battle.side", "side is only for cards that attack by themselves "
                                                "(barrage, air_power)")
        if "counters" in body:
            raise QueryError("ask.battle.counters", "only a counter_attack card counters another card")
        return _plain_battle(query, body)
    target = query.unit(body["target"], "ask.battle.target")
    overrun = body.get("overrun", False)
    if not isinstance(overrun, bool):
        raise QueryError("ask.battle.overrun", "expected true or false")
    if spec is not None and spec.direct_attack is not None:
        return _direct_battle(query, body, spec, target.id)
    if "attacker" not in body:
        raise QueryError("ask.battle.attacker", "required field is missing")
    if "side" in body:
        raise QueryError("ask.battle.side", "side is only for cards that attack by themselves "
                                            "(barrage, air_power)")
    attacker = query.unit(body["attacker"], "ask.battle.attacker")
    mods: BattleModifiers | None = None
    out: dict[str, Any]
    if spec is not None:
        from companion.rules.cards import card_battle_restriction, card_modifiers

        reason = card_battle_restriction(spec, query.position, attacker.id, target.id,
                                         overrun=overrun)
        if reason is None and not overrun:
            reason = _section_refusal(query, spec, attacker.id)
        if reason is not None:
            check = battle_check(query.position, attacker.id, target.id, None, overrun=overrun)
            out = {"battle": check_json(check)}
            out["battle"].update(allowed=False, reason=reason, dice=0,
                                 explain=[*check.explain, reason])
            out["battle"]["card"] = spec.id
            out["battle"]["explain"] += _air_notes(query, spec)
            return out
        mods = card_modifiers(spec, query.position, attacker.id, target.id, overrun=overrun)
        if attacker.spec.air or target.spec.air:
            # an air unit in the battle: the air rules' check (range, dice, what hits, the
            # confirmation of hits on a flying air unit) with the card's dice on top
            out = battle_answer(query, attacker.id, target.id, mods, overrun=overrun,
                                odds_overrun=overrun)
            out["battle"]["card"] = spec.id
            out["battle"]["explain"] += _air_notes(query, spec)
            return out
    check = battle_check(query.position, attacker.id, target.id, mods, overrun=overrun)
    out = {"battle": check_json(check)}
    if spec is not None:
        out["battle"]["card"] = spec.id
        out["battle"]["explain"] += _air_notes(query, spec)
    faces = query.faces()
    if not check.allowed:
        if faces is not None:
            out["battle"]["explain"].append("dice not used: the attack is not allowed")
        return out
    if faces is None:
        from companion.rules.odds import odds_json, position_odds  # exact odds: only without dice

        out["battle"]["odds"] = odds_json(position_odds(query.position, attacker.id, target.id,
                                                        mods, check, overrun=overrun))
        return out
    _dice_count(len(faces), check.dice)
    result = resolve_battle(query.position, attacker.id, target.id, faces, mods, overrun=overrun)
    out["result"] = result_json(query.board, result)
    return out


def _dice_count(given: int, due: int) -> None:
    if given != due:
        raise QueryError("dice", f"{given} dice given where {due} {'is' if due == 1 else 'are'} due")


def _direct_battle(query: Query, body: dict[str, Any], spec: CardSpec, target_id: str) -> dict[str, Any]:
    from companion.rules.cards import card_modifiers, direct_attack_check, resolve_direct_attack
    from companion.rules.orders import air_power_group_ok

    if body.get("overrun"):
        raise QueryError("ask.battle.overrun", f"{spec.name} makes no overrun")
    side = _playing_side(query, body, "ask.battle")
    if spec.direct_attack is not None and spec.direct_attack.max_targets > 1:
        why = air_power_group_ok(query.position, side, [target_id])
        if why is not None:
            raise QueryError("ask.battle.target", why)
    check = direct_attack_check(spec, query.position, side, target_id)
    out: dict[str, Any] = {"battle": check_json(check)}
    out["battle"]["card"] = spec.id
    out["battle"]["explain"] += _air_notes(query, spec)
    faces = query.faces()
    if not check.allowed:
        return out
    if faces is None:
        mods = card_modifiers(spec, query.position, None, target_id, side=side)
        from companion.rules.odds import odds_json, position_odds  # exact odds: only without dice

        out["battle"]["odds"] = odds_json(position_odds(query.position, "", target_id, mods, check))
        return out
    _dice_count(len(faces), check.dice)
    out["result"] = result_json(query.board, resolve_direct_attack(spec, query.position, side,
                                                                   target_id, faces))
    return out


def _playing_side(query: Query, body: dict[str, Any], path: str) -> Side:
    side = _side(body["side"], f"{path}.side") if "side" in body else None
    if "attacker" in body:
        attacker = query.unit(body["attacker"], f"{path}.attacker")
        if side is not None and attacker.side is not side:
            raise QueryError(f"{path}.attacker", f"{attacker.id} is not a unit of the {side}")
        side = attacker.side
    if side is None:
        raise QueryError(f"{path}.side", "name the side playing the card (allies or axis)")
    return side


@register_ask("card_attack")
def ask_card_attack(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """Barrage (1 target) or Air Power (up to 4 adjacent targets): dice per target and results.

    ``dice`` is a list of lists of faces, one list per target in ``targets`` order.
    """
    from companion.rules.cards import direct_attack_check, resolve_direct_attack
    from companion.rules.orders import air_power_group_ok

    query.body_fields({"card", "side", "targets", "counters"}, {"card", "side", "targets"})
    spec = _card_field(query, body, "ask.card_attack")
    if spec is None or spec.direct_attack is None:
        raise QueryError("ask.card_attack.card", "expected a card that attacks by itself: "
                                                 "barrage or air_power")
    side = _side(body["side"], "ask.card_attack.side")
    targets = body["targets"]
    if not isinstance(targets, list) or not targets:
        raise QueryError("ask.card_attack.targets", "expected a list of enemy unit ids")
    for i, t in enumerate(targets):
        query.unit(t, f"ask.card_attack.targets.{i}")
    attack = spec.direct_attack
    if len(targets) > attack.max_targets:
        raise QueryError("ask.card_attack.targets",
                         f"{spec.name} targets at most {attack.max_targets} unit"
                         f"{'s' if attack.max_targets != 1 else ''}, got {len(targets)}")
    if attack.adjacent_group:
        why = air_power_group_ok(query.position, side, targets)
        if why is not None:
            raise QueryError("ask.card_attack.targets", why)
    checks = [direct_attack_check(spec, query.position, side, t) for t in targets]
    for i, c in enumerate(checks):
        if not c.allowed:
            raise QueryError(f"ask.card_attack.targets.{i}", str(c.reason))
    out: dict[str, Any] = {"card_attack": {
        "card": spec.id, "allowed": True, "reason": None,
        "dice": [c.dice for c in checks], "explain": list(checks[0].explain)}}
    if query.dice is None:
        return out
    if len(query.dice) != len(targets) or not all(isinstance(d, list) for d in query.dice):
        raise QueryError("dice", f"expected one list of faces per target ({len(targets)} lists)")
    results = []
    for i, (t, c) in enumerate(zip(targets, checks, strict=True)):
        faces = query.dice[i]
        if len(faces) != c.dice:
            raise QueryError(f"dice.{i}", f"{len(faces)} dice given where {c.dice} are due")
        r = resolve_direct_attack(spec, query.position, side, t, faces)
        results.append({"target": t, **result_json(query.board, r)})
    out["card_attack"]["results"] = results
    return out


@register_ask("orders")
def ask_orders(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """Which of the named units the card orders, which units it could order, and orders lost."""
    from companion.rules.cards import move_allowance
    from companion.rules.orders import OrdersError, check_orders

    query.body_fields({"card", "side", "units", "section", "counters", "hand_size", "air_deploy"},
                      {"card", "side"})
    side = _side(body["side"], "ask.orders.side")
    units = body.get("units", [])
    if not isinstance(units, list):
        raise QueryError("ask.orders.units", "expected a list of unit ids")
    for i, uid in enumerate(units):
        query.unit(uid, f"ask.orders.units.{i}")
    hand_size = body.get("hand_size")
    if hand_size is not None:
        hand_size = _int(hand_size, "ask.orders.hand_size", 1)
    section = body.get("section")
    if section is not None and not isinstance(section, str):
        raise QueryError("ask.orders.section", "expected left, center or right")
    if not isinstance(body["card"], str):
        raise QueryError("ask.orders.card", "expected a command card name like \"attack_left\"")
    counters = body.get("counters")
    if counters is not None and not isinstance(counters, str):
        raise QueryError("ask.orders.counters", "expected the name of the card countered")
    air_deploy = body.get("air_deploy")
    if air_deploy is not None and not isinstance(air_deploy, str):
        raise QueryError("ask.orders.air_deploy", "expected left, center or right")
    roll = query.faces()
    try:
        result = check_orders(query.position, body["card"], side, units, section=section,
                              roll=roll, hand_size=hand_size, counters=counters,
                              air_deploy=air_deploy)
    except OrdersError as exc:
        where = exc.field if exc.field.startswith("dice") else f"ask.orders.{exc.field}"
        raise QueryError(where, exc.message) from None
    spec = result.card
    allowances = {}
    for uid in result.valid:
        u = query.position.units[uid]
        reach = move_allowance(spec, u.spec)
        effect = spec.effect_for(u.spec.unit_class)
        allowances[uid] = {
            "move": reach.move, "move_and_battle": reach.move_and_battle,
            "battles": reach.battles, "move_after_battle": reach.move_after_battle,
            "ignore_terrain_movement": reach.ignore_terrain_movement,
            "extra_dice": effect.extra_dice,
        }
    answer_body: dict[str, Any] = {
        "card": spec.id,
        "side": side.value,
        "valid": list(result.valid),
        "rejected": [{"unit": uid, "reason": why} for uid, why in result.rejected],
        "orderable": list(result.orderable),
        "orders_available": result.orders_available,
        "orders_lost": result.orders_lost,
        "orders_unused": result.orders_unused,
        "fallback": result.fallback,
        "section": result.section.value if isinstance(result.section, Section) else None,
        "units": allowances,
        "explain": [*result.explain, spec.summary, *_air_notes(query, spec)],
    }
    if result.sections_by_unit:
        answer_body["sections_used"] = dict(result.sections_by_unit)
    if result.medics is not None:
        answer_body["medics"] = {"unit": result.medics.unit_id,
                                 "figures_returned": result.medics.figures_returned,
                                 "figures_after": result.medics.figures_after,
                                 "ordered": result.medics.ordered}
    if spec.orders_from_roll:
        answer_body["dice_ignored"] = result.dice_ignored
    return {"orders": answer_body}


@register_ask("move")
def ask_move(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """The move ask with a command card: the card's reach (Infantry Assault 3 / 2, Behind Enemy
    Lines 3 ignoring terrain, Artillery Bombard 3 without battle, no move for Firefight...)."""
    query.body_fields({"unit", "max_hexes", "card", "counters"}, {"unit"})
    spec = _card_field(query, body, "ask.move")
    if spec is None and _plain_move is not None:
        if "counters" in body:
            raise QueryError("ask.move.counters", "only a counter_attack card counters another card")
        return _plain_move(query, body)
    if "max_hexes" in body:
        raise QueryError("ask.move.max_hexes", "give either a card or max_hexes, not both")
    unit = query.unit(body["unit"], "ask.move.unit")
    if spec is None:  # pragma: no cover - the plain move ask is always registered first
        raise QueryError("ask.move.card", "expected a command card name")
    from companion.rules.cards import battle_after_entering, card_class_refusal, move_allowance

    refused = card_class_refusal(spec, query.position, unit.id) or _section_refusal(query, spec, unit.id)
    if refused is not None:
        return {"move": {"card": spec.id, "max_hexes": 0, "battle_after": 0, "destinations": [],
                         "explain": [refused]}}
    reach = move_allowance(spec, unit.spec)
    board = query.board
    out: dict[str, Any] = {"card": spec.id, "max_hexes": reach.move,
                           "battle_after": reach.move_and_battle}
    if not reach.may_move or reach.move == 0:
        out.update(destinations=[], explain=[f"{spec.name}: {unit.id} may not move this turn"])
        return {"move": out}
    craft = landing_craft_move(query, unit)
    if craft is not None:  # a landing craft moves by its own rules under any card
        out.update(craft)
        return {"move": out}
    from companion.rules import movement

    found = movement.move_destinations(query.position, unit.id, reach.move,
                                       battle_limit=reach.move_and_battle,
                                       ignore_terrain_movement=reach.ignore_terrain_movement)
    dests: list[dict[str, Any]] = []
    for h in sorted(found, key=lambda x: (x.row, x.col)):
        info = found[h]
        can_battle, reason = bool(info.can_battle), info.reason
        if reach.ignore_terrain_movement and can_battle and h != unit.hex:
            # "terrain battle restrictions still apply": the terrain cards' Battle line
            # (no battle the turn a unit moves onto forest, town, hedgerow...)
            why = battle_after_entering(query.position, unit.id, h, info.path_length)
            if why is not None:
                can_battle, reason = False, why
        entry: dict[str, Any] = {"hex": board.name(h), "can_battle": can_battle,
                                 "path_length": info.path_length}
        if reason is not None:
            entry["reason"] = reason
        dests.append(entry)
    if reach.ignore_terrain_movement:
        explain = [f"{spec.name}: up to {reach.move} hexes, terrain movement restrictions "
                   "ignored, terrain battle restrictions kept"]
    else:
        explain = [f"{spec.name}: up to {reach.move} hexes, battle after at most "
                   f"{reach.move_and_battle}"]
    if reach.move_after_battle:
        explain.append(f"after its battle it may move up to {reach.move_after_battle} hexes again")
    out.update(destinations=dests, explain=explain)
    return {"move": out}


_OBJECTIVE_FIELDS = {"id", "kind", "hexes", "side", "medals", "hexes_needed", "at_turn_start",
                     "at_turn_end", "initial", "majority"}


def _objective(query: Query, raw: object, path: str) -> Objective:
    from companion.rules.victory import MajorityRule, Objective, ObjectiveKind

    if not isinstance(raw, dict):
        raise QueryError(path, "expected an objective like {\"id\": \"town\", \"kind\": "
                               "\"temporary\", \"hexes\": [\"F5\"]}")
    for k in raw:
        if k not in _OBJECTIVE_FIELDS:
            raise QueryError(f"{path}.{k}", f"unknown field; allowed: {', '.join(sorted(_OBJECTIVE_FIELDS))}")
    for k in ("id", "kind", "hexes"):
        if k not in raw:
            raise QueryError(f"{path}.{k}", "required field is missing")
    if not isinstance(raw["id"], str) or not raw["id"]:
        raise QueryError(f"{path}.id", "expected a non-empty string")
    kinds = tuple(k.value for k in ObjectiveKind)
    if raw["kind"] not in kinds:
        raise QueryError(f"{path}.kind", f"{_show(raw['kind'])} is not an objective kind; allowed: "
                                         f"{', '.join(kinds)}")
    hexes = raw["hexes"]
    if not isinstance(hexes, list) or not hexes:
        raise QueryError(f"{path}.hexes", "expected a list of hex names")
    parsed = tuple(query.hex(h, f"{path}.hexes.{i}") for i, h in enumerate(hexes))
    side = None if raw.get("side") is None else _side(raw["side"], f"{path}.side")
    initial = None if raw.get("initial") is None else _side(raw["initial"], f"{path}.initial")
    medals = _int(raw.get("medals", 1), f"{path}.medals", 1, MAX_MEDAL_COUNT)
    needed = raw.get("hexes_needed")
    if needed is not None:
        needed = _int(needed, f"{path}.hexes_needed", 1, len(parsed))
    at_start = raw.get("at_turn_start", False)
    if not isinstance(at_start, bool):
        raise QueryError(f"{path}.at_turn_start", "expected true or false")
    at_end = raw.get("at_turn_end", False)
    if not isinstance(at_end, bool):
        raise QueryError(f"{path}.at_turn_end", "expected true or false")
    rules = tuple(r.value for r in MajorityRule)
    majority = raw.get("majority", MajorityRule.MORE_THAN_HALF.value)
    if majority not in rules:
        raise QueryError(f"{path}.majority", f"allowed: {', '.join(rules)}")
    return Objective(raw["id"], ObjectiveKind(raw["kind"]), parsed, side, medals, needed,
                     at_start, initial, MajorityRule(majority), at_end)


def _per_side(body: dict[str, Any], key: str, path: str) -> dict[Side, int]:
    raw = body.get(key, {})
    if not isinstance(raw, dict):
        raise QueryError(path, "expected {\"allies\": n, \"axis\": n}")
    out = {Side.ALLIES: 0, Side.AXIS: 0}
    for k, v in raw.items():
        out[_side(k, f"{path}.{k}")] = _int(v, f"{path}.{k}", 0, MAX_MEDAL_COUNT)
    return out


def _objective_sides(body: dict[str, Any], key: str, path: str, ids: set[str]) -> dict[str, Side]:
    raw = body.get(key, {})
    if not isinstance(raw, dict):
        raise QueryError(path, "expected {\"<objective id>\": \"allies\" | \"axis\"}")
    out: dict[str, Side] = {}
    for k, v in raw.items():
        if k not in ids:
            raise QueryError(f"{path}.{k}", f"no objective has the id {_show(k)}")
        out[k] = _side(v, f"{path}.{k}")
    return out


@register_ask("victory")
def ask_victory(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """Medals per side now (recorded plus read off the board) and whether the game is over."""
    from companion.rules.victory import (
        MedalLedger,
        VictoryError,
        game_outcome,
        may_exit,
        medal_counts,
        new_ledger,
        observe,
        with_exits_needed,
    )

    allowed = {"target", "objectives", "eliminated", "exited", "extra", "permanent",
               "last_occupant", "active", "turn_start", "exits_needed"}
    query.body_fields(allowed, {"target"})
    target = body["target"]
    if isinstance(target, int) and not isinstance(target, bool):
        targets = {Side.ALLIES: _int(target, "ask.victory.target", 1, MAX_MEDAL_COUNT)}
        targets[Side.AXIS] = targets[Side.ALLIES]
    else:
        targets = _per_side(body, "target", "ask.victory.target")
        for s, n in targets.items():
            if n < 1:
                raise QueryError(f"ask.victory.target.{s.value}", "a medal target is at least 1")
    raw_objs = body.get("objectives", [])
    if not isinstance(raw_objs, list):
        raise QueryError("ask.victory.objectives", "expected a list of objectives")
    objectives = [_objective(query, o, f"ask.victory.objectives.{i}") for i, o in enumerate(raw_objs)]
    ids = [o.id for o in objectives]
    if len(set(ids)) != len(ids):
        raise QueryError("ask.victory.objectives", "two objectives have the same id")
    active = None if body.get("active") is None else _side(body["active"], "ask.victory.active")
    turn_start = body.get("turn_start", False)
    if not isinstance(turn_start, bool):
        raise QueryError("ask.victory.turn_start", "expected true or false")
    eliminated = _per_side(body, "eliminated", "ask.victory.eliminated")
    exited = _per_side(body, "exited", "ask.victory.exited")
    extra = _per_side(body, "extra", "ask.victory.extra")
    try:
        ledger = new_ledger(targets[Side.ALLIES], targets[Side.AXIS])
    except VictoryError as exc:
        raise QueryError("ask.victory.target", str(exc)) from None
    ledger = MedalLedger(
        target=ledger.target,
        eliminated={s: tuple(f"{s.value}-eliminated-{i}" for i in range(n)) for s, n in eliminated.items()},
        exited={s: tuple(f"{s.value}-exited-{i}" for i in range(n)) for s, n in exited.items()},
        permanent=_objective_sides(body, "permanent", "ask.victory.permanent", set(ids)),
        last_occupant=_objective_sides(body, "last_occupant", "ask.victory.last_occupant", set(ids)),
        extra=extra,
    )
    # a side that wins by medals only with so many of its units exited (must_have_unit_exit)
    for s, n in _per_side(body, "exits_needed", "ask.victory.exits_needed").items():
        if n:
            ledger = with_exits_needed(ledger, s, n)
    ledger = observe(ledger, query.position, objectives, active, turn_start)
    counts = medal_counts(ledger, query.position, objectives)
    outcome = game_outcome(ledger, query.position, objectives, active)
    exits = sorted(uid for uid in query.position.units
                   if may_exit(query.position, objectives, uid) is not None)
    return {"victory": {
        "over": outcome.over,
        "winner": outcome.winner.value if outcome.winner is not None else None,
        "reason": outcome.reason,
        "medals": {s.value: {"total": c.total, "eliminated": c.eliminated, "temporary": c.temporary,
                             "majority": c.majority, "permanent": c.permanent,
                             "last_to_occupy": c.last_to_occupy, "exits": c.exits,
                             "extra": c.extra} for s, c in counts.items()},
        "target": {s.value: n for s, n in ledger.target.items()},
        "exits_needed": {s.value: n for s, n in ledger.exits_needed.items()},
        "permanent": {k: v.value for k, v in ledger.permanent.items()},
        "last_occupant": {k: v.value for k, v in ledger.last_occupant.items()},
        "sudden_death": ledger.sudden_death.value if ledger.sudden_death is not None else None,
        "may_exit": exits,
    }}
