"""Import ``.m44`` files, the official scenario editor's JSON format.

The editor's ``row``/``col`` are the same doubled-width coordinates this program uses
(row 0 at the top, ``col + row`` even), so a hexagon at row 0 col 0 is ``A9``. Player 1
sits at the top of the board, player 2 at the bottom.

Unknown codes never stop an import: each is reported in ``Scenario.notes`` by name with its
hex, and everything else loads. A file whose structure is wrong (not JSON, a list where an
object belongs, a row that is not a number) raises ScenarioError naming the field.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from companion.rules import arrivals, card_bans, empty_section, hill317, trains
from companion.rules import cards as card_rules
from companion.rules.air.aircraft import AIRPACK_MODELS, airplane_choices
from companion.rules.board import Board, Hex, HexNameError, Side, distance
from companion.rules.camouflage import CAMOUFLAGE_BADGE
from companion.rules.camouflage import VARIANT as CAMOUFLAGE_VARIANT
from companion.rules.records import dataclass, replace
from companion.rules.terrain import TERRAIN
from companion.rules.units import UNITS
from companion.rules.variants import (
    DECOY_LANE_VARIANT,
    EXIT_PER_FIGURE_VARIANT,
    HIGH_COMMAND_CARDS,
    HIGH_COMMAND_VARIANT,
    MINE_TOKENS_VARIANT,
)
from companion.rules.victory import EXITS_TO_WIN_VARIANT, encode_exits_to_win
from companion.scenarios.jsonformat import parse_json, read_text
from companion.scenarios.m44_codes import (
    AIR_OPTION_KEYS,
    AIRDROP_OPTION,
    AIRFIELD_REINFORCEMENTS,
    AIRFIELD_REINFORCEMENTS_MOST,
    ARMOR_BREAKTHROUGH_OPTION,
    BADGE_NATIONS,
    BADGE_RULES,
    BASELINE_REINFORCEMENTS,
    BASELINE_UNITS,
    BEACH_FACE_ROWS,
    BEHAVIOR_TERRAIN,
    BEHAVIOR_TYPES,
    BEHAVIOR_VARIANTS,
    BLOWN_MEDAL_BEHAVIOR,
    BOARD_FACES,
    BOARD_TYPES,
    BRIEFING_RULES,
    CAMOUFLAGE_TAGS,
    CARD_BAN_PATTERNS,
    COSMETIC_TAGS,
    DAYLIGHT_AIRDROP_CONDITION,
    DAYLIGHT_AIRDROP_OPTION,
    DECK_VARIANTS,
    DECOY_LANE_BEHAVIOR,
    EXIT_BRIEFINGS,
    EXIT_MARKER_TAGS,
    FALSE_OPTIONS,
    FIRST_MOVE_PATTERN,
    FORD_BEHAVIOR,
    HELD_BY_DEFAULT_PATTERN,
    HOLD_AROUND_PATTERN,
    LATE_WAR_AFTER,
    LATE_WAR_BADGES,
    MEDAL_BEHAVIORS,
    MEDAL_TAG_SIDES,
    MINE_LAYER_PATTERN,
    MINE_TOKEN_TAG,
    NATION_SIDES,
    NAVIGABLE_RIVER,
    NUMBER_WORDS,
    PARADROP_BRIEFINGS,
    PERMANENT_FOR_SIDES,
    PERMANENT_MEDAL_PATTERNS,
    PICTURE_TILES,
    PLAIN_BEHAVIORS,
    SCENARIO_OPTIONS,
    SIDE_OPTIONS,
    SIDE_WORDS,
    SIDED_OPTIONS,
    SORTIE_DEALS,
    SORTIE_UNUSABLE_PATTERN,
    STANDARD_OPTION_VALUES,
    STAR_MARKED_VARIANTS,
    STAR_RULES,
    STARTING_SPECIAL,
    SUPPLY_TRAIN_CARGO_PATTERN,
    TERRAIN_CODES,
    TILE_ALSO,
    TILE_BADGES,
    TILE_UNITS,
    TOWN_SUDDEN_DEATH_PATTERN,
    TOWN_TYPES,
    UNIT_BASES,
    StarRule,
    TerrainCode,
)
from companion.scenarios.model import (
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
)

_SIDES = {"ALLIES": Side.ALLIES, "AXIS": Side.AXIS}
STAR_TAG_NOTE = "unknown tag 'tag1'; left out"  # the battle-star token
BRITISH_VARIANT = "british_commonwealth"
BRITISH_NATIONS = frozenset({"brit", "gb"})
T = TypeVar("T")


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a decimal number", str: "a string",
            list: "a list", dict: "an object"}.get(type(value), type(value).__name__)


def _obj(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScenarioError(path, f"must be an object, not {_kind(value)}")
    return value


def _list(value: Any, path: str) -> list[Any]:
    # PHP exports of the editor's files sometimes turn lists into {"0": ..., "1": ...}
    if isinstance(value, dict) and all(isinstance(k, str) and k.isdigit() for k in value):
        return [value[k] for k in sorted(value, key=int)]
    if not isinstance(value, list):
        raise ScenarioError(path, f"must be a list, not {_kind(value)}")
    return value


_DIGITS = re.compile(r"[0-9]{1,9}")


def _int(value: Any, path: str, low: int = 0, high: int = 10**6) -> int:
    if isinstance(value, str) and _DIGITS.fullmatch(value.strip()):  # ASCII digits only
        value = int(value.strip())
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        value = int(value)  # PHP exports write 3.0
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(path, f"must be a whole number, not {_kind(value)}")
    if not low <= value <= high:
        shown = value if abs(value) < 10**12 else ("a larger number" if value > 0
                                                   else "a smaller number")
        raise ScenarioError(path, f"must be from {low} to {high}, not {shown}")
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise ScenarioError(path, f"must be a string, not {_kind(value)}")
    return value


def _code(value: str) -> str:
    """A code as ``allowed`` keys are written: upper case, and a PHP constant's namespace
    backslash dropped (bga-memoir writes some sides ``\\ALLIES``)."""
    return value.strip().lstrip("\\").upper()


def _side_named(value: Any) -> Side | None:
    """The side a file's ``side`` field names (any case), None when it names none."""
    return _SIDES.get(_code(value)) if isinstance(value, str) else None


_BGA_CLASSES = {1: "infantry", 2: "armor", 3: "artillery"}  # bga-memoir constants.inc.php


def _owner_crossing(props: Any) -> Side | None:
    """The side whose infantry alone may cross a river or ford, when a piece's bga-memoir
    ``properties`` say so (1340, newer file: ``isImpassable`` {AXIS: true, ALLIES: [2, 3]},
    impassable to every Axis unit and to Allied armor (2) and artillery (3)); None else."""
    if not isinstance(props, dict) or set(props) != {"isImpassable"}:
        return None
    barred = props["isImpassable"]
    if not isinstance(barred, dict):
        return None
    closed: dict[Side, set[str]] = {}
    for code, value in barred.items():
        side = _side_named(code)
        if side is None:
            return None
        if value is True:
            closed[side] = set(_BGA_CLASSES.values())
        elif isinstance(value, list) and all(v in _BGA_CLASSES for v in value):
            closed[side] = {_BGA_CLASSES[v] for v in value}
        else:
            return None
    everything = set(_BGA_CLASSES.values())
    open_to = [side for side in Side if everything - closed.get(side, set()) == {"infantry"}]
    shut = [side for side in Side if closed.get(side) == everything]
    return open_to[0] if len(open_to) == 1 and len(shut) == 1 else None


def _choice(value: Any, path: str, allowed: dict[str, T]) -> T:
    """One of ``allowed`` (upper-case keys), whatever the case the file writes it in."""
    if isinstance(value, str) and _code(value) in allowed:
        return allowed[_code(value)]
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:40] + "..."
    raise ScenarioError(path, f"{shown} is not allowed; allowed: {', '.join(allowed)}")


@dataclass(frozen=True)
class _ExitsTold:
    side: Side | None  # whose exits the bare markers are
    exits_to_win: tuple[Side, int] | None  # the side wins only by exiting so many units
    per_figure: str  # units of this type score a medal per figure exiting


class _Importer:
    def __init__(self, data: Any, default_id: str) -> None:
        self.root = _obj(data, "")
        self.default_id = default_id
        # message -> the hexes (or fields) it is about, in the order first seen: a file with a
        # hundred mountain hexes gets one note naming them all
        self._notes: dict[str, list[str]] = {}
        self._exit_pictures: list[str] = []
        self.airdrops: list[Airdrop] = []
        self._bare_medals: set[str] = set()  # objectives from a medal tag that says nothing
        # badge 3 is the French resistance's (as bga-memoir reads it), unless the briefing
        # calls its French units elite or commandos and never speaks of the resistance
        rules = self._briefing_text(("rules", "victory", "bonus"))
        self._resistance = not (
            re.search(r"\bfrench (\w+ ){0,2}(elite|commandos?|special forces|rangers?)\b", rules,
                      re.IGNORECASE)
            and not re.search(r"\bresistance\b|\bmaquis|\bF\.?F\.?I\b|\bpartisans?\b", rules,
                              re.IGNORECASE)
            and not re.search(r"\bfrench resistance\b|\bmaquis",
                              self._briefing_text(("description", "historical")), re.IGNORECASE))
        self._face_down_mines: list[str] = []  # MINE_FIELD tags: mine tokens, face down
        self._decoy_lane: Side | None = None  # who opens a supply lane (DECOY_MEDAL_MINE_FIELD)
        self._stars: list[str] = []  # hexes with a battle-star token (tag1)
        self._camouflaged: list[str] = []  # hexes with a camouflage tag

    def note(self, where: str, message: str) -> None:
        places = self._notes.setdefault(message, [])
        if where and where not in places:
            places.append(where)

    @property
    def notes(self) -> list[str]:
        out = []
        for message, places in self._notes.items():
            out.append(f"{', '.join(places)}: {message}" if places else message)
        return out

    # --- top level --------------------------------------------------------------------
    def run(self) -> Scenario:
        if "board" not in self.root:
            raise ScenarioError("board", "is missing (is this a .m44 scenario file?)")
        board_obj = _obj(self.root["board"], "board")
        kind = _choice(board_obj.get("type", "STANDARD"), "board.type", BOARD_TYPES)
        face = _choice(board_obj.get("face", "COUNTRY"), "board.face", BOARD_FACES)

        info = _obj(self.root.get("game_info", {}), "game_info")
        begin = info.get("date_begin")
        self.year = (int(begin[:4]) if isinstance(begin, str) and re.match(r"^19[0-9]{2}", begin)
                     else None)
        top = self._side(info, "side_player1", Side.AXIS)
        bottom = self._side(info, "side_player2", top.other)
        if bottom is top:
            raise ScenarioError("game_info.side_player2", "must be the other side than "
                                                          "side_player1")
        self.board = Board.of(kind, bottom)
        sides = {
            top: self._side_setup(info, "1"),
            bottom: self._side_setup(info, "2"),
        }
        self._countries = {side: setup.country for side, setup in sides.items()}
        raw_start = info.get("starting", "PLAYER1")
        if isinstance(raw_start, str) and raw_start.strip().upper() == STARTING_SPECIAL:
            # the editor's third choice: the scenario's own text says who moves first
            first_mover = self._first_mover()
            if first_mover is None:
                self.note("game_info.starting", f"'SPECIAL' and the description does not say who "
                          f"moves first; the {top.value.title()} (player 1) move first")
            starts = first_mover or top
        else:
            starts = _choice(raw_start, "game_info.starting", {"PLAYER1": top, "PLAYER2": bottom})

        terrain: list[TerrainPiece] = []
        units: list[UnitSetup] = []
        objectives: list[Objective] = []
        exits: list[ExitHex] = []
        covered: set[Hex] = set()  # hexes with a terrain tile over the board face
        counters = {Side.ALLIES: 0, Side.AXIS: 0}
        hexagons = board_obj.get("hexagons", [])
        if isinstance(hexagons, dict) and "item" in hexagons:  # XML-style exports
            hexagons = hexagons["item"]
        hexagons = _list(hexagons, "board.hexagons")
        listed: dict[Hex, int] = {}
        repeats = 0
        tagged: set[Hex] = set()  # hexes listed again (once) for their tags only
        for i, raw in enumerate(hexagons):
            path = f"board.hexagons[{i}]"
            hx = _hexagon(_obj(raw, path))
            for key in ("row", "col"):
                if key not in hx:
                    raise ScenarioError(f"{path}.{key}", "is missing")
            row = _int(hx["row"], f"{path}.row")
            col = _int(hx["col"], f"{path}.col")
            h = Hex(col, row)
            if not self.board.contains(h):
                self.note(path, f"row {row} col {col} is not a hex of the {kind} board; skipped")
                continue
            name = self.board.name(h)
            if h in listed and h not in tagged and set(hx) <= {"row", "col", "tags", "tag"}:
                # a hex listed again with tags only (bga-memoir 4152: an exit marker's picture,
                # then its rule): the tags count, as they do for bga-memoir
                tagged.add(h)
                for tag, where in _tags(hx, path):
                    self._tag(_obj(tag, where), where, name, terrain, objectives, exits)
                continue
            if h in listed:
                repeats += 1
                if repeats == 1:
                    first_repeat = (path, name, listed[h])
                continue
            listed[h] = i
            if "terrain" in hx:
                covered.add(h)
            carried: list[str] = []  # badges a craft on the hex gives its unit
            for layer in ("terrain", "rect_terrain", "obstacle"):
                raw_layer = hx.get(layer)
                if isinstance(raw_layer, dict) and isinstance(raw_layer.get("name"), str) \
                        and raw_layer["name"] in TILE_BADGES:
                    carried.append(TILE_BADGES[raw_layer["name"]])
                    continue
                if isinstance(raw_layer, dict) and isinstance(raw_layer.get("name"), str) \
                        and raw_layer["name"] in TILE_UNITS:
                    unit = self._tile_unit(raw_layer, name, counters, bottom)
                    if unit is not None:
                        units.append(unit)
                    continue
                if isinstance(raw_layer, dict) and isinstance(raw_layer.get("name"), str) \
                        and raw_layer["name"] in PICTURE_TILES:
                    continue  # a picture only (a broken bridge): the hex plays what is under it
                if layer in hx:
                    piece = self._piece(_obj(hx[layer], f"{path}.{layer}"), f"{path}.{layer}",
                                        name)
                    if piece is not None:
                        terrain.append(piece)
                        # a tile that is two terrains (a railroad / road crossing)
                        tile = hx[layer].get("name")
                        terrain += [replace(piece, type=also, value=None) for also in
                                    TILE_ALSO.get(tile if isinstance(tile, str) else "", ())
                                    if piece.type != also]
            if "unit" in hx:
                unit = self._unit(_obj(hx["unit"], f"{path}.unit"), f"{path}.unit", name,
                                  counters)
                if unit is not None:
                    units.append(replace(unit, badges=(*unit.badges, *carried)) if carried
                                 else unit)
            elif carried:
                self.note(name, "landing craft ('barge') carrying no unit; left out")
            for tag, where in _tags(hx, path):
                self._tag(_obj(tag, where), where, name, terrain, objectives, exits)

        # an exit-marker picture with no rule of its own (the far end of a range another
        # marker's group lists): nothing to say when the hex is an exit anyway
        exit_hexes = {x.hex for x in exits}
        lone = [w for w in self._exit_pictures if w not in exit_hexes]
        told = self._exit_briefing()
        for where in self._exit_range(lone, exits, told.side):
            # a marker of its own: the briefing names whose it is (its baseline does not: 6380's
            # lone marker on the Allied baseline is the Allied trucks' exit)
            if told.side is None:
                self.note(where, "exit marker without a side or a group; left out")
            elif ExitHex(hex=where, side=told.side) not in exits:
                exits.append(ExitHex(hex=where, side=told.side))
        if repeats:
            path, name, first = first_repeat
            self.note("board.hexagons", f"{repeats} hexagon{'s' if repeats != 1 else ''} "
                                        f"repeat a hex already listed (first {path}: {name}, "
                                        f"listed at board.hexagons[{first}]); the repeats "
                                        "were skipped")
        if face is BoardFace.BEACH:
            terrain = self._beach_face(covered) + terrain

        conditions = self._victory_conditions(info)
        for j, cond in enumerate(conditions):
            self._condition(cond, f"game_info.victory.condition[{j}]", objectives)
        if not conditions:
            # the editor's other spelling (41 of bga-memoir's files: "victory_conditions":
            # [{"standard": []}]; 1518 writes it as {"0": ..., "options": ...}): read alike, so
            # that a condition written there is played or named, never dropped
            raw = info.get("victory_conditions")
            if isinstance(raw, dict):
                raw = [raw[k] for k in sorted((k for k in raw if str(k).isdigit()), key=int)]
            for j, cond in enumerate(raw if isinstance(raw, list) else []):
                self._condition(cond, f"game_info.victory_conditions[{j}]", objectives)
        labels = self._labels(board_obj)

        # an HQ the file names no owner of belongs to the side whose unit holds it at the start
        # (18261's Romanian HQ, 8044's German HQ town: "the town is the German's HQ"; our
        # reading, after bga-memoir's own fallback for a bunker without original_owner)
        holders = {u.hex: u.side for u in units}
        terrain = [replace(t, owner=holders[t.hex])
                   if t.owner is None and t.hex in holders and TERRAIN[t.type].headquarters
                   else t for t in terrain]

        # a battle-star token on a unit whose behaviour says the star is its mark (17
        # Villers-Bocage: the star marks Wittmann's Tiger and "does not count as an additional
        # Victory medal") is no rule of its own
        marked = {u.hex for u in units if set(u.variants) & STAR_MARKED_VARIANTS}
        star = self._notes.get(STAR_TAG_NOTE)
        if star is not None and marked:
            star[:] = [w for w in star if w not in marked]
            if not star:
                del self._notes[STAR_TAG_NOTE]

        air = self._air(info, units)
        if air.rules is AirRules.AIR_PACK:
            units[:] = _airplane_models(units, terrain, info)
        variants = self._check_options(info)
        terrain = self._mine_layer(terrain)
        terrain = self._briefing_rules(variants, terrain, units, objectives)
        objectives += self._town_sudden_death(labels, terrain, objectives)
        m = re.search(HELD_BY_DEFAULT_PATTERN, self._briefing_text(("victory",)), re.IGNORECASE)
        if m:
            default = Side.AXIS if m.group("side").lower() == "axis" else Side.ALLIES
            objectives[:] = [replace(o, held_by_default=default)
                             if o.kind is ObjectiveKind.TEMPORARY and o.sides == (default.other,)
                             else o for o in objectives]
        self._permanent_medals(objectives, units)
        self._hold_around(objectives, terrain)
        self._camouflage(units, variants)
        if told.exits_to_win is not None and EXITS_TO_WIN_VARIANT not in variants:
            variants[EXITS_TO_WIN_VARIANT] = encode_exits_to_win(*told.exits_to_win)
        if told.per_figure and exits:
            variants[EXIT_PER_FIGURE_VARIANT] = told.side.value if told.side else ""
        if self._face_down_mines:
            # the editor's minefields are mine tokens laid face down (bga-memoir hides their
            # numbers, the mineX tile): each is turned over when a unit first enters it
            variants[MINE_TOKENS_VARIANT] = ""
        if self._decoy_lane is not None:
            variants.setdefault(DECOY_LANE_VARIANT, self._decoy_lane.value)
        if HIGH_COMMAND_VARIANT in variants:  # bga-memoir Teams::loadScenario: 6 Axis cards
            axis = sides[Side.AXIS]
            sides[Side.AXIS] = SideSetup(country=axis.country, cards=HIGH_COMMAND_CARDS,
                                         medals_to_win=axis.medals_to_win)
        meta = self.root.get("meta_data", {})
        sid = self.default_id
        if isinstance(meta, dict) and str(meta.get("scenario_id", "")).isdigit():
            sid = f"m44-{meta['scenario_id']}"

        date = info.get("date_begin")
        front = info.get("front")
        return Scenario(
            id=sid, text=self._text(), board=kind, face=face, bottom=bottom, sides=sides,
            starts=starts, terrain=terrain, units=units, objectives=objectives, exits=exits,
            air=air, date=date if isinstance(date, str) and date else None,
            front=front.lower() if isinstance(front, str) and front else None,
            notes=self.notes, variants=variants, airdrops=self.airdrops, labels=labels,
        )

    def _side(self, info: dict[str, Any], key: str, default: Side) -> Side:
        value = info.get(key)
        if value is None:
            return default
        return _choice(value, f"game_info.{key}", _SIDES)

    def _side_setup(self, info: dict[str, Any], n: str) -> SideSetup:
        country = info.get(f"country_player{n}")
        if country is not None:
            country = _str(country, f"game_info.country_player{n}").lower() or None
        cards = info.get(f"cards_player{n}", 5)
        victory = info.get(f"victory_player{n}", 6)
        return SideSetup(country=country,
                         cards=_int(cards, f"game_info.cards_player{n}", 1, 12),
                         medals_to_win=_int(victory, f"game_info.victory_player{n}", 1, 30))

    # --- layers -----------------------------------------------------------------------
    def _piece(self, layer: dict[str, Any], path: str, where: str) -> TerrainPiece | None:
        if "name" not in layer:
            raise ScenarioError(f"{path}.name", "is missing")
        code = _str(layer["name"], f"{path}.name")
        behavior = layer.get("behavior")
        if behavior is not None:
            behavior = _str(behavior, f"{path}.behavior").strip().upper()
        entry: TerrainCode | None = TERRAIN_CODES.get(code)
        if behavior == FORD_BEHAVIOR:
            entry = TerrainCode("ford", "ford")
        elif behavior:
            special = BEHAVIOR_TERRAIN.get((code, behavior))
            if special is not None:
                entry = special
            elif entry is not None and behavior not in PLAIN_BEHAVIORS:
                self.note(where, f"{entry.label} ({code!r}) behaviour {behavior!r} is not "
                                 f"played; loaded as plain {entry.label}")
        if entry is None:
            self.note(where, f"unknown terrain code {code!r}; left out")
            return None
        if entry.type is None or entry.type not in TERRAIN:
            self.note(where, f"{entry.label} ({code!r}) is not played yet; left out")
            return None
        orientation = None
        if layer.get("orientation") is not None:
            orientation = _int(layer["orientation"], f"{path}.orientation", 0, 12)
            orientation = (orientation - 1) % 6 + 1
        owner = None
        if layer.get("original_owner") not in (None, ""):
            owner = _choice(layer["original_owner"], f"{path}.original_owner", _SIDES)
        value = None
        m = re.fullmatch(r"mine([0-9])", code)
        if entry.type == "minefield" and m:
            value = int(m.group(1))  # mine0..mine4: the mine's number, face up
        behavior2 = layer.get("behavior2")
        if isinstance(behavior2, str) and behavior2.strip():
            if behavior2.strip().upper() == BLOWN_MEDAL_BEHAVIOR and TERRAIN[entry.type].can_be_blown:
                value = 1  # 6687: "The destruction of the bridges ... are Permanent Medal
                # Objectives" (bga-memoir Board::oneMedalIfBlownCell)
            else:
                self.note(where, f"{entry.label} ({code!r}) behaviour {behavior2.strip()[:40]!r} "
                                 "is not played")
        kind = entry.type
        props = layer.get("properties")
        if props not in (None, [], {}):
            crossing = _owner_crossing(props)
            if crossing is not None and (TERRAIN[kind].bridge or kind == "river"):
                kind, owner = NAVIGABLE_RIVER, crossing
            else:
                shown = sorted(map(str, props)) if isinstance(props, dict) else [str(props)[:40]]
                self.note(where, f"{entry.label} ({code!r}) properties {', '.join(shown)} are "
                                 "not played")
        return TerrainPiece(hex=where, type=kind, orientation=orientation, owner=owner,
                            value=value)

    def _unit(self, layer: dict[str, Any], path: str, where: str,
              counters: dict[Side, int]) -> UnitSetup | None:
        if "name" not in layer:
            raise ScenarioError(f"{path}.name", "is missing")
        code = _str(layer["name"], f"{path}.name")
        found = next(((b, t) for b, t in UNIT_BASES if code.lower().startswith(b)), None)
        if found is None:
            self.note(where, f"unknown unit code {code!r}; left out")
            return None
        base, utype = found
        nation = code[len(base):].lower()
        if nation not in NATION_SIDES:
            self.note(where, f"unit code {code!r} has an unknown nation {nation!r}; left out")
            return None
        side = NATION_SIDES[nation]
        badges: list[str] = []
        badge = layer.get("badge")
        if isinstance(badge, int) and not isinstance(badge, bool):
            badge = f"badge{badge}"  # the badge's number alone, as a tool wrote it
        if badge is not None:
            badge = _str(badge, f"{path}.badge")
            m = re.fullmatch(r"badge(\w{1,8})", badge.strip(), re.IGNORECASE)
            badge_id = m.group(1).lower() if m else ""
            if badge_id in LATE_WAR_BADGES and self.year is not None \
                    and self.year > LATE_WAR_AFTER:
                badge_id += "lw"  # the late-war Special Weapon Asset
            rule = BADGE_RULES.get((base, badge_id)) if m else None
            if rule is not None and rule.type == "french_resistance" and not self._resistance:
                # badge 3 is the French badge: the French resistance's (5841, 19, 5), but the
                # French army's insignia where the briefing calls its French units elite or
                # commandos and never speaks of resistance (4643 Abbeville 1940, "the French
                # elite infantry units of the 4th BCP (Troops 2)"; 6541 "the French commando
                # unit"): the unit stays what its figure is, and is French (6541 draws its
                # French commando as a British figure)
                rule = None
                nation = "fr"
            if rule is not None:
                if rule.type in UNITS:
                    utype = rule.type
                else:
                    utype = rule.fallback or utype
                    self.note(where, f"{rule.label} ({code!r} {badge!r}) are not played yet; "
                                     f"loaded as {utype}")
            if badge.strip().lower() in BADGE_NATIONS:  # bga-memoir reads badges by number
                nation = BADGE_NATIONS[badge.strip().lower()]
            badges.append(badge)
        behavior = layer.get("behavior")
        variants: tuple[str, ...] = ()
        if isinstance(behavior, str) and behavior.strip().upper() in BEHAVIOR_TYPES:
            utype = BEHAVIOR_TYPES[behavior.strip().upper()]
        elif isinstance(behavior, str) and behavior.strip().upper() in BEHAVIOR_VARIANTS:
            variants = (BEHAVIOR_VARIANTS[behavior.strip().upper()],)
        elif behavior not in (None, ""):
            self.note(where, f"unit behaviour {str(behavior)[:40]!r} is not played")
        if layer.get("equipment") == "boat":  # bga-memoir Units::loadScenario: its boats
            variants = (*variants, "collapsible_boats")
        figures = None
        if layer.get("nbr_units") is not None:
            figures = _int(layer["nbr_units"], f"{path}.nbr_units", 1, 10)
        if code.lower() == "tank2ger" and figures == 1 and utype == "elite_armor":
            utype, figures = "tiger", None  # a 1-figure German elite armor is a Tiger
        counters[side] += 1
        uid = f"{'a' if side is Side.ALLIES else 'x'}{counters[side]}"
        return UnitSetup(id=uid, side=side, type=utype, hex=where, figures=figures,
                         badges=tuple(badges), nation=nation, variants=variants)

    def _tile_unit(self, layer: dict[str, Any], where: str, counters: dict[Side, int],
                   side: Side) -> UnitSetup | None:
        """A troop the editor draws as a tile: player 2's (bga-memoir Units::loadScenario)."""
        code = str(layer["name"])
        utype = TILE_UNITS[code]
        if utype not in UNITS:
            self.note(where, f"{utype} ({code!r}) is not played yet; left out")
            return None
        counters[side] += 1
        uid = f"{'a' if side is Side.ALLIES else 'x'}{counters[side]}"
        return UnitSetup(id=uid, side=side, type=utype, hex=where)

    def _tag(self, tag: dict[str, Any], path: str, where: str, terrain: list[TerrainPiece],
             objectives: list[Objective], exits: list[ExitHex]) -> None:
        name = _str(tag.get("name", ""), f"{path}.name")
        behavior = tag.get("behavior")
        if isinstance(behavior, str):
            behavior = behavior.strip().upper()
        if name in COSMETIC_TAGS:
            return
        if name in CAMOUFLAGE_TAGS:
            self._camouflaged.append(where)  # the unit of the hex starts camouflaged
            return
        side = _side_named(tag.get("side"))
        if behavior == "EXIT_MARKER":
            if side is None:
                self.note(where, f"exit marker {name!r} names no side; left out")
                return
            # the group usually lists the marker's own hex and the far marker's too: each
            # exit once
            for g in (where, *self._group(tag, path)):
                if ExitHex(hex=g, side=side) not in exits:
                    exits.append(ExitHex(hex=g, side=side))
            return
        if behavior is None and name in EXIT_MARKER_TAGS:
            self._exit_pictures.append(where)
            return
        if behavior in ("MINE_FIELD", DECOY_LANE_BEHAVIOR) or (
                behavior is None and name == MINE_TOKEN_TAG):
            terrain.append(TerrainPiece(hex=where, type="minefield", owner=side))
            self._face_down_mines.append(where)
            if behavior == DECOY_LANE_BEHAVIOR and side is not None:
                # bga-memoir 4237 (newer file): the minefields a supply lane opens through;
                # a decoy of them turned over is the other side's medal
                self._decoy_lane = side.other
            return
        if behavior == "DECOY_MINE":  # a mine known to be a decoy: its number is 0
            terrain.append(TerrainPiece(hex=where, type="minefield", owner=side, value=0))
            return
        if name.startswith("medal"):
            self._medal(tag, path, where, name, objectives)
            return
        if name == "tag1" and behavior is None:
            self._stars.append(where)  # what it marks, the briefing says (STAR_RULES)
        self.note(where, f"unknown tag {name!r}" + (f" ({behavior!r})" if behavior else "")
                  + "; left out")

    def _camouflage(self, units: list[UnitSetup], variants: dict[str, str]) -> None:
        """The units under a camouflage tag start camouflaged (the rule is on with them); a
        briefing naming camouflage with no unit tagged is said (no rule knows which units)."""
        hexes = set(self._camouflaged)
        hidden = [u for u in units if u.hex in hexes]
        units[:] = [replace(u, badges=(*u.badges, CAMOUFLAGE_BADGE)) if u.hex in hexes else u
                    for u in units]
        if hidden:
            variants.setdefault(CAMOUFLAGE_VARIANT, "")
        elif CAMOUFLAGE_VARIANT in variants:
            del variants[CAMOUFLAGE_VARIANT]
            self.note("text.rules", "the briefing's camouflage (Actions 16) marks no unit (no "
                                    "camouflage tag): not played")

    def _exit_briefing(self) -> _ExitsTold:
        """What the briefing says of the exits (m44_codes.EXIT_BRIEFINGS): whose they are,
        whether a side wins only by exiting so many units, whether figures count."""
        text = self._briefing_text()
        side: Side | None = None
        to_win: tuple[Side, int] | None = None
        per_figure = ""
        for rule in EXIT_BRIEFINGS:
            m = re.search(rule.pattern, text, re.IGNORECASE)
            if m is None:
                continue
            named = Side.ALLIES if m.group("side").lower() == "allied" else Side.AXIS
            if rule.baseline:
                named = named.other
            side = side or named
            if rule.count:
                n = m.group("n").lower()
                to_win = (named, int(n) if n.isdigit() else NUMBER_WORDS[n])
            per_figure = per_figure or rule.per_figure
        return _ExitsTold(side, to_win, per_figure)

    def _exit_range(self, pictures: list[str], exits: list[ExitHex],
                    side: Side | None = None) -> list[str]:
        """Two bare exit-marker pictures on one side's home row mark the exits between them
        (inclusive) for the other side, the side that exits there (bga-memoir 4230: "Exit
        markers are in effect on the portion of the Allied baseline in between the 2 Exit
        markers, for the Axis forces"), or for ``side`` when the briefing names it. Returns
        the pictures that mark no range."""
        by_row: dict[int, list[Hex]] = {}
        for where in pictures:
            h = self.board.parse(where)
            by_row.setdefault(h.row, []).append(h)
        left: list[str] = []
        for row, hexes in by_row.items():
            owner = next((s for s in Side if self.board.home_row(s) == row), None)
            if owner is None or len(hexes) != 2:
                left += [self.board.name(h) for h in hexes]
                continue
            lo, hi = sorted(h.col for h in hexes)
            for col in range(lo, hi + 1):
                h = Hex(col, row)
                if self.board.contains(h):
                    x = ExitHex(hex=self.board.name(h), side=side or owner.other)
                    if x not in exits:
                        exits.append(x)
        return left

    def _group(self, tag: dict[str, Any], path: str) -> list[str]:
        out = []
        for k, g in enumerate(_list(tag.get("group", []), f"{path}.group")):
            gname = _str(g, f"{path}.group[{k}]")
            try:
                self.board.parse(gname)
            except HexNameError as exc:
                raise ScenarioError(f"{path}.group[{k}]", str(exc)) from None
            out.append(gname)
        return out

    def _medal(self, tag: dict[str, Any], path: str, where: str, name: str,
               objectives: list[Objective]) -> None:
        sides = MEDAL_TAG_SIDES.get(name)
        if sides is None:
            self.note(where, f"unknown medal tag {name!r}; left out")
            return
        medal = _obj(tag.get("medal", {}), f"{path}.medal")
        named = _side_named(medal.get("side"))
        if named is not None:
            sides = (named,)
        group = [where, *[g for g in self._group(tag, path) if g != where]]
        kind = ObjectiveKind.TEMPORARY
        if medal.get("permanent"):
            kind = ObjectiveKind.PERMANENT
        elif medal.get("last_to_occupy"):
            kind = ObjectiveKind.LAST_TO_OCCUPY
        elif medal.get("majority"):
            kind = ObjectiveKind.TEMPORARY_MAJORITY
        if medal.get("sole_control"):
            self.note(where, "sole-control medal condition is not modelled; "
                             "treated as a plain temporary medal")
        behavior = tag.get("behavior")
        if isinstance(behavior, str) and behavior.strip():
            named = MEDAL_BEHAVIORS.get(behavior.strip().upper())
            if named is None:
                self.note(where, f"medal {name!r} behaviour {behavior.strip()[:40]!r} is not "
                                 "played; loaded as a plain medal")
            else:
                kind, sides = ObjectiveKind.PERMANENT, (named,)
        needed = _int(medal.get("nbr_hex", 1), f"{path}.medal.nbr_hex", 1, 100)
        if not medal and not (isinstance(behavior, str) and behavior.strip()):
            self._bare_medals.add(f"o{len(objectives) + 1}")
        objectives.append(Objective(
            id=f"o{len(objectives) + 1}", kind=kind, hexes=tuple(group), sides=sides,
            medals=_int(medal.get("counts_for", 1), f"{path}.medal.counts_for", 0, 30),
            hexes_needed=min(needed, len(group)),
            at_turn_start=bool(medal.get("turn_start", False)),
        ))

    def _permanent_medals(self, objectives: list[Objective], units: list[UnitSetup]) -> None:
        """A bare medal tag the briefing calls a Permanent Medal Objective (m44_codes.
        PERMANENT_MEDAL_PATTERNS) is one, for the units the sentence names. Read only where the
        side it is for has that one objective, written as a bare tag, and one such sentence."""
        text = self._briefing_text(("victory", "rules"))
        said: dict[Side, list[str]] = {}
        for pattern in PERMANENT_MEDAL_PATTERNS:
            for m in re.finditer(pattern, text, re.IGNORECASE):
                who = m.group("who").strip()
                sides = {PERMANENT_FOR_SIDES[w] for w in re.findall(r"[a-z]+", who.lower())
                         if w in PERMANENT_FOR_SIDES}
                if len(sides) == 1:
                    said.setdefault(sides.pop(), []).append(who)
        for side, whos in said.items():
            mine = [i for i, o in enumerate(objectives) if side in o.sides]
            if len(whos) != 1 or len(mine) != 1:
                continue
            i = mine[0]
            o = objectives[i]
            if o.id not in self._bare_medals or o.kind is not ObjectiveKind.TEMPORARY \
                    or o.sides != (side,):
                continue
            who = whos[0]
            ids = self._units_meant(who, side, units)
            if len(ids) == sum(1 for u in units if u.side is side):
                ids = ()  # every unit of the side: no narrowing
            objectives[i] = replace(o, kind=ObjectiveKind.PERMANENT, units=ids,
                                    units_said=f"for {who}" if ids else "")

    def _mine_layer(self, terrain: list[TerrainPiece]) -> list[TerrainPiece]:
        """The minefields' owner as the briefing says when every tag names the other side
        (m44_codes.MINE_LAYER_PATTERN: the confused older encoding); a briefing that names
        two layers, or tags of both sides, are left as the file writes them."""
        m = re.search(MINE_LAYER_PATTERN, self._briefing_text(("rules",)), re.IGNORECASE)
        if m is None:
            return terrain
        layer = PERMANENT_FOR_SIDES.get(m.group("side").lower())
        owners = {t.owner for t in terrain if t.type == "minefield"}
        if layer is None or owners != {layer.other}:
            return terrain
        return [replace(t, owner=layer) if t.type == "minefield" else t for t in terrain]

    def _hold_around(self, objectives: list[Objective], terrain: list[TerrainPiece]) -> None:
        """1517: "If the Marine player captures and holds three of the four buildings around the
        Airfield, it counts as one Victory Medal. The medal once gained continues to count"
        (m44_codes.HOLD_AROUND_PATTERN): the side's bare medal on the airfield becomes a
        permanent group of the town hexes within 2 hexes of the airfield, ``n`` held at once;
        read only where exactly the ``m`` said are found there."""
        m = re.search(HOLD_AROUND_PATTERN, self._briefing_text(("victory", "rules")), re.IGNORECASE)
        if m is None:
            return
        def number(g: str) -> int:
            return NUMBER_WORDS.get(g.lower()) or int(g)

        side = PERMANENT_FOR_SIDES.get(m.group("side").lower(), Side.ALLIES)
        n, total = number(m.group("n")), number(m.group("m"))
        board = self.board
        fields = {board.parse(t.hex) for t in terrain if t.type == "airfield"}
        towns = sorted({board.parse(t.hex) for t in terrain if t.type in TOWN_TYPES
                        and any(distance(board.parse(t.hex), f) <= 2 for f in fields)},
                       key=lambda h: (h.row, h.col))
        mine = [i for i, o in enumerate(objectives) if o.sides == (side,)
                and o.id in self._bare_medals and o.kind is ObjectiveKind.TEMPORARY
                and {board.parse(h) for h in o.hexes} <= fields]
        if len(towns) != total or len(mine) != 1 or not 1 <= n <= total:
            self.note("text.victory", f"'captures and holds {n} of the {total} buildings around "
                                      f"the airfield' is not played: {len(towns)} town hexes "
                                      "lie by the airfield")
            return
        objectives[mine[0]] = replace(objectives[mine[0]], kind=ObjectiveKind.PERMANENT,
                                      hexes=tuple(board.name(h) for h in towns), hexes_needed=n)

    def _units_meant(self, who: str, side: Side, units: list[UnitSetup]) -> tuple[str, ...]:
        """The ids of ``side``'s units that the words ``who`` name: armored units, commandos,
        British units, units starting on the side's half of the board or on its baseline (the
        briefing's own words, 3129 and 6541); a word that would leave no unit is let go."""
        words = who.lower()
        home = self.board.home_row(side)
        away = self.board.home_row(side.other)
        tests: list[Callable[[UnitSetup], bool]] = []
        if re.search(r"\barmou?red\b|\barmou?r units?\b|\btanks?\b", words):
            tests.append(lambda u: u.type in UNITS and UNITS[u.type].unit_class.value == "armor")
        if re.search(r"\bcommandos?\b|\brangers?\b|\bparatroopers?\b|\bspecial forces\b", words):
            tests.append(lambda u: u.type == "special_forces")
        if re.search(r"\bbritish\b", words):
            tests.append(lambda u: u.nation in BRITISH_NATIONS)
        if re.search(r"\bstarting on the (allied|axis)( player'?s?)? side of the board\b", words):
            tests.append(lambda u: abs(self.board.parse(u.hex).row - home)
                         < abs(self.board.parse(u.hex).row - away))
        if re.search(r"\bstarting on the (\w+ )?baseline\b", words):
            tests.append(lambda u: self.board.parse(u.hex).row == home)
        chosen = [u for u in units if u.side is side]
        for test in tests:
            narrower = [u for u in chosen if test(u)]
            if narrower:
                chosen = narrower
        return tuple(u.id for u in chosen)

    def _victory_conditions(self, info: dict[str, Any]) -> list[Any]:
        """The conditions of ``victory``: an object with a ``condition`` list, or (files in
        the wild) the list itself, or a single condition object."""
        victory = info.get("victory")
        if victory in (None, "", []):
            return []
        if isinstance(victory, list):
            return victory
        victory = _obj(victory, "game_info.victory")
        if "condition" not in victory:
            return [victory]
        cond = victory["condition"]
        if isinstance(cond, dict) and not all(k.isdigit() for k in cond):
            return [cond]
        return _list(cond, "game_info.victory.condition")

    def _condition(self, cond: Any, path: str, objectives: list[Objective]) -> None:
        cond = _obj(cond, path)
        for key, value in cond.items():
            if key in ("standard", "medals") and not value:
                continue  # the standard condition: the medals of victory_player1/2
            if key != "group_sudden_death":
                self.note("", f"victory condition {key!r} is not modelled; see the "
                              "scenario text")
                continue
            sd = _obj(value, f"{path}.group_sudden_death")
            side = _choice(sd.get("side"), f"{path}.group_sudden_death.side", _SIDES)
            group = self._group(sd, f"{path}.group_sudden_death")
            if not group:
                raise ScenarioError(f"{path}.group_sudden_death.group",
                                    "must name at least one hex")
            needed = _int(sd.get("number", 1), f"{path}.group_sudden_death.number", 1, 100)
            objectives.append(Objective(
                id=f"o{len(objectives) + 1}", kind=ObjectiveKind.SUDDEN_DEATH,
                hexes=tuple(group), sides=(side,), medals=0,
                hexes_needed=min(needed, len(group)),
            ))

    def _beach_face(self, covered: set[Hex]) -> list[TerrainPiece]:
        """The beach and ocean the beach face prints, counted from the board's last row (the
        same rows on a standard, Overlord or Breakthrough board), where no tile covers them."""
        out = []
        last = self.board.height - 1
        for h in self.board.hexes():
            kind = BEACH_FACE_ROWS.get(last - h.row)
            if kind is not None and h not in covered:
                out.append(TerrainPiece(hex=self.board.name(h), type=kind))
        return out

    def _air(self, info: dict[str, Any], units: list[UnitSetup]) -> AirSetup:
        options = info.get("options", {})
        rules: AirRules | None = None
        if isinstance(options, dict):
            for key, value in options.items():
                if key in AIR_OPTION_KEYS and value:
                    rules = AirRules(AIR_OPTION_KEYS[key])
        if rules is None and any(u.type == "airplane" for u in units):
            rules = AirRules.AIR_PACK
        year = None
        date = info.get("date_begin")
        if isinstance(date, str) and re.match(r"^19[34]\d", date):
            year = int(date[:4])
        front = info.get("front")
        air = AirSetup(rules=rules, front=front.lower() if isinstance(front, str) and front
                       else None, year=year)
        self._sortie_deal(air)
        return air

    def _sortie_deal(self, air: AirSetup) -> None:
        """The Air Sortie cards as the briefing deals them if air rules are used
        (m44_codes.SORTIE_DEALS), and the sides that may not use one (SORTIE_UNUSABLE_PATTERN);
        two deals that disagree are noted and neither is taken."""
        text = self._briefing_text(("rules", "victory"))
        deals: set[tuple[frozenset[tuple[Side, int]], int]] = set()
        for pattern, named, other, in_deck in SORTIE_DEALS:
            for m in re.finditer(pattern, text, re.IGNORECASE):
                word = m.groupdict().get("side")
                side = PERMANENT_FOR_SIDES.get(word.lower()) if word else None
                if word and side is None:
                    continue
                held = ({s: named for s in Side} if side is None
                        else {side: named, side.other: other})
                deals.add((frozenset(held.items()), in_deck))
        if len(deals) == 1:
            held_items, air.sorties_in_deck = next(iter(deals))
            air.sorties = dict(held_items)
        elif deals:
            self.note("text.rules", "the briefing deals the Air Sortie cards two ways; the Air "
                                    "Pack's one to each player is kept")
        unusable = {PERMANENT_FOR_SIDES[m.group("side").lower()]
                    for m in re.finditer(SORTIE_UNUSABLE_PATTERN, text, re.IGNORECASE)}
        air.sortie_unusable = tuple(sorted(unusable, key=lambda s: s.value))

    def _check_options(self, info: dict[str, Any]) -> dict[str, str]:
        """The scenario rules the options switch on (variant -> side or ""); options no
        rule of this program covers are noted by name."""
        options = info.get("options", {})
        conditions = info.get("victory_conditions")
        if isinstance(conditions, dict) and isinstance(conditions.get("options"), dict) \
                and options in (None, [], {}, ""):
            # options written inside victory_conditions (bga-memoir 1518 Sugar Loaf and Half
            # Moon: gung_ho) are the scenario's options all the same
            options = conditions["options"]
        if options in (None, [], {}, ""):
            return {}
        options = _obj(options, "game_info.options")
        variants: dict[str, str] = {}
        sides_named: dict[str, str] = {}
        for key, value in options.items():
            if key in FALSE_OPTIONS:
                if value is False or (isinstance(value, str) and value.lower() == "false"):
                    variants[FALSE_OPTIONS[key]] = ""
                continue
            if key in AIR_OPTION_KEYS or value in (None, False, "", 0, [], {}):
                continue
            if key in SIDE_OPTIONS and isinstance(value, str):
                for named in SIDE_OPTIONS[key]:
                    sides_named[named] = value.strip().lower()
                continue
            if key in STANDARD_OPTION_VALUES:
                if isinstance(value, str) and value.upper() in STANDARD_OPTION_VALUES[key]:
                    continue
                if isinstance(value, str) and value.upper() in DECK_VARIANTS:
                    variants[DECK_VARIANTS[value.upper()]] = ""
                    continue
                self.note("game_info.options", f"option {key!r} = {str(value)[:40]!r} is not "
                                               "played; see the scenario text")
                continue
            if key == AIRDROP_OPTION:
                self._airdrop(value)
                continue
            if key == DAYLIGHT_AIRDROP_OPTION:
                # bga-memoir RoundTrait: once, at the start of the side's turn, when the night
                # visibility is full (NEED_FULL_DAY_VISIBILITY; no other condition is known)
                if isinstance(value, dict) and value.get("option") == DAYLIGHT_AIRDROP_CONDITION:
                    self._airdrop(value, daylight=True, where="game_info.options.airdrop2")
                else:
                    self.note("game_info.options", "option 'airdrop2' without "
                                                   f"{DAYLIGHT_AIRDROP_CONDITION} is not played")
                continue
            if key == ARMOR_BREAKTHROUGH_OPTION:
                self._armor_breakthrough(value, variants)
                continue
            variant = SCENARIO_OPTIONS.get(key)
            if variant is None:
                self.note("game_info.options", f"option {key[:40]!r} is not played; see the "
                                               "scenario text")
                continue
            if variant == empty_section.VARIANT:
                self._empty_section(value, variants)
                continue
            if variant == EXITS_TO_WIN_VARIANT:
                self._exits_to_win(value, variants)
                continue
            if variant == hill317.VARIANT:
                names = [self._hex_name(str(h)) for h in (value if isinstance(value, list)
                                                          else str(value).split(","))]
                if not names or None in names:
                    self.note("game_info.options", f"option 'hill317' = {str(value)[:40]!r}: "
                                                   "not hexes of the board; left out")
                    continue
                variants[variant] = " ".join(n for n in names if n)
                continue
            if variant == trains.SUPPLY_TRAIN_VARIANT:
                variants[variant] = self._supply_train(value)
                continue
            if isinstance(value, dict):
                value = value.get("side", "")
            side = value.strip().lower() if isinstance(value, str) else ""
            if variant in SIDED_OPTIONS and side not in ("allies", "axis"):
                self.note("game_info.options", f"option {key!r} names no side "
                                               f"({str(value)[:40]!r}); it is not played")
                continue
            variants[variant] = side if side in ("allies", "axis", "all") else ""
        for variant, side in sides_named.items():
            if variant in variants and side in ("allies", "axis"):
                variants[variant] = side
        return variants

    def _supply_train(self, value: Any) -> str:
        """bga-memoir option supply_train_rules {side, unit: {name}, nbr_units: [per car]}: the
        supply train's side and the units each car carries (companion.rules.trains)."""
        if not isinstance(value, dict):
            side = str(value).strip().lower() if isinstance(value, str) else ""
            return side if side in ("allies", "axis") else ""
        side = str(value.get("side", "")).strip().lower()
        side = side if side in ("allies", "axis") else ""
        counts = value.get("nbr_units")
        if counts is None:
            return side
        counts = counts if isinstance(counts, list) else [counts]
        raw_unit = value.get("unit")
        code = str(raw_unit.get("name", "inf")) if isinstance(raw_unit, dict) else "inf"
        utype = next((t for b, t in UNIT_BASES if code.lower().startswith(b)), None)
        try:
            per_car = tuple(int(n) for n in counts[:2])
            encoded = trains.SupplyTrain(side, utype or "infantry", per_car).encode()
            trains.parse_supply_train(encoded)  # 0 to 6 units a car
        except (TypeError, ValueError):
            self.note("game_info.options", "option 'supply_train_rules': its nbr_units are "
                                           f"not 0 to 6 units per car ({str(counts)[:40]}); the "
                                           "train carries none")
            return side
        if utype is None:
            self.note("game_info.options", f"option 'supply_train_rules': unit {code[:20]!r} is "
                                           "no troop of ours; the train carries none")
            return side
        return encoded

    def _airdrop(self, value: Any, *, daylight: bool = False,
                 where: str = "game_info.options.airdrop") -> None:
        """bga-memoir option airdrop: {side, nbr_units (a number, or one per drop), center
        (hex names, in free text), range, nbr_drops, unit: {name}} (3 Sainte-Mere-Eglise,
        6687 Drop in the Night); ``daylight``: airdrop2, dropped once the night is over."""
        side = _side_named(value.get("side")) if isinstance(value, dict) else None
        if not isinstance(value, dict) or side is None:
            self.note(where, "airdrop without a side (ALLIES or AXIS); left out")
            return
        raw_unit = value.get("unit")
        layer: dict[str, Any] = raw_unit if isinstance(raw_unit, dict) else {"name": "inf"}
        code = str(layer.get("name", "inf")) + ("" if str(layer.get("name", "")).endswith(
            tuple(NATION_SIDES)) else ("us" if side is Side.ALLIES else "ger"))
        unit = self._unit({"name": code, **{k: v for k, v in layer.items() if k == "badge"}},
                          where, "", {Side.ALLIES: 0, Side.AXIS: 0})
        if unit is None:
            return
        counts = value.get("nbr_units", 1)
        drops = int(value.get("nbr_drops", len(counts) if isinstance(counts, list) else 1))
        if not isinstance(counts, list):
            counts = [counts] * drops
        centers = [c for c in (self._hex_name(h) for h in re.findall(
            r"\b[A-Za-z][0-9]{1,2}\b", str(value.get("center", "")))) if c is not None]
        # the battle-star tokens (tag1) that mark the drop zones are no rule of their own
        star = self._notes.get(STAR_TAG_NOTE)
        if star is not None and len(star) == drops and not any(c in star for c in centers):
            # one star a drop and none of them the option's centre (an older bga-memoir 6687
            # names the editor's "G5" with its three starred drop zones): the stars are the zones
            centers = list(star)
        if star is not None:
            star[:] = [w for w in star if w not in centers]
            if not star:
                del self._notes[STAR_TAG_NOTE]
        rng = value.get("range")
        for i in range(min(drops, 12)):
            n = counts[i] if i < len(counts) else counts[-1]
            self.airdrops.append(Airdrop(
                side=side, units=_int(n, f"{where}.nbr_units", 1, 20), unit_type=unit.type,
                center=centers[i] if i < len(centers) else (centers[-1] if centers else None),
                range=_int(rng, f"{where}.range", 0, 30) if rng is not None else None,
                nation=unit.nation, daylight=daylight))

    def _paradrops(self, briefing: str) -> bool:
        """Paradrops the briefing alone asks (m44_codes.PARADROP_BRIEFINGS), as airdrops over the
        board; True when one was read. A file's own airdrop option wins."""
        if self.airdrops:
            return False
        for pattern in PARADROP_BRIEFINGS:
            m = re.search(pattern, briefing, re.IGNORECASE)
            if m is None:
                continue
            side = Side.AXIS if m.group("side").lower() == "axis" else Side.ALLIES
            found = m.groupdict()
            drops = found.get("drops") or "1"
            count = NUMBER_WORDS.get(drops.lower(), 0) or (int(drops) if drops.isdigit() else 1)
            kind = (found.get("kind") or "").lower()
            utype = "special_forces" if kind in ("elite infantry", "special forces") else \
                "infantry"
            first = found.get("first")
            at_start = first is not None and first.lower() != m.group("side").lower()
            for _ in range(min(count, 12)):
                self.airdrops.append(Airdrop(side=side, units=_int(m.group("n"), "text.rules", 1,
                                                                   20),
                                             unit_type=utype, at_start=at_start))
            return True
        return False

    def _hex_name(self, name: str) -> str | None:
        """A hex name as a briefing writes it (the letter's case may be wrong: "F14" for
        f14), or None."""
        for candidate in (name, name[0].swapcase() + name[1:]):
            try:
                self.board.parse(candidate)
            except HexNameError:
                continue
            return candidate
        return None

    def _exits_to_win(self, value: Any, variants: dict[str, str]) -> None:
        """bga-memoir must_have_unit_exit: {"side": ..., "min_nbr_units": n}."""
        side = _side_named(value.get("side")) if isinstance(value, dict) else None
        n = value.get("min_nbr_units", 1) if isinstance(value, dict) else None
        if side is None or isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 100:
            self.note("game_info.options.must_have_unit_exit", "exits needed to win without a "
                      "side (ALLIES or AXIS) or a number of units (1 to 100); left out")
            return
        variants[EXITS_TO_WIN_VARIANT] = encode_exits_to_win(side, n)

    def _empty_section(self, value: Any, variants: dict[str, str]) -> None:
        """bga-memoir empty_section_medals: {"side": ..., "sections": [...], "count_for": n}."""
        where = "game_info.options.empty_section_medals"
        if not isinstance(value, dict):
            self.note(where, "empty section medals without a side and sections; left out")
            return
        side = value.get("side")
        sections = value.get("sections")
        count = value.get("count_for", 1)
        if isinstance(sections, int):
            sections = [sections]
        try:
            if not isinstance(side, str) or not isinstance(sections, list):
                raise empty_section.EmptySectionError("no side or no sections")
            rule = empty_section.encode(side, [int(x) for x in sections], int(count))
            empty_section.parse(rule)
        except (ValueError, TypeError) as exc:
            self.note(where, f"empty section medals not understood ({str(exc)[:60]}); left out")
            return
        variants[empty_section.VARIANT] = rule

    def _first_mover(self) -> Side | None:
        """The side the description says moves first ("Allied Player: Take 6 command cards.
        You move first.", bga-memoir 7 Pointe-du-Hoc; "The Axis player moves first"): the last
        side named before the words, within the sentence or the two before it."""
        text = self._briefing_text(("description",))
        found = None
        for m in re.finditer(FIRST_MOVE_PATTERN, text, re.IGNORECASE):
            found = m
        if found is None:
            return None
        words = re.findall(r"[a-z]+", text[max(0, found.start() - 200):found.start()].lower())
        for w in reversed(words):
            if w in SIDE_WORDS:
                return SIDE_WORDS[w]
        return None

    def _briefing_text(self, keys: tuple[str, ...] = ("rules", "victory", "bonus")) -> str:
        """The briefing's ``keys`` (English, else the first language), as one line."""
        text_obj = self.root.get("text")
        if not isinstance(text_obj, dict):
            return ""
        en = text_obj.get("en")
        entries = [en] if isinstance(en, dict) else [e for e in text_obj.values()
                                                     if isinstance(e, dict)][:1]
        briefing = " ".join(str(e.get(k, "")) for e in entries for k in keys
                            if isinstance(e.get(k), str))
        return re.sub(r"\s+", " ", briefing)[:20000]

    def _labels(self, board_obj: dict[str, Any]) -> list[MapLabel]:
        """The place names printed on the map (``board.labels``: row, col and lines of text)."""
        out: list[MapLabel] = []
        raw = board_obj.get("labels", [])
        if isinstance(raw, dict) and "item" in raw:  # XML-style exports
            raw = raw["item"]
        if isinstance(raw, dict) and all(isinstance(k, str) and k.isdigit() for k in raw):
            raw = _list(raw, "board.labels")  # {"0": ..., "1": ...}, as the hexagons may be
        if not isinstance(raw, list):
            self.note("board.labels", "not a list of labels; left out")
            return out
        for i, entry in enumerate(raw):
            path = f"board.labels[{i}]"
            if not isinstance(entry, dict):
                self.note(path, "not a label; left out")
                continue
            try:
                h = Hex(_int(entry.get("col"), f"{path}.col"), _int(entry.get("row"), f"{path}.row"))
            except ScenarioError:
                self.note(path, "a label without its row and col; left out")
                continue
            text = entry.get("text")
            lines = [text] if isinstance(text, str) else text if isinstance(text, list) else []
            words = " ".join(str(t).strip() for t in lines if isinstance(t, str | int) and
                             str(t).strip())
            if not self.board.contains(h) or not words:
                self.note(path, "a label off the board or without text; left out")
                continue
            out.append(MapLabel(self.board.name(h), words[:80]))
        return out

    def _town_sudden_death(self, labels: list[MapLabel], terrain: list[TerrainPiece],
                           objectives: list[Objective]) -> list[Objective]:
        """A sudden death the victory text sets on a named town (23 Toulon: "If Allied units
        occupy 3 town hexes in Toulon at the end of their turn, they win immediately"): the town
        hexes of the place the map's label names (those next to the label, and the town hexes
        joined to them), as one group the side must hold that many of when its turn ends."""
        text = self._briefing_text(("victory",))
        out: list[Objective] = []
        for m in re.finditer(TOWN_SUDDEN_DEATH_PATTERN, text, re.IGNORECASE):
            name = m.group("place").strip().lower()
            at = [self.board.parse(lb.hex) for lb in labels if lb.text.strip().lower() == name]
            if not at:
                self.note("text.victory", f"the sudden death in {m.group('place')!r} names a "
                                          "place no label of the map shows; not played")
                continue
            towns = {self.board.parse(t.hex) for t in terrain if t.type in TOWN_TYPES}
            group = {h for h in towns if any(distance(h, a) <= 1 for a in at)}
            grow = list(group)
            while grow:
                h = grow.pop()
                for n in self.board.neighbours(h):
                    if n in towns and n not in group:
                        group.add(n)
                        grow.append(n)
            needed = int(m.group("n"))
            if len(group) < needed:
                self.note("text.victory", f"the sudden death in {m.group('place')!r} asks "
                                          f"{needed} town hexes; the map shows {len(group)} there; "
                                          "not played")
                continue
            side = Side.AXIS if m.group("side").lower() == "axis" else Side.ALLIES
            hexes = tuple(self.board.name(h) for h in sorted(group, key=lambda x: (x.row, x.col)))
            same = [i for i, o in enumerate(objectives) if o.kind is ObjectiveKind.SUDDEN_DEATH
                    and o.sides == (side,) and set(o.hexes) == set(hexes)]
            if same:  # the file's own condition (29 Saverne Gap): checked when the turn ends
                for i in same:
                    objectives[i] = replace(objectives[i], at_turn_end=True,
                                            label=objectives[i].label or m.group("place").strip())
                continue
            out.append(Objective(
                id=f"o{len(objectives) + len(out) + 1}", kind=ObjectiveKind.SUDDEN_DEATH,
                hexes=hexes, sides=(side,), hexes_needed=needed, at_turn_end=True,
                label=m.group("place").strip()))
        return out

    def _briefing_rules(self, variants: dict[str, str], terrain: list[TerrainPiece],
                        units: list[UnitSetup],
                        objectives: list[Objective] | None = None) -> list[TerrainPiece]:
        """The rules a file names only in its briefing (m44_codes.BRIEFING_RULES), played:
        variants switched on (an option the file also sets wins), terrain played as another."""
        briefing = self._briefing_text()
        if not briefing:
            return terrain
        self._star_rules(briefing, variants, units)
        self._baseline_reinforcements(briefing, variants)
        self._airfield_reinforcements(briefing, variants)
        # the paradrops are read from the briefing, or the file's own airdrop option plays them
        read = {"paradrops"} if self._paradrops(briefing) or self.airdrops else set()
        for rule in BRIEFING_RULES:
            if not re.search(rule.pattern, briefing, re.IGNORECASE):
                continue
            if rule.not_played and rule.unless_read not in read and rule.unless_read not in variants:
                self.note("text.rules", f"the briefing's {rule.not_played} is not played")
            if rule.variant and rule.variant not in variants:
                variants[rule.variant] = rule.side
            if rule.terrain_from:
                owner = Side(rule.terrain_owner) if rule.terrain_owner else None
                terrain = [replace(t, type=rule.terrain_to, owner=owner or t.owner)
                           if t.type == rule.terrain_from else t for t in terrain]
            if rule.sudden_death_for and objectives is not None:
                # the side's medal objectives win the game at once (4717: "The Allied player
                # suffers Sudden Death the instant a German unit enters the Moscow hex marked
                # with a Medal")
                objectives[:] = [replace(o, kind=ObjectiveKind.SUDDEN_DEATH)
                                 if o.sides == (Side(rule.sudden_death_for),) else o
                                 for o in objectives]
            if rule.unit_from and rule.unit_variant:
                on = {t.hex for t in terrain if t.type == rule.unit_on} if rule.unit_on else None
                units[:] = [replace(u, variants=(*u.variants, rule.unit_variant))
                            if u.type in rule.unit_from
                            and (not rule.unit_side or u.side.value == rule.unit_side)
                            and (on is None or u.hex in on)
                            and rule.unit_variant not in u.variants else u for u in units]
                if rule.medals_mark_units and objectives is not None:
                    marked = {u.hex for u in units if rule.unit_variant in u.variants
                              and u.type in rule.unit_from
                              and (not rule.unit_side or u.side.value == rule.unit_side)}
                    objectives[:] = [o for o in objectives
                                     if not (o.id in self._bare_medals and set(o.hexes) <= marked)]
            elif rule.unit_from:
                units[:] = [replace(u, type=rule.unit_to)
                            if u.type in rule.unit_from and u.side.value == rule.unit_side else u
                            for u in units]
                self.airdrops[:] = [replace(d, unit_type=rule.unit_to)
                                    if d.unit_type in rule.unit_from
                                    and d.side.value == rule.unit_side else d
                                    for d in self.airdrops]
        self._supply_train_cargo(briefing, variants)
        bans: list[tuple[str, str]] = []
        for m in (m for pattern in CARD_BAN_PATTERNS
                  for m in re.finditer(pattern, briefing, re.IGNORECASE)):
            try:
                card_id = card_rules.card(m.group("card")).id
            except card_rules.CardError:
                self.note("text.rules", f"the briefing bars a card no deck holds: "
                                        f"{m.group('card')!r}")
                continue
            named = m.groupdict().get("side")
            sides = (["axis" if named.lower() == "axis" else "allies"] if named
                     else ["allies", "axis"])
            bans.extend((side, card_id) for side in sides)
        if bans and card_bans.VARIANT not in variants:
            variants[card_bans.VARIANT] = card_bans.encode(bans)
        if BRITISH_VARIANT in variants and not any(
                u.nation in BRITISH_NATIONS for u in units if u.side is Side.ALLIES):
            # the Commonwealth's rules are on but no unit is written as British (bga-memoir
            # 1290: British units drawn as US ones, "British Commonwealth Forces Command rules
            # are in effect"): the Allied units are the British ones
            units[:] = [replace(u, nation="brit") if u.side is Side.ALLIES else u for u in units]
        return terrain

    def _supply_train_cargo(self, briefing: str, variants: dict[str, str]) -> None:
        """The units each car of the supply train carries, as the briefing says them (1311:
        "The Supply Train, locomotive and car, are each loaded with one Infantry unit"); an
        option that gives them wins."""
        m = re.search(SUPPLY_TRAIN_CARGO_PATTERN, briefing, re.IGNORECASE)
        value = variants.get(trains.SUPPLY_TRAIN_VARIANT)
        if m is None or value is None or ":" in value:
            return
        n = {"one": 1, "two": 2, "three": 3}.get(m.group("n").lower()) or int(m.group("n"))
        unit = {"infantry": "infantry", "armor": "armor", "armour": "armor",
                "artillery": "artillery"}[m.group("unit").lower()]
        variants[trains.SUPPLY_TRAIN_VARIANT] = trains.SupplyTrain(value, unit, (n, n)).encode()

    def _star_rules(self, briefing: str, variants: dict[str, str],
                    units: list[UnitSetup]) -> None:
        """The battle-star tokens the briefing explains (m44_codes.STAR_RULES): the units on
        their hexes carry the rule's variant, and the token is no unknown tag there."""
        for rule in STAR_RULES:
            m = re.search(rule.pattern, briefing, re.IGNORECASE)
            if m is None or not self._stars:
                continue
            if rule.drop_type:
                self._drop_zones(rule, m, variants, units)
                continue
            marked = [u for u in units if u.hex in self._stars
                      and (not rule.unit_side or u.side.value == rule.unit_side)]
            if not marked:
                continue
            ids = {u.id for u in marked}
            units[:] = [replace(u, variants=(*u.variants, rule.unit_variant))
                        if u.id in ids and rule.unit_variant not in u.variants else u
                        for u in units]
            if rule.scenario_variant:
                variants[rule.scenario_variant] = m.groupdict().get("value") or ""
            self._explained({u.hex for u in marked})

    def _baseline_reinforcements(self, briefing: str, variants: dict[str, str]) -> None:
        """Reinforcements a side deploys on its own baseline at a medal count, as the briefing
        says (m44_codes.BASELINE_REINFORCEMENTS; companion.rules.arrivals)."""
        m = re.search(BASELINE_REINFORCEMENTS, briefing, re.IGNORECASE)
        if m is None or arrivals.BASELINE in variants:
            return
        side = Side.AXIS if m.group("side").lower() == "axis" else Side.ALLIES
        kinds = {"infantry": "infantry", "armor": "armor", "armour": "armor",
                 "artillery": "artillery"}
        rules = [arrivals.ArrivalRule(arrivals.BASELINE, side, int(u.group("n")),
                                      kinds[u.group("kind").lower()], self._countries.get(side),
                                      at_medals=int(m.group("medals")))
                 for u in re.finditer(BASELINE_UNITS, m.group("what"), re.IGNORECASE)
                 if 1 <= int(u.group("n")) <= 20]
        if rules and 1 <= int(m.group("medals")) <= 30:
            variants[arrivals.BASELINE] = arrivals.encode(rules)

    def _airfield_reinforcements(self, briefing: str, variants: dict[str, str]) -> None:
        """Infantry a side may land on an airfield with Direct from HQ orders, as the briefing
        says it (m44_codes.AIRFIELD_REINFORCEMENTS; seed 004, Airfields). With no number given
        the side lands one a Direct from HQ order, AIRFIELD_REINFORCEMENTS_MOST in all."""
        m = re.search(AIRFIELD_REINFORCEMENTS, briefing, re.IGNORECASE)
        if m is None or arrivals.AIRFIELD in variants:
            return
        side = Side.AXIS if m.group("side").lower() == "axis" else Side.ALLIES
        n = int(m.group("n")) if m.group("n") else AIRFIELD_REINFORCEMENTS_MOST
        if 1 <= n <= 20:
            variants[arrivals.AIRFIELD] = arrivals.encode([arrivals.ArrivalRule(
                arrivals.AIRFIELD, side, n, "infantry", self._countries.get(side))])

    def _explained(self, hexes: set[str]) -> None:
        """The battle-star tokens on ``hexes`` are a rule's, not unknown tags."""
        star = self._notes.get(STAR_TAG_NOTE)
        if star is not None:
            star[:] = [w for w in star if w not in hexes]
            if not star:
                del self._notes[STAR_TAG_NOTE]

    def _drop_zones(self, rule: StarRule, m: re.Match[str], variants: dict[str, str],
                    units: list[UnitSetup]) -> None:
        """The starred hexes with no unit: where the side the briefing names drops units
        during play, one per star (companion.rules.arrivals, 4683 Manado Landings)."""
        held = {u.hex for u in units}
        zones = [h for h in self._stars if h not in held]
        if not zones or rule.scenario_variant in variants:
            return
        side = Side.AXIS if m.group("side").lower() == "axis" else Side.ALLIES
        variants[rule.scenario_variant] = arrivals.encode([arrivals.ArrivalRule(
            arrivals.PARADROPS, side, len(zones), rule.drop_type,
            self._countries.get(side), tuple(zones))])
        self._explained(set(zones))

    def _armor_breakthrough(self, value: Any, variants: dict[str, str]) -> None:
        """bga-memoir armor_breakthrough_rules: {ALLIES|AXIS: {nbr_units, name, badge,
        behavior}} (4090 Closing the Gap; companion.rules.arrivals)."""
        where = "game_info.options.armor_breakthrough_rules"
        found: list[arrivals.ArrivalRule] = []
        for code, side in _SIDES.items():
            raw = value.get(code) if isinstance(value, dict) else None
            if not isinstance(raw, dict):
                continue
            layer = {k: v for k, v in raw.items() if k in ("name", "badge")}
            if not isinstance(layer.get("name"), str):
                self.note(where, f"{code}: no unit name; left out")
                continue
            unit = self._unit(layer, f"{where}.{code}", where, {Side.ALLIES: 0, Side.AXIS: 0})
            if unit is None:
                continue
            try:
                n = _int(raw.get("nbr_units", 1), f"{where}.{code}.nbr_units", 1, 20)
            except ScenarioError as exc:
                self.note(where, f"{code}: {exc}; left out")
                continue
            behavior = raw.get("behavior")
            if behavior not in (None, "", "CANNOT_EXIT"):
                self.note(where, f"{code}: behaviour {str(behavior)[:40]!r} is not played")
            found.append(arrivals.ArrivalRule(arrivals.ARMOR_BREAKTHROUGH, side, n, unit.type,
                                              unit.nation, cannot_exit=behavior == "CANNOT_EXIT"))
        if not found:
            self.note(where, "armor breakthrough without a side; left out")
            return
        value = arrivals.encode(found)
        try:
            arrivals.parse(value, arrivals.ARMOR_BREAKTHROUGH)
        except arrivals.ArrivalError as exc:  # a unit no rule brings in (an airplane...)
            self.note(where, f"{exc}; left out")
            return
        variants[arrivals.ARMOR_BREAKTHROUGH] = value

    def _text(self) -> dict[str, ScenarioText]:
        text_obj = self.root.get("text", {})
        if text_obj in (None, []):
            text_obj = {}
        text_obj = _obj(text_obj, "text")
        out: dict[str, ScenarioText] = {}
        for lang, entry in text_obj.items():
            path = f"text.{lang}"
            entry = _obj(entry, path)
            parts = {k: _str(entry[k], f"{path}.{k}").strip()
                     for k in ("name", "historical", "description", "victory", "rules", "bonus")
                     if entry.get(k) is not None}
            description = parts.get("historical") or parts.get("description", "")
            rules = []
            if parts.get("historical") and parts.get("description"):
                rules.append(parts["description"])
            if parts.get("victory"):
                rules.append("Conditions of victory: " + parts["victory"])
            for k in ("rules", "bonus"):
                if parts.get(k):
                    rules.append(parts[k])
            name = parts.get("name") or self.default_id
            out[str(lang)[:2].lower() if re.match(r"^[A-Za-z]{2}", str(lang)) else "en"] = (
                ScenarioText(name=name, description=description,
                             special_rules="\n\n".join(rules)))
        if not out:
            out["en"] = ScenarioText(name=self.default_id)
        return out


def import_m44(data: Any, *, default_id: str = "m44") -> Scenario:
    """The scenario a parsed ``.m44`` document describes (see the module docstring)."""
    return _Importer(data, default_id).run()


# the editor's nation suffix -> the Air Pack's nation in its selection guidelines (p.4); a nation
# the guidelines do not list flies as Britain (Allies) or Germany (Axis): aircraft.NATION_FALLBACK
_AIR_NATIONS: dict[str, str] = {"us": "usa", "brit": "britain", "gb": "britain", "ger": "germany",
                                "jp": "japan", "ru": "ussr", "fr": "france", "pl": "poland",
                                "it": "italy", "fin": "finland"}
_AIR_THEATRES: dict[str, str] = {"PACIFIC": "pacific", "MEDITERRANEAN": "mediterranean"}


def _airplane_models(units: list[UnitSetup], terrain: list[TerrainPiece],
                     info: dict[str, Any]) -> list[UnitSetup]:
    """Each Air Pack airplane the file places without a model flies the first the Air Pack's
    selection guidelines give its nation in the scenario's theatre and month (p.4 "Airplane
    Selection"; on an aircraft carrier, the first that may land on one): the editor's
    figure names a nation, never a model, and a pre-positioned airplane must be a model."""
    date = info.get("date_begin")
    when = re.match(r"^(19[34]\d)(?:-(\d\d))?", date) if isinstance(date, str) else None
    year, month = (int(when.group(1)), int(when.group(2) or 1)) if when else (1942, 1)
    front = info.get("front")
    theatre = _AIR_THEATRES.get(front.strip().upper(), "europe") if isinstance(front, str) \
        else "europe"
    carriers = {p.hex for p in terrain if p.type == "aircraft_carrier"}
    out: list[UnitSetup] = []
    for u in units:
        if u.type == "airplane" and u.model is None:
            nation = _AIR_NATIONS.get(u.nation or "", u.side.value)
            found = airplane_choices(nation, theatre, year, month, carrier_based=u.hex in carriers)
            if u.hex in carriers:  # one that may land on the carrier it stands on, if any
                found = [m for m in found if AIRPACK_MODELS[m].carrier] or found
            u = replace(u, model=found[0] if found else
                        ("spitfire" if u.side is Side.ALLIES else "me109"))
        out.append(u)
    return out


# every tile name the importer knows, by its lower-case spelling (the editor's own is mixed:
# riverFL, lakeA, roadX); a file that writes one in another case ("River", "ROADX") means it
_TILE_NAMES: dict[str, str] = {n.lower(): n for n in (*TERRAIN_CODES, *TILE_UNITS, *TILE_BADGES,
                                                      *PICTURE_TILES)}
_TILE_SPELLINGS: frozenset[str] = frozenset(_TILE_NAMES.values())
_LAYERS = ("terrain", "rect_terrain", "obstacle")


def _hexagon(hx: dict[str, Any]) -> dict[str, Any]:
    """A hexagon as the editor writes it: a layer, unit or tag list written as null is absent
    (PHP and JavaScript exports write the empty slots so), and a tile name written in another
    case is the editor's spelling of it. Anything else is kept as written, to be read or named."""
    out = {k: v for k, v in hx.items() if v is not None}
    for layer in _LAYERS:
        piece = out.get(layer)
        if isinstance(piece, dict) and isinstance(piece.get("name"), str):
            code = piece["name"].strip()
            known = code if code in _TILE_SPELLINGS else _TILE_NAMES.get(code.lower())
            if known is not None and known != piece["name"]:
                out[layer] = {**piece, "name": known}
    return out


def _tags(hx: dict[str, Any], path: str) -> list[tuple[Any, str]]:
    """A hexagon's tags with where each is written: the ``tags`` list, and a single tag written
    as one object under ``tag`` (the DoW web scenario editor: bga-memoir 42 Utah Beach's exit
    tokens)."""
    out = [(tag, f"{path}.tags[{j}]")
           for j, tag in enumerate(_list(hx.get("tags", []), f"{path}.tags"))]
    one = hx.get("tag")
    if isinstance(one, dict):
        out.append((one, f"{path}.tag"))
    elif isinstance(one, list):
        out += [(tag, f"{path}.tag[{j}]") for j, tag in enumerate(one)]
    return out


def loads_m44(text: str, *, default_id: str = "m44") -> Scenario:
    # a byte-order mark before the JSON (a file saved by a Windows editor, read as text)
    return import_m44(parse_json(text.removeprefix("\ufeff")), default_id=default_id)


def load_m44(path: str | os.PathLike[str]) -> Scenario:
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", Path(path).stem).strip("-")[:64] or "m44"
    return loads_m44(read_text(path), default_id=stem)
