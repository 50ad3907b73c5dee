"""Plain-words lines for events: the game log the terminal prints and the app shows.

Units are named as the players see them on the table, by type and hex ("infantry on F7"),
never by the ids the events carry (a :class:`Namer` knows each unit's type and last hex).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from companion.game.events import Event
from companion.rules import cards as card_rules

if TYPE_CHECKING:
    from companion.game.state import GameState
    from companion.scenarios.model import Scenario

# Unit types whose words are not just the type with spaces.
_TYPE_WORDS = {"fighter_bomber": "fighter-bomber", "anti_tank": "anti-tank",
               "anti_tank_late": "anti-tank", "heavy_anti_tank_gun": "heavy anti-tank gun",
               "mortar_late": "mortar", "machine_gun_late": "machine gun",
               "flame_thrower_tank": "flame-thrower tank"}
# Medal sources (session's medal_won/lost reason) and objective kinds in words.
_REASON_WORDS = {"eliminated": "units eliminated", "temporary": "objective held",
                 "majority": "majority objective held", "permanent": "objective captured",
                 "last_to_occupy": "objective last occupied", "exits": "units exited",
                 "extra": "air medal", "temporary_majority": "majority objective held",
                 "sudden_death": "sudden-death objective"}


_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def type_words(unit_type: str) -> str:
    """A unit type as players say it: ``special_forces`` -> "special forces"."""
    return _TYPE_WORDS.get(unit_type, unit_type.replace("_", " "))


def reason_words(reason: str) -> str:
    """A medal reason ("eliminated, last_to_occupy") in words."""
    return ", ".join(_REASON_WORDS.get(r.strip(), r.strip().replace("_", " "))
                     for r in reason.split(",") if r.strip())


def side_words(side: str | None) -> str:
    """ "allies" -> "The Allies" (a side is plural: "The Allies win")."""
    return f"The {side.title()}" if side else "Nobody"


def count(n: int, word: str, plural: str | None = None) -> str:
    """ "1 hit", "2 hits", "0 figures"."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def dice_words(n: int) -> str:
    return count(n, "die", "dice")


class Namer:
    """Names units and objectives in players' words: the unit's type and its hex.

    It learns types and hexes from states and events (a unit eliminated keeps its last hex),
    so a log line can name a unit no longer on the board."""

    def __init__(self) -> None:
        self.types: dict[str, str] = {}
        self.hexes: dict[str, str] = {}
        self.objectives: dict[str, str] = {}
        self.hex_names: frozenset[str] = frozenset()  # the board's hex names (a2 may be both)

    @classmethod
    def for_state(cls, st: GameState) -> Namer:
        namer = cls()
        namer.see(st)
        return namer

    def see(self, st: GameState) -> None:
        """Learn every unit's type and hex from ``st`` (hexes as they are now)."""
        for u in st.position.units.values():
            self.types[u.id] = u.type
            self.hexes[u.id] = st.hex_name(u.hex)
        if st.air is not None:  # air units off the board (retired, withdrawn, deploying)
            for pool in st.air.reserve.values():
                for r in pool:
                    if isinstance(r, dict) and "id" in r:
                        self.types.setdefault(str(r["id"]), str(r.get("type", "air unit")))
            for uid, dep in st.air.entering.items():
                if isinstance(dep, dict):
                    self.types.setdefault(uid, str(dep.get("type") or "air unit"))
                    if dep.get("hex"):
                        self.hexes[uid] = str(dep["hex"])
        for o in st.objectives:
            self.objectives.setdefault(o.id, o.id)
        for so in st.scenario.objectives:
            if so.label:
                self.objectives[so.id] = so.label
        if not self.hex_names:
            self.hex_names = frozenset(st.hex_name(h) for h in st.board.all_hexes)

    def learn_start(self, data: dict[str, Any]) -> None:
        """Learn units and objective labels from a ``game_started`` event's data."""
        sc = data.get("scenario") or {}
        for u in sc.get("units", []):
            if isinstance(u, dict) and "id" in u:
                self.types.setdefault(u["id"], str(u.get("type", "unit")))
                self.hexes.setdefault(u["id"], str(u.get("hex", "")))
        for o in sc.get("objectives", []):
            if isinstance(o, dict) and "id" in o:
                self.objectives[o["id"]] = str(o.get("label") or o["id"])

    def unit(self, uid: str, at: str | None = None) -> str:
        """ "infantry on F7" (``at``: the hex to say instead of the last known one)."""
        t = self.types.get(uid)
        if t is None:  # a unit never met (no state given): its id is all there is
            return uid
        h = at or self.hexes.get(uid)
        return f"{type_words(t)} on {h}" if h else type_words(t)

    def kind(self, uid: str) -> str:
        t = self.types.get(uid)
        return type_words(t) if t else uid

    def objective(self, oid: str) -> str:
        label = self.objectives.get(oid)
        if label and label != oid:
            return label
        return oid.replace("_", " ").replace("-", " ")

    def words(self, text: str, units: Iterable[str] = ()) -> str:
        """``text`` (built elsewhere with raw ids: the rules core's explanations, the air
        flow's purposes) in players' words: unit and objective ids replaced by their words,
        code words (``special_forces``, ``barbed_wire``) by words. An id that is also a hex
        name of the board (units a2, a4... beside hexes a2, a4...) is taken for a unit only
        where it starts the text, as the rules core writes units, or when it is among
        ``units`` (the units the text is known to be about); elsewhere it is a hex."""
        about = set(units)
        names = {**{o: self.objective(o) for o in self.objectives},
                 **{u: self.unit(u) for u in self.types}}
        out = text
        first_replaced = False
        if names:
            pattern = re.compile(r"(?<![\w-])(" + "|".join(
                re.escape(k) for k in sorted(names, key=len, reverse=True))
                + r")(?:'s)?(?![\w-])")

            def repl(m: re.Match[str]) -> str:
                key = m.group(1)
                if key in self.hex_names and m.start() > 0 and key not in about:
                    return m.group(0)
                said = names[key]
                kind = self.kind(key)
                if said.startswith(kind + " ") and m.string[:m.start()].endswith(kind + " "):
                    said = said[len(kind) + 1:]  # "enemy armor x5" -> "enemy armor on e6"
                if m.start() == 0:
                    nonlocal first_replaced
                    first_replaced = True
                return said + ("'s" if m.group(0).endswith("'s") else "")

            out = pattern.sub(repl, out)
        out = _SNAKE.sub(lambda m: type_words(m.group(0)), out)
        return out if first_replaced else _first_upper_if(text, out)

    def after(self, ev: Event) -> None:
        """Follow a unit's hex as the events move it."""
        d = ev.data
        try:
            if ev.kind == "game_started":
                self.learn_start(d)
            elif ev.kind == "unit_moved":
                if d.get("launched"):
                    new = d["launched"]["id"]
                    self.types.setdefault(new, self.types.get(d["unit"], "airplane"))
                    self.hexes[new] = d["to"]
                else:
                    self.hexes[d["unit"]] = d["to"]
            elif ev.kind in ("retreat_chosen", "air_retreat", "ground_taken"):
                self.hexes[d["unit"]] = d["hex"]
            elif ev.kind == "train_unloaded":
                for u in d["units"]:
                    self.types[u["id"]] = u["type"]
                    self.hexes[u["id"]] = u["hex"]
            if ev.kind in ("unit_moved", "retreat_chosen") and d.get("train"):
                self.hexes.update(d["train"].get("cars", {}))  # the train's cars move together
        except (KeyError, TypeError):
            pass


def _first_upper_if(before: str, after: str) -> str:
    """Keep a sentence's capital when a replacement starts it."""
    if before[:1].isupper() and after[:1].islower():
        return after[:1].upper() + after[1:]
    return after


def _landing(u: dict[str, Any]) -> str:
    """Where an arrival came down: its hex, and the star aimed at when it drifted off it."""
    aim = u.get("aim")
    return u["hex"] if not aim or aim == u["hex"] else f"{u['hex']}, drifted from {aim}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _list(items: Iterable[str]) -> str:
    xs = list(items)
    if len(xs) <= 1:
        return "".join(xs)
    return ", ".join(xs[:-1]) + " and " + xs[-1]


def _card_name(card_id: str) -> str:
    if card_id == "air_sortie":  # Air Pack: the Air Sortie card played by itself
        return "the Air Sortie card"
    try:
        return card_rules.card(card_id).name
    except card_rules.CardError:
        return card_id.replace("_", " ")


def _ammo(ammo: dict[str, int]) -> str:
    return ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in ammo.items()) or "none"


def _figures(n: int) -> str:
    return count(n, "figure")


_SOURCE_WORDS = {"manual": "typed", "sim": "simulated", "auto": "simulated", "tray": "from the tray",
                 "camera": "from the camera", "serial": "from the tray", "mqtt": "from the tray"}


def _source(src: object) -> str:
    s = str(src or "")
    head = s.split(":", 1)[0]
    return _SOURCE_WORDS.get(s, _SOURCE_WORDS.get(head, "thrown"))


def _faces(faces: Iterable[Any]) -> str:
    return ", ".join("?" if f is None else str(f) for f in faces)


def _moved(d: dict[str, Any], n: Namer) -> str:
    u = d["unit"]
    if d.get("launched"):
        return (f"A fresh {n.kind(u)} takes off from the stack on {d['from']} and flies to "
                f"{d['to']}.")
    if d.get("entered"):
        return f"{_cap(n.kind(u))} enters on {d['from']} and flies to {d['to']}."
    if d.get("joined_stack"):
        return f"{_cap(n.kind(u))} lands on {d['to']} and joins the stack there."
    return (f"{_cap(n.kind(u))} moves {d['from']} → {d['to']}"
            + (" and lands from its landing craft" if d.get("craft_landed") else "")
            + (", its wagon following" if len(d.get("train", {}).get("cars", {})) > 1 else "")
            + ("" if d.get("can_battle", True) else " (may not battle this turn)") + ".")


def _declared(d: dict[str, Any], n: Namer) -> str:
    who = (f"{_card_name(d.get('card') or '')} attacks {n.unit(d['target'])}"
           if d.get("card_attack") else f"{_cap(n.unit(d['attacker']))} battles {n.unit(d['target'])}")
    return who + (" (armor overrun)" if d.get("overrun") else "") + f": {dice_words(d['dice'])}."


def _resolved(d: dict[str, Any], n: Namer) -> str:
    target = n.unit(d["target"], d.get("target_hex"))
    flags, ignored = int(d["flags"]), int(d["flags_ignored"])
    due = flags - ignored
    line = f"{count(d['hits'], 'hit')}: {target} loses {_figures(d['figures_removed'])}"
    if d["eliminated"]:
        line += " and is eliminated"
    elif due:
        line += f"; {count(due, 'flag')} to retreat"
        if any(isinstance(e, str) and "flags may not be ignored" in e
               for e in d.get("explain", [])):
            line += " (flags may not be ignored in this battle)"
    if ignored:
        line += f"; {count(ignored, 'flag')} ignored"
    if d.get("battle_back"):
        line += "; it holds with 1 figure and may battle back (British Commonwealth Forces)"
    if d.get("battled_back"):
        line = "Battle back: " + line
    return _cap(line) + "."


def _retreat(d: dict[str, Any], n: Namer) -> str:
    return (f"{_cap(n.kind(d['unit']))} retreats to {d['hex']}"
            + (f", losing {_figures(d['figures_lost'])}" if d["figures_lost"] else "")
            + (" and is eliminated" if d.get("eliminated") else "") + ".")


def _medal(d: dict[str, Any], won: bool) -> str:
    verb = "win" if won else "lose"
    return (f"{side_words(d['side'])} {verb} {count(d['medals'], 'medal')} "
            f"({reason_words(d['reason'])}): {d['total']} now.")


def _air_resolved(d: dict[str, Any], n: Namer) -> str:
    if d.get("kind") == "bombing":
        return (f"Bomb on {n.objective(d['objective'])} ({_faces(d['faces'])}): "
                + (f"medal claimed by the {d['side'].title()}." if d["claimed"] else "missed."))
    parts = [f"{_cap(n.unit(r['target']))}: " + (
        "marker dropped" if r.get("dropped") else
        f"{count(r['hits'], 'hit')}, {_figures(r['figures_removed'])} lost"
        + (", eliminated" if r["eliminated"] else "")) for r in d["results"]]
    return "; ".join(parts) + ("; the airplane is gone" if d.get("plane_removed") else "") + "."


def _confirmed(d: dict[str, Any], n: Namer) -> str:
    t = n.unit(d["target"])
    if d["shot_down"]:
        what = "is shot down" + (f" ({type_words(d['banned_type'])} banned for its side)"
                                 if d.get("banned_type") else "")
    else:
        what = "retires, ammo returned" if d["retires"] else "flies on"
    return f"Confirmation {_faces(d['faces'])}: {t} {what}."


def _game_over(d: dict[str, Any], n: Namer) -> str:
    w = d.get("winner")
    head = f"{side_words(w)} win" if w else "Nobody wins"
    return (f"Game over: {head}, medals {d['medals']['allies']}-{d['medals']['axis']} "
            f"(Allies-Axis; {n.words(str(d['reason']))}).")


def _not_played(d: dict[str, Any]) -> str:
    """What the scenario asks that no rule of the app plays, said once when the game starts
    (the check's errors: a briefing's action card, a troop or terrain not played yet), so that
    the players play it at the table; and air rules they chose that its briefing does not use."""
    from companion.scenarios.check import errors
    from companion.scenarios.jsonformat import from_dict
    from companion.scenarios.model import ScenarioError

    try:
        scenario = from_dict(d["scenario"])
        found = errors(scenario)
    except (ScenarioError, KeyError, TypeError, ValueError):  # a log of another version
        return ""
    said = []
    for p in found:
        where = p.where if p.where and "." not in p.where else ""
        said.append(f"{p.message} ({where})" if where else p.message)
    out = (". Not played by the app, play it at the table: " + "; ".join(dict.fromkeys(said))
           + ".") if said else ""
    return out + _air_chosen_over_briefing(scenario)


def _air_chosen_over_briefing(scenario: Scenario) -> str:
    """Air rules the players chose for a scenario whose briefing says "Air Rules are not in
    effect" (m44_codes.AIR_RULES_OFF_PATTERN)."""
    from companion.game.flows import flow_for
    from companion.scenarios.m44_codes import AIR_RULES_OFF_PATTERN

    briefing = " ".join(f"{t.special_rules} {t.description}" for t in scenario.text.values())
    if scenario.air.rules is None or not re.search(AIR_RULES_OFF_PATTERN, briefing, re.IGNORECASE):
        return ""
    return (f". The briefing says air rules are not in effect; {flow_for(scenario).title} is "
            "played, as the game was set up.")


def not_played_line(session_start: dict[str, Any]) -> str:
    """What a game's scenario asks that no rule of the app plays, in one line ("" when it
    plays everything): ``game_started``'s data."""
    return _not_played(session_start).removeprefix(". ")


def _about(d: dict[str, Any]) -> list[str]:
    """The units an air event is about (its purpose names them by id)."""
    return [str(x) for x in [d.get("unit"), d.get("plane"), d.get("attacker"), d.get("target"),
                             *(d.get("targets") or [])] if isinstance(x, str) and x]


_LINES: dict[str, Callable[[dict[str, Any], Namer], str]] = {
    "game_started": lambda d, n: (f"Game started: {d['scenario']['text'].get('en', {}).get('name', '')}"
                                  + _not_played(d)),
    "card_played": lambda d, n: f"{side_words(d['side'])} play {_card_name(d['card'])}.",
    "units_ordered": lambda d, n: (f"Ordered: {_list(n.unit(u) for u in d['units']) or 'no unit'}"
                                   + (f" ({count(d['lost'], 'order')} lost)" if d.get("lost")
                                      else "") + "."),
    "unit_moved": _moved,
    "unit_exited": lambda d, n: f"{_cap(n.unit(d['unit']))} leaves the board by {d['hex']}.",
    "moves_done": lambda d, n: "Moves done; battles now.",
    "battle_declared": _declared,
    "dice_read": lambda d, n: f"Dice {_source(d.get('source'))}: {_faces(d['faces'])}.",
    "die_corrected": lambda d, n: (f"Die {d['index'] + 1} set to {d['face']}"
                                   + (f" (it was read as {d['was']})." if d.get("was")
                                      else " (it was unreadable).")),
    "result_overridden": lambda d, n: (
        f"The players overrule the dice against {n.unit(d['target'])}: "
        f"{count(d['set']['hits'], 'hit')} and {count(d['set']['flags'], 'flag')} "
        f"(the dice said {count(d['dice']['hits'], 'hit')} and "
        f"{count(d['dice']['flags'], 'flag')}), because: {d['reason']}"),
    "battle_resolved": _resolved,
    "retreat_chosen": _retreat,
    "ground_taken": lambda d, n: (f"{_cap(n.kind(d['unit']))} takes ground in {d['hex']}"
                                  + (" and may battle again" if d.get("overrun") else "") + "."),
    "ground_declined": lambda d, n: f"{_cap(n.unit(d['unit']))} holds its position.",
    "battle_back_declared": lambda d, n: (f"{_cap(n.unit(d['unit']))} battles back at the "
                                          f"{n.unit(d['target'])}: {dice_words(d['dice'])}, "
                                          f"thrown by the {str(d['side']).title()}."),
    "battle_back_declined": lambda d, n: (f"{_cap(n.unit(d['unit']))} does not battle back at "
                                          f"the {n.unit(d['target'])}."),
    "medal_won": lambda d, n: _medal(d, True),
    "medal_lost": lambda d, n: _medal(d, False),
    "turn_ended": lambda d, n: f"{side_words(d['side'])} end turn {d['turn']}.",
    "undo": lambda d, n: f"Undone: {d['kind'].replace('_', ' ')}.",
    "ammo_spent": lambda d, n: (f"{_cap(n.unit(d['unit']))} places "
                                f"{count(len(d['markers']), 'ammo marker')}: "
                                + ", ".join(f"{m['ammo'].replace('_', ' ')} on {m['hex']}"
                                            for m in d["markers"])
                                + f"; ammo left {_ammo(d['ammo_left'])}."),
    "air_attack_declared": lambda d, n: (f"{_cap(n.words(str(d['purpose']), _about(d)))}: "
                                         f"{dice_words(d['dice'])}, thrown by the "
                                         f"{d['thrower'].title()}."),
    "air_check": lambda d, n: (f"Air check of the {n.unit(d['plane'])} (thrown by the "
                               f"{str(d.get('thrower', '?')).title()}): " + ", ".join(d["faces"])
                               + " — " + (("lost" + (f", medal to the {d['medal_to'].title()}"
                                                     if d.get("medal_to") else ""))
                                          if d["lost"] else "it flies on") + "."),
    "air_attack_resolved": _air_resolved,
    "air_retreat": _retreat,
    "air_hits": lambda d, n: (f"{count(d['possible_hits'], 'possible hit')} on {n.unit(d['target'])}"
                              + (": confirm them." if d["possible_hits"] else ".")),
    "air_confirmed": _confirmed,
    "air_action": lambda d, n: (f"{_cap(n.unit(d['unit']))}: {d['action'].replace('_', ' ')}"
                                + (f", lifting out the {n.unit(d['target'])} (no medal)"
                                   if d.get("target") else "") + "."),
    "bombing_declared": lambda d, n: (f"{_cap(n.unit(d['unit']))} places a bomb on "
                                      f"{n.objective(d['objective'])} ({d['hex']}); "
                                      f"ammo left {_ammo(d['ammo_left'])}."),
    "air_resupplied": lambda d, n: f"{_cap(n.unit(d['unit']))} is resupplied: {_ammo(d['ammo'])}.",
    "air_withdrawn": lambda d, n: (f"{_cap(n.unit(d['unit']))} withdraws "
                                   f"({d.get('reason', 'by choice')}), no medal."),
    "game_over": _game_over,
    # the scenario's own rules (companion.game.ruleflows)
    "rule_roll_due": lambda d, n: (f"{_cap(n.words(str(d['purpose']), _about(d)))}: "
                                   f"{dice_words(d['dice'])}, thrown by the "
                                   f"{d['thrower'].title()}."),
    "rule_roll_declared": lambda d, n: (f"{_cap(n.words(str(d['purpose']), _about(d)))}: "
                                        f"{dice_words(d['dice'])}."),
    "night_rolled": lambda d, n: (f"Night: {count(d['stars'], 'star')}; "
                                  + ("full daylight, the night rules end."
                                     if d.get("visibility") is None else
                                     f"units now see {count(d['visibility'], 'hex', 'hexes')}.")),
    "entry_rolled": lambda d, n: (f"{_cap(n.unit(d['unit']))} on the "
                                  f"{str(d.get('terrain') or 'terrain').replace('_', ' ')}: "
                                  + ("a decoy, removed." if d.get("removed") and not d["faces"]
                                     else f"{_faces(d['faces'])} — "
                                     f"{count(d['figures_removed'], 'figure')} lost"
                                     + (", eliminated." if d.get("eliminated") else "."))),
    "healed": lambda d, n: (f"{_cap(n.unit(d['unit']))} heals: "
                            f"{count(d['figures_returned'], 'figure')} back."),
    "obstacle_cleared": lambda d, n: (f"{_cap(n.unit(d['unit']))} removes the "
                                      f"{str(d['piece']).replace('_', ' ')}"
                                      + (" instead of battling." if d.get("instead_of_battle", True)
                                         else ".")),
    "cave_seal_rolled": lambda d, n: (f"{_cap(n.unit(d['unit']))} "
                                      + ("seals the cave." if d.get("sealed")
                                         else "fails to seal the cave.")),
    "bridge_blow_rolled": lambda d, n: (f"{side_words(d['side'])} try to blow up the bridge on "
                                        f"{d['hex']}: {_faces(d['faces'])} — "
                                        + ("blown." if d.get("blown") else "it holds.")),
    "commissar_card_placed": lambda d, n: (f"{side_words(d['side'])} place next turn's card under "
                                           "the Commissar chip."),
    "desert_moved": lambda d, n: (f"{_cap(n.kind(d['unit']))} moves on to {d['to']} (desert "
                                  "rules)."),
    "cross_hair_placed": lambda d, n: f"Cross-hair on the {n.unit(d['target'])}.",
    "hq_captured": lambda d, n: (f"The {d['side'].title()}' HQ on {d['hex']} is taken: "
                                 "they play with a command card fewer."),
    "hq_retaken": lambda d, n: (f"{side_words(d['side'])} take their HQ on {d['hex']} back "
                                "and draw a command card."),
    "assault_dice_changed": lambda d, n: (f"The assault on the {n.unit(d['target'])} goes on "
                                          f"with {dice_words(d['dice'])} (not {d['was']})."),
    "exit_medals_added": lambda d, n: f"The exit counts {count(d['medals'], 'more medal')}.",
    "camouflage_lost": lambda d, n: (f"The unit on {d['hex']} {d['reason']}: it is camouflaged "
                                     "no more."),
    "resupplied": lambda d, n: (f"The supply truck re-supplies the unit on {d['hex']} with "
                                f"{count(d['figures'], 'figure')}; neither battles this turn."),
    "truck_medals": lambda d, n: (f"{count(d['figures_lost'], 'truck figure')} of the "
                                  f"{d['trucks_of'].title()} removed: the {d['side'].title()} "
                                  f"hold {count(d['held'], 'medal')} for them."),
    "airdrop_due": lambda d, n: (f"Airdrop: the {d['side'].title()} drop "
                                 f"{count(d['units'], 'figure')}"
                                 + (f" over {d['center']}." if d.get("center") else ".")),
    "units_dropped": lambda d, n: (
        f"{count(len(d['units']), 'unit')} landed"
        + (f" ({', '.join(u['hex'] for u in d['units'])})" if d["units"] else "")
        + (f"; {count(len(d['lost']), 'figure')} out of action." if d["lost"] else ".")),
    "smoke_due": lambda d, n: (f"Smoke screen: the {d['side'].title()} may place "
                               f"{count(d['markers'], 'smoke screen marker')} side by side."),
    "smoke_placed": lambda d, n: (
        f"The {d['side'].title()} lay a smoke screen on {', '.join(d['hexes'])}: no line of "
        f"sight through it until the end of turn {d['until_turn']}." if d["hexes"]
        else f"The {d['side'].title()} place no smoke screen."),
    "smoke_lifted": lambda d, n: (f"The smoke screen lifts ({', '.join(d['hexes'])})." if d["hexes"]
                                  else "The smoke screen lifts."),
    "boat_landed": lambda d, n: (f"{_cap(n.unit(d['unit']))} lands on {d['hex']}: "
                                 "its boats are removed."),
    "reinforcements_released": lambda d, n: (
        f"The {d['side'].title()} have {count(d['medals'], 'medal')}: their reinforcements "
        f"({', '.join(d['hexes'])}) may now be ordered."),
    "units_arrived": lambda d, n: (
        {"armor_breakthrough": "Armor Breakthrough: ",
         "airfield_reinforcements": "Reinforcements landed on the airfield: "}.get(
            d["kind"], "Paradrop: ")
        + f"{count(len(d['units']), 'unit')} came in"
        + (f" ({', '.join(_landing(u) for u in d['units'])})" if d["units"] else "")
        + (f"; {count(len(d['lost']), 'figure')} out of action ("
           + ", ".join(f"aimed at {x['aim']}: {x['why']}" for x in d["lost"]) + ")."
           if d["lost"] else ".")),
    "deployment_due": lambda d, n: (f"The {d['side'].title()} have "
                                    f"{count(d['medals'], 'medal')}: their reinforcements "
                                    f"({count(len(d['types']), 'unit')}) come onto their "
                                    "baseline."),
    "train_unloaded": lambda d, n: (
        f"The supply train is at the station: {count(len(d['units']), 'unit')} get off"
        + (f" ({', '.join(u['hex'] for u in d['units'])})" if d["units"] else "")
        + (f"; {count(d['left_off'], 'unit')} stay aboard, no room." if d["left_off"] else ".")),
    "units_deployed": lambda d, n: (
        f"{count(len(d['units']), 'unit')} deployed"
        + (f" ({', '.join(u['hex'] for u in d['units'])})" if d["units"] else "")
        + (f"; {count(d['left_off'], 'unit')} left off (no room)." if d["left_off"] else ".")),
    "arrivals_settled": lambda d, n: "The units brought in this turn may overrun from now on.",
    "section_medals": lambda d, n: (
        f"A section is empty of the enemy: the {d['side'].title()} win "
        f"{count(d['medals'], 'medal')}." if d["medals"] > 0 else
        f"No named section is empty any more: the {d['side'].title()} lose "
        f"{count(-d['medals'], 'medal')}."),
    "mine_reveal_due": lambda d, n: (f"{_cap(n.unit(d['unit']))} enters the minefield on "
                                     f"{d['hex']}: the mine is turned over."),
    "mine_revealed": lambda d, n: (f"The mine on {d['hex']} is a "
                                   + ("decoy (0)." if not d["value"] else f"{d['value']}.")),
    "decoy_lane_opened": lambda d, n: (f"A supply lane is open through the minefields on "
                                       f"{d['hex']}: a medal for the {d['side'].title()}."),
    "winter_rolled": lambda d, n: (f"General Winter: {_faces(d['faces'])} — "
                                   + (f"the {d['side'].title()} must take "
                                      f"{count(d['losses'], 'figure')} from their units."
                                      if d["losses"] else "no figure lost.")),
    "winter_loss": lambda d, n: (f"The cold takes a figure of the {n.unit(d['unit'])}"
                                 + (", eliminated." if d.get("eliminated") else ".")),
    "banned_card_replaced": lambda d, n: (f"{side_words(d['side'])} may not play the card they "
                                          "drew in this scenario: it is discarded and another "
                                          "drawn."),
    "high_command_discard": lambda d, n: ("Italian High Command: the Axis discard a command card "
                                          "at random." if d.get("discards") else
                                          "Italian High Command: the Axis keep their last cards."),
}


def describe(ev: Event, namer: Namer | None = None) -> str:
    """One line in plain words for an event (``namer``: who the units are; without one, units
    are named by their ids)."""
    n = namer if namer is not None else Namer()
    fn = _LINES.get(ev.kind)
    try:
        line = ev.kind.replace("_", " ") if fn is None else fn(ev.data, n)
    except (KeyError, TypeError, AttributeError):
        line = ev.kind.replace("_", " ")
    if namer is not None:
        namer.after(ev)
    return line


class Narrator:
    """The log of one game as players read it: follows the units so that every line names
    them by type and hex. ``line(ev, st)`` suits a session listener; ``see(st)`` after a
    whole action brings every hex up to date."""

    def __init__(self, st: GameState | None = None, start: Event | None = None) -> None:
        self.namer = Namer()
        if start is not None:
            self.namer.after(start)
        if st is not None:
            self.namer.see(st)

    def see(self, st: GameState) -> None:
        self.namer.see(st)

    def line(self, ev: Event, st: GameState | None = None) -> str:
        if st is not None:  # units the namer has not met yet (a fresh airplane)
            for u in st.position.units.values():
                if u.id not in self.namer.types:
                    self.namer.types[u.id] = u.type
                    self.namer.hexes[u.id] = st.hex_name(u.hex)
        line = describe(ev, self.namer)
        d = ev.data
        if st is not None and ev.kind == "battle_resolved" and d.get("flags_ignored"):
            _, why = flag_reasons(st, str(d.get("target")), d.get("target_hex"))
            if why and line.endswith("."):
                line = line[:-1] + f" ({'; '.join(why)})."
        return line


def flag_reasons(st: GameState, unit_id: str, at: str | None = None) -> tuple[int, list[str]]:
    """How many flags the unit may ignore where it stands (``at``: its hex name, when it has
    left the board) and why, in words: its own rule, sandbags, a bunker, caves..."""
    from companion.rules import battle as battle_rules
    from companion.rules.units import UnitClass

    pos = st.position
    u = pos.units.get(unit_id)
    if u is None:
        return 0, []
    where = at or st.hex_name(u.hex)
    why: list[str] = []
    if u.spec.ignore_flags:
        why.append(f"{type_words(u.type)} ignore {count(u.spec.ignore_flags, 'flag')} by "
                   "their own rule")
    for t in pos.terrain_at(u.hex):
        if t.defender_nation and u.nation == t.defender_nation \
                and u.spec.unit_class is UnitClass.INFANTRY:
            why.append(f"{t.defender_nation} infantry in {type_words(t.name)} ignores every flag")
        elif t.ignore_flags and (not t.ignore_flags_for or u.spec.unit_class in t.ignore_flags_for):
            if battle_rules.claims(pos, u, t):
                why.append(f"{type_words(t.name)} on {where}: {count(t.ignore_flags, 'flag')} "
                           "may be ignored")
            else:
                why.append(f"{type_words(t.name)} on {where} belong to the other side: no flag "
                           "ignored")
    return battle_rules.ignorable_flags(pos, u), why


def log_lines(events: Iterable[Event]) -> tuple[list[str], Narrator]:
    """A whole log in players' words, and the narrator that goes on from its end (each unit
    named by type and the hex it stood on when the line happened)."""
    narrator = Narrator()
    lines = [narrator.line(ev) for ev in events]
    return [line for line in lines if line], narrator
