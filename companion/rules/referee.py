"""The rules referee: one JSON query in (as Python objects), one JSON answer out.

Follows ``shared/contracts/rules-query.md``; documented in ``docs/rules-referee.md``.

    from companion.rules.referee import answer, QueryError
    answer({"units": [...], "ask": {"battle": {"attacker": "a1", "target": "x1"}}})

Asks dispatch through :data:`ASKS`. Another module adds an ask with::

    from companion.rules.referee import Query, register_ask

    @register_ask("orders")
    def ask_orders(query: Query, body: dict[str, Any]) -> dict[str, Any]: ...

and is named in :data:`PLUGIN_ASKS`, which :func:`answer` imports when one of its asks comes
(:func:`load_plugins` imports them all).
Handlers raise :class:`QueryError` naming the dotted field that is wrong.
"""

from __future__ import annotations

from companion.rules.battle import (
    FACES,
    LANDING_CRAFT_BADGE,
    BattleCheck,
    BattleError,
    BattleModifiers,
    BattleResult,
    battle_check,
    cross_hair_due,
    resolve_battle,
)
from companion.rules.board import Board, BoardKind, Hex, HexNameError, Side, distance
from companion.rules.names import TERRAIN_ALIASES, UNIT_ALIASES, did_you_mean, resolve
from companion.rules.position import Position, Unit
from companion.rules.records import dataclass, field
from companion.rules.terrain import TERRAIN
from companion.rules.units import UNITS, UnitSpec

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a referee query's start)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeAlias

    AskHandler: TypeAlias = Callable[["Query", dict[str, Any]], dict[str, Any]]


class QueryError(ValueError):
    """A query the referee cannot answer: ``field`` is the dotted path of the bad input."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message

    def as_json(self) -> dict[str, Any]:
        return {"error": {"field": self.field, "message": self.message}}


# --- data the parser checks against ------------------------------------------------------------
AIR_RULES: tuple[str, ...] = ("air-pack", "flight-plan")
# rules.visibility: the night chart runs from 1 hex to full daylight (companion.rules.night);
# a number beyond the longest range (a big gun's 8) changes nothing
MAX_VISIBILITY = 8
# unit types that exist only under one set of air rules (contract: rules-query.md)
AIR_TYPES_BY_RULES: dict[str, frozenset[str]] = {
    "air-pack": frozenset({"airplane"}),
    "flight-plan": frozenset({"fighter", "fighter_bomber", "bomber"}),
}
AMMO_KINDS: tuple[str, ...] = ("machine_gun", "bomb")
SIDE_NAMES: tuple[str, ...] = tuple(s.value for s in Side)
_SIDES: dict[str, Side] = {s.value: s for s in Side}
_UNIT_REQUIRED = frozenset({"id", "side", "type", "hex"})
BOARD_NAMES: tuple[str, ...] = tuple(k.value for k in BoardKind)
TOP_LEVEL_FIELDS: set[str] = {"board", "bottom", "rules", "terrain", "units", "ask", "dice"}
UNIT_FIELDS: set[str] = {"id", "side", "type", "hex", "figures", "moved", "badges", "airborne",
                         "model", "ammo", "nation", "variants"}

ASKS: dict[str, AskHandler] = {}
# The asks that other modules register (or, for battle and move, replace with their card-aware
# versions), by module: imported when such an ask comes, so that a plain battle loads no card,
# terrain or air rules. tests/rules/test_referee.py checks it against what the modules register.
# a unit's badge: a big gun or destroyer hit it and has not lost it since (Position.cross_hairs)
CROSS_HAIR_BADGE = "cross_hair"

PLUGIN_ASKS: dict[str, str] = {
    **dict.fromkeys(("battle", "move", "orders", "card_attack", "victory"),
                    "companion.rules.card_referee"),
    **dict.fromkeys(("terrain_entry", "clear_obstacle"), "companion.rules.terrain_referee"),
    **dict.fromkeys(("commissar", "desert_move", "airfield_landing", "night_visibility",
                     "card_as", "high_command", "breakthrough"),
                    "companion.rules.scenario_referee"),
    **dict.fromkeys(("air_check", "air_move", "air_sortie", "attack_run", "confirm", "deploy",
                     "dogfight", "ground_support", "ground_to_air", "kamikaze", "recon", "rescue",
                     "strafe", "strategic_bombing", "withdraw", "interdiction", "air_selection",
                     "air_setup"), "companion.rules.air.referee"),
}
_HEX_NAMES: dict[tuple[BoardKind, str], Hex] = {}  # valid hex names already parsed, per board
# bounds on counts a query may give (a medal count above this is no game of Memoir '44)
MAX_MEDAL_COUNT = 1000


def register_ask(name: str) -> Callable[[AskHandler], AskHandler]:
    """Decorator: ``handler(query, body) -> answer dict`` answers ``{"ask": {name: body}}``."""

    def deco(handler: AskHandler) -> AskHandler:
        ASKS[name] = handler
        return handler

    return deco


@dataclass
class Query:
    """A parsed, validated query. ``raw`` is the JSON as given."""

    position: Position
    ask: str
    body: dict[str, Any]
    dice: list[Any] | None  # faces (str), or lists of faces for attack_run
    raw: dict[str, Any] = field(default_factory=dict)
    unit_index: dict[str, int] = field(default_factory=dict)  # unit id -> index in "units"

    @property
    def board(self) -> Board:
        return self.position.board

    @property
    def air_rules(self) -> str | None:
        return self.position.air_rules

    def hex(self, value: object, field_path: str) -> Hex:
        """A hex of this board from its name, or a QueryError naming ``field_path``."""
        if not isinstance(value, str):
            raise QueryError(field_path, f"expected a hex name like \"G5\", got {_show(value)}")
        board = self.board
        found = board.tables.by_name.get(value)
        if found is not None:
            return found
        key = (board.kind, value)
        found = _HEX_NAMES.get(key)
        if found is not None:
            return found
        if not value.isascii():  # "A²" or "A٣": digits int() reads but no hex name has
            raise QueryError(field_path, f"{_show(value)} is not a hex name "
                                         "(a letter and a number, like G5 or a8)")
        try:
            found = board.parse(value)
        except (HexNameError, ValueError) as exc:
            raise QueryError(field_path, str(exc)) from None
        if len(_HEX_NAMES) < 4096:
            _HEX_NAMES[key] = found
        return found

    def unit(self, value: object, field_path: str) -> Unit:
        """The unit with this id, or a QueryError naming ``field_path``."""
        if not isinstance(value, str):
            raise QueryError(field_path, f"expected a unit id (a string), got {_show(value)}")
        unit = self.position.units.get(value)
        if unit is None:
            ids = sorted(self.position.units)
            known = ", ".join(ids[:20]) + (f" and {len(ids) - 20} more" if len(ids) > 20 else "") \
                if ids else "none"
            raise QueryError(field_path, f"no unit has the id {_show(value)}; unit ids: {known}")
        return unit

    def faces(self, field_path: str = "dice") -> list[str] | None:
        """The dice as a flat list of faces (None when absent)."""
        if self.dice is None:
            return None
        for i, f in enumerate(self.dice):
            if not isinstance(f, str):
                raise QueryError(f"{field_path}.{i}", "expected a face name for this ask")
        return [str(f) for f in self.dice]

    def body_fields(self, allowed: set[str], required: frozenset[str] | set[str] = frozenset()) -> None:
        """Reject unknown or missing fields of the ask body."""
        base = f"ask.{self.ask}"
        for k in self.body:
            if k not in allowed:
                raise QueryError(f"{base}.{k}", f"unknown field; allowed: {', '.join(sorted(allowed))}")
        for k in sorted(required):
            if k not in self.body:
                raise QueryError(f"{base}.{k}", "required field is missing")


class HugeNumber:
    """A JSON integer too long to read (more than :data:`MAX_INT_DIGITS` digits).

    ``companion rules`` reads such a literal as this marker instead of failing in ``json``, so
    that the field holding it is named in the error like any other wrong value."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"a {self.digits}-digit number"


MAX_INT_DIGITS = 4300  # Python's own limit for reading an integer from text


def _show(value: object) -> str:
    """A short, printable picture of a wrong value for an error message."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return "a number of more than 77 digits"
    if isinstance(value, str) and len(value) > 40:
        value = value[:40]
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int too long to print, or nesting too deep
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= 40 else text[:37] + "..."


def _int(value: object, field_path: str, lo: int, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise QueryError(field_path, f"expected a whole number, got {_show(value)}")
    if value < lo or (hi is not None and value > hi):
        span = f"{lo}..{hi}" if hi is not None else f"{lo} or more"
        raise QueryError(field_path, f"{_show(value)} is out of range; allowed: {span}")
    return value


def _enum(value: object, field_path: str, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise QueryError(field_path, f"{_show(value)} is not allowed; "
                                     f"{did_you_mean(value, allowed)}allowed: {', '.join(allowed)}")
    return value


# --- parsing -------------------------------------------------------------------------------------
def parse_query(query: object) -> Query:
    """Validate the whole query and build its position. Raises QueryError on the first fault."""
    position, index = _parse_position(query)
    assert isinstance(query, dict)
    return _parse_ask(query, position, index)


def _parse_position(query: object) -> tuple[Position, dict[str, int]]:
    if not isinstance(query, dict):
        raise QueryError("", "the query must be a JSON object")
    for k in query:
        if k not in TOP_LEVEL_FIELDS:
            raise QueryError(str(k), f"unknown field; allowed: {', '.join(sorted(TOP_LEVEL_FIELDS))}")
    board_kind = _enum(query.get("board", "standard"), "board", BOARD_NAMES)
    bottom = _enum(query.get("bottom", "allies"), "bottom", SIDE_NAMES)
    board = Board.of(board_kind, bottom)

    rules = query.get("rules", {})
    if rules is None:
        rules = {}
    if not isinstance(rules, dict):
        raise QueryError("rules", "expected an object like {\"air\": null}")
    for k in rules:
        if k not in ("air", "variants", "visibility"):
            raise QueryError(f"rules.{k}", "unknown field; allowed: air, variants, visibility")
    air = rules.get("air")
    if air is not None:
        air = _enum(air, "rules.air", AIR_RULES)
    variants = _parse_variants(rules.get("variants"))
    # night attacks: the visibility the night rolls have reached, in hexes (null: daylight)
    visibility = rules.get("visibility")
    if visibility is not None:
        visibility = _int(visibility, "rules.visibility", 1, MAX_VISIBILITY)

    position = Position(board, air_rules=air, visibility=visibility)
    terrain = query.get("terrain", [])
    if not isinstance(terrain, list):
        raise QueryError("terrain", "expected a list of {\"hex\": ..., \"type\": ...}")
    by_name = board.tables.by_name
    per_hex: dict[Hex, tuple[str, ...]] = {}
    for i, entry in enumerate(terrain):
        # fast path for the usual well-formed entry; anything else takes the checking path
        if type(entry) is dict and len(entry) == 2:
            try:
                kind = entry["type"]
                h = by_name[entry["hex"]]
            except (KeyError, TypeError):
                pass
            else:
                if type(kind) is str and kind in TERRAIN:
                    one = (kind,)
                    names = per_hex.setdefault(h, one)
                    if names is one:
                        continue
                    if kind not in names:
                        per_hex[h] = (*names, kind)
                        continue
        h, kind = _parse_terrain_entry(Query(position, "", {}, None), entry, f"terrain.{i}")
        names = per_hex.get(h, ())
        if kind in names:
            raise QueryError(f"terrain.{i}.type", f"{kind} is listed twice on {entry['hex']}")
        per_hex[h] = (*names, kind)
    position.terrain = per_hex

    units = query.get("units", [])
    if not isinstance(units, list):
        raise QueryError("units", "expected a list of units")
    index: dict[str, int] = {}
    placed = position.units
    by_hex = position._by_hex
    specs = _unit_specs(air)
    for i, raw in enumerate(units):
        unit: Unit | None = None
        # the usual unit (id, side, type, hex, figures, moved) is checked in a few lookups;
        # anything unusual or wrong goes through _parse_unit for its exact message
        if type(raw) is dict and ((n := len(raw)) == 4 or raw.keys() <= _FAST_UNIT_FIELDS):
            try:
                uid = raw["id"]
                side_value = _SIDES[raw["side"]]
                kind = raw["type"]
                spec = specs[kind]
                h = by_name[raw["hex"]]
            except (KeyError, TypeError):
                pass
            else:
                if type(uid) is str and uid and type(kind) is str:
                    if n == 4:  # exactly id, side, type and hex
                        unit = Unit(uid, side_value, kind, h, spec.figures)  # defaults as _parse_unit's
                    else:
                        figures = raw.get("figures", spec.figures)
                        moved = raw.get("moved", 0)
                        if type(figures) is int and 1 <= figures <= spec.figures \
                                and type(moved) is int and moved >= 0:
                            unit = Unit(uid, side_value, kind, h, figures, moved)
        if unit is None:
            unit = _parse_unit(Query(position, "", {}, None), raw, f"units.{i}", air)
        uid = unit.id
        first = index.setdefault(uid, i)
        if first != i:
            raise QueryError(f"units.{i}.id", f"the id {_show(uid)} is already used by units.{first}")
        holder = by_hex.setdefault(unit.hex, uid)
        if holder is not uid:
            raise QueryError(f"units.{i}.hex",
                             f"{board.name(unit.hex)} already holds {_show(holder)}: "
                             "two units may not share a hex")
        # every check of Position.add_unit is made above (type known, id new, hex on the board)
        placed[uid] = unit
        if unit.badges and CROSS_HAIR_BADGE in unit.badges:
            position.cross_hairs[uid] = 1  # zeroed in by a big gun or destroyer (troop card 3)
    if variants:
        from companion.rules.variants import unit_variants

        for unit in placed.values():
            unit.variants = unit_variants(variants, unit.side) + unit.variants

    return position, index


def _parse_variants(raw: object) -> dict[str, str]:
    """``rules.variants``: scenario rules in play, as a list of names or an object of name ->
    the side it applies to ("allies", "axis", "" for both); see docs/rules-referee.md."""
    if raw is None:
        return {}
    from companion.rules.variants import VARIANTS  # the variant tables, only for a query naming some

    if isinstance(raw, list):
        for name in raw:  # a list or an object inside the list is no name (and no dict key)
            if not isinstance(name, str):
                raise QueryError("rules.variants",
                                 f"{_show(name)} is not a rule variant name; allowed: {', '.join(VARIANTS)}")
        raw = dict.fromkeys(raw, "")
    if not isinstance(raw, dict):
        raise QueryError("rules.variants", "expected a list of rule variant names")
    out: dict[str, str] = {}
    for name, who in raw.items():
        if not isinstance(name, str) or name not in VARIANTS:
            raise QueryError("rules.variants",
                             f"{_show(name)} is not a rule variant; allowed: {', '.join(VARIANTS)}")
        out[name] = _enum(who, f"rules.variants.{name}", ("", "allies", "axis", "all"))
    return out


def position_from_json(query: object) -> Position:
    """The position described by a query's ``board``, ``bottom``, ``rules``, ``terrain`` and
    ``units`` (any ``ask`` and ``dice`` are ignored). Raises QueryError like :func:`answer`."""
    return _parse_position(query)[0]


def _ask_names() -> str:
    return ", ".join(sorted(ASKS.keys() | PLUGIN_ASKS.keys()))


def _parse_ask(query: dict[str, Any], position: Position, index: dict[str, int]) -> Query:
    if "ask" not in query:
        raise QueryError("ask", f"required field is missing; one of: {_ask_names()}")
    ask = query["ask"]
    if not isinstance(ask, dict) or len(ask) != 1:
        raise QueryError("ask", f"expected exactly one ask, one of: {_ask_names()}")
    (name, body), = ask.items()
    if name not in ASKS and name not in PLUGIN_ASKS:
        raise QueryError(f"ask.{name}", f"unknown ask; {did_you_mean(name, ASKS.keys() | PLUGIN_ASKS.keys())}"
                                        f"known asks: {_ask_names()}")
    if body is None:
        body = {}
    if not isinstance(body, dict):
        raise QueryError(f"ask.{name}", "expected an object with the ask's fields")

    dice = query.get("dice")
    if dice is not None:
        dice = _parse_dice(dice)
    return Query(position, name, body, dice, query, index)


def _parse_dice(dice: object) -> list[Any]:
    if not isinstance(dice, list):
        raise QueryError("dice", f"expected a list of faces ({', '.join(FACES)})")
    out: list[Any] = []
    for i, f in enumerate(dice):
        if isinstance(f, list):
            for j, g in enumerate(f):
                if g not in FACES:
                    raise QueryError(f"dice.{i}.{j}", f"{_show(g)} is not a die face; "
                                                      f"{did_you_mean(g, FACES)}faces: {', '.join(FACES)}")
            out.append([str(g) for g in f])
        elif f in FACES:
            out.append(str(f))
        else:
            raise QueryError(f"dice.{i}", f"{_show(f)} is not a die face; "
                                          f"{did_you_mean(f, FACES)}faces: {', '.join(FACES)}")
    kinds = {isinstance(f, list) for f in out}
    if len(kinds) > 1:
        raise QueryError("dice", "expected either a list of faces or a list of lists of faces, not both")
    return out


def _parse_terrain_entry(tmp: Query, entry: object, path: str) -> tuple[Hex, str]:
    """One terrain entry, checked field by field (the messages of docs/rules-referee.md)."""
    if not isinstance(entry, dict):
        raise QueryError(path, "expected an object like {\"hex\": \"F5\", \"type\": \"forest\"}")
    for k in entry:
        if k not in ("hex", "type", "owner", "value", "orientation"):
            raise QueryError(f"{path}.{k}",
                             "unknown field; allowed: hex, type, owner, value, orientation")
    if "hex" not in entry:
        raise QueryError(f"{path}.hex", "required field is missing")
    h = tmp.hex(entry["hex"], f"{path}.hex")
    written = entry.get("type")
    kind = resolve(written, TERRAIN, TERRAIN_ALIASES)  # "mountains", "barbed wire": names.py
    if kind is None:
        raise QueryError(f"{path}.type",
                         f"{_show(written)} is not a terrain type; "
                         f"{did_you_mean(written, TERRAIN, TERRAIN_ALIASES)}"
                         f"allowed: {', '.join(sorted(TERRAIN))}")
    # the side a piece belongs to (a bunker, a minefield) and a minefield's number
    if entry.get("owner") is not None:
        owner = _enum(entry["owner"], f"{path}.owner", ("allies", "axis"))
        tmp.position.terrain_owners[(h, kind)] = Side(owner)
    if entry.get("value") is not None:
        tmp.position.terrain_values[(h, kind)] = _int(entry["value"], f"{path}.value", 0, 9)
    # the editor's orientation, 1..6: a wadi's facing, which closes its side slopes (card 44),
    # a bridge section's, which closes all but its ends (card 9b); accepted on any piece, kept
    # only where it plays
    if entry.get("orientation") is not None:
        orientation = _int(entry["orientation"], f"{path}.orientation", 1, 6)
        if TERRAIN[kind].open_angles:
            tmp.position.terrain_orientations[(h, kind)] = orientation
    return h, kind


_FAST_UNIT_FIELDS = frozenset({"id", "side", "type", "hex", "figures", "moved"})
_specs_cache: dict[str | None, tuple[int, dict[str, UnitSpec]]] = {}


def _unit_specs(air: str | None) -> dict[str, UnitSpec]:
    """The unit types a query under these air rules may use (the others take the checking path)."""
    found = _specs_cache.get(air)
    if found is None or found[0] != len(UNITS):
        air_only = _air_only_types()
        found = (len(UNITS), {t: s for t, s in UNITS.items() if air_only.get(t, air) == air})
        _specs_cache[air] = found
    return found[1]


_air_only_cache: tuple[int, dict[str, str]] = (-1, {})


def _air_only_types() -> dict[str, str]:
    """Unit type -> the air rules it belongs to, for types that exist only under air rules."""
    global _air_only_cache
    if _air_only_cache[0] != len(UNITS):
        table = {t: r for r, ts in AIR_TYPES_BY_RULES.items() for t in ts}
        table.update({name: s.air_rules for name, s in UNITS.items() if s.air_rules is not None})
        _air_only_cache = (len(UNITS), table)
    return _air_only_cache[1]


def _parse_unit(tmp: Query, raw: object, path: str, air: str | None) -> Unit:
    if not isinstance(raw, dict):
        raise QueryError(path, "expected a unit object with id, side, type and hex")
    if not UNIT_FIELDS.issuperset(raw):
        k = next(k for k in raw if k not in UNIT_FIELDS)
        raise QueryError(f"{path}.{k}", f"unknown field; allowed: {', '.join(sorted(UNIT_FIELDS))}")
    if not raw.keys() >= _UNIT_REQUIRED:
        k = next(k for k in ("id", "side", "type", "hex") if k not in raw)
        raise QueryError(f"{path}.{k}", "required field is missing")
    uid = raw["id"]
    if not isinstance(uid, str) or not uid:
        raise QueryError(f"{path}.id", "expected a non-empty string")
    side = _SIDES.get(raw["side"]) if isinstance(raw["side"], str) else None
    if side is None:
        raise QueryError(f"{path}.side", f"{_show(raw['side'])} is not allowed; "
                                         f"{did_you_mean(raw['side'], SIDE_NAMES)}"
                                         f"allowed: {', '.join(SIDE_NAMES)}")
    written = raw["type"]
    air_only = _air_only_types()
    kind = resolve(written, UNITS, UNIT_ALIASES)  # "engineers", "anti-tank gun": names.py
    if kind is None:
        usable = sorted(t for t in UNITS if air_only.get(t, air) == air)
        raise QueryError(f"{path}.type", f"{_show(written)} is not a unit type; "
                                         f"{did_you_mean(written, usable, UNIT_ALIASES)}"
                                         f"allowed: {', '.join(usable)}")
    if kind in air_only and air_only[kind] != air:
        usable = sorted(t for t in UNITS if air_only.get(t, air) == air)
        raise QueryError(f"{path}.type",
                         f"{kind} exists only with rules.air = {air_only[kind]!r}; "
                         f"allowed: {', '.join(usable)}")
    spec = UNITS[kind]
    h = tmp.hex(raw["hex"], f"{path}.hex")
    figures = raw.get("figures", spec.figures)
    if type(figures) is not int or not 1 <= figures <= spec.figures:
        figures = _int(figures, f"{path}.figures", 1, spec.figures)
    moved = raw.get("moved", 0)
    if type(moved) is not int or moved < 0:
        moved = _int(moved, f"{path}.moved", 0)
    badges = raw.get("badges", ())
    if badges and (not isinstance(badges, list) or not all(isinstance(b, str) for b in badges)):
        raise QueryError(f"{path}.badges", "expected a list of badge names")
    if not isinstance(badges, list | tuple):
        raise QueryError(f"{path}.badges", "expected a list of badge names")
    airborne = raw.get("airborne", False)
    if not isinstance(airborne, bool):
        raise QueryError(f"{path}.airborne", "expected true or false")
    if airborne and not spec.air:
        raise QueryError(f"{path}.airborne", f"{kind} is a ground unit and cannot be airborne")
    model = raw.get("model")
    if model is not None and not isinstance(model, str):
        raise QueryError(f"{path}.model", "expected an airplane model name")
    ammo: dict[str, int] = {}
    if "ammo" in raw:
        ammo_raw = raw["ammo"]
        if not isinstance(ammo_raw, dict):
            raise QueryError(f"{path}.ammo", "expected an object like {\"machine_gun\": 1, \"bomb\": 1}")
        for k, v in ammo_raw.items():
            if k not in AMMO_KINDS:
                raise QueryError(f"{path}.ammo.{k}", f"unknown ammo; allowed: {', '.join(AMMO_KINDS)}")
            ammo[k] = _int(v, f"{path}.ammo.{k}", 0)
    nation = raw.get("nation")
    if nation is not None and (not isinstance(nation, str) or not 1 <= len(nation) <= 8):
        raise QueryError(f"{path}.nation", "expected a nation code like \"jp\" or \"us\"")
    own = raw.get("variants", [])
    if own:
        from companion.rules.variants import VARIANTS  # only for a unit that names some

        if not isinstance(own, list) or not all(isinstance(v, str) for v in own):
            raise QueryError(f"{path}.variants", "expected a list of rule variant names")
        for j, v in enumerate(own):
            if v not in VARIANTS:
                raise QueryError(f"{path}.variants.{j}", f"{_show(v)} is not a rule variant; "
                                                         f"allowed: {', '.join(VARIANTS)}")
    elif not isinstance(own, list):
        raise QueryError(f"{path}.variants", "expected a list of rule variant names")
    return Unit(uid, side, kind, h, figures, moved, tuple(badges), airborne, model, ammo,
                nation.lower() if nation else None, tuple(dict.fromkeys(own)))


# --- the entry point ---------------------------------------------------------------------------
def answer(query: object) -> dict[str, Any]:
    """Answer one referee query (the contract's JSON as Python objects).

    Raises :class:`QueryError` (with ``field`` and ``message``) for invalid queries; never any
    other exception for bad input.
    """
    parsed = parse_query(query)
    module = PLUGIN_ASKS.get(parsed.ask)
    if module is not None:
        _load(module)
    handler = ASKS[parsed.ask]
    try:
        return handler(parsed, parsed.body)
    except QueryError:
        raise
    except (ValueError, KeyError) as exc:
        raise QueryError(f"ask.{parsed.ask}", str(exc)) from None


def answer_or_error(query: object) -> tuple[int, dict[str, Any]]:
    """(exit code, JSON object): 0 and the answer, or 2 and ``{"error": {...}}``."""
    try:
        return 0, answer(query)
    except QueryError as exc:
        return 2, exc.as_json()


# --- built-in asks -------------------------------------------------------------------------------
def _bool(body: dict[str, Any], key: str, path: str) -> bool:
    value = body.get(key, False)
    if not isinstance(value, bool):
        raise QueryError(path, "expected true or false")
    return value


def _card_modifiers(card: object, query: Query, attacker_id: str, target_id: str,
                    overrun: bool) -> BattleModifiers | None:
    if card is None:
        return None
    if not isinstance(card, str):
        raise QueryError("ask.battle.card", "expected a command card name or null")
    from companion.rules import cards  # the card tables, only for a battle that names a card

    try:
        mods = cards.card_modifiers(card, query.position, attacker_id, target_id, overrun=overrun)
    except (ValueError, KeyError) as exc:
        raise QueryError("ask.battle.card", str(exc).strip("'\"")) from None
    if not isinstance(mods, BattleModifiers):
        raise QueryError("ask.battle.card", f"card {_show(card)} does not change a battle")
    return mods


def check_json(check: BattleCheck) -> dict[str, Any]:
    return {
        "allowed": check.allowed,
        "reason": check.reason,
        "distance": check.distance,
        "line_of_sight": check.line_of_sight,
        "close_assault": check.close_assault,
        "dice": check.dice,
        "explain": list(check.explain),
    }


def result_json(board: Board, result: BattleResult) -> dict[str, Any]:
    names = board.tables.names  # hex -> name; board.name says why a hex has none
    out: dict[str, Any] = {
        "hits": result.hits,
        "figures_removed": result.figures_removed,
        "eliminated": result.eliminated,
        "flags": result.flags,
        "flags_ignored": result.flags_ignored,
        "retreat": [
            {"hex": names.get(o.hex) or board.name(o.hex), "figures_lost": o.figures_lost,
             "eliminated": o.eliminated, "path": [names.get(h) or board.name(h) for h in o.path]}
            for o in result.retreat
        ],
        "medals": {str(s): n for s, n in result.medals.items()},  # Side is a StrEnum: its value
        "take_ground": result.take_ground,
        "armor_overrun": result.armor_overrun,
        "explain": list(result.explain),
    }
    if result.confirm_dice:
        out["confirm_dice"] = result.confirm_dice
    if result.confirmed is not None:
        out["confirmed"] = result.confirmed
    if result.battle_back:
        out["battle_back"] = True
    return out


def _confirm_faces(body: dict[str, Any]) -> list[str] | None:
    """The armored-car confirmation re-roll (``ask.battle.confirm``), or None."""
    value = body.get("confirm")
    if value is None:
        return None
    if not isinstance(value, list):
        raise QueryError("ask.battle.confirm", f"expected a list of faces ({', '.join(FACES)})")
    for i, f in enumerate(value):
        if f not in FACES:
            raise QueryError(f"ask.battle.confirm.{i}",
                             f"{_show(f)} is not a die face; faces: {', '.join(FACES)}")
    return [str(f) for f in value]


@register_ask("battle")
def ask_battle(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """May the attacker battle the target, with how many dice; with dice: what happens."""
    query.body_fields({"attacker", "target", "card", "overrun", "confirm"}, {"attacker", "target"})
    attacker = query.unit(body["attacker"], "ask.battle.attacker")
    target = query.unit(body["target"], "ask.battle.target")
    overrun = _bool(body, "overrun", "ask.battle.overrun")
    confirm = _confirm_faces(body)
    mods = _card_modifiers(body.get("card"), query, attacker.id, target.id, overrun)
    return battle_answer(query, attacker.id, target.id, mods, overrun=overrun, confirm=confirm)


def battle_answer(query: Query, attacker_id: str, target_id: str, mods: BattleModifiers | None,
                  *, overrun: bool = False, confirm: list[str] | None = None,
                  odds_overrun: bool = False) -> dict[str, Any]:
    """The ``battle`` answer for a checked query: air targets first (``air.targets``), then the
    ordinary check; the odds without dice, the result with them (hits on a flying New Flight
    Plan air unit wait for the ``confirm`` ask). The card-aware ask shares it for air units."""
    attacker = query.position.units[attacker_id]
    target = query.position.units[target_id]
    air_rules = _air_targets() if attacker.spec.air or target.spec.air else None
    check = None
    if air_rules is not None:
        check = air_rules.air_target_check(query.position, attacker.id, target.id, mods)
    if check is None:
        check = battle_check(query.position, attacker.id, target.id, mods, overrun=overrun)
    out: dict[str, Any] = {"battle": check_json(check)}
    faces = query.faces()
    if not check.allowed:
        if faces is not None:
            out["battle"]["explain"].append("dice not used: the attack is not allowed")
        return out
    if faces is None:
        from companion.rules.odds import odds_json, position_odds  # exact odds: only without dice

        odds = position_odds(query.position, attacker.id, target.id, mods, check,
                             overrun=odds_overrun)
        out["battle"]["odds"] = odds_json(odds)
        return out
    if len(faces) != check.dice:
        raise QueryError("dice", f"{len(faces)} dice given where {check.dice} "
                                 f"{'is' if check.dice == 1 else 'are'} due")
    try:
        result = resolve_battle(query.position, attacker.id, target.id, faces, mods, overrun=overrun,
                                check=check, confirm_faces=confirm)
    except BattleError as exc:
        raise QueryError("ask.battle.confirm", str(exc)) from None
    out["result"] = result_json(query.board, result)
    if result.eliminated and target.side is Side.AXIS and _high_command(query):
        # Italian High Command: an Axis unit lost costs a card at random while they hold over 3
        out["result"]["high_command_discard"] = True
        out["result"]["explain"].append("Italian High Command: the Axis discard a command card "
                                        "at random if they hold more than 3")
    if cross_hair_due(attacker, result):
        # big guns, destroyers: the unit hit and held in its hex now bears a cross-hair (troop cards 3, 12)
        out["result"]["cross_hair"] = True
        out["result"]["explain"].append(f"{target.id} now bears a cross-hair: +1 die to "
                                        f"{attacker.type} battling it later")
    if air_rules is not None and result.hits and air_rules.needs_confirmation(query.position, target.id):
        # New Flight Plan: hits on a flying air unit are re-rolled with the `confirm` ask
        out["result"].update(figures_removed=0, eliminated=False, confirm_dice=result.hits,
                             medals={s.value: 0 for s in Side})
        out["result"]["explain"].append(f"re-roll {result.hits} with the confirm ask to shoot it down")
    return out


def _high_command(query: Query) -> bool:
    """Whether the query's ``rules.variants`` name the Italian High Command."""
    rules = query.raw.get("rules")
    variants = rules.get("variants") if isinstance(rules, dict) else None
    return bool(variants) and "italian_high_command" in _parse_variants(variants)


def _air_targets() -> Any:
    """The ``air.targets`` module (ground units battling air units), imported when first needed."""
    from companion.rules.air import targets

    return targets


@register_ask("line_of_sight")
def ask_line_of_sight(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """Whether a line from one hex to another is clear, and what blocks it."""
    query.body_fields({"from", "to"}, {"from", "to"})
    a = query.hex(body["from"], "ask.line_of_sight.from")
    b = query.hex(body["to"], "ask.line_of_sight.to")
    from companion.rules import los

    clear = bool(los.line_of_sight(query.position, a, b))
    blockers = [] if clear else list(los.los_blockers(query.position, a, b))
    board = query.board
    names = [board.name(h) for h in blockers]
    if clear:
        explain = [f"nothing blocks the line from {body['from']} to {body['to']}"]
    else:
        explain = [f"blocked by {board.name(h)} ({_hex_content(query.position, h)})" for h in blockers]
    return {"line_of_sight": {"clear": clear, "distance": distance(a, b), "blockers": names,
                              "explain": explain}}


def _hex_content(position: Position, h: Hex) -> str:
    unit = position.unit_at(h)
    parts = [f"unit {unit.id}"] if unit is not None else []
    parts += [n for n in position.terrain_names(h)]
    return ", ".join(parts) or "countryside"


@register_ask("move")
def ask_move(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """Every hex the unit may end its move on this turn, and whether it may battle there."""
    query.body_fields({"unit", "max_hexes"}, {"unit"})
    unit = query.unit(body["unit"], "ask.move.unit")
    max_hexes = body.get("max_hexes")
    if max_hexes is not None:
        max_hexes = _int(max_hexes, "ask.move.max_hexes", 0)
    craft = landing_craft_move(query, unit)
    if craft is not None:
        return {"move": craft}
    from companion.rules import movement

    found = movement.move_destinations(query.position, unit.id, max_hexes)
    board = query.board
    dests: list[dict[str, Any]] = []
    for h in sorted(found, key=lambda x: (x.row, x.col)):
        info = found[h]
        entry: dict[str, Any] = {"hex": board.name(h), "can_battle": info.can_battle,
                                 "path_length": info.path_length,
                                 "path": [board.name(p) for p in info.path]}
        if info.reason is not None:
            entry["reason"] = info.reason
        dests.append(entry)
    return {"move": {"destinations": dests}}

def landing_craft_move(query: Query, unit: Unit) -> dict[str, Any] | None:
    """The ``move`` answer of a unit bearing the badge ``landing_craft`` (Air Pack, Landing
    Craft: up to 2 hexes over ocean and onto the shore, no battle that turn); None for any
    other unit."""
    if not unit.badges or LANDING_CRAFT_BADGE not in unit.badges:
        return None
    from companion.rules.air.airpack import landing_craft_destinations

    board = query.board
    found = landing_craft_destinations(query.position, unit.id)
    why = "in a landing craft or landed from one this turn: no battle"
    dests = [{"hex": board.name(h), "can_battle": False, "path_length": unit.moved + len(p),
              "path": [board.name(x) for x in p], "reason": why}
             for h, p in sorted(found.items(), key=lambda x: (x[0].row, x[0].col))]
    return {"destinations": dests,
            "explain": [f"{unit.id} is in a landing craft: up to 2 hexes over ocean and onto "
                        "the shore, where the craft is removed; it may not battle this turn"]}


def _load(module: str) -> None:
    """Import one module of :data:`PLUGIN_ASKS` (plain imports, lazy: the import graph and the
    layer contracts see them; a process pays only for the asks it answers)."""
    if module in _plugins_imported:
        return
    if module == "companion.rules.card_referee":
        from companion.rules import card_referee  # noqa: F401
    elif module == "companion.rules.terrain_referee":
        from companion.rules import terrain_referee  # noqa: F401
    elif module == "companion.rules.scenario_referee":
        from companion.rules import scenario_referee  # noqa: F401
    elif module == "companion.rules.air.referee":
        from companion.rules.air import referee as air_referee  # noqa: F401
    else:  # pragma: no cover - a table entry without its import here
        raise AssertionError(f"no import for {module}")
    _plugins_imported.add(module)


_plugins_imported: set[str] = set()


def load_plugins() -> None:
    """Import every module of :data:`PLUGIN_ASKS`, once (:func:`answer` imports only the one
    an ask needs).

    Kept out of the module's own imports because they import this module (their
    ``register_ask``), and so that ``position_from_json`` alone loads no card or air rules.
    card_referee replaces "battle" and "move" with their card-aware versions (which call the
    plain ones above) and adds orders, card_attack and victory; terrain_referee the terrain
    owners' entering asks; air.referee the air asks.
    """
    for module in dict.fromkeys(PLUGIN_ASKS.values()):
        _load(module)
