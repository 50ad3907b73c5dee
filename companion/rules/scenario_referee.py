"""Referee asks for scenario rules the game sequences between moves and battles (issue 16):
``commissar`` (may the Soviet player play or place this card, given the card under the
Commissar chip), ``desert_move`` (the extra hex of an armor unit that has just taken ground
under the North African Desert rules) and ``airfield_landing`` (where an order of a Direct from
HQ card may land an infantry unit on an airfield). Loaded by ``referee.py`` as a plugin; documented in
``docs/rules-referee.md`` ("Scenario rules the game sequences").
"""

from __future__ import annotations

from typing import Any

from companion.rules.arrivals import AIRFIELD_CARD, AIRFIELD_UNIT, airfield_landing
from companion.rules.board import Side
from companion.rules.cards import CardError, card
from companion.rules.commissar import commissar_may_place, commissar_may_play, commissar_side
from companion.rules.desert import desert_extra_move, desert_rules_on
from companion.rules.referee import Query, QueryError, _enum, _parse_variants, register_ask

_ACTIONS = ("play", "place")


def _variants(query: Query) -> dict[str, str]:
    rules = query.raw.get("rules") or {}
    return _parse_variants(rules.get("variants")) if isinstance(rules, dict) else {}


def _flag(body: dict[str, Any], name: str, path: str) -> bool:
    value = body.get(name, False)
    if not isinstance(value, bool):
        raise QueryError(f"{path}.{name}", "expected true or false")
    return value


def _card_name(value: object, path: str) -> str:
    try:
        return card(value).id  # type: ignore[arg-type]  # card() names a non-string itself
    except CardError as exc:
        raise QueryError(path, str(exc)) from None


@register_ask("commissar")
def ask_commissar(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """``{"commissar": {"card": "attack_left", "chip_card": "probe_center", "from_hand": false,
    "overlord": false, "action": "play"}}``: may the side under the Commissar rule play
    ``card`` now (``action`` "play": from under the chip, or from the hand when
    ``from_hand``), or place it under the chip (``action`` "place")?"""
    path = "ask.commissar"
    query.body_fields({"card", "chip_card", "from_hand", "overlord", "action"}, {"card"})
    name = _card_name(body["card"], f"{path}.card")
    raw_chip = body.get("chip_card")
    chip = None if raw_chip is None else _card_name(raw_chip, f"{path}.chip_card")
    action = _enum(body.get("action", "play"), f"{path}.action", _ACTIONS)
    from_hand = _flag(body, "from_hand", path)
    overlord = _flag(body, "overlord", path)
    side = commissar_side(_variants(query))
    if side is None:
        return {"commissar": {"side": None, "allowed": True, "reason": None,
                              "explain": ["no Commissar rule in play (rules.variants has no "
                                          "russian_commissar): any card may be played"]}}
    if action == "place":
        reason = commissar_may_place(name, chip)
    else:
        reason = commissar_may_play(name, chip, from_hand=from_hand, overlord=overlord)
    verb = "place it under the Commissar chip" if action == "place" else (
        "play it from the hand" if from_hand else "play it from under the Commissar chip")
    explain = [reason] if reason else [f"{side.value} may {verb}: {card(name).name}"]
    return {"commissar": {"side": side.value, "allowed": reason is None, "reason": reason,
                          "explain": explain}}


@register_ask("desert_move")
def ask_desert_move(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """``{"desert_move": {"unit": "a1"}}``: the armor unit has just taken ground onto the hex it
    stands on; under the North African Desert rules it may move one more hex before its
    overrun. Answers the hexes it may move on to."""
    query.body_fields({"unit"}, {"unit"})
    unit = query.unit(body["unit"], "ask.desert_move.unit")
    if not desert_rules_on(_variants(query)):
        reason = "the North African Desert rules are not in play (rules.variants)"
        return {"desert_move": {"allowed": False, "reason": reason, "hexes": [], "explain": [reason]}}
    if not unit.spec.overrun:
        reason = f"{unit.id} is {unit.type}: only armor that took ground moves again"
        return {"desert_move": {"allowed": False, "reason": reason, "hexes": [], "explain": [reason]}}
    hexes = [query.board.name(h) for h in desert_extra_move(query.position, unit.id)]
    if not hexes:
        stuck = f"{unit.id} may not move on from its hex (terrain or units)"
        return {"desert_move": {"allowed": False, "reason": stuck, "hexes": [], "explain": [stuck]}}
    return {"desert_move": {"allowed": True, "reason": None, "hexes": hexes,
                            "explain": [f"{unit.id} may move 1 more hex before its overrun: "
                                        f"{', '.join(hexes)}"]}}


@register_ask("airfield_landing")
def ask_airfield_landing(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """``{"airfield_landing": {"side": "allies", "card": "direct_from_hq"}}``: where may the side
    land an infantry unit on an airfield for one order of the card (rules database seed 004,
    Airfields)? The rule holds only "if indicated in the Special Rules of the scenario": the
    caller asks for a scenario that says so."""
    path = "ask.airfield_landing"
    query.body_fields({"side", "card"}, {"side"})
    side = Side(_enum(body["side"], f"{path}.side", ("allies", "axis")))
    name = _card_name(body.get("card", AIRFIELD_CARD), f"{path}.card")
    found, reason = airfield_landing(query.position, side, name)
    hexes = [query.board.name(h) for h in found]
    explain = [reason] if reason else [
        f"for one order of {card(name).name}, one {AIRFIELD_UNIT} unit lands on an airfield "
        f"hex: {', '.join(hexes)}", "the unit may not move or battle the turn it lands"]
    return {"airfield_landing": {"side": side.value, "allowed": reason is None, "reason": reason,
                                 "unit_type": AIRFIELD_UNIT, "hexes": hexes, "explain": explain}}
