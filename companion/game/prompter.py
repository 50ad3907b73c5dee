"""The prompt: the legal actions of the moment, said in plain words for every front end."""

from __future__ import annotations

from companion.game import airflow, queries
from companion.game.legal import LegalActions
from companion.game.prompts import Choice, DiceDue, Prompt
from companion.game.state import Phase
from companion.rules import cards as card_rules
from companion.rules.board import Side


def prompt_for(legal: LegalActions) -> Prompt:
    """Who must do what next, with the actions ``legal`` offers and their options."""
    st = legal.state
    actions = legal.actions
    side = st.active.value
    name = st.hex_name
    pos = st.position
    roll = legal.roll
    due = None if roll is None else DiceDue(roll.rid, roll.dice, roll.thrower, roll.purpose,
                                            odds=legal.roll_odds, roll=st.rolls)
    air_step = airflow.air_prompt(st, actions, due)
    if air_step is not None:
        return air_step
    r = st.order_roll
    if st.phase is Phase.ORDER_DICE and r is not None:
        return Prompt("dice", side, f"{side.title()}: throw {r.dice} "
                      f"{'die' if r.dice == 1 else 'dice'} — {r.purpose}.", actions, dice=due)
    if st.phase is Phase.REVIEW_DICE and r is not None:
        faces = ", ".join("?" if f is None else str(f) for f in (r.faces or []))
        return Prompt("review_dice", side, f"Dice read: {faces}. Correct a misread die, or apply "
                      "the dice.", actions)
    if st.phase is Phase.OVER:
        winner = st.winner.value if st.winner else "nobody"
        return Prompt("over", None, f"The game is over: {winner} wins "
                      f"{st.medals[Side.ALLIES]}-{st.medals[Side.AXIS]} (allies-axis).", actions)
    if st.phase is Phase.PLAY_CARD:
        choices = tuple(Choice(c, card_rules.card(c).name) for c in legal.cards)
        return Prompt("play_card", side, f"{side.title()}: play a command card.", actions,
                      choices=choices)
    if st.phase is Phase.ORDER:
        spec = airflow.command_card(st.card or "")
        own = legal.orderable
        return Prompt("order", side, f"{side.title()}: {spec.name} — name the units you order. "
                      f"{spec.summary}", actions,
                      highlight=tuple(u.hex for u in own),
                      choices=tuple(Choice(u.id, f"{u.id} ({u.type}, {u.hex})", hex=u.hex)
                                    for u in own))
    if st.phase is Phase.MOVE:
        entering = airflow.entering_units(st)
        return Prompt("move", side, f"{side.title()}: move the ordered units, one at a time, "
                      "then say you are done moving.", actions,
                      highlight=tuple([*(u.hex for u in legal.movers), *(h for _, h in entering)]),
                      choices=tuple([*(Choice(u.id, u.id, hex=u.hex) for u in legal.movers),
                                     *(Choice(u, u, "enters here", hex=h) for u, h in entering)]),
                      optional=True)
    if st.phase is Phase.BATTLE:
        ready = legal.attackers
        text = f"{side.title()}: battle with the ordered units, one at a time, then end the turn."
        if st.may_overrun:
            text = f"{side.title()}: {st.may_overrun} took ground and may battle again (armor overrun)."
        runs = airflow.pending_runs(st.air)
        if runs:
            text = (f"{side.title()}: resolve the attack run{'s' if runs > 1 else ''} placed while "
                    "moving, then battle with the other ordered units.")
            if st.air is not None and not st.air.runs:
                text = (f"{side.title()}: resolve the strategic bombing of "
                        f"{st.air.bombs[0]['objective']} (attack_run), then battle with the other "
                        "ordered units.")
        spec_now = queries.card_spec_in_force(st)
        live = queries.live_card_targets(st)
        if spec_now is not None and spec_now.direct_attack is not None and (
                live or not st.card_attacked):
            text = (f"{side.title()}: {spec_now.name} attacks by itself — name its target"
                    f"{'s' if spec_now.direct_attack.max_targets > 1 else ''} (card_attack)."
                    if not live else
                    f"{side.title()}: {spec_now.name} rolls at {live[0]} next (card_attack).")
        return Prompt("battle", side, text, actions,
                      highlight=tuple(u.hex for u in ready),
                      choices=tuple(Choice(u.id, u.id, hex=u.hex) for u in ready),
                      optional=True)
    b = st.battle
    assert b is not None
    if st.phase is Phase.DICE and b.confirm_dice and roll is not None:
        n = roll.dice
        return Prompt("dice", side, f"{side.title()}: throw {n} battle {'die' if n == 1 else 'dice'}"
                      f" — {roll.purpose}.", actions,
                      highlight=tuple(name(pos.units[u].hex) for u in (b.attacker, b.target)),
                      dice=due, detail=tuple(b.explain))
    if st.phase is Phase.DICE and roll is not None:
        thrower = roll.thrower
        return Prompt("dice", thrower, f"{thrower.title()}: throw {b.dice} battle "
                      f"{'die' if b.dice == 1 else 'dice'} — {roll.purpose}."
                      + (f" ({b.target}'s owner may play Ambush first.)" if "ambush" in actions
                         else ""),
                      actions,
                      highlight=tuple(name(pos.units[u].hex) for u in (b.attacker, b.target)
                                      if u in pos.units),
                      dice=due, detail=tuple(b.explain))
    if st.phase is Phase.REVIEW_DICE:
        faces = ", ".join("?" if f is None else str(f) for f in (b.faces or []))
        unread = any(f is None for f in (b.faces or []))
        text = (f"Dice read: {faces}. " + ("Give the face of each unreadable die."
                if unread else "Correct a misread die, or apply the dice."))
        reviewer = st.active.other.value if queries.is_ambush(st) else side
        return Prompt("review_dice", reviewer, text, actions)
    if st.phase is Phase.RETREAT:
        owner = pos.units[b.target].side.value
        assert b.result is not None
        opts = legal.retreats
        return Prompt("retreat", owner, f"{owner.title()}: {b.target} must retreat "
                      f"({b.result['flags'] - b.result['flags_ignored']} flag(s)); choose where.",
                      actions, highlight=tuple(o.hex for o in opts),
                      choices=tuple(Choice(o.hex, o.hex, (f"loses {o.figures_lost} figure(s)"
                                    if o.figures_lost else ""), hex=o.hex) for o in opts))
    if st.phase is Phase.TAKE_GROUND:
        assert b.result is not None
        where = legal.take_ground or ""
        extra = " and battle again (armor overrun)" if b.result.get("armor_overrun") else ""
        return Prompt("take_ground", side, f"{side.title()}: {b.attacker} may take ground into "
                      f"{where}{extra}.", actions, highlight=(where,),
                      choices=(Choice("yes", "Take ground", hex=where), Choice("no", "Stay")),
                      optional=True)
    raise AssertionError(f"no prompt for phase {st.phase}")


def options_lines(legal: LegalActions) -> list[str]:
    """Everything that may be done now, one line each, in the players' words: the answer to
    "what can I do?" (the terminal's ``options``)."""
    st = legal.state
    lines: list[str] = []
    pos = st.position

    def unit_words(uid: str) -> str:
        u = pos.units.get(uid)
        return f"{uid} ({u.type.replace('_', ' ')} on {st.hex_name(u.hex)})" if u else uid

    if legal.cards:
        lines.append("Cards you may play: " + ", ".join(
            f"{card_rules.card(c).name} (card {c})" for c in legal.cards))
    elif "play_card" in legal.actions:
        lines.append("Play the command card you chose (card NAME; `companion cards` lists them).")
    if legal.orderable:
        lines.append("Units this card may order: " + ", ".join(
            f"{u.id} ({u.type.replace('_', ' ')} on {u.hex})" for u in legal.orderable))
    for u in legal.movers:
        reach = sorted(legal.moves(u.id))
        if reach:
            lines.append(f"{unit_words(u.id)} may move to: {', '.join(reach)}")
        elif not pos.units[u.id].spec.air:
            lines.append(f"{unit_words(u.id)} may not move this turn")
    for uid in legal.exits:
        lines.append(f"{unit_words(uid)} may leave the board here (exit {uid})")
    for a in legal.attackers:
        targets = legal.targets(a.id)
        if targets:
            lines.append(f"{unit_words(a.id)} may battle: " + ", ".join(
                f"{t.target} on {t.hex} with {t.dice} {'die' if t.dice == 1 else 'dice'}"
                for t in targets))
    for r in legal.retreats:
        lost = f" (loses {r.figures_lost} figure{'s' if r.figures_lost != 1 else ''})" \
            if r.figures_lost else ""
        lines.append(f"Retreat to {r.hex}{lost}")
    if legal.take_ground:
        lines.append(f"Take ground into {legal.take_ground} (yes) or stay (no)")
    roll = legal.roll
    if roll is not None:
        lines.append(f"{roll.thrower.title()} throw {roll.dice} {'die' if roll.dice == 1 else 'dice'}"
                     f": {roll.purpose} (dice FACE ...)")
    words = {"end_moves": "done (finished moving)", "end_turn": "end (end the turn)",
             "undo": "undo (take back the last step)", "apply_dice": "apply (apply the dice)",
             "correct": "fix N FACE (correct a die)", "attack_run": "run (the next attack run)",
             "card_attack": "attack TARGET (the card's own attack)", "ambush": "ambush"}
    others = [words[a] for a in legal.actions if a in words]
    if others:
        lines.append("Also: " + "; ".join(others))
    return lines
