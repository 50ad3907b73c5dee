"""What terrain does to a unit that enters it or stands on it, beyond movement and battle.

Rolled on entering (dice arrive as data, as in a battle): a frozen river rolls 2 dice and
each star costs a figure, on a move or a retreat (card 47); a minefield rolls the number
printed on its mine, hits as in a battle, on a move or a taking of ground but never on a
retreat, and never for the side that laid it (Terrain Pack p.7, card 29); a mine of 0 is a
decoy and is removed. Cleared by a unit: barbed wire, which an infantry unit on it may
remove instead of battling (base rules p.16; armor entering flattens it, which
``Position.move_unit`` does). Numbers live in ``terrain.TERRAIN``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from companion.rules.battle import CLASS_SYMBOL, GRENADE, STAR, validate_faces
from companion.rules.board import Hex, Side
from companion.rules.position import Position, Unit
from companion.rules.records import dataclass


class EntryError(ValueError):
    """A question about an entry that cannot be answered (unknown unit, wrong dice...)."""


class Entry(StrEnum):
    """How a unit came onto a hex."""

    MOVE = "move"
    TAKE_GROUND = "take_ground"
    RETREAT = "retreat"


@dataclass(frozen=True, slots=True)
class EntryRoll:
    """Dice a unit must roll for the terrain it has entered."""

    terrain: str
    dice: int | None  # None: the mine is face down; turn it over to learn its number
    hit_faces: frozenset[str]
    explain: str
    decoy: bool = False  # a mine of 0: no dice, the mine is removed
    sweep: bool = False  # combat engineers: no dice; they clear it instead of battling


@dataclass(frozen=True, slots=True)
class EntryResult:
    hits: int
    figures_removed: int
    eliminated: bool
    medal_to: Side | None
    removed: tuple[str, ...]  # pieces taken off the hex (a revealed decoy)
    explain: tuple[str, ...]
    # a Tiger's (or armored car's) hits are rolled again: the dice due, nothing removed yet
    confirm_dice: int = 0
    confirmed: bool | None = None  # with the re-roll: a grenade confirmed the kill


def _unit(position: Position, unit_id: str) -> Unit:
    unit = position.units.get(unit_id)
    if unit is None:
        raise EntryError(f"no unit has the id {unit_id!r}")
    return unit


def entry_rolls(position: Position, unit_id: str, how: Entry | str = Entry.MOVE, *,
                ignore_terrain_movement: bool = False,
                battle_reach: int | None = None) -> list[EntryRoll]:
    """The rolls the unit owes for the terrain of the hex it stands on, having just entered
    it ``how``. ``ignore_terrain_movement`` (Behind Enemy Lines) spares it every roll but a
    retreat's (bga-memoir FrozenRiver/Minefield::onUnitEntering). ``battle_reach``: the most
    hexes it may have moved and still battle under the card in play (None: its own); a combat
    engineer clears a minefield instead of battling only within it, else it rolls."""
    unit = _unit(position, unit_id)
    return _rolls_at(position, unit, unit.hex, Entry(how), ignore_terrain_movement, battle_reach)


def passing_rolls(position: Position, unit_id: str, way: Sequence[Hex],
                  how: Entry | str = Entry.MOVE) -> list[tuple[Hex, EntryRoll]]:
    """The rolls a unit owes for the hexes it moved through (``way``: the hexes entered, the
    last one where it stopped, which :func:`entry_rolls` answers): a frozen river is rolled
    for "moving or retreating onto" it (card 47), also when the move or retreat (``how``)
    goes on beyond it. A minefield stops a move and is not rolled on a retreat."""
    unit = _unit(position, unit_id)
    out: list[tuple[Hex, EntryRoll]] = []
    for h in way[:-1]:
        out += [(h, r) for r in _rolls_at(position, unit, h, Entry(how), False)
                if r.dice is not None and not r.sweep and not r.decoy
                and not _from_value(position, h, r.terrain)]
    return out


def roll_at(position: Position, unit_id: str, h: Hex, terrain: str,
            how: Entry | str = Entry.MOVE) -> EntryRoll | None:
    """The roll of ``terrain`` on ``h`` for a unit that moved (or retreated, ``how``) through it
    (None: none due)."""
    unit = _unit(position, unit_id)
    return next((r for r in _rolls_at(position, unit, h, Entry(how), False)
                 if r.terrain == terrain), None)


def _from_value(position: Position, h: Hex, name: str) -> bool:
    return any(t.name == name and t.entry_roll_from_value for t in position.terrain_at(h))


def _rolls_at(position: Position, unit: Unit, h: Hex, how: Entry,
              ignore_terrain_movement: bool, battle_reach: int | None = None) -> list[EntryRoll]:
    if unit.spec.air:
        return []
    specs = position.terrain_at(h)
    crossing = any(t.bridge for t in specs)
    out: list[EntryRoll] = []
    for t in specs:
        if not (t.entry_roll_dice or t.entry_roll_from_value):
            continue
        if how is Entry.RETREAT and not t.entry_roll_on_retreat:
            continue
        if ignore_terrain_movement and how is not Entry.RETREAT:
            continue
        if t.entry_roll_spares_owner and position.terrain_owner(h, t.name) is unit.side:
            continue
        if t.entry_roll_dice and crossing:
            continue  # a frozen river crossed by a bridge
        faces = _hit_faces(t.entry_roll_hits, unit)
        reach = unit.spec.move_and_battle if battle_reach is None else battle_reach
        # Combat Engineers "must clear the mines, instead of battling": only a move after which
        # it could still battle (bga-memoir Minefield::onUnitEntering: moves <= its
        # movement-and-attack radius, 2 under Infantry Assault); further, it rolls as any unit
        if t.entry_roll_from_value and unit.spec.sweeps_mines and how is Entry.MOVE \
                and unit.moved <= reach:
            out.append(EntryRoll(t.name, 0, faces, f"{t.name}: {unit.type} clear it instead of "
                                                   "battling", sweep=True))
            continue
        if t.entry_roll_from_value:
            value = position.terrain_values.get((h, t.name))
            if value is None:
                out.append(EntryRoll(t.name, None, faces,
                                     f"{t.name}: turn the mine over; roll its number of dice"))
            elif value == 0:
                out.append(EntryRoll(t.name, 0, faces, f"{t.name}: a decoy (0): removed",
                                     decoy=True))
            else:
                out.append(EntryRoll(t.name, value, faces,
                                     f"{t.name}: roll {value} {'die' if value == 1 else 'dice'}"
                                     f", hits as in a battle"))
        else:
            out.append(EntryRoll(t.name, t.entry_roll_dice, faces,
                                 f"{t.name}: roll {t.entry_roll_dice} dice, a figure lost per "
                                 "star"))
    return out


def _hit_faces(kind: str, unit: Unit) -> frozenset[str]:
    if kind == "stars":
        return frozenset({STAR})
    faces = {GRENADE}
    symbol = CLASS_SYMBOL.get(unit.spec.target_class)
    if symbol is not None:
        faces.add(symbol)
    return frozenset(faces)


def resolve_entry_roll(position: Position, unit_id: str, roll: EntryRoll,
                       faces: Sequence[str], confirm_faces: Sequence[str] | None = None
                       ) -> EntryResult:
    """What the rolled ``faces`` of ``roll`` do to the unit (flags do nothing here). A unit
    eliminated this way is a medal for the other side, as in a battle. A unit whose hits are
    confirmed (a Tiger: troop card 16; bga-memoir Minefield::onUnitEntering "case tiger on
    mine - double roll check") re-rolls a mine's hits: without ``confirm_faces`` the result
    asks for them (``confirm_dice``), with them a grenade confirms the kill."""
    unit = _unit(position, unit_id)
    rolled = validate_faces(list(faces))
    if roll.decoy or roll.sweep:
        if rolled:
            raise EntryError(f"{'a decoy mine' if roll.decoy else 'a swept minefield'} rolls "
                             "no dice")
        return EntryResult(0, 0, False, None, (roll.terrain,), (roll.explain,))
    if roll.dice is None:
        raise EntryError("the mine's number is not known: give the minefield's value")
    if len(rolled) != roll.dice:
        raise EntryError(f"{len(rolled)} dice given where {roll.dice} are due")
    hits = sum(1 for f in rolled if f in roll.hit_faces)
    if unit.spec.confirm_hits and hits and _from_value(position, unit.hex, roll.terrain):
        return _confirmed_entry(unit, rolled, hits, confirm_faces)
    if confirm_faces:
        raise EntryError("no confirmation is due for this roll; give no re-roll")
    removed = min(hits, unit.figures)
    eliminated = removed >= unit.figures
    explain = [f"rolled {', '.join(rolled)}" if rolled else "no dice rolled",
               f"{hits} hit{'s' if hits != 1 else ''}: {removed} figure"
               f"{'s' if removed != 1 else ''} removed"]
    medal = unit.side.other if eliminated else None
    if medal is not None:
        explain.append(f"{unit.id} is eliminated: 1 medal to {medal.value}")
    return EntryResult(hits, removed, eliminated, medal, (), tuple(explain))


def _confirmed_entry(unit: Unit, rolled: list[str], hits: int,
                     confirm_faces: Sequence[str] | None) -> EntryResult:
    head = f"rolled {', '.join(rolled)}"
    if confirm_faces is None:
        return EntryResult(hits, 0, False, None, (), (
            head, f"{hits} hit{'s' if hits != 1 else ''} on {unit.id}: re-roll "
            f"{'it' if hits == 1 else 'them'}, a grenade confirms the kill"), confirm_dice=hits)
    again = validate_faces(list(confirm_faces))
    if len(again) != hits:
        raise EntryError(f"{len(again)} re-rolled dice given where {hits} "
                         f"{'is' if hits == 1 else 'are'} due")
    confirmed = GRENADE in again
    explain = [head, f"re-rolled {', '.join(again)}"]
    if confirmed:
        explain.append(f"a grenade: {unit.id} is eliminated: 1 medal to {unit.side.other.value}")
        return EntryResult(hits, unit.figures, True, unit.side.other, (), tuple(explain),
                           confirmed=True)
    explain.append(f"no grenade: {unit.id} is unharmed")
    return EntryResult(hits, 0, False, None, (), tuple(explain), confirmed=False)


def may_clear(position: Position, unit_id: str) -> tuple[str, ...]:
    """The pieces on the unit's hex it may remove instead of battling (wire, for infantry;
    a minefield, for combat engineers)."""
    unit = _unit(position, unit_id)
    cls = unit.spec.unit_class
    return tuple(t.name for t in position.terrain_at(unit.hex)
                 if cls in t.clear_instead_of_battle_by
                 or (unit.spec.sweeps_mines and t.entry_roll_from_value))


def clear(position: Position, unit_id: str, name: str) -> None:
    """Remove ``name`` from the unit's hex in place of its battle (see :func:`may_clear`)."""
    if name not in may_clear(position, unit_id):
        raise EntryError(f"{unit_id} may not remove {name!r} from its hex")
    position.remove_terrain(position.units[unit_id].hex, name)


__all__ = ["Entry", "EntryError", "EntryResult", "EntryRoll", "clear", "entry_rolls",
           "may_clear", "passing_rolls", "resolve_entry_roll", "roll_at"]
