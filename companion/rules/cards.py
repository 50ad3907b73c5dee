"""The base game's 60 command cards as data: what each orders, how it changes moves and battles.

Every card is one :class:`CardSpec` row. Ordering, movement and battle code read the fields;
no card has code of its own. Card texts are summarised in our own words; counts and texts come
from the sources listed in ``docs/rules-sources.md`` (section "Command cards").
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING

from companion.rules.battle import (
    BattleCheck,
    BattleModifiers,
    BattleResult,
    hit_faces_for,
    retreat_options,
    score_dice,
    validate_faces,
)
from companion.rules.board import Hex, Section, Side, distance
from companion.rules.camouflage import targeting_problem
from companion.rules.records import dataclass, field, replace
from companion.rules.units import UnitClass, UnitSpec

if TYPE_CHECKING:
    from companion.rules.battle import RetreatOption
    from companion.rules.position import Position


class CardError(ValueError):
    """A card name that is not in the deck, or a card used where it cannot be."""


class CardKind(StrEnum):
    SECTION = "section"
    TACTIC = "tactic"


GROUND_CLASSES: frozenset[UnitClass] = frozenset(
    {UnitClass.INFANTRY, UnitClass.ARMOR, UnitClass.ARTILLERY}
)


@dataclass(frozen=True, slots=True)
class UnitEffect:
    """How a card changes what one ordered unit of a class may do this turn.

    ``None`` keeps the unit's own value (``UnitSpec.move`` / ``move_and_battle``); a number
    raises it to at least that many hexes (a special-forces unit never loses its own reach).
    """

    move: int | None = None  # most hexes the unit may move
    move_and_battle: int | None = None  # most hexes it may move and still battle
    ignore_terrain_movement: bool = False  # forest/town stops and similar do not apply
    move_after_battle: int = 0  # hexes it may move again after its battles (Behind Enemy Lines)
    may_move: bool = True  # False: the unit may not move before it battles
    may_battle: bool = True
    battles: int = 1  # battles the unit may make this turn (overrun not counted)
    extra_dice: int = 0
    extra_dice_close_assault_only: bool = False
    extra_dice_first_battle_only: bool = False  # not on an armor overrun battle
    close_assault_only: bool = False  # may battle only an adjacent enemy
    fire_only: bool = False  # may not battle an adjacent enemy
    take_ground: bool = True  # Take Ground / Armor Overrun still allowed


NO_EFFECT = UnitEffect()


@dataclass(frozen=True, slots=True)
class DirectAttack:
    """A card that rolls dice at enemy units itself, without an attacking unit (Barrage, Air Power)."""

    dice_by_side: Mapping[Side, int]  # dice per target hex, by the side playing the card
    max_targets: int  # enemy units that may be targeted
    adjacent_group: bool = False  # targets must form a group of units adjacent to each other
    stars_hit: bool = False
    ignore_terrain_protection: bool = True
    flags_ignorable: bool = False


@dataclass(frozen=True, slots=True)
class DrawRule:
    """How the player replaces the card at the end of the turn."""

    draw: int = 1
    keep: int = 1
    reshuffle: bool = False  # shuffle the discards back into the deck (Their Finest Hour)
    draw_first: bool = False  # a reaction card: its player draws before the active player
    # New Flight Plan p.11 (Command Cards): Air Combat cards drawn at the end of the turn too
    air_combat_cards: int = 0
    air_combat_both_sides: bool = False  # Their Finest Hour: both sides draw one


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One command card. Ordering fields combine; an empty field means "no restriction"."""

    id: str  # snake_case, e.g. "attack_left"
    name: str  # as printed, e.g. "Attack Left"
    count: int  # copies in the 60-card deck
    kind: CardKind
    summary: str  # the effect in our own words
    # --- ordering -------------------------------------------------------------------------
    orders_units: bool = True  # False: the card attacks or reacts without ordering units
    # section quotas: orders per section; None = every unit in that section (Assault)
    sections: Mapping[Section, int | None] = field(default_factory=lambda: MappingProxyType({}))
    max_units: int | None = None  # total orders when not section-bound; None = all eligible
    unit_classes: frozenset[UnitClass] = frozenset()  # only units of these classes
    one_section: bool = False  # the player names one section; only units in it (Infantry Assault)
    adjacent_to_enemy: bool | None = None  # True: must be adjacent; False: must not be
    needs_casualties: bool = False  # the unit must have lost figures (Medics & Mechanics)
    orders_from_roll: bool = False  # dice decide how many units of which type (Their Finest Hour)
    fallback_units: int = 0  # with no unit of unit_classes at all: order this many of any kind
    copies_last_card: bool = False  # Counter-Attack
    reaction: bool = False  # played during the opponent's turn (Ambush)
    places_sandbags: bool = False  # Dig-In: each ordered unit fortifies its hex
    restores_figures: bool = False  # Medics & Mechanics: roll to return lost figures
    air_may_not_use: bool = False  # an air unit may not play it (Ambush)
    # air rules under which an air unit may not be its target (Ambush under the Air Pack)
    air_not_target_under: frozenset[str] = frozenset()
    # changes the air rules make to the card, shown to the players (New Flight Plan p.11)
    air_rule_notes: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # air rules under which the card is not played as printed -> what happens instead
    under_air_rules: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # --- effects on ordered units, by unit class -------------------------------------------
    effects: Mapping[UnitClass, UnitEffect] = field(default_factory=lambda: MappingProxyType({}))
    direct_attack: DirectAttack | None = None
    draw: DrawRule = DrawRule()
    source: str = ""

    @property
    def section_card(self) -> bool:
        return bool(self.sections)

    def effect_for(self, unit_class: UnitClass) -> UnitEffect:
        return self.effects.get(unit_class, NO_EFFECT)

    @property
    def total_orders(self) -> int | None:
        """Orders the card gives when every section quota is filled; None when unbounded."""
        if self.sections:
            quotas = list(self.sections.values())
            if any(q is None for q in quotas):
                return None
            return sum(q for q in quotas if q is not None)
        return self.max_units


def _quota(**by_section: int | None) -> Mapping[Section, int | None]:
    return MappingProxyType({Section(k): v for k, v in by_section.items()})


def _for(classes: frozenset[UnitClass], effect: UnitEffect) -> Mapping[UnitClass, UnitEffect]:
    return MappingProxyType({c: effect for c in classes})


_INFANTRY = frozenset({UnitClass.INFANTRY})
_ARMOR = frozenset({UnitClass.ARMOR})
_ARTILLERY = frozenset({UnitClass.ARTILLERY})

# Sources (full references in docs/rules-sources.md, section "Command cards"):
_RULES = "base rules p.4-5 (Command cards, Game turn)"
_COUNTS = "deck composition: 308 Strategy Guide ch.14 'The card game' (60 cards)"
_BGA = "card texts: Board Game Arena Memoir '44 (bga-devs/bga-memoir, Cards/Standard)"
_SRC = f"{_COUNTS}; {_BGA}"
_SECTION_SRC = f"{_RULES}; {_SRC}"

_SECTION_NAMES = {Section.LEFT: "Left", Section.CENTER: "Center", Section.RIGHT: "Right"}


_RECON_DRAW = DrawRule(draw=2, keep=1, air_combat_cards=1)


def _section_cards() -> list[CardSpec]:
    rows: list[CardSpec] = []
    # (id stem, printed name, orders per section (None: every unit), copies left/center/right,
    #  draw rule, text added to the summary)
    table: tuple[tuple[str, str, int | None, tuple[int, int, int], DrawRule, str], ...] = (
        ("recon", "Recon", 1, (2, 2, 2), _RECON_DRAW,
         " At the end of the turn draw 2 cards, keep 1, discard the other."),
        ("probe", "Probe", 2, (4, 5, 4), DrawRule(), ""),
        ("attack", "Attack", 3, (3, 4, 3), DrawRule(), ""),
        ("assault", "Assault", None, (2, 2, 2), DrawRule(), ""),
    )
    for stem, printed, per, counts, draw, more in table:
        for section, count in zip((Section.LEFT, Section.CENTER, Section.RIGHT), counts, strict=True):
            where = "in the center" if section is Section.CENTER else f"on the {section} flank"
            how_many = "every unit" if per is None else f"{per} unit{'s' if per > 1 else ''}"
            rows.append(CardSpec(
                id=f"{stem}_{section}", name=f"{printed} {_SECTION_NAMES[section]}", count=count,
                kind=CardKind.SECTION, summary=f"Order {how_many} {where}.{more}",
                sections=_quota(**{section.value: per}), draw=draw, source=_SECTION_SRC,
            ))
    rows += [
        CardSpec("general_advance", "General Advance", 1, CardKind.SECTION,
                 "Order 2 units in each of the three sections.",
                 sections=_quota(left=2, center=2, right=2), source=_SECTION_SRC),
        CardSpec("pincer_move", "Pincer Move", 1, CardKind.SECTION,
                 "Order 2 units on the left flank and 2 units on the right flank.",
                 sections=_quota(left=2, right=2), source=_SECTION_SRC),
        CardSpec("recon_in_force", "Recon in Force", 3, CardKind.SECTION,
                 "Order 1 unit in each of the three sections.",
                 sections=_quota(left=1, center=1, right=1), source=_SECTION_SRC),
    ]
    return rows


def _tactic_cards() -> list[CardSpec]:
    return [
        CardSpec(
            "air_power", "Air Power", 1, CardKind.TACTIC,
            "Attack up to 4 enemy units that stand next to each other: 2 dice per hex for the "
            "Allies, 1 for the Axis, terrain protection ignored; unit symbols, grenades and stars "
            "hit; each flag retreats 1 hex and may not be ignored. With Air Pack rules it is played "
            "as an Air Sortie; New Flight Plan removes it from the deck.",
            orders_units=False,
            direct_attack=DirectAttack(MappingProxyType({Side.ALLIES: 2, Side.AXIS: 1}),
                                       max_targets=4, adjacent_group=True, stars_hit=True),
            under_air_rules=MappingProxyType({
                "air-pack": "with Air Pack rules Air Power is played as an Air Sortie (see the "
                            "air asks)",
                "flight-plan": "New Flight Plan removes Air Power from the deck",
            }),
            source=_SRC,
        ),
        CardSpec(
            "ambush", "Ambush", 1, CardKind.TACTIC,
            "Play in the opponent's turn after he declares a close assault on your unit, before he "
            "rolls: your unit battles first; if the assaulting unit is neither eliminated nor forced "
            "back it may then attack. You draw your replacement card first.",
            orders_units=False, reaction=True, air_may_not_use=True,
            air_not_target_under=frozenset({"air-pack"}),
            air_rule_notes=MappingProxyType({
                "air-pack": "airplanes are never the target or the beneficiary of an Ambush",
                "flight-plan": "a ground unit attacked by an air unit may ambush it when the "
                               "ammo marker is placed; if the air unit is not eliminated or "
                               "forced to retire it completes its attack run",
            }),
            effects=_for(GROUND_CLASSES, UnitEffect(close_assault_only=True, take_ground=False)),
            draw=DrawRule(draw_first=True), source=_SRC,
        ),
        CardSpec(
            "armor_assault", "Armor Assault", 2, CardKind.TACTIC,
            "Order up to 4 armor units anywhere; in close assault they roll 1 extra die. With no "
            "armor on the board, order 1 unit of your choice.",
            max_units=4, unit_classes=_ARMOR, fallback_units=1,
            effects=_for(_ARMOR, UnitEffect(extra_dice=1, extra_dice_close_assault_only=True)),
            source=_SRC,
        ),
        CardSpec(
            "artillery_bombard", "Artillery Bombard", 1, CardKind.TACTIC,
            "Order every artillery unit: each may move up to 3 hexes, or battle twice. With no "
            "artillery on the board, order 1 unit of your choice.",
            max_units=None, unit_classes=_ARTILLERY, fallback_units=1,
            effects=_for(_ARTILLERY, UnitEffect(move=3, move_and_battle=0, battles=2)),
            source=_SRC,
        ),
        CardSpec(
            "barrage", "Barrage", 1, CardKind.TACTIC,
            "Attack any 1 enemy unit with 4 dice, terrain protection ignored; its unit symbol and "
            "grenades hit; each flag retreats 1 hex and may not be ignored.",
            orders_units=False,
            direct_attack=DirectAttack(MappingProxyType({Side.ALLIES: 4, Side.AXIS: 4}),
                                       max_targets=1),
            air_rule_notes=MappingProxyType({
                "flight-plan": "only ground units may be targeted: no effect on flying air units",
            }),
            source=_SRC,
        ),
        CardSpec(
            "behind_enemy_lines", "Behind Enemy Lines", 1, CardKind.TACTIC,
            "Order 1 infantry unit: it may move up to 3 hexes ignoring terrain movement "
            "restrictions, battle with 1 extra die, then move up to 3 hexes again. Terrain battle "
            "restrictions still apply. With no infantry, order 1 unit of your choice.",
            max_units=1, unit_classes=_INFANTRY, fallback_units=1,
            effects=_for(_INFANTRY, UnitEffect(move=3, move_and_battle=3,
                                               ignore_terrain_movement=True,
                                               move_after_battle=3, extra_dice=1)),
            source=_SRC,
        ),
        CardSpec(
            "close_assault", "Close Assault", 1, CardKind.TACTIC,
            "Order every infantry and armor unit adjacent to an enemy unit. They may not move "
            "before battling, roll 1 extra die in their close assault (not in an overrun), and may "
            "take ground and overrun as usual.",
            max_units=None, unit_classes=frozenset({UnitClass.INFANTRY, UnitClass.ARMOR}),
            adjacent_to_enemy=True,
            air_rule_notes=MappingProxyType({
                "flight-plan": "a ground unit may close-assault an adjacent air unit with the "
                               "extra die; an air unit may not use the card",
            }),
            effects=_for(frozenset({UnitClass.INFANTRY, UnitClass.ARMOR}),
                         UnitEffect(may_move=False, close_assault_only=True, extra_dice=1,
                                    extra_dice_first_battle_only=True)),
            source=_SRC,
        ),
        CardSpec(
            "counter_attack", "Counter-Attack", 2, CardKind.TACTIC,
            "Play the order your opponent just played. A flank section card is mirrored (his "
            "right becomes your left), so it acts on the same part of the board; an Infantry "
            "Assault counter acts in the same section he chose.",
            copies_last_card=True, source=_SRC,
        ),
        CardSpec(
            "dig_in", "Dig-In", 1, CardKind.TACTIC,
            "Order up to 4 infantry units to fortify: a sandbag goes on each one's hex; they do not "
            "move or battle. With no infantry, order 1 unit of your choice.",
            max_units=4, unit_classes=_INFANTRY, fallback_units=1, places_sandbags=True,
            effects=_for(_INFANTRY, UnitEffect(may_move=False, may_battle=False)),
            source=_SRC,
        ),
        CardSpec(
            "direct_from_hq", "Direct from HQ", 2, CardKind.TACTIC,
            "Order any 4 units, anywhere on the board.",
            max_units=4, source=_SRC,
        ),
        CardSpec(
            "firefight", "Firefight", 1, CardKind.TACTIC,
            "Order up to 4 units that are not adjacent to an enemy to open fire: they may not move, "
            "may not close assault, and roll 1 extra die.",
            max_units=4, adjacent_to_enemy=False,
            effects=_for(GROUND_CLASSES, UnitEffect(may_move=False, fire_only=True, extra_dice=1)),
            source=_SRC,
        ),
        CardSpec(
            "infantry_assault", "Infantry Assault", 2, CardKind.TACTIC,
            "Order every infantry unit in one section of your choice: they may move 2 hexes and "
            "still battle, or 3 hexes and not battle; terrain restrictions still apply. With no "
            "infantry, order 1 unit of your choice.",
            max_units=None, unit_classes=_INFANTRY, one_section=True, fallback_units=1,
            effects=_for(_INFANTRY, UnitEffect(move=3, move_and_battle=2)),
            source=_SRC,
        ),
        CardSpec(
            "medics_and_mechanics", "Medics & Mechanics", 1, CardKind.TACTIC,
            "Pick 1 unit that has lost figures and roll 1 die per command card you hold, this one "
            "included: each die showing the unit's symbol or a star returns 1 lost figure (never "
            "above its starting strength). If a figure returns, the unit is also ordered.",
            max_units=1, needs_casualties=True, restores_figures=True, source=_SRC,
        ),
        CardSpec(
            "move_out", "Move Out!", 2, CardKind.TACTIC,
            "Order up to 4 infantry units anywhere; they move and battle as usual. With no "
            "infantry, order 1 unit of your choice.",
            max_units=4, unit_classes=_INFANTRY, fallback_units=1, source=_SRC,
        ),
        CardSpec(
            "their_finest_hour", "Their Finest Hour", 1, CardKind.TACTIC,
            "Roll 1 die per command card you hold, this one included: each infantry or armor "
            "symbol orders 1 unit of that type, each star 1 unit of your choice (grenades and "
            "flags order nothing). Ordered units battle with 1 extra die. Then shuffle the "
            "discards back into the deck.",
            orders_from_roll=True,
            effects=_for(GROUND_CLASSES, UnitEffect(extra_dice=1)),
            draw=DrawRule(reshuffle=True, air_combat_cards=1, air_combat_both_sides=True),
            air_rule_notes=MappingProxyType({
                "flight-plan": "a star may order an air unit already on the board (not deploy "
                               "one); it battles with 1 extra die per ammo marker placed; both "
                               "the Command and Air Combat decks are reshuffled and both sides "
                               "draw an Air Combat card",
            }),
            source=_SRC,
        ),
    ]


DECK: tuple[CardSpec, ...] = tuple(_section_cards() + _tactic_cards())
CARDS: Mapping[str, CardSpec] = MappingProxyType({c.id: c for c in DECK})
DECK_SIZE = 60  # base rules p.1: 60 command cards

# New Flight Plan p.1: the Air Power card is removed from the deck with these rules.
_REMOVED_BY_AIR_RULES: Mapping[str, frozenset[str]] = MappingProxyType(
    {"flight-plan": frozenset({"air_power"})}
)


@functools.lru_cache(maxsize=512)
def _normalise(name: str) -> str:
    out: list[str] = []
    for ch in name.strip().lower().replace("&", " and "):
        if ch.isalnum():
            out.append(ch)
        elif out and out[-1] != "_":
            out.append("_")
    return "".join(out).strip("_")


_ALIASES: Mapping[str, str] = MappingProxyType({
    **{_normalise(c.name): c.id for c in DECK},
    **{c.id: c.id for c in DECK},
    "recon_1_left": "recon_left", "recon_1_center": "recon_center",
    "recon_1_right": "recon_right", "counterattack": "counter_attack", "digin": "dig_in",
    "medics": "medics_and_mechanics", "finest_hour": "their_finest_hour",
    "direct_from_headquarters": "direct_from_hq",
})


def card(name: str) -> CardSpec:
    """The card called ``name`` (its id like ``attack_left`` or its printed name)."""
    if not isinstance(name, str):
        raise CardError(f"a card name must be a string, not {name!r}")
    key = _ALIASES.get(_normalise(name))
    if key is None:
        allowed = ", ".join(c.id for c in DECK)
        raise CardError(f"unknown card {name!r}; allowed: {allowed}")
    return CARDS[key]


def deck_list(air_rules: str | None = None) -> list[str]:
    """Every card id of the deck, one entry per copy (60 cards; 59 with New Flight Plan)."""
    removed = _REMOVED_BY_AIR_RULES.get(air_rules or "", frozenset())
    return [c.id for c in DECK if c.id not in removed for _ in range(c.count)]


def not_as_printed(spec: CardSpec, air_rules: str | None) -> str | None:
    """Why the card is not played as printed under these air rules (Air Power), or None."""
    return spec.under_air_rules.get(air_rules or "")


MIRROR: Mapping[Section, Section] = MappingProxyType(
    {Section.LEFT: Section.RIGHT, Section.RIGHT: Section.LEFT, Section.CENTER: Section.CENTER}
)


def counter_attack(countered: str | CardSpec) -> CardSpec:
    """The card a Counter-Attack plays when it counters ``countered``.

    Section cards are mirrored (Attack Right becomes Attack Left) so the counter acts on the same
    part of the board; tactic cards are played unchanged. Countering a Counter-Attack is not a
    thing: the opponent's Counter-Attack already became the card it copied.
    """
    spec = countered if isinstance(countered, CardSpec) else card(countered)
    if spec.copies_last_card:
        raise CardError("name the card the opponent's Counter-Attack copied, not counter_attack")
    if spec.reaction:
        raise CardError(f"{spec.name} is a reaction card and cannot be counter-attacked")
    if not spec.sections or set(spec.sections) == {Section.LEFT, Section.CENTER, Section.RIGHT}:
        return spec
    mirrored = MappingProxyType({MIRROR[s]: q for s, q in spec.sections.items()})
    for other in DECK:
        if other.sections == mirrored and other.draw == spec.draw and other.kind is spec.kind:
            return other
    return replace(spec, sections=mirrored)


@dataclass(frozen=True, slots=True)
class MoveAllowance:
    """What one ordered unit may do this turn under a card, for the movement and turn code."""

    move: int
    move_and_battle: int
    ignore_terrain_movement: bool = False
    move_after_battle: int = 0
    may_move: bool = True
    may_battle: bool = True
    battles: int = 1


def move_allowance(card_spec: CardSpec | None, unit: UnitSpec) -> MoveAllowance:
    """The reach of an ordered unit of type ``unit`` under ``card_spec`` (None: a plain order)."""
    effect = NO_EFFECT if card_spec is None else card_spec.effect_for(unit.unit_class)
    move = unit.move if effect.move is None else max(unit.move, effect.move)
    move_and_battle = unit.move_and_battle
    if effect.move_and_battle is not None:
        # Artillery Bombard "move 3 or battle": moving forfeits the battle entirely.
        move_and_battle = (effect.move_and_battle if effect.move_and_battle == 0
                           else max(unit.move_and_battle, effect.move_and_battle))
    if not effect.may_move:
        move = 0
        move_and_battle = 0
    return MoveAllowance(
        move=move, move_and_battle=move_and_battle,
        ignore_terrain_movement=effect.ignore_terrain_movement,
        move_after_battle=effect.move_after_battle, may_move=effect.may_move,
        may_battle=effect.may_battle, battles=effect.battles if effect.may_battle else 0,
    )


def _is_adjacent(position: Position, attacker_id: str, target_id: str) -> bool:
    a = position.units[attacker_id]
    t = position.units[target_id]
    return distance(a.hex, t.hex) == 1


def card_in_force(card_name: str | CardSpec, counters: str | CardSpec | None = None) -> CardSpec:
    """The card whose effects apply: the card itself, or for a Counter-Attack the card it copies
    (``counters``, mirrored when it is a flank card)."""
    spec = card_name if isinstance(card_name, CardSpec) else card(card_name)
    if spec.copies_last_card and counters is not None:
        return counter_attack(counters)
    return spec


def card_battle_restriction(
    card_name: str | CardSpec, position: Position, attacker_id: str, target_id: str,
    *, counters: str | CardSpec | None = None, overrun: bool = False,
) -> str | None:
    """Why the card forbids this battle (Close Assault: adjacent targets only...), or None.
    A Counter-Attack takes the card it copies in ``counters``. ``overrun``: the armor overrun
    battle, whose move into the vacated hex is no move made before battling."""
    spec = card_in_force(card_name, counters)
    if spec.direct_attack is not None:
        return None
    attacker = position.units[attacker_id]
    effect = spec.effect_for(attacker.spec.unit_class)
    adjacent = _is_adjacent(position, attacker_id, target_id)
    if spec.air_may_not_use and attacker.spec.air:
        return f"an air unit may not use {spec.name}"
    if position.air_rules in spec.air_not_target_under and position.units[target_id].spec.air:
        # Air Pack, Air Check note: airplanes never target or benefit from an Ambush
        return f"with {position.air_rules} rules an airplane is never the target of {spec.name}"
    refused = card_class_refusal(spec, position, attacker_id)
    if refused is not None:
        return refused
    if not effect.may_battle:
        return f"units ordered by {spec.name} do not battle this turn"
    if not effect.may_move and attacker.moved > 0 and not overrun:
        return f"{spec.name}: units may not move before they battle ({attacker_id} moved {attacker.moved})"
    if effect.close_assault_only and not adjacent:
        return f"{spec.name}: the unit may only battle an adjacent enemy (close assault)"
    if effect.fire_only and adjacent:
        return f"{spec.name}: the unit may not battle an adjacent enemy"
    return None


def card_class_refusal(spec: CardSpec, position: Position, attacker_id: str) -> str | None:
    """A card that orders units of some classes only does not order (so does not let battle) a
    unit of another class, unless its side has none of them ("If you do not command any ...
    units, issue an order to 1 unit of your choice"): Close Assault's infantry and armor,
    Artillery Bombard's artillery, Armor Assault's armor, Move Out!'s infantry. Only those units
    that are issued an order may move or battle (seed 003, Order Units). Air units follow the air
    rules. The battle check and the referee's move ask both use it."""
    attacker = position.units[attacker_id]
    if not spec.unit_classes or attacker.spec.air or attacker.spec.unit_class in spec.unit_classes:
        return None
    if spec.fallback_units > 0 and not any(
            u.side == attacker.side and u.spec.unit_class in spec.unit_classes
            and not u.spec.order_barred and not u.spec.train_car
            for u in position.units.values()):
        return None
    kinds = " or ".join(sorted(c.value for c in spec.unit_classes))
    return f"{spec.name} orders {kinds} units only; {attacker_id} is {attacker.type}, so it is not ordered"


def card_modifiers(
    card_name: str | CardSpec | None,
    position: Position,
    attacker_id: str | None,
    target_id: str,
    *,
    overrun: bool = False,
    side: Side | None = None,
    counters: str | CardSpec | None = None,
) -> BattleModifiers:
    """The battle-dice changes the card makes for this battle, as A2's ``BattleModifiers``.

    ``attacker_id`` may be None for cards that attack by themselves (Barrage, Air Power); then
    ``side`` names the player of the card (default: the target's enemy). ``overrun`` is True for
    an armor overrun battle (Close Assault's extra die does not apply to it). A Counter-Attack
    takes the card it copies in ``counters``; without it, no change and an explain line says so.
    """
    if card_name is None:
        return BattleModifiers()
    spec = card_in_force(card_name, counters)
    if spec.copies_last_card:
        return BattleModifiers(explain=(f"{spec.name}: the copied card is not known, so its "
                                        "effect is not applied",))
    target = position.units[target_id]
    attack = spec.direct_attack
    if attack is not None:
        player = side if side is not None else (
            position.units[attacker_id].side if attacker_id is not None else target.side.other
        )
        dice = attack.dice_by_side[player]
        explain = [f"{spec.name}: {dice} {'die' if dice == 1 else 'dice'} for the {player}"]
        if attack.ignore_terrain_protection:
            explain.append(f"{spec.name}: terrain protection ignored")
        if attack.stars_hit:
            explain.append(f"{spec.name}: stars hit")
        if not attack.flags_ignorable:
            explain.append(f"{spec.name}: flags may not be ignored")
        # no unit fires: range, sight, the unit's move and its own hex do not matter
        return BattleModifiers(
            fixed_dice=dice, stars_hit=attack.stars_hit,
            ignore_terrain_protection=attack.ignore_terrain_protection, ignore_los=True,
            ignore_range=True, flags_ignorable=attack.flags_ignorable, explain=tuple(explain),
            ignore_own_terrain=True, ignore_movement_limit=True, ignore_close_assault_rule=True,
            take_ground_allowed=False,
        )
    if attacker_id is None:
        raise CardError(f"{spec.name} needs an attacking unit")
    attacker = position.units[attacker_id]
    effect = spec.effect_for(attacker.spec.unit_class)
    extra = effect.extra_dice
    adjacent = _is_adjacent(position, attacker_id, target_id)
    if effect.extra_dice_close_assault_only and not adjacent:
        extra = 0
    if effect.extra_dice_first_battle_only and overrun:
        extra = 0
    notes = (f"{spec.name}: +{extra} {'die' if extra == 1 else 'dice'}",) if extra else ()
    if not effect.take_ground:
        notes = (*notes, f"{spec.name}: no take ground")
    # the card's reach decides how far the unit may have moved and still battle
    reach = (move_allowance(spec, attacker.spec).move_and_battle
             if effect.move_and_battle is not None or not effect.may_move else None)
    return BattleModifiers(extra_dice=extra, explain=notes, take_ground_allowed=effect.take_ground,
                           move_and_battle=reach)


# --- attacks made by a card itself (Barrage, Air Power) ---------------------------------------
def direct_attack_check(card_name: str | CardSpec, position: Position, side: Side,
                        target_id: str) -> BattleCheck:
    """The dice a Barrage or Air Power card rolls at one target, before the roll."""
    spec = card_name if isinstance(card_name, CardSpec) else card(card_name)
    attack = spec.direct_attack
    if attack is None:
        raise CardError(f"{spec.name} does not attack by itself; an ordered unit battles instead")
    target = position.units.get(target_id)
    if target is None:
        raise CardError(f"no unit has the id {target_id!r} (target)")
    mods = card_modifiers(spec, position, None, target_id, side=side)
    if target.side is side:
        reason = f"{target_id} is a friendly unit: {spec.name} targets enemy units"
        return BattleCheck(False, reason, 0, True, False, 0, (*mods.explain, reason))
    if target.spec.air and target.airborne:
        reason = f"{target_id} is an airborne airplane: the air rules decide how it is attacked"
        return BattleCheck(False, reason, 0, True, False, 0, (*mods.explain, reason))
    hidden = targeting_problem(target, close_assault=False)  # camouflage: close assault only
    if hidden is not None:
        return BattleCheck(False, hidden, 0, True, False, 0, (*mods.explain, hidden))
    dice = attack.dice_by_side[side]
    return BattleCheck(True, None, 0, True, False, dice, mods.explain,
                       hit_faces=hit_faces_for(target.spec, mods))


def resolve_direct_attack(card_name: str | CardSpec, position: Position, side: Side,
                          target_id: str, faces: Sequence[str]) -> BattleResult:
    """What a Barrage / Air Power roll does to one target: hits, medals, retreats (flags may not
    be ignored). The card takes no ground."""
    spec = card_name if isinstance(card_name, CardSpec) else card(card_name)
    check = direct_attack_check(spec, position, side, target_id)
    if not check.allowed:
        raise CardError(f"the attack is not allowed: {check.reason}")
    rolled = validate_faces(list(faces))
    if len(rolled) != check.dice:
        raise CardError(f"{len(rolled)} dice given where {check.dice} are due")
    mods = card_modifiers(spec, position, None, target_id, side=side)
    target = position.units[target_id]
    hits, flags = score_dice(rolled, target.spec, mods)
    removed = min(hits, target.figures)
    eliminated = removed >= target.figures
    explain = [f"rolled {', '.join(rolled)}",
               f"{hits} hit{'s' if hits != 1 else ''}: {removed} figure{'s' if removed != 1 else ''} removed"]
    medals = {Side.ALLIES: 0, Side.AXIS: 0}
    retreat: tuple[RetreatOption, ...] = ()
    if eliminated:
        # what the unit's rules make it worth, as in any battle (troop card 10: a sniper
        # gives no medal; a supply truck none; Wittmann's tank 2)
        worth = target.spec.medal_worth
        medals[side] = worth
        explain.append(f"{target_id} is eliminated: {worth} medal{'s' if worth != 1 else ''} "
                       f"to {side.value}")
    elif flags:
        retreat = tuple(retreat_options(position, target_id, flags, mods.retreat_hexes,
                                        target.figures - removed))
        explain.append(f"{flags} flag{'s' if flags != 1 else ''} (may not be ignored): "
                       f"{len(retreat)} retreat option{'s' if len(retreat) != 1 else ''}")
    vacated = eliminated or any(o.hex != target.hex or o.eliminated for o in retreat)
    return BattleResult(check, hits, removed, eliminated, flags, 0, retreat, medals,
                        False, False, tuple(explain), vacated)


DIG_IN_OBSTACLE = "sandbags"  # Dig-In card text: an available sandbag goes on the unit's hex
# Hexes where Dig-In places no sandbag: ocean (BGA's Memoir '44 terrain data marks ocean as
# blocking sandbags) and any hex that already holds an obstacle (one obstacle per hex).
DIG_IN_BLOCKED_TERRAIN: frozenset[str] = frozenset({"ocean"})


def dig_in_hexes(position: Position, unit_ids: Sequence[str]) -> list[Hex]:
    """Hexes that gain a sandbag when these units dig in (not where an obstacle already stands,
    nor on ocean)."""
    out: list[Hex] = []
    for uid in unit_ids:
        unit = position.units[uid]
        names = position.terrain_names(unit.hex)
        specs = position.terrain_at(unit.hex)
        if any(t.obstacle for t in specs) or DIG_IN_BLOCKED_TERRAIN & set(names):
            continue
        out.append(unit.hex)
    return out


def battle_after_entering(position: Position, unit_id: str, h: Hex,
                          hexes_moved: int | None = None) -> str | None:
    """Why a unit that moved onto ``h`` this turn may not battle there (the terrain cards'
    "Battle" line: forest, town, hedgerow...), or None. Behind Enemy Lines keeps these
    restrictions while it ignores the movement ones. ``hexes_moved`` (the length of the move,
    when known): a jungle entered by a 1-hex move still lets the unit battle (card 57)."""
    unit = position.units[unit_id]
    cls = unit.spec.unit_class
    for t in position.terrain_at(h):
        if t.battle_if_entered_from_adjacent and hexes_moved == 1:
            continue
        if t.stops_battle_on_entry(cls) and not unit.spec.battles_after_terrain_stop:
            return f"moved onto {t.name} this turn: it may not battle"
        if t.no_battle_from:
            return f"a unit on {t.name} may not battle"
    return None
