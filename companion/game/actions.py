"""The actions a player may send, each with its fields: parsed once, where they enter the game.

Every front end (the terminal, the app, another tablet over sync) sends an action as a small
JSON-like object (``{"do": "battle", "attacker": "a1", "target": "x3"}``). :func:`parse_action`
checks it against :data:`ACTIONS` before anything else looks at it: the action is known, its
required fields are there, each field has its type, and no field is unknown. A refusal names
the field and what is allowed. The result, an :class:`Action`, is a typed, read-only value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from companion.game.errors import IllegalAction
from companion.rules.records import dataclass

_FACES = ("infantry", "armor", "grenade", "star", "flag")
_SECTIONS = ("left", "center", "right")


@dataclass(frozen=True, slots=True)
class Field:
    """One field of an action: its name, what it holds, whether it must be given."""

    name: str
    kind: str  # text, flag, whole, faces, texts, numbers, object, markers, section
    required: bool = False
    means: str = ""

    def check(self, do: str, value: Any) -> Any:
        """``value`` as this field holds it, or IllegalAction naming the field."""
        if not _HOLDS[self.kind](value):
            raise IllegalAction(f"{do}.{self.name}: {self.means or _KIND_WORDS[self.kind]} "
                                f"(got {_shown(value)})")
        return value


def _is_whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_face(v: Any) -> bool:  # as read: a die may be unread (null); the session says which
    return v is None or (isinstance(v, str | int) and not isinstance(v, bool))


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


# field kind -> whether a value is of that kind
_HOLDS: Mapping[str, Callable[[Any], bool]] = MappingProxyType({
    "text": lambda v: isinstance(v, str),
    "section": lambda v: isinstance(v, str) and v in _SECTIONS,
    "flag": lambda v: isinstance(v, bool),
    "whole": _is_whole,
    "texts": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "faces": lambda v: isinstance(v, list) and all(_is_face(x) for x in v),
    "numbers": lambda v: isinstance(v, list) and all(_is_number(x) for x in v),
    "object": lambda v: isinstance(v, dict),
    "markers": lambda v: isinstance(v, list | dict),
})


_KIND_WORDS = {
    "text": "a text", "section": "left, center or right", "flag": "true or false",
    "whole": "a whole number", "texts": "a list of texts", "numbers": "a list of numbers",
    "faces": f"a list of faces ({', '.join(_FACES)}; null for a die that could not be read)",
    "object": "an object", "markers": "a list of ammo markers",
}


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _f(name: str, kind: str, required: bool = False, means: str = "") -> Field:
    return Field(name, kind, required, means)


_UNIT = _f("unit", "text", True, "the unit's id")
_AIR_UNIT = _f("unit", "text", True, "the air unit's id")

# action -> its fields. Air actions exist only in a game whose rules have them (the legal
# actions say when each is offered).
ACTIONS: Mapping[str, tuple[Field, ...]] = MappingProxyType({
    "play_card": (_f("card", "text", True, "a command card's name, e.g. attack_center"),
                  _f("air_card", "text", means="an Air Combat card's title (New Flight Plan)"),
                  _f("air_sortie", "flag"),
                  _f("as_card", "text", means="the card it is played as (Blitz: a Recon 1 card "
                     "as air_power)")),
    "order": (_f("units", "texts", True, "a list of the ordered units' ids"),
              _f("section", "section"), _f("roll", "faces"),
              _f("sortie_hex", "text", means="the edge hex where the Air Sortie enters"),
              _f("deploy", "object", means="the air unit to deploy and its hex: {unit, hex}"),
              _f("arrive", "texts", means="the hexes where units the scenario lets the card "
                 "order onto the board come in, one order each (Armor Breakthrough: baseline "
                 "hexes; a paradrop: the starred hex aimed at, '=HEX' or '=off' where the "
                 "figure landed)")),
    "move": (_UNIT, _f("to", "text", True, "the hex the unit ends its move on, e.g. F4"),
             _f("path", "texts", means="the hexes an air unit flies over, in order"),
             _f("markers", "markers")),
    "exit": (_UNIT,),
    "end_moves": (),
    "battle": (_f("attacker", "text", True, "the battling unit's id"),
               _f("target", "text", True, "the target unit's id")),
    "card_attack": (_f("targets", "texts", means="the enemy units the card attacks"),),
    "ambush": (_f("unit", "text", means="your unit an air unit marked (New Flight Plan)"),),
    "dice": (_f("faces", "faces", True), _f("source", "text"), _f("confidence", "numbers"),
             _f("rid", "text", means="the request id the dice answer"),
             _f("review", "flag", means="true: stop for the players to review the dice")),
    "correct": (_f("index", "whole", True, "the die's number, from 0"),
                _f("face", "text", True, f"a face: {', '.join(_FACES)}")),
    "apply_dice": (_f("hits", "whole", means="the hits the players set (an override)"),
                   _f("flags", "whole", means="the flags that count, as the players set them"),
                   _f("reason", "text", means="why the players override the dice (kept in the log)")),
    "retreat": (_f("hex", "text", True, "the hex the unit retreats to"),),
    "take_ground": (_f("advance", "flag"),),
    "battle_back": (_f("decline", "flag", means="true: the British unit does not battle back"),),
    "end_turn": (_f("keep", "text", means="the card kept of two drawn (Air Pack recon)"),),
    "undo": (),
    "strafe": (_AIR_UNIT, _f("hexes", "texts", means="the hexes strafed, in a line")),
    "kamikaze": (_AIR_UNIT, _f("target", "text", True, "the target unit's id")),
    "attack_run": (_f("unit", "text", means="the air unit whose run is resolved"),),
    "ground_support": (_AIR_UNIT,),
    "interdiction": (_AIR_UNIT,),
    "rescue": (_AIR_UNIT, _f("target", "text", means="the infantry rescued")),
    "recon": (_AIR_UNIT,),
    "withdraw": (_AIR_UNIT,),
    "bomb": (_AIR_UNIT,),
    # the scenario's own rules (companion.game.ruleflows)
    "commissar_card": (_f("card", "text", True, "the command card placed under the Political "
                          "Commissar chip, e.g. attack_center"),),
    "desert_move": (_UNIT, _f("to", "text", True, "the hex the armor moves on to")),
    "heal": (_f("unit", "text", True, "the wounded unit on a hospital or oasis"),),
    "seal_cave": (_f("unit", "text", True, "the infantry on the cave"),),
    "clear_obstacle": (_f("unit", "text", True, "the ordered unit on the wire (an engineer: or "
                          "the minefield)"),
                       _f("piece", "text", means="what it removes (barbed_wire, minefield); "
                          "the first it may when left out")),
    "blow_bridge": (_f("hex", "text", True, "the bridge to blow up, e.g. c16"),),
    "resupply": (_f("unit", "text", True, "the ordered supply truck"),
                 _f("target", "text", True, "the weakened friendly unit next to it"),
                 _f("figures", "whole", True, "the figures the truck gives (one returned to the "
                    "unit for each)")),
    "unload": (_f("unit", "text", True, "the supply train's locomotive, at a station"),
               _f("hexes", "text", True, "an empty hex next to the train for each unit it "
                  "carries, e.g. 'E4 F4'")),
    "mine_number": (_f("number", "whole", True, "the number on the mine turned over (0-4; 0 is "
                       "a decoy)"),),
    "airdrop": (_f("hexes", "text", True, "where each dropped figure landed, e.g. 'G5 H4 off' "
                   "(off: off the board)"),),
    "smoke": (_f("hexes", "text", True, "the 3 hexes of the smoke screen, side by side, e.g. "
                 "'E5 F5 G5', or 'none'"),),
    "winter_loss": (_f("unit", "text", means="the unit of yours that loses a figure to General "
                       "Winter"),
                    _f("hex", "text", means="or the hex it stands on, as tapped on the board")),
    "deploy": (_f("hexes", "text", True, "a hex of your baseline for each reinforcement, in "
                  "the order the prompt names them, e.g. 'A1 C1 -' (-: no room left)"),),
})


@dataclass(frozen=True, slots=True)
class Action:
    """One parsed action: what to do and its checked fields (read-only)."""

    do: str
    fields: Mapping[str, Any]

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)

    def as_dict(self) -> dict[str, Any]:
        return {"do": self.do, **self.fields}


# action -> its fields by name, in the table's order
_BY_NAME: Mapping[str, Mapping[str, Field]] = MappingProxyType(
    {do: MappingProxyType({f.name: f for f in fs}) for do, fs in ACTIONS.items()})


def parse_action(raw: object) -> Action:
    """``raw`` checked field by field; IllegalAction names the first field that is wrong."""
    if not isinstance(raw, dict):
        raise IllegalAction("an action is an object with a 'do' field")
    do = raw.get("do")
    if not isinstance(do, str) or do not in ACTIONS:
        raise IllegalAction(f"do: one of {', '.join(ACTIONS)} (got {_shown(do)})")
    spec = _BY_NAME[do]
    if any(k not in spec for k in raw if k != "do"):
        unknown = sorted(str(k) for k in raw if k != "do" and k not in spec)
        allowed = ", ".join(spec) or "none"
        raise IllegalAction(f"{do}: unknown field{'s' if len(unknown) > 1 else ''} "
                            f"{', '.join(unknown)}; its fields: {allowed}")
    fields: dict[str, Any] = {}
    for name, f in spec.items():
        value = raw.get(name)
        if value is None:
            if f.required:
                raise IllegalAction(f"{do}.{name}: missing; {f.means or _KIND_WORDS[f.kind]}")
            continue
        if not _HOLDS[f.kind](value):
            f.check(do, value)  # raises, naming the field
        fields[name] = value
    return Action(do, MappingProxyType(fields))
