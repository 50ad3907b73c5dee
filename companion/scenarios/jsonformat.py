"""The project's own scenario file format (JSON), described in ``docs/scenario-format.md``.

``loads``/``load`` validate everything and raise :class:`ScenarioError` naming the field;
``dumps``/``save`` write a file ``load`` reads back to an equal scenario.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from companion.rules import arrivals, card_bans, empty_section, hill317, trains, victory
from companion.rules.board import Board, BoardKind, HexNameError, Side
from companion.rules.names import TERRAIN_ALIASES, UNIT_ALIASES, did_you_mean
from companion.rules.units import UNITS
from companion.rules.variants import REINFORCEMENTS_VARIANT, VARIANTS
from companion.scenarios.model import (
    FORMAT_NAME,
    FORMAT_VERSION,
    Airdrop,
    AirRules,
    AirSetup,
    BoardFace,
    ExitHex,
    MapLabel,
    Objective,
    ObjectiveKind,
    Scenario,
    ScenarioError,
    ScenarioText,
    SideSetup,
    TerrainPiece,
    UnitSetup,
    known_terrain,
    known_units,
)

E = TypeVar("E")

_ID = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
_LANG = re.compile(r"^[a-z]{2}(-[A-Za-z]{2})?$")


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _obj(value: Any, path: str, allowed: set[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScenarioError(path, f"must be an object, not {_kind(value)}")
    for key in value:
        if key not in allowed:
            raise ScenarioError(_join(path, key),
                                f"unknown field; allowed: {', '.join(sorted(allowed))}")
    return value


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a decimal number", str: "a string",
            list: "a list", dict: "an object"}.get(type(value), type(value).__name__)


def _str(value: Any, path: str, *, empty: bool = True) -> str:
    if not isinstance(value, str):
        raise ScenarioError(path, f"must be a string, not {_kind(value)}")
    if not empty and not value.strip():
        raise ScenarioError(path, "must not be empty")
    return value


def _opt_str(value: Any, path: str) -> str | None:
    return None if value is None else _str(value, path)


def _int(value: Any, path: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(path, f"must be a whole number from {low} to {high}, not {_kind(value)}")
    if not low <= value <= high:
        raise ScenarioError(path, f"must be from {low} to {high}, not {value}")
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(path, f"must be true or false, not {_kind(value)}")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise ScenarioError(path, f"must be a list, not {_kind(value)}")
    return value


def _enum(cls: Callable[[str], E], value: Any, path: str, allowed: list[str]) -> E:
    if isinstance(value, str):
        try:
            return cls(value)
        except ValueError:
            pass
    raise ScenarioError(path, f"{value!r} is not allowed; allowed: {', '.join(allowed)}")


def _side(value: Any, path: str) -> Side:
    return _enum(Side, value, path, [s.value for s in Side])


def _hex(board: Board, value: Any, path: str) -> str:
    name = _str(value, path)
    try:
        board.parse(name)
    except HexNameError as exc:
        raise ScenarioError(path, str(exc)) from None
    return name


def _variant(name: str, path: str) -> str:
    if name not in VARIANTS:
        raise ScenarioError(path, f"{name!r} is not a rule variant; allowed: "
                                  f"{', '.join(VARIANTS)}")
    return name


# Variants whose value is more than a side, and the rules core's reader of it (each raises a
# ValueError naming what is allowed): "side:sections:medals", "side:units", "side:card,..."
_VARIANT_VALUES: dict[str, Callable[[str], object]] = {
    empty_section.VARIANT: empty_section.parse,
    victory.EXITS_TO_WIN_VARIANT: victory.parse_exits_to_win,
    card_bans.VARIANT: card_bans.parse,
    trains.SUPPLY_TRAIN_VARIANT: trains.parse_supply_train,
}


def from_dict(data: Any) -> Scenario:
    """The scenario a parsed JSON document describes; ScenarioError names the first bad field."""
    top = _obj(data, "", {"format", "version", "id", "text", "board", "sides", "starts", "air",
                          "terrain", "units", "objectives", "exits", "date", "front", "notes",
                          "variants", "airdrops", "labels"})
    if top.get("format") != FORMAT_NAME:
        raise ScenarioError("format", f"must be {FORMAT_NAME!r} (is this a scenario file?)")
    if "version" not in top:
        raise ScenarioError("version", "is missing")
    version = _int(top["version"], "version", 1, 10**6)
    if version > FORMAT_VERSION:
        raise ScenarioError("version", f"{version} is newer than this program reads "
                                       f"(up to {FORMAT_VERSION}); update the program")
    for required in ("id", "text", "board"):
        if required not in top:
            raise ScenarioError(required, "is missing")
    sid = _str(top["id"], "id")
    if not _ID.match(sid):
        raise ScenarioError("id", "must be 1-64 letters, digits, '-', '_' or '.'")

    texts: dict[str, ScenarioText] = {}
    text_obj = top["text"]
    if not isinstance(text_obj, dict) or not text_obj:
        raise ScenarioError("text", "must be an object with at least one language, like "
                                    '{"en": {"name": "..."}}')
    for lang, entry in text_obj.items():
        p = _join("text", lang)
        if not _LANG.match(lang):
            raise ScenarioError(p, "language codes are two letters, like en or fr")
        e = _obj(entry, p, {"name", "description", "special_rules"})
        if "name" not in e:
            raise ScenarioError(_join(p, "name"), "is missing")
        texts[lang] = ScenarioText(name=_str(e["name"], _join(p, "name"), empty=False),
                                   description=_str(e.get("description", ""),
                                                    _join(p, "description")),
                                   special_rules=_str(e.get("special_rules", ""),
                                                      _join(p, "special_rules")))

    b = _obj(top["board"], "board", {"kind", "face", "bottom"})
    kind = _enum(BoardKind, b.get("kind", "standard"), "board.kind", [k.value for k in BoardKind])
    face = _enum(BoardFace, b.get("face", "countryside"), "board.face",
                 [f.value for f in BoardFace])
    bottom = _side(b.get("bottom", "allies"), "board.bottom")
    board = Board.of(kind, bottom)

    sides: dict[Side, SideSetup] = {}
    s_obj = _obj(top.get("sides", {}), "sides", {"allies", "axis"})
    for side in Side:
        p = _join("sides", side.value)
        e = _obj(s_obj.get(side.value, {}), p, {"country", "cards", "medals_to_win"})
        sides[side] = SideSetup(country=_opt_str(e.get("country"), _join(p, "country")),
                                cards=_int(e.get("cards", 5), _join(p, "cards"), 1, 12),
                                medals_to_win=_int(e.get("medals_to_win", 6),
                                                   _join(p, "medals_to_win"), 1, 30))
    starts = _side(top.get("starts", "allies"), "starts")

    a = _obj(top.get("air", {}) or {}, "air", {"rules", "front", "year", "sorties",
                                               "sorties_in_deck", "sortie_unusable"})
    rules = a.get("rules")
    held = a.get("sorties")
    sorties = None if held is None else {
        side: _int(n, _join("air.sorties", side.value), 0, 2)
        for side, n in ((_side(k, "air.sorties"), v)
                        for k, v in _obj(held, "air.sorties", {"allies", "axis"}).items())}
    air = AirSetup(
        rules=None if rules is None else _enum(AirRules, rules, "air.rules",
                                               ["null", *[r.value for r in AirRules]]),
        front=_opt_str(a.get("front"), "air.front"),
        year=None if a.get("year") is None else _int(a["year"], "air.year", 1936, 1946),
        sorties=sorties,
        sorties_in_deck=_int(a.get("sorties_in_deck", 0), "air.sorties_in_deck", 0, 2),
        sortie_unusable=tuple(_side(x, _join("air.sortie_unusable", i)) for i, x in
                              enumerate(_list(a.get("sortie_unusable", []), "air.sortie_unusable"))),
    )
    if sum((air.sorties or {}).values()) + air.sorties_in_deck > 2:
        raise ScenarioError("air", "deals more than the Air Pack's two Air Sortie cards "
                                   "(sorties and sorties_in_deck)")

    terrain: list[TerrainPiece] = []
    names_t = known_terrain()
    for i, entry in enumerate(_list(top.get("terrain", []), "terrain")):
        p = _join("terrain", i)
        e = _obj(entry, p, {"hex", "type", "orientation", "owner", "value"})
        for required in ("hex", "type"):
            if required not in e:
                raise ScenarioError(_join(p, required), "is missing")
        ttype = _str(e["type"], _join(p, "type"))
        if ttype not in names_t:
            raise ScenarioError(_join(p, "type"), f"unknown terrain {ttype!r}; "
                                                  f"{did_you_mean(ttype, names_t, TERRAIN_ALIASES)}"
                                                  f"allowed: {', '.join(sorted(names_t))}")
        terrain.append(TerrainPiece(
            hex=_hex(board, e["hex"], _join(p, "hex")), type=ttype,
            orientation=None if e.get("orientation") is None
            else _int(e["orientation"], _join(p, "orientation"), 1, 6),
            owner=None if e.get("owner") is None else _side(e["owner"], _join(p, "owner")),
            value=None if e.get("value") is None else _int(e["value"], _join(p, "value"), 0, 9),
        ))

    units: list[UnitSetup] = []
    names_u = known_units()
    seen_ids: set[str] = set()
    for i, entry in enumerate(_list(top.get("units", []), "units")):
        p = _join("units", i)
        e = _obj(entry, p, {"id", "side", "type", "hex", "figures", "badges", "nation",
                            "airborne", "model", "ammo", "variants"})
        for required in ("side", "type", "hex"):
            if required not in e:
                raise ScenarioError(_join(p, required), "is missing")
        uid = _str(e.get("id", f"u{i + 1}"), _join(p, "id"))
        if not _ID.match(uid):
            raise ScenarioError(_join(p, "id"), "must be 1-64 letters, digits, '-', '_' or '.'")
        if uid in seen_ids:
            raise ScenarioError(_join(p, "id"), f"{uid!r} is used by another unit")
        seen_ids.add(uid)
        utype = _str(e["type"], _join(p, "type"))
        if utype not in names_u:
            raise ScenarioError(_join(p, "type"), f"unknown unit type {utype!r}; "
                                                  f"{did_you_mean(utype, names_u, UNIT_ALIASES)}"
                                                  f"allowed: {', '.join(sorted(names_u))}")
        badges = tuple(_str(x, _join(_join(p, "badges"), j))
                       for j, x in enumerate(_list(e.get("badges", []), _join(p, "badges"))))
        ammo_obj = _obj(e.get("ammo", {}), _join(p, "ammo"), {"machine_gun", "bomb"})
        units.append(UnitSetup(
            id=uid, side=_side(e["side"], _join(p, "side")), type=utype,
            hex=_hex(board, e["hex"], _join(p, "hex")),
            figures=None if e.get("figures") is None
            else _int(e["figures"], _join(p, "figures"), 1, 10),
            badges=badges, nation=_opt_str(e.get("nation"), _join(p, "nation")),
            airborne=_bool(e.get("airborne", False), _join(p, "airborne")),
            model=_opt_str(e.get("model"), _join(p, "model")),
            ammo={k: _int(v, _join(_join(p, "ammo"), k), 0, 10) for k, v in ammo_obj.items()},
            variants=tuple(_variant(_str(x, _join(_join(p, "variants"), j)),
                                    _join(_join(p, "variants"), j)) for j, x in
                           enumerate(_list(e.get("variants", []), _join(p, "variants")))),
        ))

    objectives: list[Objective] = []
    seen_ids = set()
    for i, entry in enumerate(_list(top.get("objectives", []), "objectives")):
        p = _join("objectives", i)
        e = _obj(entry, p, {"id", "kind", "hexes", "sides", "medals", "hexes_needed",
                            "at_turn_start", "at_turn_end", "held_by_default", "label", "units",
                            "units_said"})
        for required in ("kind", "hexes"):
            if required not in e:
                raise ScenarioError(_join(p, required), "is missing")
        oid = _str(e.get("id", f"o{i + 1}"), _join(p, "id"))
        if oid in seen_ids:
            raise ScenarioError(_join(p, "id"), f"{oid!r} is used by another objective")
        seen_ids.add(oid)
        hexes = tuple(_hex(board, h, _join(_join(p, "hexes"), j))
                      for j, h in enumerate(_list(e["hexes"], _join(p, "hexes"))))
        if not hexes:
            raise ScenarioError(_join(p, "hexes"), "must name at least one hex")
        obj_sides = tuple(_side(s, _join(_join(p, "sides"), j))
                          for j, s in enumerate(_list(e.get("sides", ["allies", "axis"]),
                                                      _join(p, "sides"))))
        if not obj_sides:
            raise ScenarioError(_join(p, "sides"), "must name at least one side")
        needed = _int(e.get("hexes_needed", 1), _join(p, "hexes_needed"), 1, len(hexes))
        objectives.append(Objective(
            id=oid,
            kind=_enum(ObjectiveKind, e["kind"], _join(p, "kind"),
                       [k.value for k in ObjectiveKind]),
            hexes=hexes, sides=obj_sides,
            medals=_int(e.get("medals", 1), _join(p, "medals"), 0, 30),
            hexes_needed=needed,
            at_turn_start=_bool(e.get("at_turn_start", False), _join(p, "at_turn_start")),
            label=_str(e.get("label", ""), _join(p, "label")),
            at_turn_end=_bool(e.get("at_turn_end", False), _join(p, "at_turn_end")),
            held_by_default=None if e.get("held_by_default") is None else
            _side(e["held_by_default"], _join(p, "held_by_default")),
            units=_objective_units(e.get("units", []), _join(p, "units"),
                                   {u.id for u in units}),
            units_said=_str(e.get("units_said", ""), _join(p, "units_said")),
        ))

    exits: list[ExitHex] = []
    for i, entry in enumerate(_list(top.get("exits", []), "exits")):
        p = _join("exits", i)
        e = _obj(entry, p, {"hex", "side", "medals"})
        for required in ("hex", "side"):
            if required not in e:
                raise ScenarioError(_join(p, required), "is missing")
        exits.append(ExitHex(hex=_hex(board, e["hex"], _join(p, "hex")),
                             side=_side(e["side"], _join(p, "side")),
                             medals=_int(e.get("medals", 1), _join(p, "medals"), 0, 10)))

    notes = [_str(n, _join("notes", i)) for i, n in enumerate(_list(top.get("notes", []),
                                                                    "notes"))]
    variants_obj = top.get("variants", {}) or {}
    if not isinstance(variants_obj, dict):
        raise ScenarioError("variants", f"must be an object, not {_kind(variants_obj)}")
    variants = {_str(k, "variants"): _str(v, _join("variants", str(k)))
                for k, v in variants_obj.items()}
    for name, who in variants.items():
        _variant(name, _join("variants", name))
        if name == hill317.VARIANT:
            for h in hill317.hexes(who) or [""]:
                _hex(board, h, _join("variants", name))
            continue
        value_check = _VARIANT_VALUES.get(name)
        if value_check is not None:
            try:  # a variant whose value is a rule of its own, read by its module
                value_check(who)
            except ValueError as exc:
                raise ScenarioError(_join("variants", name), str(exc)) from None
            continue
        if name in arrivals.KINDS:  # "side:units:type:nation[:...]" (companion.rules.arrivals)
            try:
                for rule in arrivals.parse(who, name):
                    for h in rule.hexes:
                        _hex(board, h, _join("variants", name))
            except arrivals.ArrivalError as exc:
                raise ScenarioError(_join("variants", name), str(exc)) from None
            continue
        if name == REINFORCEMENTS_VARIANT:  # the medals the reinforcements wait for
            if not (who.isascii() and who.isdigit() and 1 <= int(who) <= 30):
                raise ScenarioError(_join("variants", name),
                                    f"{who!r} is not allowed; allowed: the medals a side needs "
                                    "for its reinforcements, 1 to 30")
            continue
        if who not in ("", "allies", "axis", "all"):
            raise ScenarioError(_join("variants", name),
                                f"{who!r} is not allowed; allowed: allies, axis, all, \"\"")
    airdrops = []
    for i, raw in enumerate(_list(top.get("airdrops", []), "airdrops")):
        p = _join("airdrops", i)
        d = _obj(raw, p, {"side", "units", "unit", "center", "range", "nation", "daylight",
                          "at_start"})
        utype = _str(d.get("unit", "infantry"), _join(p, "unit"))
        if utype not in UNITS:
            raise ScenarioError(_join(p, "unit"), f"unknown unit type {utype!r}")
        center = d.get("center")
        airdrops.append(Airdrop(
            side=_side(d.get("side"), _join(p, "side")),
            units=_int(d.get("units"), _join(p, "units"), 1, 20), unit_type=utype,
            center=None if center is None else _hex(board, center, _join(p, "center")),
            range=None if d.get("range") is None else _int(d["range"], _join(p, "range"), 0, 30),
            nation=_opt_str(d.get("nation"), _join(p, "nation")),
            daylight=_bool(d.get("daylight", False), _join(p, "daylight")),
            at_start=_bool(d.get("at_start", False), _join(p, "at_start"))))
    labels = []
    for i, raw in enumerate(_list(top.get("labels", []), "labels")):
        p = _join("labels", i)
        d = _obj(raw, p, {"hex", "text"})
        for required in ("hex", "text"):
            if required not in d:
                raise ScenarioError(_join(p, required), "is missing")
        labels.append(MapLabel(_hex(board, d["hex"], _join(p, "hex")),
                               _str(d["text"], _join(p, "text"))))
    return Scenario(
        id=sid, text=texts, board=kind, face=face, bottom=bottom, sides=sides, starts=starts,
        terrain=terrain, units=units, objectives=objectives, exits=exits, air=air,
        date=_opt_str(top.get("date"), "date"), front=_opt_str(top.get("front"), "front"),
        notes=notes, variants=variants, airdrops=airdrops, labels=labels,
    )


def to_dict(s: Scenario) -> dict[str, Any]:
    """The JSON document of a scenario (defaults written out, so files are explicit)."""
    out: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "id": s.id,
        "text": {lang: _text_dict(t) for lang, t in s.text.items()},
        "board": {"kind": s.board.value, "face": s.face.value, "bottom": s.bottom.value},
        "date": s.date,
        "front": s.front,
        "sides": {side.value: {"country": s.sides[side].country, "cards": s.sides[side].cards,
                               "medals_to_win": s.sides[side].medals_to_win} for side in Side},
        "starts": s.starts.value,
        "air": _air_dict(s.air),
        "terrain": [_piece_dict(t) for t in s.terrain],
        "units": [_unit_dict(u) for u in s.units],
        "objectives": [_objective_dict(o) for o in s.objectives],
        "exits": [{"hex": x.hex, "side": x.side.value, "medals": x.medals} for x in s.exits],
    }
    if s.notes:
        out["notes"] = list(s.notes)
    if s.variants:
        out["variants"] = dict(s.variants)
    if s.airdrops:
        out["airdrops"] = [{"side": d.side.value, "units": d.units, "unit": d.unit_type,
                            "center": d.center, "range": d.range, "nation": d.nation,
                            **({"daylight": True} if d.daylight else {}),
                            **({"at_start": True} if d.at_start else {})}
                           for d in s.airdrops]
    if s.labels:
        out["labels"] = [{"hex": lb.hex, "text": lb.text} for lb in s.labels]
    return out


def validate(s: Scenario) -> None:
    """Raise ScenarioError naming the field if ``s`` (built in code) could not be saved and
    loaded back: bad hex names, unknown types, duplicate ids, out-of-range numbers."""
    from_dict(to_dict(s))


def _text_dict(t: ScenarioText) -> dict[str, str]:
    d = {"name": t.name, "description": t.description}
    if t.special_rules:
        d["special_rules"] = t.special_rules
    return d


def _air_dict(air: AirSetup) -> dict[str, Any]:
    out: dict[str, Any] = {"rules": None if air.rules is None else air.rules.value,
                           "front": air.front, "year": air.year}
    if air.sorties is not None:  # written only where a scenario deals them its own way
        out["sorties"] = {side.value: air.sorties.get(side, 0) for side in Side}
    if air.sorties_in_deck:
        out["sorties_in_deck"] = air.sorties_in_deck
    if air.sortie_unusable:
        out["sortie_unusable"] = [side.value for side in air.sortie_unusable]
    return out


def _piece_dict(t: TerrainPiece) -> dict[str, Any]:
    d: dict[str, Any] = {"hex": t.hex, "type": t.type}
    if t.orientation is not None:
        d["orientation"] = t.orientation
    if t.owner is not None:
        d["owner"] = t.owner.value
    if t.value is not None:
        d["value"] = t.value
    return d


def _unit_dict(u: UnitSetup) -> dict[str, Any]:
    d: dict[str, Any] = {"id": u.id, "side": u.side.value, "type": u.type, "hex": u.hex}
    if u.figures is not None:
        d["figures"] = u.figures
    if u.badges:
        d["badges"] = list(u.badges)
    if u.nation is not None:
        d["nation"] = u.nation
    if u.airborne:
        d["airborne"] = True
    if u.model is not None:
        d["model"] = u.model
    if u.ammo:
        d["ammo"] = dict(u.ammo)
    if u.variants:
        d["variants"] = list(u.variants)
    return d


def _objective_units(raw: Any, path: str, known: set[str]) -> tuple[str, ...]:
    """An objective's ``units``: ids of the scenario's units, the only ones that claim it."""
    out = []
    for j, u in enumerate(_list(raw, path)):
        uid = _str(u, _join(path, j))
        if uid not in known:
            raise ScenarioError(_join(path, j), f"{uid!r} is no unit of this scenario")
        out.append(uid)
    return tuple(out)


def _objective_dict(o: Objective) -> dict[str, Any]:
    d: dict[str, Any] = {"id": o.id, "kind": o.kind.value, "hexes": list(o.hexes),
                         "sides": [s.value for s in o.sides], "medals": o.medals}
    if o.hexes_needed != 1:
        d["hexes_needed"] = o.hexes_needed
    if o.at_turn_start:
        d["at_turn_start"] = True
    if o.at_turn_end:
        d["at_turn_end"] = True
    if o.held_by_default is not None:
        d["held_by_default"] = o.held_by_default.value
    if o.label:
        d["label"] = o.label
    if o.units:
        d["units"] = list(o.units)
    if o.units_said:
        d["units_said"] = o.units_said
    return d


def loads(text: str) -> Scenario:
    """Parse a scenario from JSON text. Malformed JSON is reported with field ``""``."""
    return from_dict(parse_json(text))


# Deeper than any scenario (the editor's files nest 6 levels); a bound keeps a hostile file
# from reaching Python's recursion limit.
MAX_DEPTH = 64


def parse_json(text: str) -> Any:
    """JSON text as Python data, or a one-line ScenarioError (field ``""``): malformed JSON,
    nesting deeper than MAX_DEPTH, numbers too long to read."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:  # a linear pre-scan: json.loads would recurse once per level
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    raise ScenarioError("", f"nested deeper than {MAX_DEPTH} levels; a "
                                            "scenario file is not")
        elif ch in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError("", f"not valid JSON: {exc.msg} at line {exc.lineno} "
                                f"column {exc.colno}") from None
    except RecursionError:
        raise ScenarioError("", "nested too deeply to read") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise ScenarioError("", f"cannot read a number: {str(exc)[:120]}") from None


def dumps(s: Scenario) -> str:
    return json.dumps(to_dict(s), indent=2, ensure_ascii=False) + "\n"


def load_json(path: str | os.PathLike[str]) -> Scenario:
    """A scenario file in this program's own JSON format."""
    return loads(read_text(path))


def save(s: Scenario, path: str | os.PathLike[str]) -> None:
    """Write ``s`` to ``path`` atomically (a crash never leaves half a file)."""
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(dumps(s), encoding="utf-8")
    os.replace(tmp, target)


def read_text(path: str | os.PathLike[str]) -> str:
    """A file's text, with unreadable files reported as ScenarioError (field ``""``)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise ScenarioError("", f"cannot read {os.fspath(path)}: {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ScenarioError("", f"{os.fspath(path)} is not UTF-8 text") from None
