"""Board input: what a tap, a drag or a panel button means now, read from the legal actions
(``companion/game/legal.py``) and the prompt only; no rules are worked out here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.rules.board import Side
from companion.ui import ruleslookup as lookup
from companion.ui.air_input import SPECIAL_WORDS, TOOLS
from companion.ui.i18n import _
from companion.ui.ruleslookup import SPECIAL_ACTIONS
from companion.ui.tablebase import TableBase

if TYPE_CHECKING:
    from companion.game.prompts import HexPick

# Actions that need no more than a button press: the button's words.
BUTTON_ACTIONS: dict[str, str] = {
    "end_moves": "Done moving",
    "end_turn": "End turn",
    "apply_dice": "Apply the dice",
    "undo": "Undo",
}
# A scenario rule's steps: the words of their buttons (one per offered choice)
STEP_WORDS: dict[str, str] = {
    "mine_number": "The mine turned over shows",
    "commissar_card": "Under the Commissar chip",
    "desert_move": "Move on (desert rules)",
    "heal": "Heal",
    "seal_cave": "Seal the cave",
    "clear_obstacle": "Remove the obstacle",
    "blow_bridge": "Blow up the bridge",
    "airdrop": "Airdrop",
    "smoke": "Smoke screen",
    "winter_loss": "General Winter takes a figure from",
}
_STEP_WORDS = (_("off the board"), _("The mine turned over shows"), _("Under the Commissar chip"),
               _("Move on (desert rules)"), _("Heal"), _("Seal the cave"), _("Remove the obstacle"),
               _("(a decoy)"),
               _("Airdrop"), _("General Winter takes a figure from"), _("Blow up the bridge"),
               _("Smoke screen"), _("left off"))
_CARD_ROWS = (_("Recon"), _("Probe"), _("Attack"), _("Assault"))  # the card picker's rows
_BUTTON_WORDS = (_("Done moving"), _("End turn"), _("Apply the dice"), _("Undo"), _("Take ground"),
                 _("Stay"))


class BoardInput(TableBase):
    """The part of :class:`~companion.ui.controller.Table` that turns taps into actions."""

    def prompt_line(self) -> str:
        """Who does what next, in plain words."""
        p = self.prompt()
        if p is None:
            if self.link is not None:
                return _("Waiting for the table's game from the broker...")
            return _("Choose a scenario to start a game.")
        other = self.to_act()
        if other is not None:  # a joined tablet: another tablet's turn
            return other.upper() + " " + _("TO PLAY, ON THEIR TABLET:") + f" {p.text}"
        if p.kind == "dice" and p.dice is not None:
            st = self.state
            text = p.text
            if st is not None and p.dice.thrower != st.active.value:  # the opponent throws
                own = f"{p.dice.thrower.title()}: "
                text = p.dice.thrower.upper() + " " + _("PLAYER, YOUR THROW:") + " " + \
                    (text[len(own):] if text.startswith(own) else text)
            if self.is_confirmation():  # a second roll, not a new battle
                text = _("CONFIRMATION ROLL.") + " " + text
            # the prompt ends "Waiting for the dice."; here the tablet says from where
            text = text.removesuffix(" Waiting for the dice.")
            return text + " " + _("Waiting for dice from:") + f" {self.dice_source_name}."
        if p.pick is not None:  # a step answered by hexes: the board's taps say them
            pick = p.pick
            rest = ("; " + _("the others:") + f" {_(pick.rest_words) or pick.rest}"
                    if pick.rest else "")
            placed = f" {len(self.landed)}/{pick.count}." if self.landed else ""
            return (f"{(p.side or '').title()}: " + _("tap") + f" {pick.what or _('the hexes')} ("
                    + _("again: take back") + ")" + rest + "." + placed)
        if self.tool == "card_attack":
            return f"{self._card_name()}: {TOOLS[self.tool]}."
        if self.tool and self.tool_unit:
            return (f"{SPECIAL_WORDS.get(self.tool, self.tool)} ({self.said(self.tool_unit)}): "
                    f"{TOOLS[self.tool]}.")
        if p.kind == "move" and self.selected and self._is_air(self.selected):
            left = self.moves_left()
            if not self.flight:
                return f"{self.said(self.selected)}: " + \
                    _("tap the hexes it flies over, one at a time, up to") + \
                    f" {left}; " + _("then Fly.")
            return f"{self.said(self.selected)}: " + _("path") + f" {' > '.join(self.flight)}" + \
                (f" ({_('tap a lit hex to go on')}, {_('tap the last hex to take it back')})"
                 if len(self.flight) < left else f" ({_('all its movement')})")
        if p.kind == "play_card" and (self.air_card or self.with_sortie):
            extra = [self.air_card] if self.air_card else []
            if self.with_sortie:
                extra.append(_("the Air Sortie card (with a Section card)"))
            return p.text + " " + _("With it:") + " " + ", ".join(extra) + "."
        if p.kind == "order" and self.needs_sortie_hex() and not self.sortie_hex:
            return p.text + " " + _("Tap the edge hex (blue) where the Air Sortie's airplane enters.")
        if p.kind == "order" and self.deploy_unit and not self.deploy_hex:
            return _("Tap the hex (blue) where") + f" {self.said(self.deploy_unit)} " + _("enters.")
        if p.kind in ("move", "battle") and self.selected and not self._reach_or_targets(self.selected):
            return f"{self.said(self.selected)}: " + (_("it cannot move anywhere now; pick another unit.")
                                           if p.kind == "move" else
                                           _("no enemy it may battle; pick another unit or end the turn."))
        if p.kind == "move" and self.selected:
            return f"{self.said(self.selected)}: " + _("tap the lit hex where it goes, or drag it there.")
        if p.kind == "battle" and self.selected:
            return f"{self.said(self.selected)}: " + \
                _("tap the enemy it battles (red outline; the dice are shown).")
        if p.kind == "order" and self.arriving:
            return (self._order_head(p.text) + " " + _("Coming in:") + " " + ", ".join(self.arriving)
                    + ("; " + _("picked:") + " " + self.picked_words() if self.picked else "")
                    + ".")
        if p.kind == "order" and self.picked:
            return self._order_head(p.text) + " " + _("Picked:") + " " + self.picked_words() + "."
        if p.kind == "order" and self._arrival_hexes():
            return p.text + " " + _("Tap a lit empty hex to bring a unit in there (one order each).")
        return p.text

    def _order_head(self, text: str) -> str:
        """The order prompt without the card's text once units are picked: the players read
        it when the card was played, and the picks that follow it must fit the prompt bar
        (eight infantry picked for an Infantry Assault ran out of it on a portrait tablet)."""
        st = self.state
        summary = str(lookup.command_card(st.card).summary) if st is not None and st.card else ""
        return text.removesuffix(summary).rstrip() if summary else text

    def picked_words(self) -> str:
        """The units picked, by kind: "infantry on G3, H3, F4; armor on C2"."""
        st = self.state
        hexes: dict[str, list[str]] = {}
        for u in self.picked:
            unit = st.position.units.get(u) if st is not None else None
            if st is None or unit is None:
                hexes.setdefault(self.said(u), [])
                continue
            hexes.setdefault(self.said_kind(u), []).append(st.hex_name(unit.hex))
        return "; ".join(kind + (" " + _("on") + " " + ", ".join(where) if where else "")
                         for kind, where in hexes.items())

    def highlights(self) -> dict[str, str]:
        """Hex name -> why it is lit: ``choice`` (tap me), ``target``, ``reach``, ``picked``,
        ``selected``, ``battle``."""
        out: dict[str, str] = {}
        st, p = self.state, self.prompt()
        if st is None or p is None:
            return out
        for h in p.highlight:
            out[h] = "battle" if p.kind == "dice" else "choice"
        name = st.hex_name
        b = st.battle
        if b is not None and p.kind in ("review_dice", "retreat", "take_ground", "battle_back"):
            for uid in (b.attacker, b.target):  # the battle stays ringed until it is over
                unit = st.position.units.get(uid) if uid else None
                if unit is not None:
                    out.setdefault(name(unit.hex), "battle")
        if p.pick is not None:
            for h in self.landed:
                out[h] = "picked"
        if p.kind == "order":
            for uid in self.picked:
                if uid in st.position.units:
                    out[name(st.position.units[uid].hex)] = "picked"
        if p.kind == "order":
            for h in self.entry_hexes():
                out[h] = "entry"
            for h in self._arrival_hexes():
                out[h] = "picked" if h in self.arriving else "entry"
            for chosen in (self.sortie_hex, self.deploy_hex):
                if chosen:
                    out[chosen] = "selected"
        if self.tool and (self.tool == "card_attack" or self.tool_unit in st.position.units):
            for h in self.tool_choices():
                out[h] = "choice" if self.tool in ("strafe", "unload") else "target"
            for h in self.tool_hexes:
                out[h] = "selected"
            return out
        flyer = self.flyer() if p.kind == "move" else None
        if flyer is not None:
            for h in self.flight_next():
                out[h] = "reach"
            out[flyer.start] = "selected"
            return out
        legal = self.legal()
        if self.selected and self.selected in st.position.units and legal is not None:
            if p.kind == "move":
                for dest in legal.moves(self.selected):
                    out[dest] = "reach"
            elif p.kind == "battle":
                for t in legal.targets(self.selected):
                    out[t.hex] = "target"
            out[name(st.position.units[self.selected].hex)] = "selected"
        return out


    def _reach_or_targets(self, unit_id: str) -> list[str]:
        """Hexes a unit may move to (move phase) or enemies it may battle (battle phase)."""
        st, p, legal = self.state, self.prompt(), self.legal()
        if st is None or p is None or legal is None or unit_id not in st.position.units:
            return []
        if p.kind == "move":
            return list(legal.moves(unit_id))
        if p.kind == "battle":
            return [t.target for t in legal.targets(unit_id)]
        return []

    def target_dice(self) -> dict[str, int]:
        """Hex name -> dice the selected attacker would throw there (shown on targets)."""
        p, legal = self.prompt(), self.legal()
        if legal is None or p is None or p.kind != "battle" or not self.selected:
            return {}
        return {t.hex: t.dice for t in legal.targets(self.selected)}

    def medals(self) -> dict[str, tuple[int, int]]:
        """Side -> (medals now, medals to win)."""
        st = self.state
        if st is None:
            return {}
        m = st.medals
        return {s.value: (m[s], st.medals_to_win(s)) for s in (Side.ALLIES, Side.AXIS)}

    def objective_holders(self) -> dict[str, str]:
        """Objective id -> the side that holds it now (its medal counts for that side)."""
        st = self.state
        if st is None:
            return {}
        out: dict[str, str] = {}
        for o in st.objectives:
            side = lookup.objective_holder(st, o)
            if side is not None:
                out[o.id] = side.value
        return out

    def objective_lines(self) -> list[str]:
        st = self.state
        if st is None:
            return []
        out = []
        held = self.objective_holders()
        for o in st.scenario.objectives:
            who = " / ".join(s.value.title() for s in o.sides)
            if o.units_said:  # only some of the side's units claim it (the briefing's words)
                who += f" ({o.units_said})"
            label = o.label or o.id
            worth = _("wins the game") if o.kind.value == "sudden_death" else \
                f"{o.medals} " + (_("medal") if o.medals == 1 else _("medals"))
            if o.kind.value == "sudden_death" and 1 < o.hexes_needed < len(o.hexes):
                worth = _("holding") + f" {o.hexes_needed} " + _("of them wins the game")
            elif o.kind.value == "permanent" and 1 < o.hexes_needed <= len(o.hexes):
                worth += ", " + _("kept once") + f" {o.hexes_needed} " + _("of them are held at once")
            if o.at_turn_end:
                worth += " " + _("at the end of its turn")
            elif o.at_turn_start:
                worth += " " + _("at the start of its turn")
            now = f" - {_('held by')} {held[o.id].title()}" if o.id in held else ""
            out.append(f"{label} ({', '.join(o.hexes)}): {who}, {worth}{now}")
        for x in st.scenario.exits:
            out.append(_("Exit") + f" {x.hex}: {x.side.value.title()}, {x.medals} " + _("medal"))
        return out

    def card_choices(self) -> list[tuple[str, str]]:
        """Cards the active side may play now, as (card id, printed name), as the legal actions
        say: the virtual hand, one entry per copy held (``cards``), else every card type that
        may be the turn's card (``card_types``: real cards on the table)."""
        st, p = self.state, self.prompt()
        legal = self.legal()
        if st is None or p is None or p.kind != "play_card" or legal is None:
            return []
        ids = legal.cards if st.deck is not None else legal.card_types
        return [(cid, lookup.command_card(cid).name) for cid in ids]

    def card_name(self, card_id: str) -> str:
        """A card's name as printed ("Probe Left")."""
        return str(lookup.command_card(card_id).name)

    def card_groups(self) -> tuple[list[tuple[str, dict[str, tuple[str, int]]]],
                                   list[tuple[str, str, int]]]:
        """The cards of :meth:`card_choices` as printed and grouped: the section cards by
        count (rows: Recon 1 unit, Probe 2 units...) and section (left, center, right), each
        with the copies held; then the other cards by name, with the copies held."""
        held: dict[str, int] = {}
        names: dict[str, str] = {}
        for cid, name in self.card_choices():
            held[cid] = held.get(cid, 0) + 1
            names[cid] = name
        rows: dict[str, dict[str, tuple[str, int]]] = {}
        order: dict[str, int | None] = {}
        others: list[tuple[str, str, int]] = []
        for cid, n in held.items():
            spec = lookup.command_card(cid)
            quota = dict(spec.sections)
            if spec.kind.value == "section" and len(quota) == 1:
                section, per = next(iter(quota.items()))
                stem = spec.name.rsplit(" ", 1)[0]  # "Probe Left" -> "Probe"
                count = (_("all units") if per is None else
                         f"{per} " + (_("unit") if per == 1 else _("units")))
                row = f"{_(stem)}\n{count}"
                rows.setdefault(row, {})[str(getattr(section, "value", section))] = (cid, n)
                order[row] = per
            else:
                others.append((cid, names[cid], n))
        section_rows = sorted(rows.items(), key=lambda r: (order[r[0]] is None, order[r[0]] or 0))
        return section_rows, sorted(others, key=lambda c: c[1].lower())

    def buttons(self) -> list[tuple[str, dict[str, Any]]]:
        """Buttons for the prompt: label -> action, rendered generically from the prompt."""
        p = self.prompt()
        if p is None:
            return []
        out: list[tuple[str, dict[str, Any]]] = []
        if self.tool:
            return self._tool_buttons(p)
        if p.kind == "move" and self.selected and self._is_air(self.selected):
            out += self._flight_buttons()
        if p.kind == "order":
            st = self.state
            spec = lookup.command_card(st.card) if st is not None and st.card else None
            entering = ""  # an air unit entering with the order, said on the button
            if self.arriving:
                entering = " + " + _("units coming in on") + f" {', '.join(self.arriving)}"
            if self.sortie_hex:
                entering = " + " + _("airplane entering on") + f" {self.sortie_hex}"
            elif self.deploy_unit and self.deploy_hex:
                entering = f" + {self.said(self.deploy_unit)} " + _("deployed on") + f" {self.deploy_hex}"
            if spec is not None and spec.one_section:  # the player names the section too
                for sec, words in (("left", _("left")), ("center", _("center")), ("right", _("right"))):
                    out.append((_("Order") + f" {len(self.picked)} " + _("unit(s)") + f" ({words})"
                                + entering, self.order_action(sec)))
            else:
                out.append((_("Order") + f" {len(self.picked)} " + _("unit(s)") + entering,
                            self.order_action()))
        if p.kind == "retreat":
            for c in p.choices:
                label = _("Retreat to") + f" {c.label}" + (f" ({c.detail})" if c.detail else "")
                out.append((label, {"do": "retreat", "hex": c.key}))
        if p.kind == "take_ground":
            for c in p.choices:
                out.append((_(c.label) if c.label in ("Take ground", "Stay") else c.label,
                            {"do": "take_ground", "advance": c.key == "yes"}))
        if p.kind == "battle_back":  # British Commonwealth Forces: 1 die at the assaulter
            for c in p.choices:
                if c.key == "battle_back":
                    out.append((_("Battle back") + (f" ({c.detail})" if c.detail else ""),
                                {"do": "battle_back"}))
                else:
                    out.append((_("Decline"), {"do": "battle_back", "decline": True}))
        legal = self.legal()
        if p.kind == "move" and self.selected and legal is not None and legal.offers("exit") \
                and self.selected in legal.exits:
            out.append((_("Leave the board:") + f" {self.said(self.selected)}",
                        {"do": "exit", "unit": self.selected}))
        out += self._air_buttons(p)
        if p.pick is not None:
            out.append((self.pick_label(p.pick), p.pick.answer(self.landed)))
        keep = self.recon_cards()
        for a in p.actions:
            if a == "end_turn" and keep:  # Air Pack recon: 2 cards drawn, the player keeps one
                for cid in keep:
                    out.append((_("End turn, keep") + f" {lookup.command_card(cid).name}",
                                {"do": "end_turn", "keep": cid}))
            elif a in BUTTON_ACTIONS:
                out.append((_(BUTTON_ACTIONS[a]), {"do": a}))
        known = {"play_card", "order", "move", "exit", "battle", "dice", "correct", "retreat",
                 "take_ground", "battle_back", "attack_run", "withdraw", "bomb", "ambush",
                 "card_attack",
                 *SPECIAL_ACTIONS,
                 *BUTTON_ACTIONS, *((p.pick.action,) if p.pick is not None else ())}
        offered = legal.candidates() if legal is not None else []
        for a in p.actions:  # actions this app has no special screen for (a scenario rule's
            if a in known:   # steps): a button for each one the legal actions offer, else one
                continue     # that sends what the board shows picked (a refusal says the rest)
            choices = [c for c in offered if c.get("do") == a and len(c) > 1]
            if a == "unload":  # a supply train at a station: its units get off where tapped
                for offer in choices:
                    need = len(str(offer.get("hexes", "")).split())
                    out.append((_("Unload the supply train:") + f" {self.said(str(offer['unit']))} "
                                f"({need} " + _("unit(s) get off") + ")",
                                {"ui": "tool", "tool": "unload", "unit": offer["unit"],
                                 "count": need}))
            elif choices:
                out += [(self.step_label(c), c) for c in choices]
            else:
                out.append((a.replace("_", " ").capitalize() + (f": {self.said(self.selected)}"
                                                                if self.selected
                                                                else ""), self.generic_action(a)))
        return out

    def pick_label(self, pick: HexPick) -> str:
        """The button that sends the hexes tapped for a step answered by hexes: "Airdrop: G5, H4
        + 2 off the board"."""
        words = _(STEP_WORDS.get(pick.action, pick.action.replace("_", " ").capitalize()))
        rest = pick.count - len(self.landed)
        parts = [", ".join(self.landed)] if self.landed else []
        if rest > 0 and pick.rest:
            parts.append(f"{rest} {_(pick.rest_words) if pick.rest_words else pick.rest}")
        return f"{words}: " + " + ".join(parts) if parts else words

    def _arrival_hexes(self) -> tuple[str, ...]:
        """Hexes where the order may bring a unit onto the board (the game's legal actions)."""
        legal = self.legal()
        return legal.arrival_hexes if legal is not None else ()

    def _pick_tap(self, hex_name: str, pick: HexPick) -> bool:
        """A hex tapped for a step answered by hexes: in (up to the count), or out again."""
        if hex_name in self.landed:
            self.landed.remove(hex_name)
            self.message = ""
        elif len(self.landed) >= pick.count:
            self.message = _("All of them are placed: tap a lit hex to take one back.")
            self._after_change()
            return False
        else:
            self.landed.append(hex_name)
            self.message = ""
        self._after_change()
        return True

    def step_label(self, action: dict[str, Any]) -> str:
        """A button's words for one offered step of a scenario rule: the action, then its
        fields as players say them (units by type and hex, cards by name)."""
        do = str(action.get("do", ""))
        words = [_(STEP_WORDS.get(do, do.replace("_", " ").capitalize()))]
        for key, value in action.items():
            if key == "do":
                continue
            if key in ("unit", "target") and isinstance(value, str):
                words.append(self.said(value))
            elif key in ("card", "as_card") and isinstance(value, str):
                try:
                    words.append(lookup.command_card(value).name)
                except ValueError:  # a card the rules core does not know: its id as given
                    words.append(value)
            elif key == "piece" and isinstance(value, str):  # terrain: words, not a code
                words.append(value.replace("_", " "))
            elif key == "number" and value == 0:
                words.append("0 " + _("(a decoy)"))
            else:
                words.append(str(value))
        return " ".join(words[:1]) + (": " + ", ".join(words[1:]) if len(words) > 1 else "")

    def held_back(self) -> list[str]:
        """Why the phase's ending button is missing, in words (the legal actions' why_not):
        "fighter on F5 must move at least 1 hex..." when Done moving is not offered."""
        p, legal = self.prompt(), self.legal()
        if p is None or legal is None:
            return []
        ending = {"move": "end_moves", "battle": "end_turn"}.get(p.kind)
        if ending is None or legal.offers(ending):
            return []
        why = legal.why_not(ending)
        if not why:
            return []
        units = [u.id for u in (*legal.movers, *legal.attackers)]
        text = self.words(why, units)
        return [text[:1].upper() + text[1:]]

    def generic_action(self, do: str) -> dict[str, Any]:
        """An action the app knows only by name, filled from the board: the selected unit, the
        unit on the last tapped hex (``target``) and that hex (``hex``, ``hexes``)."""
        action: dict[str, Any] = {"do": do}
        st = self.state
        if self.selected:
            action["unit"] = self.selected
        if self.last_hex and st is not None:
            action["hex"] = self.last_hex
            action["hexes"] = [self.last_hex]
            other = next((u for u in st.position.units.values()
                          if st.hex_name(u.hex) == self.last_hex), None)
            if other is not None and other.id != self.selected:
                action["target"] = other.id
        return action

    def order_roll_dice(self) -> int:
        """Dice the card in play wants rolled with its order (Their Finest Hour, Medics &
        Mechanics: one per command card held, this one included); 0 for other cards."""
        st, p = self.state, self.prompt()
        if st is None or p is None or p.kind != "order" or not st.card:
            return 0
        spec = lookup.command_card(st.card)
        if not (spec.orders_from_roll or spec.restores_figures):
            return 0
        return st.scenario.sides[st.active].cards


    def press(self, action: dict[str, Any]) -> bool:
        """A panel button: a session action, or (``ui`` key) a step of an air action being built."""
        if self._not_mine():
            return False
        if not self.guard_takes(action):  # a second tap on an ending button: counted once
            return False
        ui = action.get("ui")
        if ui is None:
            if action.get("do") in ("end_moves", "end_turn") and self.ask_first(action):
                self._after_change()  # the app asks "End anyway" / "Go back"
                return False
            if action.get("do") == "order" and "roll" not in action:  # the units picked by now
                return self.act(self.order_action(action.get("section")))
            return self.act(action)
        ok = self._ui_step(str(ui), action)
        self._after_change()
        return ok

    def tap_hex(self, hex_name: str) -> bool:
        """A tap on the board; True when it did something.

        The second tap of a double tap on a hex is the first one's echo when the first did
        something (moved a unit there, declared a battle on it, picked its unit): it comes
        within the guard's seconds (:mod:`companion.ui.turn_guard`) and is dropped. Otherwise it
        would select the unit just moved there ("This unit cannot move now") or take the pick
        back."""
        now, last = self.clock(), self._last_tap
        wait = self.guard_seconds()
        if last is not None and last[0] == hex_name and wait > 0 and now - last[1] < wait:
            self.guard_dropped += 1
            return False
        did = self._tap_hex(hex_name)
        self._last_tap = (hex_name, now) if did else None
        return did

    def _tap_hex(self, hex_name: str) -> bool:
        st, p = self.state, self.prompt()
        if st is None or p is None or self._not_mine():
            return False
        unit = next((u for u in st.position.units.values() if st.hex_name(u.hex) == hex_name), None)
        kind = p.kind
        self.last_hex = hex_name
        if p.pick is not None:
            return self._pick_tap(hex_name, p.pick)
        if self.tool and kind in ("move", "battle"):
            return self._tool_tap(hex_name, unit)
        if kind == "move" and self.selected and self._is_air(self.selected):
            return self._flight_tap(hex_name, unit, p)
        if kind == "order" and (unit is None or hex_name == self.deploy_hex or (
                self.deploy_unit and not self.deploy_hex)) and self._entry_tap(hex_name):
            return True
        if kind == "move" and not self.selected:
            entering = dict((h, u) for u, h in self._entering_units())
            if hex_name in entering:  # an air unit deployed onto this hex flies off it first
                self.selected, self.flight, self.markers = entering[hex_name], [hex_name], {}
                self.message = ""
                self._after_change()
                return True
        if kind == "order" and unit is None and hex_name in (
                *self._arrival_hexes(), *self.arriving):
            # a unit the scenario lets the card order onto the board: a tap brings it in, a
            # second takes it back
            if hex_name in self.arriving:
                self.arriving.remove(hex_name)
            else:
                self.arriving.append(hex_name)
            self.message = ""
            self._after_change()
            return True
        if kind == "order":
            legal = self.legal()
            orderable = {u.id for u in legal.orderable} if legal is not None else set()
            if unit is None or unit.side is not st.active:
                self.message = _("Tap your own units to order them.")
            elif unit.id in self.picked:
                self.picked.remove(unit.id)
                self.message = ""
            elif orderable and unit.id not in orderable:  # refused at the tap, not at the order
                self.message = f"{self.said(unit.id)}: " + _("the card in play cannot order this unit "
                                                  "(the lit units it can).")
                self._after_change()
                return False
            elif legal is not None and orderable and (
                    why := legal.order_together_problem([*self.picked, unit.id])) is not None:
                # the card orders it, but not with the units already picked (its orders are used)
                said = self.words(why, [*self.picked, unit.id]).rstrip(".")
                self.message = said[:1].upper() + said[1:] + ". " + _(
                    "Tap a picked unit to take it back.")
                self._after_change()
                return False
            else:
                self.picked.append(unit.id)
                self.message = ""
            self._after_change()
            return unit is not None
        if kind == "move":
            if self.selected and (unit is None or unit.id == self.selected or unit.side is not st.active):
                if unit is not None and unit.id == self.selected:
                    self.selected = None
                    self._after_change()
                    return True
                return self.act({"do": "move", "unit": self.selected, "to": hex_name})
            return self._select(unit, [c.key for c in p.choices], _("This unit cannot move now."))
        if kind == "battle":
            if self.selected and unit is not None and unit.side is not st.active:
                return self.act({"do": "battle", "attacker": self.selected, "target": unit.id})
            if unit is not None and unit.id == self.selected:
                self.selected = None
                self._after_change()
                return True
            return self._select(unit, [c.key for c in p.choices], _("This unit cannot battle now."))
        if kind == "retreat":
            return self.act({"do": "retreat", "hex": hex_name})
        if kind == "take_ground" and hex_name in p.highlight:
            return self.act({"do": "take_ground", "advance": True})
        if kind == "battle_back" and any(c.key == "battle_back" and c.hex == hex_name
                                         for c in p.choices):
            return self.act({"do": "battle_back"})  # the assaulter tapped: battle back at it
        return False

    def drag(self, from_hex: str, to_hex: str) -> bool:
        """A drag from one hex to another: a move, or a battle declared by dragging."""
        st, p = self.state, self.prompt()
        if st is None or p is None or from_hex == to_hex or self._not_mine():
            return False
        unit = next((u for u in st.position.units.values() if st.hex_name(u.hex) == from_hex), None)
        if unit is None:
            return False
        if p.kind == "move":
            self.selected = unit.id
            return self.act({"do": "move", "unit": unit.id, "to": to_hex})
        if p.kind == "battle":
            target = next((u for u in st.position.units.values() if st.hex_name(u.hex) == to_hex), None)
            if target is not None:
                self.selected = unit.id
                return self.act({"do": "battle", "attacker": unit.id, "target": target.id})
        return False

    def _select(self, unit: Any, allowed: list[str], refusal: str) -> bool:
        if unit is None:
            self.message = _("Tap one of the lit units first.")
        elif unit.id not in allowed:
            self.message = f"{self.said(unit.id)}: {refusal}"
        else:
            self.selected = unit.id
            self.message = ""
        self._after_change()
        return unit is not None and unit.id in allowed



    def dice_heading(self) -> str:
        """What a roll is for, in a few words: a battle, an air check, a confirmation..."""
        st, p = self.state, self.prompt()
        if st is None or p is None or p.dice is None:
            return ""
        n = self.unit_words
        roll = st.air.roll if st.air is not None else None
        if roll is not None:
            return {"air_check": _("Air check of") + f" {n(roll.unit)}",
                    "confirm": _("Confirmation roll:") + f" {', '.join(n(x) for x in roll.targets)}",
                    "attack_run": _("Attack run of") + f" {n(roll.unit)}",
                    "strafe": _("Strafing by") + f" {n(roll.unit)}",
                    "kamikaze": _("Kamikaze:") + f" {n(roll.unit)}",
                    "bombing": _("Strategic bombing by") + f" {n(roll.unit)}",
                    "ambush": _("Ambush:") + f" {n(roll.unit)} → {', '.join(n(x) for x in roll.targets)}",
                    }.get(roll.kind, p.dice.purpose)
        b = st.battle
        if b is not None and b.confirm_dice:
            return _("Confirmation roll:") + f" {n(b.target)}"
        if b is not None and getattr(b, "card_attack", False):
            return f"{self._card_name()} " + _("attacks") + f" {n(b.target)}"
        if b is not None:
            units = st.position.units
            a, tgt = units.get(b.attacker), units.get(b.target)
            if a is not None and tgt is not None and tgt.spec.air:
                return (_("Dogfight:") if a.spec.air else _("Ground to air:")) + \
                    f" {n(b.attacker)} → {n(b.target)}"
            return _("Battle:") + f" {n(b.attacker)} → {n(b.target)}"
        return p.dice.purpose

    def is_confirmation(self) -> bool:
        """The dice due confirm hits already scored (an air unit's, an armored car's)."""
        st = self.state
        if st is None:
            return False
        roll = st.air.roll if st.air is not None else None
        if roll is not None:
            return roll.kind == "confirm"
        return st.battle is not None and bool(st.battle.confirm_dice)

    def thrower_note(self) -> str:
        """When the opponent throws (an air check next to his units, an ambush), say so."""
        st, p = self.state, self.prompt()
        if st is None or p is None or p.dice is None or p.dice.thrower == st.active.value:
            return ""
        return p.dice.thrower.title() + " " + _("player: this throw is yours") + \
            f" ({_('it is the')} {st.active.value.title()}' {_('turn')})."

