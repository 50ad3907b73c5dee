"""No lost turns: the buttons that end a phase or the turn count a double tap once, and ending
with something left undone asks first.

A button that ends a phase ("Order N units", a card, "Done moving", "End turn" and their air
forms) sits where the previous phase's ending button sat. Two taps 150 ms apart would end two
phases. So an ending action is taken only when :attr:`end_guard_s` seconds have passed since
the game last changed under the buttons (a new state or prompt) and since the last ending
press; earlier taps are dropped silently. The app draws those buttons greyed until then
(:meth:`TurnGuard.guard_left`). A hex tapped twice in that time is tapped once, when the first
tap did something (:meth:`~companion.ui.board_input.BoardInput.tap_hex`): the second would
select the unit just moved there, or take back the unit just picked.

Ending the movement or the turn while ordered units could still move or battle (the legal
actions say which) is not sent at once: :attr:`confirm` holds the question, the app shows it
with "End anyway" / "Go back", and :meth:`TurnGuard.answer_confirm` sends it or drops it.
"""

from __future__ import annotations

import re
from typing import Any

from companion.game.narrate import Namer
from companion.rules.records import dataclass
from companion.ui.i18n import _
from companion.ui.tablebase import TableBase

# A refusal of an action the moment does not offer, as the session words it
_NOT_NOW = re.compile(r"^'(\w+)' is not possible now \((.*)\); allowed now: (.*)$", re.S)
_UNIT_KEYS = ("unit", "attacker", "target")

# The actions whose button ends a phase or the turn (air forms included: an Air Sortie's card
# or order, "End turn, keep" a recon card, are these same actions with more fields), those
# that end a battle's steps (Apply the dice, then Retreat to..., Take ground / Stay, Battle
# back / Decline sit where the previous step's button sat), and Undo, which takes a phase back:
# it sits where the card the finger just played sat.
ENDING_ACTIONS = frozenset({"play_card", "order", "end_moves", "end_turn", "apply_dice",
                            "retreat", "take_ground", "battle_back", "undo"})
DEFAULT_GUARD_S = 0.5  # the app's guard; a table without an app (tests, scripts) has none


@dataclass(frozen=True)
class Confirm:
    """A question before an action is sent: its title, the lines that say why, the action."""

    title: str
    lines: tuple[str, ...]
    action: dict[str, Any]
    at: float = 0.0  # when it was asked (the table's clock)
    kind: str = ""  # the prompt it was asked at


class TurnGuard(TableBase):
    """The part of :class:`~companion.ui.controller.Table` that guards the ending buttons."""

    # --- names in players' words ---------------------------------------------------------------
    def namer(self) -> Namer:
        """Units named as players see them ("infantry on F7"), for the state shown."""
        st = self.state
        key = (id(st), st.seq if st is not None else -1)
        cached = self._namer_cache
        if cached is None or cached[0] != key:
            namer = Namer()
            if st is not None:
                namer.see(st)
            cached = self._namer_cache = (key, namer)
        found: Namer = cached[1]
        return found

    def unit_words(self, unit_id: str | None) -> str:
        """ "infantry on F7" for a unit's id ('' for none)."""
        return self.namer().unit(unit_id) if unit_id else ""

    said = unit_words

    def said_kind(self, unit_id: str) -> str:
        """ "infantry" for a unit's id."""
        return self.namer().kind(unit_id)

    def said_objective(self, objective_id: str) -> str:
        return self.namer().objective(objective_id)

    def words(self, text: str, units: list[str] | tuple[str, ...] = ()) -> str:
        """A text built with raw ids (the rules' reasons, a roll's purpose) in players' words."""
        return self.namer().words(text, units)

    def refused(self, reason: str, action: dict[str, Any]) -> None:
        """A refusal in players' words, every problem of it: :attr:`refusal` lists them (the
        panel shows them all), :attr:`message` says the first and how many more."""
        about = [str(action[k]) for k in _UNIT_KEYS if isinstance(action.get(k), str)]
        about += [str(u) for k in ("units", "targets") if isinstance(action.get(k), list)
                  for u in action[k]]
        m = _NOT_NOW.match(reason)
        if m is not None:  # a button of a moment that has passed: say what the moment wants
            problems = [_("Not possible now:") + " " + self.words(m.group(2), about)]
        else:
            problems = [self.words(x.strip(), about) for x in reason.split("; ") if x.strip()]
        # "infantry on c2: infantry on c2 is in the left section" says the unit once
        problems = [re.sub(r"^(.+?): (\1 )", r"\2", x) for x in problems]
        problems = [x[:1].upper() + x[1:] for x in problems] or [_("That is not possible now.")]
        more = len(problems) - 1
        self.message = problems[0] + (f" (+{more} " + _("more, listed on the right") + ")"
                                      if more else "")
        self.refusal = [self.message, *problems] if more else []

    # --- the guard ---------------------------------------------------------------------------------
    def guard_seconds(self) -> float:
        return self.end_guard_s or 0.0

    def guard_watch(self) -> None:
        """Called after every change: the guard starts again when the game moved on."""
        game = self.game
        p = self.prompt() if game is not None else None
        key = (game.seq if game is not None else -1, p.kind if p is not None else "")
        if key != self._guard_key:
            self._guard_key = key
            self._guard_from = self.clock()
        asked = self.confirm
        if asked is not None:  # a question about a moment that has passed goes with it (an
            legal = self.legal()  # echo of this tablet's own last action at a table does not)
            if legal is None or not legal.offers(str(asked.action.get("do"))) or \
                    (p is not None and p.kind != asked.kind):
                self.confirm = None
    def guard_left(self) -> float:
        """Seconds before a phase-ending button takes a tap again (0: it takes one now)."""
        wait = self.guard_seconds()
        if wait <= 0:
            return 0.0
        return max(0.0, self._guard_from + wait - self.clock())

    def is_ending(self, action: dict[str, Any]) -> bool:
        """An action whose button ends a phase or a step: those of :data:`ENDING_ACTIONS`, and
        the answer to a scenario rule's step (an airdrop's hexes, a mine's number...), whose
        button may stand where the next step's does (Drop in the Night drops three times)."""
        if action.get("ui") is not None:
            return False
        do = action.get("do")
        if do in ENDING_ACTIONS:
            return True
        p = self.prompt()
        return p is not None and p.kind == "rule_step" and do in p.actions

    def guard_takes(self, action: dict[str, Any]) -> bool:
        """Whether an ending action's tap counts (and starts the guard again if it does)."""
        if not self.is_ending(action):
            return True
        if self.guard_left() > 0:
            self.guard_dropped += 1
            return False
        self._guard_from = self.clock()
        return True

    # --- asking first ------------------------------------------------------------------------------
    def left_undone(self, do: str) -> list[str]:
        """What ending with ``do`` leaves undone, in players' words: ordered units that could
        still move (``end_moves``) or battle (``end_turn``)."""
        legal = self.legal()
        if legal is None or not legal.offers(do):
            return []
        if do == "end_moves":
            return [self.unit_words(u.id) for u in legal.movers if legal.moves(u.id)]
        if do == "end_turn":
            return [self.unit_words(u.id) for u in legal.attackers if legal.targets(u.id)]
        return []

    def ask_first(self, action: dict[str, Any]) -> bool:
        """True (with :attr:`confirm` set) when ``action`` must be confirmed before it is sent."""
        do = str(action.get("do"))
        undone = self.left_undone(do)
        if not undone:
            return False
        if do == "end_moves":
            title = _("End the movement?")
            why = _("These ordered units could still move:")
        else:
            title = _("End the turn?")
            why = _("These ordered units could still battle:")
        p = self.prompt()
        self.confirm = Confirm(title, (why, *undone), dict(action), self.clock(),
                               p.kind if p is not None else "")
        return True

    def confirm_left(self) -> float:
        """Seconds before the question's answers take a tap (the finger that asked is still
        there: its second tap must not answer)."""
        asked = self.confirm
        wait = self.guard_seconds()
        if asked is None or wait <= 0:
            return 0.0
        return max(0.0, float(asked.at) + wait - self.clock())

    def answer_confirm(self, go_on: bool) -> bool:
        """The player's answer: send the action asked about ("End anyway"), or not ("Go back")."""
        if self.confirm is None or self.confirm_left() > 0:
            return False
        asked, self.confirm = self.confirm, None
        if not go_on:
            self._after_change()
            return False
        self._guard_from = self.clock()
        return self.act(asked.action)
