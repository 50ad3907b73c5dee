"""The referee's air asks, registered into ``companion.rules.referee.ASKS``.

Air Pack (``rules.air = "air-pack"``): ``air_check``, ``air_sortie``, ``air_move``, ``strafe``,
``kamikaze``, ``rescue``, ``recon``, ``ground_support``, ``interdiction``, ``air_selection``.
New Flight Plan (``rules.air = "flight-plan"``): ``attack_run``, ``dogfight``, ``ground_to_air``,
``confirm``, ``deploy``, ``air_move``, ``strategic_bombing``, ``withdraw``, ``air_setup``.
Every answer repeats the ask's name as its key; bad input raises ``QueryError``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from companion.rules.air.air_combat_cards import air_combat_cards_at_setup
from companion.rules.air.aircraft import (
    AIR_SUPERIORITY,
    AIR_SUPERIORITY_YEARS,
    AIRPACK_MODELS,
    NATION_FALLBACK,
    SELECTION_GUIDELINES,
    AirAction,
    air_superiority,
    airplane_choices,
)
from companion.rules.air.airpack import (
    AirPackRules,
    SortieCard,
    ground_support_applies,
    interdiction_moves,
    kamikaze_check,
    kamikaze_result,
    may_do,
    recon_draws,
    rescue_check,
    strafe_check,
    strafe_result,
)
from companion.rules.air.common import AirRulesError, FlightRules, TargetResult
from companion.rules.air.flightplan import FlightPlanRules, Marker, OrderKind
from companion.rules.air.targets import air_target_check
from companion.rules.board import Hex, Section, Side, distance
from companion.rules.referee import Query, QueryError, _show, register_ask

Handler = Callable[[Query, dict[str, Any]], dict[str, Any]]


def _air_ask(name: str, rules: str | tuple[str, ...]) -> Callable[[Handler], Handler]:
    """Register an air ask that needs ``rules.air`` to be one of ``rules``; turn rule errors
    into QueryErrors that name the field."""
    needed = (rules,) if isinstance(rules, str) else rules

    def deco(handler: Handler) -> Handler:
        @wraps(handler)
        def run(query: Query, body: dict[str, Any]) -> dict[str, Any]:
            if query.air_rules not in needed:
                want = " or ".join(repr(r) for r in needed)
                raise QueryError("rules.air", f"the {name} ask needs rules.air = {want}")
            if query.air_rules == AirPackRules.name:
                _check_models(query)
            try:
                return handler(query, body)
            except AirRulesError as exc:
                raise QueryError(exc.field, exc.message) from None

        register_ask(name)(run)
        return run

    return deco


def _check_models(query: Query) -> None:
    """Every Air Pack airplane names one of the models (its special actions depend on it)."""
    for uid, unit in query.position.units.items():
        if unit.spec.air and unit.model not in AIRPACK_MODELS:
            allowed = ", ".join(sorted(AIRPACK_MODELS))
            field = f"units.{query.unit_index.get(uid, uid)}.model"
            raise QueryError(field, f"airplane {uid} needs a model; allowed: {allowed}")


def _flag(body: dict[str, Any], key: str, ask: str) -> bool:
    value = body.get(key, False)
    if not isinstance(value, bool):
        raise QueryError(f"ask.{ask}.{key}", "expected true or false")
    return value


def _hexes(query: Query, value: object, path: str) -> list[Hex]:
    if not isinstance(value, list):
        raise QueryError(path, "expected a list of hex names like [\"E5\", \"F5\"]")
    return [query.hex(v, f"{path}.{i}") for i, v in enumerate(value)]


_SECTIONS: dict[str, Section] = {s.value: s for s in Section}
_SIDES: dict[str, Side] = {s.value: s for s in Side}


def _section(value: object, path: str) -> Section:
    found = _SECTIONS.get(value) if isinstance(value, str) else None
    if found is None:
        raise QueryError(path, f"expected a section: left, center or right, got {_show(value)}")
    return found


def _side(value: object, path: str) -> Side:
    found = _SIDES.get(value) if isinstance(value, str) else None
    if found is None:
        raise QueryError(path, f"expected a side: allies or axis, got {_show(value)}")
    return found


def _names(query: Query, hexes: object) -> list[str]:
    assert isinstance(hexes, list | tuple | frozenset | set)
    return [query.board.name(h) for h in sorted(hexes, key=lambda h: (h.row, h.col))]


def _result_json(query: Query, r: TargetResult) -> dict[str, Any]:
    return r.as_dict(query.board)


def _nested_dice(query: Query) -> list[list[str]] | None:
    """Dice as one list per target or marker; a flat list means one die each."""
    if query.dice is None:
        return None
    if all(isinstance(d, list) for d in query.dice):
        return [list(d) for d in query.dice]
    return [[str(d)] for d in query.dice]


def _airpack(query: Query) -> AirPackRules:
    return AirPackRules()


def _flightplan(query: Query) -> FlightPlanRules:
    return FlightPlanRules()


def _variant(query: Query) -> FlightRules:
    return _airpack(query) if query.air_rules == AirPackRules.name else _flightplan(query)


# --- Air Pack -------------------------------------------------------------------------------

@_air_ask("air_check", AirPackRules.name)
def ask_air_check(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """Dice of an airplane's air check and who rolls them; with dice: lost, and the medal."""
    query.body_fields({"plane", "not_counting"}, {"plane"})
    plane = query.unit(body["plane"], "ask.air_check.plane")
    skip = body.get("not_counting", [])
    if not isinstance(skip, list):
        raise QueryError("ask.air_check.not_counting", "expected a list of unit ids")
    for i, uid in enumerate(skip):
        query.unit(uid, f"ask.air_check.not_counting.{i}")
    check = _airpack(query).air_check(query.position, plane.id, not_counting=frozenset(skip))
    out: dict[str, Any] = {"dice": check.dice, "rolled_by": check.rolled_by.value,
                           "explain": list(check.explain)}
    faces = query.faces()
    if faces is not None:
        res = check.result(faces)
        out["result"] = {"lost": res.lost,
                         "medal_to": None if res.medal_to is None else res.medal_to.value}
    return {"air_check": out}


@_air_ask("air_sortie", AirPackRules.name)
def ask_air_sortie(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """What playing an Air Sortie (or Air Power, or Recon 1 as an equivalent) does."""
    query.body_fields({"side", "card", "with_section_card", "section", "new_airplane"},
                      {"side"})
    side = _side(body["side"], "ask.air_sortie.side")
    card_value = body.get("card", SortieCard.AIR_SORTIE.value)
    if not isinstance(card_value, str) or card_value not in {c.value for c in SortieCard}:
        raise QueryError("ask.air_sortie.card",
                         f"expected one of: {', '.join(c.value for c in SortieCard)}")
    with_section = body.get("with_section_card")
    section = body.get("section")
    play = _airpack(query).play_sortie(
        query.position, side, SortieCard(card_value),
        with_section_card=None if with_section is None else _section(
            with_section, "ask.air_sortie.with_section_card"),
        section=None if section is None else _section(section, "ask.air_sortie.section"),
        new_airplane=_flag(body, "new_airplane", "air_sortie"))
    return {"air_sortie": {
        "allowed": play.allowed, "reason": play.reason,
        "effect": None if play.effect is None else play.effect.value,
        "air_check": play.air_check, "entry_hexes": _names(query, play.entry_hexes),
        "removed_airplane": play.removed_airplane,
        "replaced_at_end_of_turn": play.replaced_at_end_of_turn, "face_up": play.face_up}}


@_air_ask("air_move", (AirPackRules.name, FlightPlanRules.name))
def ask_air_move(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """Whether an air unit may fly this path (entering: the first hex is its entry hex)."""
    query.body_fields({"plane", "path", "entering", "section", "enemy_bases"},
                      {"plane", "path"})
    plane = query.unit(body["plane"], "ask.air_move.plane")
    if not plane.spec.air:
        raise QueryError("ask.air_move.plane", f"{plane.id} is not an air unit")
    path = _hexes(query, body["path"], "ask.air_move.path")
    entering = _flag(body, "entering", "air_move")
    rules = _variant(query)
    entry: frozenset[Hex] | None = None
    if "section" in body:
        section = _section(body["section"], "ask.air_move.section")
        if isinstance(rules, FlightPlanRules):
            entry = rules.deploy_hexes(query.position, plane.side, section)
        else:
            assert isinstance(rules, AirPackRules)
            entry = rules.edge_hexes(query.position, section, plane.side)
    bases = frozenset(_hexes(query, body.get("enemy_bases", []), "ask.air_move.enemy_bases"))
    check = rules.check_flight(query.position, plane, path, entering=entering,
                               entry_hexes=entry, enemy_bases=bases)
    return {"air_move": {"allowed": check.allowed, "reason": check.reason,
                         "end": None if check.end is None else query.board.name(check.end),
                         "landed": check.landed, "explain": list(check.explain)}}


@_air_ask("strafe", AirPackRules.name)
def ask_strafe(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """Strafing: dice per enemy unit on up to 3 contiguous hexes next to the airplane."""
    query.body_fields({"plane", "hexes"}, {"plane", "hexes"})
    plane = query.unit(body["plane"], "ask.strafe.plane")
    hexes = _hexes(query, body["hexes"], "ask.strafe.hexes")
    check = strafe_check(_airpack(query), query.position, plane.id, hexes)
    out: dict[str, Any] = {"allowed": check.allowed, "reason": check.reason,
                           "targets": list(check.targets), "dice": check.dice,
                           "explain": list(check.explain)}
    dice = _nested_dice(query)
    if dice is not None and check.allowed:
        out["results"] = [_result_json(query, r)
                          for r in strafe_result(query.position, check, dice)]
    return {"strafe": out}


@_air_ask("kamikaze", AirPackRules.name)
def ask_kamikaze(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    query.body_fields({"plane", "target"}, {"plane", "target"})
    plane = query.unit(body["plane"], "ask.kamikaze.plane")
    target = query.unit(body["target"], "ask.kamikaze.target")
    check = kamikaze_check(_airpack(query), query.position, plane.id, target.id)
    out: dict[str, Any] = {"allowed": check.allowed, "reason": check.reason,
                           "dice": 2 if check.allowed else 0, "explain": list(check.explain)}
    faces = query.faces()
    if faces is not None and check.allowed:
        res = kamikaze_result(query.position, plane.id, target.id, faces)
        out["result"] = {**_result_json(query, res.target),
                         "airplane_removed": res.airplane_removed,
                         "medals": {plane.side.value: int(res.target.eliminated),
                                    target.side.value: int(res.medal_to_defender)}}
    return {"kamikaze": out}


@_air_ask("rescue", AirPackRules.name)
def ask_rescue(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    query.body_fields({"plane", "unit"}, {"plane", "unit"})
    plane = query.unit(body["plane"], "ask.rescue.plane")
    unit = query.unit(body["unit"], "ask.rescue.unit")
    check = rescue_check(_airpack(query), query.position, plane.id, unit.id)
    return {"rescue": {"allowed": check.allowed, "reason": check.reason,
                       "explain": list(check.explain)}}


@_air_ask("recon", AirPackRules.name)
def ask_recon(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    query.body_fields({"plane"}, {"plane"})
    plane = query.unit(body["plane"], "ask.recon.plane")
    return {"recon": {"draw": recon_draws(_airpack(query), query.position, plane.id),
                      "keep": 1}}


@_air_ask("ground_support", AirPackRules.name)
def ask_ground_support(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """Whether the airplane's ground support removes the target's terrain protection."""
    query.body_fields({"plane", "attacker", "target"}, {"plane", "attacker", "target"})
    plane = query.unit(body["plane"], "ask.ground_support.plane")
    attacker = query.unit(body["attacker"], "ask.ground_support.attacker")
    target = query.unit(body["target"], "ask.ground_support.target")
    rules = _airpack(query)

    close = distance(attacker.hex, target.hex) == 1 and not attacker.spec.air
    applies = ground_support_applies(rules, query.position, plane.id, target.id, close)
    reason = None if applies else (
        may_do(rules, plane, AirAction.GROUND_SUPPORT).reason
        or "only close assaults by ground troops on enemy units next to the airplane")
    return {"ground_support": {"applies": applies, "reason": reason}}


# --- New Flight Plan -----------------------------------------------------------------------

def _markers(query: Query, value: object) -> list[Marker]:
    path = "ask.attack_run.markers"
    if not isinstance(value, list) or not value:
        raise QueryError(path, "expected a list like [{\"hex\": \"E5\", \"ammo\": \"machine_gun\"}]")
    out = []
    for i, m in enumerate(value):
        if not isinstance(m, dict) or set(m) - {"hex", "ammo"} or "hex" not in m:
            raise QueryError(f"{path}.{i}", "expected {\"hex\": ..., \"ammo\": "
                             "\"machine_gun\" or \"bomb\"}")
        ammo = m.get("ammo", "machine_gun")
        if not isinstance(ammo, str) or ammo not in ("machine_gun", "bomb"):
            raise QueryError(f"{path}.{i}.ammo", "allowed: machine_gun, bomb")
        out.append(Marker(query.hex(m["hex"], f"{path}.{i}.hex"), str(ammo)))
    return out


def _card(body: dict[str, Any], ask: str) -> str | None:
    card = body.get("card")
    if card is not None and not isinstance(card, str):
        raise QueryError(f"ask.{ask}.card", "expected an Air Combat card title or null")
    return card


@_air_ask("attack_run", FlightPlanRules.name)
def ask_attack_run(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    query.body_fields({"plane", "markers", "card", "path", "deploying", "their_finest_hour",
                       "move_only"}, {"plane", "markers"})
    plane = query.unit(body["plane"], "ask.attack_run.plane")
    markers = _markers(query, body["markers"])
    path = None if body.get("path") is None else _hexes(query, body["path"], "ask.attack_run.path")
    rules = _flightplan(query)
    try:
        check = rules.run_check(
            query.position, plane.id, markers, path=path,
            deploying=_flag(body, "deploying", "attack_run"), card=_card(body, "attack_run"),
            their_finest_hour=_flag(body, "their_finest_hour", "attack_run"),
            move_only=_flag(body, "move_only", "attack_run"))
    except AirRulesError as exc:
        field = "ask.attack_run.card" if exc.field == "card" else exc.field
        raise QueryError(field, exc.message) from None
    out: dict[str, Any] = {"allowed": check.allowed, "reason": check.reason,
                           "dice": list(check.dice), "targets": list(check.targets),
                           "ammo_left": dict(check.ammo_left), "explain": list(check.explain)}
    if query.dice is not None and check.allowed:
        if not all(isinstance(d, list) for d in query.dice):
            raise QueryError("dice", "attack_run dice are one list of faces per marker")
        dice = [list(d) for d in query.dice]
        at_battle = query.position
        if path is not None and path[-1] != plane.hex:
            # the run is decided in the move phase and resolved in the combat phase, with the
            # air unit on the hex its move ended on (seed 001, Air Unit Movement): a target's
            # retreat may pass the hex it took off from, not the one it stands on now
            at_battle = query.position.copy()
            at_battle.move_unit(plane.id, path[-1])
        out["results"] = [_result_json(query, r)
                          for r in rules.run_result(at_battle, check, dice)]
    return {"attack_run": out}


@_air_ask("dogfight", FlightPlanRules.name)
def ask_dogfight(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    query.body_fields({"plane", "target", "move_only"}, {"plane", "target"})
    plane = query.unit(body["plane"], "ask.dogfight.plane")
    target = query.unit(body["target"], "ask.dogfight.target")
    rules = _flightplan(query)
    check = rules.dogfight_check(query.position, plane.id, target.id,
                                 move_only=_flag(body, "move_only", "dogfight"))
    return {"dogfight": _air_dice_json(query, rules, check.allowed, check.reason, check.dice,
                                       check.explain)}


@_air_ask("ground_to_air", FlightPlanRules.name)
def ask_ground_to_air(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    query.body_fields({"attacker", "target", "card"}, {"attacker", "target"})
    attacker = query.unit(body["attacker"], "ask.ground_to_air.attacker")
    target = query.unit(body["target"], "ask.ground_to_air.target")
    card = _card(body, "ground_to_air")
    if card not in (None, "Close Assault"):
        raise QueryError("ask.ground_to_air.card",
                         "only Close Assault changes a ground-to-air battle; allowed: "
                         "\"Close Assault\" or null")
    rules = _flightplan(query)
    if card is not None:
        # the card's own limits first, as the battle ask has them (seed 003 card: infantry and
        # armor next to an enemy, no move before the battle)
        from companion.rules.cards import card as card_spec
        from companion.rules.cards import card_battle_restriction

        spec = card_spec("close_assault")
        why = card_battle_restriction(spec, query.position, attacker.id, target.id)
        if spec.unit_classes and attacker.spec.unit_class not in spec.unit_classes:
            why = f"{spec.name} orders infantry and armor units only, not a {attacker.type}"
        if why is not None:
            return {"ground_to_air": {"allowed": False, "reason": why, "dice": 0,
                                      "possible_hits": None, "explain": [why],
                                      "landed_target": not target.airborne}}
    check = rules.ground_to_air_check(query.position, attacker.id, target.id,
                                      close_assault_card=card is not None)
    if check.landed_target:
        return {"ground_to_air": _landed_target_json(query, attacker.id, target.id,
                                                     card is not None)}
    out = _air_dice_json(query, rules, check.allowed, check.reason, check.dice, check.explain)
    out["landed_target"] = check.landed_target
    return {"ground_to_air": out}


def _landed_target_json(query: Query, attacker_id: str, target_id: str,
                        close_assault_card: bool) -> dict[str, Any]:
    """A landed air unit "is targeted and attacked like a regular ground unit ... as long as it
    is in range", and any grenade or flag destroys it with no confirmation (seed 001, Air Unit
    Landing): the ordinary battle check, at the attacker's usual range and dice."""
    check = air_target_check(query.position, attacker_id, target_id)
    assert check is not None  # the target is an air unit
    allowed, reason, dice = check.allowed, check.reason, check.dice
    explain = list(check.explain)
    if allowed and close_assault_card:
        if check.distance != 1:
            allowed, reason, dice = False, "Close Assault targets an adjacent air unit", 0
            explain = [reason]
        else:
            dice += 1
            explain.append("Close Assault: +1 die")
    out: dict[str, Any] = {"allowed": allowed, "reason": reason, "dice": dice if allowed else 0,
                           "possible_hits": None, "explain": explain, "landed_target": True}
    faces = query.faces()
    if faces is not None and allowed:
        if len(faces) != dice:
            raise QueryError("dice", f"{len(faces)} dice given where {dice} are due")
        out["possible_hits"] = sum(1 for f in faces if f in check.hit_faces)
        out["destroyed"] = out["possible_hits"] > 0
    return out


def _air_dice_json(query: Query, rules: FlightPlanRules, allowed: bool, reason: str | None,
                   dice: int, explain: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {"allowed": allowed, "reason": reason, "dice": dice,
                           "possible_hits": None, "explain": list(explain)}
    faces = query.faces()
    if faces is not None and allowed:
        if len(faces) != dice:
            raise QueryError("dice", f"{len(faces)} dice given where {dice} are due")
        out["possible_hits"] = rules.possible_hits(faces)
    return out


@_air_ask("confirm", FlightPlanRules.name)
def ask_confirm(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """The confirmation re-roll of hits on a flying air unit (``dice``: the re-rolled dice)."""
    query.body_fields({"target"}, {"target"})
    target = query.unit(body["target"], "ask.confirm.target")
    faces = query.faces()
    if faces is None:
        raise QueryError("dice", "give the re-rolled dice, one per hit scored")
    c = _flightplan(query).confirm(query.position, target.id, faces)
    return {"confirm": {
        "shot_down": c.shot_down, "retires": c.retires,
        "medal_to": None if c.medal_to is None else c.medal_to.value,
        "air_combat_card_to": None if c.air_combat_card_to is None else c.air_combat_card_to.value,
        "banned_type": c.banned_type, "ammo_returned": c.ammo_returned}}


@_air_ask("deploy", FlightPlanRules.name)
def ask_deploy(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    query.body_fields({"side", "type", "order", "section", "withdrew_this_turn",
                       "banned_types", "full_daylight"}, {"side", "type"})
    side = _side(body["side"], "ask.deploy.side")
    kind = body["type"]
    rules = _flightplan(query)
    if not isinstance(kind, str) or kind not in rules.settings.profiles:
        raise QueryError("ask.deploy.type",
                         f"allowed: {', '.join(sorted(rules.settings.profiles))}")
    order = body.get("order", OrderKind.SECTION.value)
    if not isinstance(order, str) or order not in {o.value for o in OrderKind}:
        raise QueryError("ask.deploy.order",
                         f"allowed: {', '.join(o.value for o in OrderKind)}")
    banned = body.get("banned_types", [])
    if not isinstance(banned, list):
        raise QueryError("ask.deploy.banned_types", "expected a list of air unit types")
    for i, b in enumerate(banned):
        if not isinstance(b, str) or b not in rules.settings.profiles:
            raise QueryError(f"ask.deploy.banned_types.{i}",
                             f"{_show(b)} is not an air unit type; allowed: "
                             f"{', '.join(sorted(rules.settings.profiles))}")
    daylight = body.get("full_daylight", True)
    if not isinstance(daylight, bool):
        raise QueryError("ask.deploy.full_daylight", "expected true or false")
    check = rules.deploy_check(query.position, side, kind, order=OrderKind(order),
                               withdrew_this_turn=_flag(body, "withdrew_this_turn", "deploy"),
                               banned_types=frozenset(banned), full_daylight=daylight)
    out: dict[str, Any] = {"allowed": check.allowed, "reason": check.reason,
                           "ammo": rules.full_ammo(kind), "explain": list(check.explain)}
    if "section" in body and check.allowed:
        section = _section(body["section"], "ask.deploy.section")
        out["hexes"] = _names(query, rules.deploy_hexes(query.position, side, section))
    return {"deploy": out}


@_air_ask("strategic_bombing", FlightPlanRules.name)
def ask_strategic_bombing(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """Bombing the objective the air unit ended on (``dice``: the one bomb die)."""
    query.body_fields({"plane", "majority", "claimed_by_opponent"}, {"plane"})
    plane = query.unit(body["plane"], "ask.strategic_bombing.plane")
    rules = _flightplan(query)
    check = rules.strategic_bombing_check(
        query.position, plane.id, majority_objective=_flag(body, "majority", "strategic_bombing"),
        claimed_by_opponent_bombing=_flag(body, "claimed_by_opponent", "strategic_bombing"))
    out: dict[str, Any] = {"allowed": check.allowed, "reason": check.reason,
                           "dice": 1 if check.allowed else 0, "explain": list(check.explain)}
    faces = query.faces()
    if faces is not None and check.allowed:
        out["result"] = {"medal_claimed": rules.strategic_bombing_claims(faces)}
    return {"strategic_bombing": out}


@_air_ask("withdraw", FlightPlanRules.name)
def ask_withdraw(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    query.body_fields({"plane"}, {"plane"})
    plane = query.unit(body["plane"], "ask.withdraw.plane")
    if not plane.spec.air:
        raise QueryError("ask.withdraw.plane", f"{plane.id} is not an air unit")
    rules = _flightplan(query)
    return {"withdraw": {"must": rules.must_withdraw(plane), "may": True,
                         "ammo": rules.ammo_of(plane), "medal": False}}


@_air_ask("interdiction", AirPackRules.name)
def ask_interdiction(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """Ground interdiction on the opponent's turn: where the enemy ground unit may move."""
    query.body_fields({"plane", "unit", "strafed"}, {"plane", "unit"})
    plane = query.unit(body["plane"], "ask.interdiction.plane")
    unit = query.unit(body["unit"], "ask.interdiction.unit")
    got = interdiction_moves(_airpack(query), query.position, plane.id, unit.id,
                             strafed=_flag(body, "strafed", "interdiction"))
    order = sorted(got.destinations, key=lambda h: (h.row, h.col))
    return {"interdiction": {
        "applies": got.applies, "reason": got.reason, "pinned": got.pinned,
        "destinations": [{"hex": query.board.name(h), "can_battle": got.destinations[h]}
                         for h in order],
        "adds_to_air_check": got.adds_to_air_check}}


_THEATRES = ("western", "eastern", "mediterranean", "pacific")


@_air_ask("air_selection", AirPackRules.name)
def ask_air_selection(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """Air Pack p.4: the models a nation may fly in a theatre at a date (no scenario model)."""
    query.body_fields({"nation", "theatre", "year", "month", "carrier_based"},
                      {"nation", "theatre", "year"})
    nations = sorted({g.nation for g in SELECTION_GUIDELINES} | set(NATION_FALLBACK))
    nation = body["nation"]
    if not isinstance(nation, str) or nation not in nations:
        raise QueryError("ask.air_selection.nation", f"allowed: {', '.join(nations)}")
    theatre = body["theatre"]
    if not isinstance(theatre, str) or theatre not in _THEATRES:
        raise QueryError("ask.air_selection.theatre", f"allowed: {', '.join(_THEATRES)}")
    year, month = body["year"], body.get("month", 1)
    if isinstance(year, bool) or not isinstance(year, int) or not 1939 <= year <= 1945:
        raise QueryError("ask.air_selection.year", f"{_show(year)} is out of range; allowed: 1939..1945")
    if isinstance(month, bool) or not isinstance(month, int) or not 1 <= month <= 12:
        raise QueryError("ask.air_selection.month", f"{_show(month)} is out of range; allowed: 1..12")
    models = airplane_choices(nation, theatre, year, month,
                              carrier_based=_flag(body, "carrier_based", "air_selection"))
    return {"air_selection": {"models": models,
                              "explain": [f"{nation}, {theatre}, {year}-{month:02d}: "
                                          + (", ".join(models) or "no model")]}}


@_air_ask("air_setup", FlightPlanRules.name)
def ask_air_setup(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """New Flight Plan p.I: who has air superiority and how many Air Combat cards each draws."""
    query.body_fields({"front", "year", "beach_map"}, {"front", "year"})
    front, year = body["front"], body["year"]
    if not isinstance(front, str) or front not in AIR_SUPERIORITY:
        raise QueryError("ask.air_setup.front", f"allowed: {', '.join(AIR_SUPERIORITY)}")
    if isinstance(year, bool) or not isinstance(year, int) or year not in AIR_SUPERIORITY_YEARS:
        raise QueryError("ask.air_setup.year", f"{_show(year)} is out of range; allowed: "
                         f"{AIR_SUPERIORITY_YEARS[0]}..{AIR_SUPERIORITY_YEARS[-1]}")
    side = air_superiority(front, year)
    superiority = None if side is None else _side(side, "ask.air_setup.front")
    cards = air_combat_cards_at_setup(superiority, _flag(body, "beach_map", "air_setup"))
    return {"air_setup": {"superiority": side,
                          "air_combat_cards": {s.value: cards[s] for s in Side},
                          "explain": [f"{front} front {year}: "
                                      + (f"{side} air superiority" if side else "no air superiority")]}}
