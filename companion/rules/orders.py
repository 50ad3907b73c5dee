"""Orders: which units a command card lets a side order, and what happens to the extra orders.

Base rules p.4-5 (Order Units): only ordered units move, battle or act; a unit on a dotted-line
hex may be ordered from either section; one order per unit; orders a card gives in a section
beyond the units there are lost. Card-by-card limits come from ``cards.py`` data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.rules.board import Section, Side, distance
from companion.rules.cards import CardError, CardSpec, card, counter_attack
from companion.rules.position import Position, Unit
from companion.rules.records import dataclass, field
from companion.rules.units import UnitClass
from companion.rules.variants import extra_section_orders

# Their Finest Hour (card text): which die face orders which units. Faces not listed order nothing.
ROLL_ORDERS: dict[str, frozenset[UnitClass] | None] = {
    "infantry": frozenset({UnitClass.INFANTRY}),
    "armor": frozenset({UnitClass.ARMOR}),
    "star": None,  # a unit of your choice
}
# Medics & Mechanics (card text): faces that return a figure, by unit class; stars always do.
RECOVERY_FACES: dict[UnitClass, frozenset[str]] = {
    UnitClass.INFANTRY: frozenset({"infantry", "star"}),
    UnitClass.ARMOR: frozenset({"armor", "star"}),
    UnitClass.ARTILLERY: frozenset({"star"}),
    UnitClass.AIR: frozenset({"star"}),
}
DIE_FACES: frozenset[str] = frozenset({"infantry", "armor", "grenade", "star", "flag"})


class OrdersError(ValueError):
    """An orders question that cannot be answered; ``field`` names the bad input."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True, slots=True)
class Slot:
    """One order a card gives: where it may be used and on what."""

    label: str  # "left", "any unit", "infantry (die)", ...
    accepts: Callable[[Unit], bool]


@dataclass(frozen=True, slots=True)
class MedicsResult:
    unit_id: str
    figures_returned: int
    figures_after: int
    ordered: bool


@dataclass(frozen=True)
class OrderCheck:
    """The answer to "may these units be ordered with this card?"."""

    card: CardSpec  # the card actually in force (a Counter-Attack's mirrored copy)
    side: Side
    orderable: tuple[str, ...]  # every unit this card could order for this side now
    valid: tuple[str, ...]  # requested units that are ordered, in request order
    rejected: tuple[tuple[str, str], ...]  # (unit id, reason) for refused requests
    orders_available: int  # orders the card gives (all eligible units for "order all" cards)
    orders_lost: int  # orders that cannot be used for want of units
    orders_unused: int  # usable orders the request left unused
    fallback: bool = False  # "no unit of that type: order 1 unit of your choice" applies
    section: Section | None = None  # the section chosen for a one-section card
    explain: tuple[str, ...] = ()
    medics: MedicsResult | None = None
    dice_ignored: int = 0  # Their Finest Hour faces that order nothing (grenades, flags)
    sections_by_unit: dict[str, str] = field(default_factory=dict)  # section an order came from

    @property
    def all_valid(self) -> bool:
        return not self.rejected


def _adjacent_enemy(position: Position, unit: Unit) -> bool:
    """Next to an enemy unit that pins it (an airborne airplane flies over and does not)."""
    for n in position.board.neighbours(unit.hex):
        other = position.unit_at(n)
        if other is not None and other.side is not unit.side and not (
                other.spec.air and other.airborne):
            return True
    return False


class _Matching:
    """Units matched to a card's orders (slots), grown one unit at a time (Kuhn's augmenting
    paths). A unit that cannot be added leaves the matching unchanged."""

    def __init__(self, slots: Sequence[Slot]) -> None:
        self.slots = slots
        self.owner: dict[int, Unit] = {}
        self._fits: dict[str, list[int]] = {}

    def _fit(self, unit: Unit) -> list[int]:
        fit = self._fits.get(unit.id)
        if fit is None:
            fit = [i for i, slot in enumerate(self.slots) if slot.accepts(unit)]
            self._fits[unit.id] = fit
        return fit

    def _augment(self, unit: Unit, seen: set[int]) -> bool:
        for i in self._fit(unit):
            if i in seen:
                continue
            seen.add(i)
            holder = self.owner.get(i)
            if holder is None or self._augment(holder, seen):
                self.owner[i] = unit
                return True
        return False

    def add(self, unit: Unit) -> bool:
        return self._augment(unit, set())

    def slot_of(self) -> dict[str, int]:
        return {u.id: i for i, u in self.owner.items()}


def _resolve_card(card_name: str | CardSpec, counters: str | CardSpec | None) -> CardSpec:
    try:
        spec = card_name if isinstance(card_name, CardSpec) else card(card_name)
    except CardError as exc:
        raise OrdersError("card", str(exc)) from None
    if spec.copies_last_card:
        if counters is None:
            raise OrdersError("counters", "counter_attack copies the opponent's last card: name it "
                                          "in \"counters\" (e.g. \"attack_right\")")
        try:
            return counter_attack(counters)
        except CardError as exc:
            raise OrdersError("counters", str(exc)) from None
    if counters is not None:
        raise OrdersError("counters", f"only counter_attack counters a card, not {spec.id}")
    return spec


def check_orders(
    position: Position,
    card_name: str | CardSpec,
    side: Side,
    unit_ids: Sequence[str],
    *,
    section: Section | str | None = None,
    roll: Sequence[str] | None = None,
    hand_size: int | None = None,
    counters: str | CardSpec | None = None,
    air_deploy: Section | str | None = None,
) -> OrderCheck:
    """Which of ``unit_ids`` ``side`` may order with the card, which it may order at all, and how
    many of the card's orders are lost.

    ``section``: the section named for Infantry Assault. ``roll``: the faces rolled for Their
    Finest Hour or Medics & Mechanics (1 die per card held, this one included: ``hand_size``
    checks the count when given). ``counters``: the card a Counter-Attack copies.
    ``air_deploy``: the section where one of a section card's orders brings an air unit onto the
    board (Air Pack: an Air Sortie played with a section card; New Flight Plan: deploying with
    an Air Combat card); that order is spent and no longer orders a unit on the board.
    Raises :class:`OrdersError` for unknown unit ids, a missing or wrong section or roll.
    """
    spec = _resolve_card(card_name, counters)
    board = position.board
    explain: list[str] = []
    if spec.id != (card_name.id if isinstance(card_name, CardSpec) else card(card_name).id):
        explain.append(f"Counter-Attack plays {spec.name}")
    for i, uid in enumerate(unit_ids):
        if not isinstance(uid, str) or uid not in position.units:
            known = ", ".join(sorted(position.units)) or "none"
            raise OrdersError(f"units.{i}", f"no unit has the id {uid!r}; unit ids: {known}")
    faces = _check_roll(spec, roll, hand_size)

    chosen: Section | None = None
    if spec.one_section:
        if section is None:
            raise OrdersError("section", f"{spec.name} orders units in one section: name it "
                                         "(left, center or right)")
        try:
            chosen = Section(section)
        except ValueError:
            raise OrdersError("section", f"{section!r} is not a section; allowed: left, center, "
                                         "right") from None
    elif section is not None:
        raise OrdersError("section", f"{spec.name} does not take a section")

    own = [u for u in position.units.values() if u.side is side]

    section_cache: dict[str, frozenset[Section]] = {}

    def sections_of(u: Unit) -> frozenset[Section]:
        found = section_cache.get(u.id)
        if found is None:
            found = section_cache[u.id] = board.sections(u.hex, side)
        return found

    fallback = bool(spec.unit_classes) and spec.fallback_units > 0 and not any(
        u.spec.unit_class in spec.unit_classes and not u.spec.order_barred
        and not u.spec.train_car for u in own)

    def why_not(u: Unit) -> str | None:
        """The card's reason for refusing unit ``u`` whatever the other orders are."""
        if not spec.orders_units:
            return f"{spec.name} orders no units"
        if u.spec.order_barred:
            return f"{u.id} is {u.spec.order_barred}: no card orders it yet"
        if u.spec.train_car == "wagon":
            return f"{u.id} is a wagon: ordering its locomotive orders the train"
        if u.spec.train_car and spec.restores_figures:
            return f"{u.id} is a train: it gets no figures back (bga-memoir cannotHeal)"
        if fallback:
            return None
        if spec.unit_classes and u.spec.train_car and not fallback:
            return f"{spec.name} orders units of a kind; {u.id} is a train ({u.type})"
        if spec.unit_classes and u.spec.unit_class not in spec.unit_classes:
            kinds = " or ".join(sorted(c.value for c in spec.unit_classes))
            return f"{spec.name} orders {kinds} units only; {u.id} is {u.type}"
        if chosen is not None and chosen not in sections_of(u):
            return f"{u.id} is not in the {chosen} section chosen for {spec.name}"
        if spec.sections and not (sections_of(u) & set(spec.sections)):
            where = ", ".join(sorted(s.value for s in sections_of(u)))
            return f"{u.id} is in the {where} section, where {spec.name} gives no orders"
        if spec.adjacent_to_enemy is True and not _adjacent_enemy(position, u):
            return f"{spec.name} orders only units adjacent to an enemy; {u.id} is not"
        if spec.adjacent_to_enemy is False and _adjacent_enemy(position, u):
            return f"{spec.name} orders only units not adjacent to an enemy; {u.id} is adjacent"
        if spec.needs_casualties and u.figures >= u.spec.figures:
            return f"{spec.name} needs a unit that has lost figures; {u.id} is at full strength"
        return None

    eligible = [u for u in own if why_not(u) is None]
    slots = _slots(spec, eligible, faces, fallback, sections_of)
    extra = extra_section_orders(own, side) if spec.orders_units and not fallback \
        and not spec.orders_from_roll else 0
    counted = [sec for sec, quota in spec.sections.items() if quota is not None]
    if extra and (counted or (not spec.sections and spec.max_units is not None)):
        # Gung Ho!: a card that orders a set number of units orders one more (in a section
        # the card orders); cards that order every unit of a kind or roll for orders do not
        accepts = (_in_any_section(frozenset(counted), sections_of) if counted
                   else (lambda u: True))
        slots += [Slot("gung ho", accepts) for _ in range(extra)]
        explain.append(f"{spec.name} orders {extra} more unit{'s' if extra != 1 else ''} "
                       "(Gung Ho!)")
    if air_deploy is not None:
        slots = _spend_on_air_deploy(spec, slots, air_deploy)
        explain.append(f"1 order of {spec.name} brings an air unit onto the {air_deploy} section")
    if fallback:
        explain.append(f"no {'/'.join(sorted(c.value for c in spec.unit_classes))} units: "
                       f"{spec.name} orders {spec.fallback_units} unit of your choice")
    best = _Matching(slots)
    lost = len(slots) - sum(1 for u in eligible if best.add(u))
    available = len(slots)

    valid: list[str] = []
    rejected: list[tuple[str, str]] = []
    chosen_units = _Matching(slots)
    seen: set[str] = set()
    for uid in unit_ids:
        u = position.units[uid]
        if uid in seen:
            rejected.append((uid, f"{uid} is already ordered: one order per unit"))
            continue
        seen.add(uid)
        if u.side is not side:
            rejected.append((uid, f"{uid} belongs to the {u.side}, not the {side}"))
            continue
        reason = why_not(u)
        if reason is not None:
            rejected.append((uid, reason))
            continue
        if not chosen_units.add(u):
            rejected.append((uid, _no_order_left(spec, u, sections_of(u), fallback)))
            continue
        valid.append(uid)

    sections_by_unit = ({uid: slots[i].label for uid, i in chosen_units.slot_of().items()}
                        if spec.sections else {})
    unused = max(0, available - lost - len(valid))
    if lost:
        explain.append(f"{lost} order{'s' if lost != 1 else ''} lost: not enough units "
                       f"{'for the dice rolled' if spec.orders_from_roll else 'where the card gives them'}")
    medics = None
    if spec.restores_figures and faces is not None and valid:
        medics = recover_figures(position, valid[0], faces)
        explain.append(f"{medics.unit_id}: {medics.figures_returned} figure(s) back; "
                       + ("ordered" if medics.ordered else "not ordered (no figure returned)"))
    ignored = 0
    if spec.orders_from_roll and faces is not None:
        ignored = sum(1 for f in faces if f not in ROLL_ORDERS)
    return OrderCheck(
        card=spec, side=side, orderable=tuple(u.id for u in eligible if _could_fill(u, slots)),
        valid=tuple(valid), rejected=tuple(rejected), orders_available=available,
        orders_lost=lost, orders_unused=unused, fallback=fallback, section=chosen,
        explain=tuple(explain), medics=medics, dice_ignored=ignored,
        sections_by_unit=sections_by_unit,
    )


def _could_fill(u: Unit, slots: Sequence[Slot]) -> bool:
    return any(s.accepts(u) for s in slots)


def _check_roll(spec: CardSpec, roll: Sequence[str] | None, hand_size: int | None
                ) -> list[str] | None:
    rolls = spec.orders_from_roll or spec.restores_figures
    if roll is None:
        if spec.orders_from_roll:
            raise OrdersError("dice", f"{spec.name} orders units by a roll: give the faces rolled "
                                      "(1 die per command card held, this one included)")
        return None
    if not rolls:
        raise OrdersError("dice", f"{spec.name} does not roll dice to order units")
    faces = list(roll)
    for i, f in enumerate(faces):
        if f not in DIE_FACES:
            raise OrdersError(f"dice.{i}", f"{f!r} is not a die face; faces: "
                                           "infantry, armor, grenade, star, flag")
    if hand_size is not None and len(faces) != hand_size:
        raise OrdersError("dice", f"{spec.name} rolls 1 die per command card held ({hand_size}), "
                                  f"got {len(faces)}")
    if not faces:
        raise OrdersError("dice", f"{spec.name} rolls at least 1 die (the card itself counts)")
    return faces


def _slots(spec: CardSpec, eligible: Sequence[Unit], faces: list[str] | None, fallback: bool,
           sections_of: Callable[[Unit], frozenset[Section]]) -> list[Slot]:
    """One Slot per order the card gives; "order all" cards give one per eligible unit."""
    if not spec.orders_units:
        return []
    if fallback:
        return [Slot("any unit", lambda u: True) for _ in range(spec.fallback_units)]
    if spec.orders_from_roll and faces is not None:
        out: list[Slot] = []
        for f in faces:
            classes = ROLL_ORDERS.get(f, frozenset())
            if classes is None:
                out.append(Slot("any unit (star)", lambda u: True))
            elif classes:
                out.append(Slot(f"{f} unit ({f})", _class_in(classes)))
        return out
    if spec.sections:
        out = []
        for sec, quota in spec.sections.items():
            n = quota if quota is not None else sum(1 for u in eligible if sec in sections_of(u))
            out += [Slot(sec.value, _in_section(sec, sections_of)) for _ in range(n)]
        return out
    n = spec.max_units if spec.max_units is not None else len(eligible)
    return [Slot("any unit", lambda u: True) for _ in range(n)]


def _spend_on_air_deploy(spec: CardSpec, slots: list[Slot], where: Section | str) -> list[Slot]:
    """The card's orders less the one spent deploying an air unit in section ``where``."""
    try:
        sec = Section(where)
    except ValueError:
        raise OrdersError("air_deploy", f"{where!r} is not a section; allowed: left, center, "
                                        "right") from None
    if not spec.sections:
        # New Flight Plan: "You may not deploy an air unit with a Tactic card."
        raise OrdersError("air_deploy", f"an air unit is deployed with a section card, not {spec.name}")
    if sec not in spec.sections:
        raise OrdersError("air_deploy", f"{spec.name} gives no order in the {sec} section")
    if spec.sections[sec] is None:
        # "every unit in the section" (an Assault card): the air unit coming in there is one
        # of them, whatever else stands there (none, when the section is empty)
        return slots
    for i, slot in enumerate(slots):
        if slot.label == sec.value:
            return slots[:i] + slots[i + 1:]
    raise OrdersError("air_deploy", f"{spec.name} has no order left in the {sec} section")


def _class_in(classes: frozenset[UnitClass]) -> Callable[[Unit], bool]:
    # a train is of no class a die symbol orders (bga-memoir: a troop type of its own)
    return lambda u: u.spec.unit_class in classes and not u.spec.train_car


def _in_any_section(secs: frozenset[Section],
                    sections_of: Callable[[Unit], frozenset[Section]]) -> Callable[[Unit], bool]:
    return lambda u: bool(sections_of(u) & secs)


def _in_section(sec: Section, sections_of: Callable[[Unit], frozenset[Section]]
                ) -> Callable[[Unit], bool]:
    return lambda u: sec in sections_of(u)


def _no_order_left(spec: CardSpec, u: Unit, where: frozenset[Section], fallback: bool) -> str:
    if fallback or not spec.sections:
        return f"no order of {spec.name} is left for {u.id}"
    names = " or ".join(sorted(s.value for s in where if s in spec.sections))
    return f"no order of {spec.name} is left in the {names} section for {u.id}"


def recover_figures(position: Position, unit_id: str, faces: Sequence[str]) -> MedicsResult:
    """Medics & Mechanics: figures the rolled ``faces`` return to the unit (never above its
    starting strength) and whether it is then ordered (at least one figure returned)."""
    unit = position.units[unit_id]
    good = RECOVERY_FACES.get(unit.spec.unit_class, frozenset({"star"}))
    wanted = sum(1 for f in faces if f in good)
    back = min(wanted, unit.spec.figures - unit.figures)
    return MedicsResult(unit_id, back, unit.figures + back, back > 0)


def air_power_group_ok(position: Position, side: Side, target_ids: Sequence[str]) -> str | None:
    """Why these Air Power targets are not a valid group (up to 4 adjacent enemy units), or None."""
    if not target_ids:
        return "name at least 1 enemy unit"
    if len(target_ids) > 4:
        return f"Air Power targets at most 4 units, got {len(target_ids)}"
    if len(set(target_ids)) != len(target_ids):
        return "a unit is named twice"
    units = []
    for uid in target_ids:
        u = position.units.get(uid)
        if u is None:
            return f"no unit has the id {uid!r}"
        if u.side is side:
            return f"{uid} is a friendly unit"
        units.append(u)
    # connected through adjacency
    reached = {units[0].id}
    frontier = [units[0]]
    while frontier:
        cur = frontier.pop()
        for other in units:
            if other.id not in reached and distance(cur.hex, other.hex) == 1:
                reached.add(other.id)
                frontier.append(other)
    if len(reached) != len(units):
        return "the targets must form one group of units adjacent to each other"
    return None
