"""The prompt: the legal actions of the moment, said in plain words for every front end."""

from __future__ import annotations

from companion.game import airflow, queries, ruleflows
from companion.game.legal import LegalActions
from companion.game.narrate import Namer, count, dice_words, flag_reasons, side_words, type_words
from companion.game.prompts import Choice, DiceDue, Prompt
from companion.game.state import GameState, Phase, pending_roll
from companion.rules import battle as battle_rules
from companion.rules import cards as card_rules
from companion.rules.board import Side
from companion.rules.records import replace


def prompt_for(legal: LegalActions) -> Prompt:
    """Who must do what next, with the actions ``legal`` offers and their options, in the
    players' words: units by type and hex, never by id; what the prompt waits for."""
    st = legal.state
    namer = Namer.for_state(st)
    about = _about(st)
    roll = legal.roll
    due = None if roll is None else DiceDue(roll.rid, roll.dice, roll.thrower,
                                            namer.words(roll.purpose, about),
                                            odds=legal.roll_odds, roll=st.rolls)
    air_step = airflow.air_prompt(st, legal.actions, due)
    if air_step is not None:  # the air flow's words name units by id: say them as players do
        return replace(air_step, text=namer.words(air_step.text, about),
                       detail=tuple(namer.words(d, about) for d in air_step.detail),
                       choices=tuple(replace(c, label=namer.words(c.label)) for c in air_step.choices))
    if st.rules_state is not None:
        rule_step = ruleflows.rule_prompt(legal, due)
        if rule_step is not None:  # a scenario rule's roll (night, a minefield, healing...)
            return replace(rule_step, text=namer.words(rule_step.text, about),
                           detail=tuple(namer.words(d, about) for d in rule_step.detail))
    p = _prompt_for(legal, namer, due)
    if st.rules_state is not None:
        p = ruleflows.amend_prompt(legal, p)
    return replace(p, detail=tuple(namer.words(d, about) for d in p.detail))


def _about(st: GameState) -> list[str]:
    """The units the moment's texts are about: the battle's, the air roll's or retreat's (the
    purposes built elsewhere name them by ids, which may look like hex names)."""
    out: list[str] = []
    if st.battle is not None:
        out += [st.battle.attacker, st.battle.target]
    if st.air is not None:
        if st.air.roll is not None:
            out += [st.air.roll.unit, *st.air.roll.targets]
        out += [str(r.get("unit")) for r in st.air.retreats[:1]]
    return [u for u in out if u]


def unit_label(st: GameState, uid: str) -> str:
    """A unit as players see it: "infantry on F7"."""
    return Namer.for_state(st).unit(uid)


def flag_notes(st: GameState, attacker_id: str, target_id: str) -> tuple[str, ...]:
    """What the dice count lines leave out: terrain that protects the target but does not add
    to the reduction counted (sandbags on a hill), and the flags it may ignore, with why."""
    pos = st.position
    target = pos.units.get(target_id)
    attacker = pos.units.get(attacker_id)
    if target is None:
        return ()
    out: list[str] = []
    where = st.hex_name(target.hex)
    if attacker is not None:
        best, best_name = battle_rules.target_protection(pos, attacker, target)
        for t in pos.terrain_at(target.hex):
            r = t.protection.get(attacker.spec.unit_class, 0)
            if best and r and t.name != best_name and not t.protection_needs_height:
                out.append(f"{type_words(t.name)} on {where} do not add to the "
                           f"{type_words(best_name or '')}: terrain reductions never add up")
    n, why = flag_reasons(st, target_id)
    if n:
        every = "every flag" if n >= battle_rules.ALL_FLAGS else count(n, "flag")
        out.append(f"if flags come up, the {type_words(target.type)} on {where} may ignore "
                   f"{every} ({'; '.join(why)}), unless a card forbids it")
    elif why:
        out.append("; ".join(why))
    return tuple(out)


def _with_notes(explain: list[str], notes: tuple[str, ...]) -> tuple[str, ...]:
    """The dice count's lines with the notes before its last line ("roll 2 dice")."""
    lines = list(explain)
    last = [line for line in lines[-1:] if line.startswith("roll ")]
    return (*lines[:len(lines) - len(last)], *notes, *last)


def _acting(legal: LegalActions) -> str:
    """The side the legal actions say acts now (the thrower, the retreating side...)."""
    side = legal.side
    return side.value if side is not None else legal.state.active.value


def _prompt_for(legal: LegalActions, namer: Namer, due: DiceDue | None) -> Prompt:
    st = legal.state
    actions = legal.actions
    side = st.active.value
    who = side.title()  # the side addressed: "Allies: play a command card."
    name = st.hex_name
    pos = st.position
    roll = legal.roll
    un = namer.unit
    r = st.order_roll
    if st.phase is Phase.ORDER_DICE and r is not None:
        return Prompt("dice", side, f"{who}: throw {dice_words(r.dice)} — {namer.words(r.purpose)}. "
                      "Waiting for the dice.", actions, dice=due)
    if st.phase is Phase.REVIEW_DICE and r is not None:
        faces = ", ".join("?" if f is None else str(f) for f in (r.faces or []))
        return Prompt("review_dice", side, f"Dice read: {faces}. Correct a misread die, or apply "
                      "the dice.", actions)
    if st.phase is Phase.OVER:
        won = f"{side_words(st.winner.value)} win" if st.winner else "nobody wins"
        return Prompt("over", None, f"The game is over: {won}, medals "
                      f"{st.medals[Side.ALLIES]}-{st.medals[Side.AXIS]} (Allies-Axis).", actions)
    if st.phase is Phase.PLAY_CARD:
        choices = tuple(Choice(c, card_rules.card(c).name) for c in legal.cards)
        return Prompt("play_card", side, f"{who}: play a command card.", actions,
                      choices=choices)
    if st.phase is Phase.ORDER:
        spec = airflow.command_card(st.card or "")
        own = legal.orderable
        return Prompt("order", side, f"{who}: {spec.name} — name the units you order. "
                      f"{spec.summary}", actions,
                      highlight=tuple(u.hex for u in own),
                      choices=tuple(Choice(u.id, f"{type_words(u.type)} on {u.hex}", hex=u.hex)
                                    for u in own))
    if st.phase is Phase.MOVE:
        entering = airflow.entering_units(st)
        return Prompt("move", side, f"{who}: move the ordered units, one at a time, "
                      "then say you are done moving.", actions,
                      highlight=tuple([*(u.hex for u in legal.movers), *(h for _, h in entering)]),
                      choices=tuple([*(Choice(u.id, un(u.id), hex=u.hex) for u in legal.movers),
                                     *(Choice(u, namer.kind(u), "enters here", hex=h)
                                       for u, h in entering)]),
                      optional=True)
    if st.phase is Phase.BATTLE:
        ready = legal.attackers
        text = f"{who}: battle with the ordered units, one at a time, then end the turn."
        if st.may_overrun:
            text = (f"{who}: the {un(st.may_overrun)} took ground and may battle again "
                    "(armor overrun).")
        runs = airflow.pending_runs(st.air)
        if runs:
            text = (f"{who}: resolve the attack run{'s' if runs > 1 else ''} placed while "
                    "moving, then battle with the other ordered units.")
            if st.air is not None and not st.air.runs:
                text = (f"{who}: resolve the strategic bombing of "
                        f"{namer.objective(st.air.bombs[0]['objective'])} (run), then battle "
                        "with the other ordered units.")
        spec_now = queries.card_spec_in_force(st)
        live = queries.live_card_targets(st)
        if spec_now is not None and spec_now.direct_attack is not None and (
                live or not st.card_attacked):
            text = (f"{who}: {spec_now.name} attacks by itself — name its target"
                    f"{'s' if spec_now.direct_attack.max_targets > 1 else ''} (attack)."
                    if not live else
                    f"{who}: {spec_now.name} rolls at the {un(live[0])} next (attack).")
        return Prompt("battle", side, text, actions,
                      highlight=tuple(u.hex for u in ready),
                      choices=tuple(Choice(u.id, un(u.id), hex=u.hex) for u in ready),
                      optional=True)
    b = st.battle
    assert b is not None
    if st.phase is Phase.DICE and b.confirm_dice and roll is not None:
        n = roll.dice
        return Prompt("dice", side, f"{who}: throw {n} battle {'die' if n == 1 else 'dice'}"
                      f" — {due.purpose if due else ''}. Waiting for the dice.", actions,
                      highlight=tuple(name(pos.units[u].hex) for u in (b.attacker, b.target)),
                      dice=due, detail=tuple(b.explain))
    if st.phase is Phase.DICE and roll is not None:
        thrower = _acting(legal)
        return Prompt("dice", thrower, f"{thrower.title()}: throw {b.dice} battle "
                      f"{'die' if b.dice == 1 else 'dice'} — {due.purpose if due else ''}. "
                      "Waiting for the dice."
                      + (f" (The {un(b.target)}'s owner may play Ambush first.)"
                         if "ambush" in actions else ""),
                      actions,
                      highlight=tuple(name(pos.units[u].hex) for u in (b.attacker, b.target)
                                      if u in pos.units),
                      dice=due, detail=_with_notes(b.explain, flag_notes(st, b.attacker, b.target)))
    if st.phase is Phase.REVIEW_DICE:
        faces = ", ".join("?" if f is None else str(f) for f in (b.faces or []))
        unread = any(f is None for f in (b.faces or []))
        text = (f"Dice read: {faces}. " + ("Give the face of each unreadable die."
                if unread else "Correct a misread die, or apply the dice."))
        return Prompt("review_dice", _acting(legal), text, actions)
    if st.phase is Phase.RETREAT:
        owner = _acting(legal)  # the retreating unit's side
        assert b.result is not None
        opts = legal.retreats
        due_flags = b.result['flags'] - b.result['flags_ignored']
        return Prompt("retreat", owner, f"{owner.title()}: the {un(b.target)} must retreat "
                      f"({count(due_flags, 'flag')}); choose where.",
                      actions, highlight=tuple(o.hex for o in opts),
                      choices=tuple(Choice(o.hex, o.hex, (f"loses {count(o.figures_lost, 'figure')}"
                                    if o.figures_lost else ""), hex=o.hex) for o in opts))
    if st.phase is Phase.TAKE_GROUND:
        assert b.result is not None
        where = legal.take_ground or ""
        extra = " and battle again (armor overrun)" if b.result.get("armor_overrun") else ""
        return Prompt("take_ground", side, f"{who}: the {un(b.attacker)} may take ground into "
                      f"{where}{extra}.", actions, highlight=(where,),
                      choices=(Choice("yes", "Take ground", hex=where), Choice("no", "Stay")),
                      optional=True)
    if st.phase is Phase.BATTLE_BACK:
        owner = _acting(legal)  # the British unit's side
        bb = legal.battle_back
        if bb is None:  # one of the two left the board meanwhile: only declining is left
            return Prompt("battle_back", owner, f"{owner.title()}: no battle back is possible "
                          "now; decline it.", actions, choices=(Choice("decline", "Decline"),))
        dice = dice_words(bb.dice)
        return Prompt("battle_back", owner,
                      f"{owner.title()}: the {battle_back_label(st, bb.unit)} holds with 1 figure: "
                      f"battle back at the {un(bb.target)} ({dice}), or decline.", actions,
                      highlight=(bb.target_hex,),
                      choices=(Choice("battle_back", "Battle back", dice, hex=bb.target_hex),
                               Choice("decline", "Decline")),
                      detail=tuple(bb.explain))
    raise AssertionError(f"no prompt for phase {st.phase}")


def battle_back_label(st: GameState, uid: str) -> str:
    """The British unit that may battle back, as players see it: "British infantry on F4"."""
    return f"British {unit_label(st, uid)}"


def options_lines(legal: LegalActions) -> list[str]:
    """Everything that may be done now, one line each, in the players' words: the answer to
    "what can I do?" (the terminal's ``options``). Units are named by type and hex, and each
    line says what to type (a unit is named by its hex)."""
    st = legal.state
    namer = Namer.for_state(st)
    about = _about(st)
    un = namer.unit
    lines: list[str] = []
    pos = st.position

    def hex_of(uid: str) -> str:
        u = pos.units.get(uid)
        return st.hex_name(u.hex) if u else uid

    if legal.cards:
        names = [card_rules.card(c).name for c in legal.cards]
        lines.append("Cards you may play: " + ", ".join(names)
                     + f" (type: card {names[0].lower()})")
    elif "play_card" in legal.actions:
        lines.append("Play the command card you chose (type: card and its name, e.g. card "
                     "attack center; `companion cards` lists them).")
    if legal.orderable:
        lines.append("Units this card may order: " + ", ".join(
            un(u.id) + (f" (section {u.section})" if u.section else "") for u in legal.orderable)
            + f" (type: order {' '.join(u.hex for u in legal.orderable[:2])} ...)")
    for u in legal.movers:
        reach = sorted(legal.moves(u.id))
        if reach:
            lines.append(f"{_cap(un(u.id))} may move to: {', '.join(reach)} "
                         f"(type: move {u.hex} {reach[0]})")
        elif not pos.units[u.id].spec.air:
            lines.append(f"{_cap(un(u.id))} may not move this turn")
    for uid in legal.exits:
        lines.append(f"{_cap(un(uid))} may leave the board here (type: exit {hex_of(uid)})")
    for a in legal.attackers:
        targets = legal.targets(a.id)
        if targets:
            said = []
            for t in targets:
                why = [namer.words(e, [a.id, t.target]) for e in t.explain
                       if not e.startswith("roll ")]
                said.append(f"{un(t.target)} with {dice_words(t.dice)}"
                            + (f" ({', '.join(why)})" if why else ""))
            lines.append(f"{_cap(un(a.id))} may battle: " + "; ".join(said)
                         + f" (type: battle {a.hex} {targets[0].hex})")
    for r in legal.retreats:
        lost = f" (loses {count(r.figures_lost, 'figure')})" if r.figures_lost else ""
        lines.append(f"Retreat to {r.hex}{lost} (type: retreat {r.hex})")
    if legal.take_ground:
        lines.append(f"Take ground into {legal.take_ground} (type: yes) or stay (type: no)")
    bb = legal.battle_back
    if bb is not None:
        lines.append(f"The {battle_back_label(st, bb.unit)} holds with 1 figure: battle back at "
                     f"the {un(bb.target)} with {dice_words(bb.dice)} (type: back) or decline "
                     "(type: decline)")
    roll = legal.roll
    if roll is not None:
        lines.append(f"{side_words(roll.thrower)} throw {dice_words(roll.dice)}: "
                     f"{namer.words(roll.purpose, about)} (type: dice and the faces, e.g. dice "
                     f"{' '.join(['star', 'flag', 'grenade'][:max(1, min(roll.dice, 3))])})")
    words = {"end_moves": "done (finished moving)", "end_turn": "end (end the turn)",
             "undo": "undo (take back the last step)", "apply_dice": "apply (apply the dice)",
             "correct": "fix N FACE (correct die N)", "attack_run": "run (the next attack run)",
             "card_attack": "attack HEX (the card's own attack)", "ambush": "ambush (play Ambush)",
             "commissar_card": "chip CARD (place it under the Commissar chip)",
             "desert_move": "desert HEX HEX (1 more hex after taking ground)",
             "heal": "heal HEX (the unit heals instead of battling)",
             "seal_cave": "seal HEX (try to seal the cave instead of battling)",
             "clear_obstacle": "clear HEX [PIECE] (remove the wire or minefield from its hex)",
             "blow_bridge": "blow HEX (try to blow up the bridge instead of ordering units)",
             "winter_loss": "winter HEX (the unit of yours there loses a figure to the cold)",
             "resupply": "resupply HEX HEX N (the truck gives N figures instead of battling)",
             "unload": "unload TRAIN HEX... (the supply train's units get off next to it)",
             "mine_number": "mine N (the number on the mine turned over)"}
    b = st.battle
    if st.phase is Phase.REVIEW_DICE and b is not None and pending_roll(st) is b \
            and not b.card_attack:
        words["apply_dice"] += ('; or overrule the hits and flags: apply hits=N flags=N '
                                'reason="why" (the log keeps it)')
    others = [words[a] for a in legal.actions if a in words]
    if others:
        lines.append("Also: " + "; ".join(others))
    return lines


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
