"""Referee asks for scenario rules the game sequences between moves and battles (issue 16):
``commissar`` (may the Soviet player play or place this card, given the card under the
Commissar chip), ``desert_move`` (the extra hex of an armor unit that has just taken ground
under the North African Desert rules), ``airfield_landing`` (where an order of a Direct from
HQ card may land an infantry unit on an airfield), ``night_visibility`` (the visibility the
night rolls have reached), ``card_as`` (the cards a held card may be played as: Blitz, Air
Strikes, Hill 317, Omaha's Barrage, a deck's Air Power), ``high_command`` (the command cards
the Italian High Command leaves the Axis after their losses) and ``breakthrough`` (where new
armor may arrive under the Armor Breakthrough rules). Loaded by ``referee.py`` as a
plugin; documented in ``docs/rules-referee.md``.
"""

from __future__ import annotations

from typing import Any

from companion.rules.arrivals import AIRFIELD_CARD, AIRFIELD_UNIT, airfield_landing
from companion.rules.battle import FACES
from companion.rules.board import Side
from companion.rules.cards import CardError, card
from companion.rules.commissar import commissar_may_place, commissar_may_play, commissar_side
from companion.rules.desert import desert_extra_move, desert_move_refusal, desert_rules_on
from companion.rules.referee import Query, QueryError, _enum, _parse_variants, register_ask
from companion.rules.units import UNITS

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
    refusal = desert_move_refusal(unit.spec.unit_class, unit.spec.overrun)
    if refusal is not None:
        reason = f"{unit.id} is {unit.type}: {refusal}"
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


@register_ask("night_visibility")
def ask_night_visibility(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """``{"night_visibility": {"rolls": [["star", "flag", "infantry", "armor"], ...],
    "reverse": false}}``: the visibility after the night side's rolls so far, oldest first
    (Night Attacks; ``reverse``: the chart read from daylight into night)."""
    from companion.rules import night

    path = "ask.night_visibility"
    query.body_fields({"rolls", "reverse"}, set())
    reverse = _flag(body, "reverse", path)
    raw = body.get("rolls", [])
    if not isinstance(raw, list):
        raise QueryError(f"{path}.rolls", "expected a list of rolls, each a list of 4 faces")
    rolls: list[list[str]] = []
    for i, roll in enumerate(raw):
        if not isinstance(roll, list) or len(roll) != night.NIGHT_DICE:
            raise QueryError(f"{path}.rolls.{i}",
                             f"expected the {night.NIGHT_DICE} faces of one night roll")
        for j, face in enumerate(roll):
            if face not in FACES:
                raise QueryError(f"{path}.rolls.{i}.{j}",
                                 f"{str(face)[:40]!r} is not a die face; faces: {', '.join(FACES)}")
        rolls.append([str(f) for f in roll])
    vis = night.night_visibility(rolls, reverse=reverse)
    due = night.night_roll_due(rolls, reverse=reverse)
    stars = sum(f == night.STAR for roll in rolls for f in roll)
    start = night.REVERSE_START if reverse else night.NIGHT_START
    explain = [f"the chart starts at {start} hex{'es' if start > 1 else ''}"
               f"{' and runs down' if reverse else ''}; {len(rolls)} roll(s), {stars} star(s)"]
    if vis is None:
        explain.append("full daylight: the night rules end, no more rolls, no range limit")
    else:
        explain.append(f"units battle at most {vis} hex{'es' if vis > 1 else ''} away"
                       + ("" if due else "; the chart is at its end: no more rolls"))
    return {"night_visibility": {"visibility": vis, "full_daylight": vis is None,
                                 "roll_due": due, "reverse": reverse, "explain": explain}}


@register_ask("card_as")
def ask_card_as(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """``{"card_as": {"card": "recon_left", "side": "axis", "hill_317": ["E5", "F5"]}}``: the
    cards ``side`` may play its held ``card`` as under the query's ``rules.variants`` (Blitz and
    Air Strikes: a Recon 1 card as Air Power; ``recon_as_barrage``: as Barrage; Hill 317: as Air
    Power while an Allied unit stands on one of the ``hill_317`` hexes), and the card it is in
    this deck (``air_power_as_artillery_bombard``)."""
    from companion.rules import hill317
    from companion.rules.commissar import RECON_ONE
    from companion.rules.variants import card_becomes, card_plays_as

    path = "ask.card_as"
    query.body_fields({"card", "side", "hill_317"}, {"card", "side"})
    name = _card_name(body["card"], f"{path}.card")
    side = Side(_enum(body["side"], f"{path}.side", ("allies", "axis")))
    marked = body.get("hill_317", [])
    if not isinstance(marked, list):
        raise QueryError(f"{path}.hill_317", "expected a list of hex names")
    for i, h in enumerate(marked):
        query.hex(h, f"{path}.hill_317.{i}")
    variants = _variants(query)
    becomes = card_becomes(name, variants, side)
    others = list(card_plays_as(becomes, side, variants)[1:])
    explain = []
    if becomes != name:
        explain.append(f"in this deck {card(name).name} is played as {card(becomes).name}")
    if marked and side is hill317.SIDE and becomes in RECON_ONE and "air_power" not in others \
            and hill317.held(query.position, " ".join(str(h) for h in marked)):
        others.append("air_power")
        explain.append("an Allied unit holds Hill 317: the Recon card may be an Air Power strike")
    if others:
        explain.append(f"{side.value} may play {card(becomes).name} as "
                       + " or ".join(card(o).name for o in others))
    else:
        explain.append(f"{card(becomes).name} is played as itself")
    return {"card_as": {"side": side.value, "card": name, "becomes": becomes,
                        "plays_as": others, "explain": explain}}


@register_ask("high_command")
def ask_high_command(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """``{"high_command": {"held": 6, "eliminated": 2}}``: under the Italian High Command each
    Axis unit eliminated while the Axis hold more than 3 command cards costs them one, at random
    and not replaced (bga-memoir ``AttackUnitsTrait::damageUnit``). ``held``: the cards the
    Axis hold now (default 6, the hand the rule deals them); ``eliminated``: units lost since."""
    from companion.rules.referee import _int
    from companion.rules.variants import HIGH_COMMAND_CARDS, HIGH_COMMAND_FLOOR, HIGH_COMMAND_VARIANT

    path = "ask.high_command"
    query.body_fields({"held", "eliminated"}, set())
    held = _int(body.get("held", HIGH_COMMAND_CARDS), f"{path}.held", 0, 100)
    lost = _int(body.get("eliminated", 1), f"{path}.eliminated", 0, 1000)
    if HIGH_COMMAND_VARIANT not in _variants(query):
        return {"high_command": {"in_play": False, "held_after": held, "discards": 0,
                                 "explain": ["no Italian High Command in play (rules.variants): "
                                             "losses cost no card"]}}
    discards = max(0, min(lost, held - HIGH_COMMAND_FLOOR))
    after = held - discards
    explain = [f"{lost} Axis unit(s) lost with {held} card(s) held: {discards} discarded at random, "
               f"{after} left (no discard once down to {HIGH_COMMAND_FLOOR})"]
    return {"high_command": {"in_play": True, "held_after": after, "discards": discards,
                             "explain": explain}}


@register_ask("breakthrough")
def ask_breakthrough(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """``{"breakthrough": {"side": "allies", "units": 2, "arrived": 0, "section": "left",
    "unit_type": "armor"}}``: where the side may order a new armor unit onto the board under
    the Armor Breakthrough rules (Actions 22, as bga-memoir sums it up: through the opponent's
    baseline, on an empty hex where it may stand, in a section the card orders)."""
    from companion.rules import arrivals
    from companion.rules.board import Section
    from companion.rules.referee import _int

    path = "ask.breakthrough"
    query.body_fields({"side", "units", "arrived", "section", "unit_type"}, {"side", "units"})
    side = Side(_enum(body["side"], f"{path}.side", ("allies", "axis")))
    units = _int(body["units"], f"{path}.units", 1, 100)
    arrived = _int(body.get("arrived", 0), f"{path}.arrived", 0, 100)
    section = body.get("section")
    if section is not None:
        section = Section(_enum(section, f"{path}.section", ("left", "center", "right")))
    kind = _enum(body.get("unit_type", "armor"), f"{path}.unit_type",
                 tuple(n for n, spec in UNITS.items() if spec.overrun))
    rule = arrivals.ArrivalRule(arrivals.ARMOR_BREAKTHROUGH, side, units, kind)
    left = max(0, units - arrived)
    board = query.board
    if left == 0:
        reason = f"{units} unit{'s' if units != 1 else ''} at most break through: all arrived"
        return {"breakthrough": {"side": side.value, "allowed": False, "reason": reason,
                                 "left": 0, "hexes": [], "explain": [reason]}}
    found = arrivals.entry_hexes(query.position, rule)
    if section is not None:
        found = [h for h in found if section in board.sections(h, side)]
    hexes = [board.name(h) for h in found]
    where = f" in the {section.value} section" if section is not None else ""
    if not hexes:
        reason = (f"no empty hex of the {side.other.value} baseline{where} where "
                  f"{kind.replace('_', ' ')} may stand")
        return {"breakthrough": {"side": side.value, "allowed": False, "reason": reason,
                                 "left": left, "hexes": [], "explain": [reason]}}
    explain = [f"{left} more may arrive, one order each, on the {side.other.value} baseline"
               f"{where}: {', '.join(hexes)}",
               "it stops there; it may battle and take ground this turn, not overrun"]
    return {"breakthrough": {"side": side.value, "allowed": True, "reason": None, "left": left,
                             "hexes": hexes, "explain": explain}}
