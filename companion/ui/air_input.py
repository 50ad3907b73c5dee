"""Air input: flight paths, ammo markers, entry hexes, strafing and card targets built by taps
before they are sent. Rule questions the air flow has no public answer for go through
:mod:`companion.ui.ruleslookup` (one small adapter the game layer can replace)."""

from __future__ import annotations

from typing import Any

from companion.game.prompts import Prompt
from companion.rules.board import Side
from companion.rules.camouflage import air_targeting_problem, targeting_problem
from companion.ui import ruleslookup as lookup
from companion.ui.i18n import _
from companion.ui.ruleslookup import SPECIAL_ACTIONS
from companion.ui.tablebase import Flyer, TableBase

AMMO_WORDS: dict[str, str] = {"machine_gun": _("machine gun"), "bomb": _("bomb")}
# Special actions whose hexes or target are picked on the board before they are sent
TOOLS: dict[str, str] = {
    "strafe": _("tap 1 to 3 hexes next to it, in a row, then Strafe"),
    "kamikaze": _("tap the enemy ground unit next to it it dives on"),
    "rescue": _("tap the one-figure infantry unit next to it to lift out"),
    "card_attack": _("tap the enemy units it attacks, then Attack"),
    "unload": _("tap the empty hexes next to the train where its units get off, then Unload"),
}
SPECIAL_WORDS: dict[str, str] = {
    "strafe": _("Strafe"), "kamikaze": _("Kamikaze"), "rescue": _("Rescue"),
    "ground_support": _("Ground support"), "interdiction": _("Ground interdiction"),
    "recon": _("Recon (draw 2 cards, keep 1)"), "unload": _("Unload the supply train"),
}



class AirInput(TableBase):
    """The part of :class:`~companion.ui.controller.Table` that builds air actions by taps."""

    # --- air actions built by taps ---------------------------------------------------------
    def clear_air(self) -> None:
        """Forget every air action being built (after it was sent, or on Undo / Cancel)."""
        self.flight, self.markers = [], {}
        self.air_card, self.with_sortie, self.sortie_hex = None, False, None
        self.deploy_unit, self.deploy_hex = None, None
        self.tool, self.tool_unit, self.tool_hexes = None, None, []

    def air_game(self) -> bool:
        """The game plays with air rules (which ones, only its flow knows)."""
        st = self.state
        return st is not None and getattr(st, "air", None) is not None

    def _entering_units(self) -> list[tuple[str, str]]:
        """(air unit, entry hex) deployed onto an occupied hex, still to fly off it."""
        st = self.state
        if st is None or st.air is None:
            return []
        return [(str(u), str(d.get("hex"))) for u, d in getattr(st.air, "entering", {}).items()]

    def _is_air(self, unit_id: str | None) -> bool:
        st = self.state
        if st is None or not self.air_game() or unit_id is None:
            return False
        if any(u == unit_id for u, _h in self._entering_units()):
            return True
        return unit_id in st.position.units and st.position.units[unit_id].spec.air

    def flyer(self) -> Flyer | None:
        """The selected air unit, when it is one (on the board or entering)."""
        st = self.state
        uid = self.selected
        if st is None or st.air is None or not self._is_air(uid):
            return None
        assert uid is not None
        entering = getattr(st.air, "entering", {})
        if uid in entering:
            d = entering[uid]
            return Flyer(uid, st.active, str(d["hex"]), 0, dict(d.get("ammo", {})), True, True)
        u = st.position.units[uid]
        ammo = lookup.flight_ammo(st, u)
        return Flyer(uid, u.side, st.hex_name(u.hex), u.moved, ammo, u.airborne)

    def moves_left(self) -> int:
        """Hexes the selected air unit may still fly this turn (an entry hex counts as one)."""
        st, f = self.state, self.flyer()
        if st is None or f is None:
            return 0
        return max(0, int(lookup.flight_rules(st).max_move) - f.moved)

    def flight_next(self) -> list[str]:
        """Hexes the path may go on to: next to its last hex, not flown over yet, on the board."""
        st, f = self.state, self.flyer()
        if st is None or f is None or len(self.flight) >= self.moves_left():
            return []
        if f.entering and not self.flight:
            return [f.start]  # an entering air unit's path starts on its entry hex
        b = st.board
        last = b.parse(self.flight[-1] if self.flight else f.start)
        flying = lookup.flight_rules(st)
        seen = set(self.flight)
        if flying.start_counts_as_visited:
            seen.add(f.start)
        out = []
        for h in b.neighbours(last):
            name = st.hex_name(h)
            other = st.position.unit_at(h)
            if name in seen or (not flying.may_pass_enemy_air and other is not None
                                and other.side is not f.side and other.spec.air):
                continue
            out.append(name)
        return out

    def _flight_tap(self, hex_name: str, unit: Any, p: Prompt) -> bool:
        st, plane = self.state, self.flyer()
        assert st is not None and plane is not None
        start = [plane.start] if plane.entering else []
        if hex_name == plane.start:
            if self.flight != start:  # start again
                self.flight, self.markers = list(start), {}
            elif plane.entering and unit is not None and unit.id in [c.key for c in p.choices]:
                self.selected, self.flight = unit.id, []  # the ground unit on the entry hex
            else:
                self.selected, self.flight = None, []
            self.message = ""
        elif hex_name in self.flight:  # take the path back to this hex (the last one: off)
            i = self.flight.index(hex_name)
            self.flight = self.flight[:i] if i == len(self.flight) - 1 else self.flight[:i + 1]
            self.markers = {h: a for h, a in self.markers.items() if h in self.flight}
            self.message = ""
        elif hex_name in self.flight_next():
            self.flight.append(hex_name)
            self.message = ""
        elif self.flight == start and unit is not None and unit.side is st.active and \
                unit.id in [c.key for c in p.choices]:
            self.selected, self.flight = unit.id, []  # another unit picked instead
            self.message = ""
        elif len(self.flight) >= self.moves_left():
            self.message = f"{plane.id} " + _("flies at most") + f" {self.moves_left()} " + \
                _("hexes; tap the last hex of the path to take it back.")
        else:
            last = self.flight[-1] if self.flight else plane.start
            self.message = f"{hex_name} " + _("is not next to") + f" {last}: " + \
                _("the path goes hex by hex, never twice over a hex.")
        self._after_change()
        return not self.message

    def marker_options(self) -> list[tuple[str, str, str | None]]:
        """New Flight Plan: (hex, enemy unit, ammo placed or None) for each hex of the path
        holding an enemy ground unit, in path order."""
        st, plane = self.state, self.flyer()
        if st is None or plane is None or not lookup.places_ammo_markers(st):
            return []
        out = []
        for h in self.flight:
            u = st.position.unit_at(st.board.parse(h))
            if u is not None and u.side is not plane.side and not u.spec.air \
                    and air_targeting_problem(u) is None:  # camouflaged: no air target
                out.append((h, u.id, self.markers.get(h)))
        return out

    def ammo_left(self) -> dict[str, int]:
        """The selected air unit's ammo less the markers placed on the path being built."""
        plane = self.flyer()
        st = self.state
        if st is None or plane is None or not lookup.places_ammo_markers(st):
            return {}
        ammo = dict(plane.ammo)
        for a in self.markers.values():
            ammo[a] = ammo.get(a, 0) - 1
        return ammo

    def flight_action(self) -> dict[str, Any]:
        """The ``move`` action of the path and markers built so far."""
        action: dict[str, Any] = {"do": "move", "unit": self.selected, "to": self.flight[-1],
                                  "path": list(self.flight)}
        if self.markers:
            action["markers"] = [{"hex": h, "ammo": self.markers[h]} for h in self.flight
                                 if h in self.markers]
        return action

    def flight_overlay(self) -> dict[str, Any] | None:
        """What the board draws over the map: the path from the air unit, its markers, and the
        hexes picked for a special action."""
        st = self.state
        if st is None:
            return None
        entering = self.sortie_hex or (self.deploy_hex if self.deploy_unit else None)
        p = self.prompt()
        if entering and p is not None and p.kind == "order":  # where the air unit will enter
            return {"start": entering, "path": [], "markers": {}, "strafe": [], "ghost": entering,
                    "side": st.active.value}
        if self.tool == "card_attack" and self.tool_hexes:
            return {"start": self.tool_hexes[0], "path": [], "markers": {}, "strafe": [],
                    "rings": list(self.tool_hexes)}
        if self.tool and self.tool != "unload" and self.tool_unit in st.position.units:
            return {"start": st.hex_name(st.position.units[self.tool_unit].hex), "path": [],
                    "markers": {}, "strafe": list(self.tool_hexes)}
        plane = self.flyer()
        if not self.flight or plane is None:
            return None
        return {"start": plane.start, "path": list(self.flight), "markers": dict(self.markers),
                "strafe": []}

    def _flight_buttons(self) -> list[tuple[str, dict[str, Any]]]:
        st = self.state
        if st is None or not self.flight:
            return []
        end = self.flight[-1]
        n = len(self.flight)
        words = _("Fly") + f" {self.said(self.selected)} " + _("to") + f" {end} ({n} " + \
            (_("hex") if n == 1 else _("hexes"))
        if self.markers:
            words += f", {len(self.markers)} " + (_("marker") if len(self.markers) == 1 else _("markers"))
        words += ")"
        plane = self.flyer()
        if plane is not None and not plane.airborne:
            words += " - " + _("takes off")
        if "airfield" in st.position.terrain_names(st.board.parse(end)):
            words += " - " + _("lands on the airfield")
        out = [(words, {**self.flight_action()})]
        for h, uid, placed in self.marker_options():  # the one placed is shown picked
            for ammo in ("machine_gun", "bomb"):
                out.append((f"{AMMO_WORDS[ammo].capitalize()} " + _("on") + f" {h} ({self.said_kind(uid)})",
                            {"ui": "marker", "hex": h, "ammo": ammo, "placed": placed == ammo}))
        out.append((_("Take back the last hex"), {"ui": "path_back"}))
        return out

    # --- cards, orders and start-of-turn air choices -----------------------------------------
    def air_card_options(self) -> list[str]:
        """New Flight Plan: the Air Combat cards the active side holds (one may join the card)."""
        st = self.state
        if st is None or st.air is None:
            return []
        return lookup.air_cards(st)

    def sortie_cards(self) -> int:
        """Air Pack: the Air Sortie cards the active side holds."""
        st = self.state
        if st is None or st.air is None:
            return 0
        return lookup.sortie_cards(st)

    def sortie_drawable(self) -> bool:
        """Air Pack, real cards on the table: the active side holds no Air Sortie card the app
        knows of, but one no side holds may have come up for it from the deck."""
        st = self.state
        return st is not None and st.air is not None and lookup.sortie_drawable(st)

    def play_card_action(self, card: str) -> dict[str, Any]:
        action: dict[str, Any] = {"do": "play_card", "card": card}
        if self.air_card:
            action["air_card"] = self.air_card
        if self.with_sortie and lookup.command_card(card).kind.value == "section":
            action["air_sortie"] = True
        return action

    def needs_sortie_hex(self) -> bool:
        """Air Pack: an Air Sortie is in play and none of the side's airplanes flies: the fresh
        airplane's edge hex is needed before the order."""
        st = self.state
        if st is None or st.air is None:
            return False
        return lookup.needs_entry_hex(st)

    def deploy_options(self) -> list[str]:
        """New Flight Plan: the active side's air units off the board (one may deploy)."""
        st = self.state
        if st is None or st.air is None:
            return []
        return lookup.deployable(st)  # only deployments allowed now are offered

    def entry_hexes(self) -> list[str]:
        """Hexes (vacant) where an Air Sortie's airplane or a deployed air unit may enter now."""
        st = self.state
        p = self.prompt()
        if st is None or p is None or p.kind != "order" or st.air is None or not st.card:
            return []
        card = st.card
        spec = lookup.command_card(card)
        hexes = lookup.entry_hexes(st, deploying=bool(self.deploy_unit))
        if not hexes:
            return []
        out = []
        for h in hexes:
            other = st.position.unit_at(h)
            # an Air Sortie enters on a vacant hex; a deployment may start on a ground unit's hex
            if other is not None and (st.air.sortie or other.spec.air):
                continue
            secs = st.board.sections(h, st.active)
            if card != "air_power" and spec.sections and not any(x in spec.sections for x in secs):
                continue
            out.append(st.hex_name(h))
        return sorted(out)

    def _entry_tap(self, hex_name: str) -> bool:
        if hex_name not in self.entry_hexes():
            return False
        st = self.state
        assert st is not None and st.air is not None
        if st.air.sortie:
            self.sortie_hex = None if self.sortie_hex == hex_name else hex_name
        else:
            self.deploy_hex = None if self.deploy_hex == hex_name else hex_name
        self.message = ""
        self._after_change()
        return True

    def order_action(self, section: str | None = None) -> dict[str, Any]:
        """The ``order`` action of the units picked, with the air unit entering, if any."""
        action: dict[str, Any] = {"do": "order", "units": list(self.picked)}
        if section:
            action["section"] = section
        if self.arriving:  # units the scenario lets the card order onto the board
            action["arrive"] = list(self.arriving)
        if self.sortie_hex:
            action["sortie_hex"] = self.sortie_hex
        if self.deploy_unit and self.deploy_hex:
            action["deploy"] = {"unit": self.deploy_unit, "hex": self.deploy_hex}
        return action

    # --- special actions, attack runs, withdrawals -------------------------------------------
    def special_planes(self, do: str) -> list[str]:
        """Air Pack: the ordered, flying airplanes of the active side that may make ``do``."""
        st = self.state
        if st is None or st.air is None or do not in SPECIAL_ACTIONS:
            return []
        out = []
        for uid in st.ordered:
            u = st.position.units.get(uid)
            if u is None or not u.spec.air or not u.airborne or st.air.actions.get(uid):
                continue
            if lookup.can_make(u, do):
                out.append(uid)
        return out

    def tool_choices(self) -> list[str]:
        """Hexes a special action being built may pick: next to the airplane (enemy ground units
        for kamikaze, friendly one-figure infantry for rescue)."""
        st = self.state
        if st is not None and self.tool == "card_attack":  # a card attacking by itself: any enemy
            return sorted(st.hex_name(u.hex) for u in st.position.units.values()
                          if u.side is not st.active and targeting_problem(u, False) is None)
        if st is not None and self.tool == "unload":  # a supply train at a station
            return lookup.unload_hexes(st, self.tool_unit or "")
        if st is None or self.tool_unit not in st.position.units:
            return []
        plane = st.position.units[self.tool_unit or ""]
        out = []
        for h in st.board.neighbours(plane.hex):
            u = st.position.unit_at(h)
            if self.tool == "kamikaze" and (u is None or u.side is plane.side or u.spec.air
                                            or air_targeting_problem(u) is not None):
                continue
            if self.tool == "rescue" and (u is None or u.side is not plane.side or u.spec.air):
                continue
            out.append(st.hex_name(h))
        return out

    def _tool_tap(self, hex_name: str, unit: Any) -> bool:
        st = self.state
        assert st is not None and self.tool is not None
        if hex_name not in self.tool_choices():
            self.message = f"{hex_name}: " + TOOLS[self.tool] + "."
            self._after_change()
            return False
        if self.tool in ("strafe", "card_attack", "unload"):
            most = {"strafe": 3, "unload": self.tool_count}.get(self.tool) or self._card_targets_max()
            if hex_name in self.tool_hexes:
                self.tool_hexes.remove(hex_name)
            elif len(self.tool_hexes) < most:
                self.tool_hexes.append(hex_name)
            self.message = ""
            self._after_change()
            return True
        return self.act({"do": self.tool, "unit": self.tool_unit, "target": unit.id})

    def _tool_buttons(self, p: Prompt) -> list[tuple[str, dict[str, Any]]]:
        out: list[tuple[str, dict[str, Any]]] = []
        if self.tool == "strafe" and self.tool_hexes:
            out.append((_("Strafe") + f" {', '.join(self.tool_hexes)}",
                        {"do": "strafe", "unit": self.tool_unit, "hexes": list(self.tool_hexes)}))
        st = self.state
        if self.tool == "card_attack" and self.tool_hexes and st is not None:
            ids = [u.id for h in self.tool_hexes
                   if (u := st.position.unit_at(st.board.parse(h))) is not None]
            out.append((_("Attack") + f" {', '.join(self.said(x) for x in ids)}",
                        {"do": "card_attack", "targets": ids}))
        if self.tool == "unload" and self.tool_hexes:
            out.append((_("Unload on") + f" {', '.join(self.tool_hexes)}",
                        {"do": "unload", "unit": self.tool_unit, "hexes": " ".join(self.tool_hexes)}))
        out.append((_("Cancel"), {"ui": "cancel"}))
        return out

    def _card_name(self) -> str:
        st = self.state
        spec = lookup.card_in_force(st) if st is not None else None
        return spec.name if spec is not None else _("The card")

    def _card_targets_max(self) -> int:
        st = self.state
        spec = lookup.card_in_force(st) if st is not None else None
        attack = getattr(spec, "direct_attack", None)
        return int(getattr(attack, "max_targets", 1) or 1)

    def _air_buttons(self, p: Prompt) -> list[tuple[str, dict[str, Any]]]:
        st = self.state
        out: list[tuple[str, dict[str, Any]]] = []
        if st is None:
            return out
        if "ambush" in p.actions:
            out += self._ambush_buttons(p)
        if "card_attack" in p.actions:  # Barrage, Air Power without Air Pack rules
            live = [u for u in getattr(st, "card_targets", []) if u in st.position.units]
            if live:
                out.append((self._card_name() + " " + _("rolls at") + f" {live[0]}",
                            {"do": "card_attack"}))
            else:
                out.append((self._card_name() + ": " + _("pick its targets"),
                            {"ui": "tool", "tool": "card_attack", "unit": ""}))
        if st.air is None:
            return out
        if "withdraw" in p.actions:  # New Flight Plan, before the command card
            for u in sorted(st.position.units.values(), key=lambda u: u.id):
                if u.side is st.active and u.spec.air:
                    out.append((_("Withdraw") + f" {self.said(u.id)} " + _("(it leaves, no medal)"),
                                {"do": "withdraw", "unit": u.id}))
        bombs = list(getattr(st.air, "bombs", []))
        if "attack_run" in p.actions and st.air.runs:
            run = st.air.runs[0]
            n = len(run.get("markers", []))
            out.append((_("Resolve the attack run of") + f" {self.said(run['unit'])} ({n} "
                        + (_("marker") if n == 1 else _("markers")) + ")",
                        {"do": "attack_run", "unit": run["unit"]}))
        elif "attack_run" in p.actions and bombs:  # strategic bombing, after the runs
            out.append((_("Resolve the strategic bombing of") + f" {self.said(bombs[0].get('unit'))} ("
                        + f"{self.said_objective(str(bombs[0].get('objective', bombs[0].get('hex', ''))))})",
                        {"do": "attack_run", "unit": bombs[0].get("unit")}))
        if "bomb" in p.actions:  # New Flight Plan: a bomb on the objective hex it ended on
            declared = {b.get("unit") for b in bombs}
            for uid in st.ordered:
                bomber = st.position.units.get(uid)
                if bomber is None or not bomber.spec.air or bomber.side is not st.active \
                        or uid not in st.moved or uid in declared or not self._may_bomb(bomber.type):
                    continue
                if lookup.bombing_objective(st, bomber.hex) is None:
                    continue  # only over an objective hex
                out.append((_("Strategic bombing:") + f" {self.said_kind(uid)} " + _("bombs the objective on")
                            + f" {st.hex_name(bomber.hex)}", {"do": "bomb", "unit": uid}))
        if p.kind == "order":
            for uid in self.deploy_options():
                chosen = uid == self.deploy_unit
                out.append(((_("Deploying") if chosen else _("Deploy")) + f" {self.said(uid)}"
                            + (" " + _("on") + f" {self.deploy_hex}" if chosen and self.deploy_hex else ""),
                            {"ui": "deploy", "unit": uid}))
        for do in p.actions:
            if do not in SPECIAL_ACTIONS:
                continue
            if not self.special_planes(do):  # an airplane this app cannot tell: the generic way
                out.append((SPECIAL_WORDS[do] + (f": {self.said(self.selected)}" if self.selected else ""),
                            self.generic_action(do)))
            for uid in self.special_planes(do):
                if do in TOOLS:
                    out.append((f"{SPECIAL_WORDS[do]}: {self.said(uid)}",
                                {"ui": "tool", "tool": do, "unit": uid}))
                else:
                    out.append((f"{SPECIAL_WORDS[do]}: {self.said(uid)}", {"do": do, "unit": uid}))
        return out

    def _may_bomb(self, air_type: str) -> bool:
        st = self.state
        return st is not None and lookup.may_bomb(st, air_type)

    def _ambush_buttons(self, p: Prompt) -> list[tuple[str, dict[str, Any]]]:
        """Ambush, played by the side that does not move: against an air unit's ammo markers in
        the move phase (one button per marked unit), or against a close assault before its dice."""
        st = self.state
        if st is None:
            return []
        defender = st.active.other.value.title()
        if p.kind == "move" and st.air is not None:
            done = set(getattr(st.air, "ambushed", []))
            out = []
            for run in st.air.runs:
                if run.get("unit") in done:
                    continue
                for target in run.get("targets", []):
                    if target in st.position.units:
                        out.append((_("Ambush") + f" ({defender}): {self.said(target)} " + _("fires at")
                                    + f" {self.said(run['unit'])} " + _("first"),
                                    {"do": "ambush", "unit": target}))
            return out
        b = st.battle
        if b is not None:
            return [(_("Ambush") + f" ({defender}): {self.said(b.target)} " + _("battles first"),
                     {"do": "ambush"})]
        return [(_("Ambush") + f" ({defender})", {"do": "ambush"})]

    def recon_cards(self) -> list[str]:
        """A Recon card or an Air Pack recon: the two cards drawn at the end of the turn (the
        player keeps one); none when only one is left to choose."""
        st = self.state
        if st is None or st.deck is None or len(st.deck) < 2 or not lookup.recon_active(st):
            return []
        options = lookup.recon_options(st.deck)
        return options if len(options) == 2 else []

    def _ui_step(self, ui: str, action: dict[str, Any]) -> bool:
        st = self.state
        if st is None:
            return False
        self.message = ""
        if ui == "marker":  # a tap places the marker, a second tap on the same one takes it off
            h, ammo = str(action.get("hex")), action.get("ammo")
            if ammo is None or self.markers.get(h) == ammo:
                self.markers.pop(h, None)
                return True
            if self.ammo_left().get(str(ammo), 0) < 1:
                self.message = f"{self.said(self.selected)} " + _("has no") + \
                    f" {AMMO_WORDS.get(str(ammo), ammo)} " \
                    + _("ammo left for this marker.")
                return False
            self.markers[h] = str(ammo)
            return True
        if ui == "path_back":
            if self.flight:
                gone = self.flight.pop()
                self.markers.pop(gone, None)
            return True
        if ui == "air_card":
            title = action.get("card")
            self.air_card = None if self.air_card == title else str(title)
            return True
        if ui == "sortie":
            self.with_sortie = not self.with_sortie
            return True
        if ui == "deploy":
            uid = str(action.get("unit"))
            self.deploy_unit = None if self.deploy_unit == uid else uid
            self.deploy_hex = None
            return True
        if ui == "tool":
            self.selected, self.flight, self.markers = None, [], {}
            self.tool, self.tool_unit, self.tool_hexes = str(action["tool"]), str(action["unit"]), []
            self.tool_count = int(action.get("count", 0))  # hexes it needs (0: the tool's own most)
            return True
        if ui == "cancel":
            self.tool, self.tool_unit, self.tool_hexes = None, None, []
            return True
        self.message = _("Unknown step:") + f" {ui}"
        return False


    def air_sides(self) -> dict[str, dict[str, Any]]:
        """Each side's air units with ammo, and whatever air facts the state exposes."""
        st = self.state
        out: dict[str, dict[str, Any]] = {}
        if st is None:
            return out
        for side in (Side.ALLIES, Side.AXIS):
            units = [u for u in st.position.units.values() if u.side is side and u.spec.air]
            info: dict[str, Any] = {
                "units": [(u.id, u.type, u.model or "", st.hex_name(u.hex), dict(u.ammo),
                           u.airborne) for u in units],
                "banned": [], "cards": [],
            }
            air = getattr(st, "air", None)  # the session's AirState in a game with air rules
            for key in ("banned", "cards", "sorties"):
                value: Any = getattr(air, key, None) if air is not None else None
                if isinstance(value, dict):
                    value = value.get(side.value, value.get(side))
                if isinstance(value, int) and not isinstance(value, bool):
                    info[key] = value
                elif isinstance(value, list | tuple | set):
                    info[key] = list(value)
            if air is not None:
                info["reserve"] = [f"{r.get('id')} ({str(r.get('type', '')).replace('_', ' ')})"
                                   for r in getattr(air, "reserve", {}).get(side.value, [])]
                info["runs"] = [str(r.get("unit")) for r in getattr(air, "runs", [])
                                if st.active is side]
                info["full_ammo"] = {u.id: self._full_ammo(u.type) for u in units}
            out[side.value] = info
        return out

    def _full_ammo(self, air_type: str) -> dict[str, int]:
        st = self.state
        return lookup.full_ammo(st, air_type) if st is not None else {}

    def air_help(self) -> list[str]:
        """How to enter the air actions of this game's rules by touch, in plain words (the
        topics are the rule set's, from its flow)."""
        st = self.state
        if st is None or not self.air_game():
            return []
        words = {
            "fly": _("Fly: tap an ordered air unit, then each hex it flies over in turn (up to 4; "
                     "the path is drawn, a second tap on the last hex takes it back), then press "
                     "Fly."),
            "attack_run": _("Attack run: on each enemy hex of the path choose Machine gun or Bomb "
                            "(the ammo left is shown); the runs are resolved in the battle phase."),
            "dogfight": _("Dogfight: in the battle phase tap your air unit, then the enemy air "
                          "unit; possible hits are confirmed by a second roll."),
            "withdraw_deploy": _("Withdraw an air unit before playing the card; deploy one with a "
                                 "Section card: press Deploy, then tap a blue hex. An Air Combat "
                                 "card may join the command card."),
            "air_sortie": _("Air Sortie: play the card by itself, or press it beside a Section "
                            "card; with no airplane flying, tap the blue edge hex where the fresh "
                            "airplane enters. With real cards, say when one came up from the deck: "
                            "the card panel asks."),
            "air_check": _("Air check: when enemy units are next to the airplane, the opponent "
                           "throws it; the prompt bar names him."),
            "special_actions": _("Strafe, kamikaze, rescue: press the action, then tap the hexes "
                                 "next to the airplane. Ground support, interdiction and recon are "
                                 "one press."),
        }
        return [words[t] for t in lookup.help_topics(st) if t in words]
