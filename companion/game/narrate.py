"""Plain-words lines for events: the game log the terminal prints and the app shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.game.events import Event
from companion.rules import cards as card_rules


def _card_name(card_id: str) -> str:
    if card_id == "air_sortie":  # Air Pack: the Air Sortie card played by itself
        return "the Air Sortie card"
    try:
        return card_rules.card(card_id).name
    except card_rules.CardError:
        return card_id


def _ammo(ammo: dict[str, int]) -> str:
    return ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in ammo.items()) or "none"


def _figures(n: int) -> str:
    return f"{n} figure{'s' if n != 1 else ''}"


_LINES: dict[str, Callable[[dict[str, Any]], str]] = {
    "game_started": lambda d: f"Game started: {d['scenario']['text'].get('en', {}).get('name', '')}",
    "card_played": lambda d: f"{d['side'].title()} plays {_card_name(d['card'])}.",
    "units_ordered": lambda d: (f"Ordered: {', '.join(d['units']) or 'no unit'}"
                                + (f" ({d['lost']} order(s) lost)" if d.get("lost") else "") + "."),
    "unit_moved": lambda d: (f"{d['launched']['id']} takes off from {d['unit']} ({d['from']}) to "
                             f"{d['to']}." if d.get("launched") else
                             f"{d['unit']} enters on {d['from']} and flies to {d['to']}."
                             if d.get("entered") else
                             f"{d['unit']} lands on {d['to']} and joins {d['joined_stack']}."
                             if d.get("joined_stack") else
                             f"{d['unit']} moves {d['from']} → {d['to']}"
                             + (" and lands from its landing craft" if d.get("craft_landed") else "")
                             + ("" if d.get("can_battle", True) else " (may not battle this turn)")
                             + "."),
    "unit_exited": lambda d: f"{d['unit']} leaves the board by {d['hex']}.",
    "moves_done": lambda d: "Moves done; battles now.",
    "battle_declared": lambda d: ((f"{_card_name(d.get('card') or '')} attacks {d['target']}"
                                   if d.get("card_attack") else f"{d['attacker']} battles {d['target']}")
                                  + (" (armor overrun)" if d.get("overrun") else "")
                                  + f": {d['dice']} {'die' if d['dice'] == 1 else 'dice'}."),
    "dice_read": lambda d: (f"Dice ({d.get('source', '?')}): "
                            + ", ".join("?" if f is None else str(f) for f in d["faces"]) + "."),
    "die_corrected": lambda d: f"Die {d['index'] + 1} corrected: {d.get('was')} → {d['face']}.",
    "battle_resolved": lambda d: (
        f"{d['hits']} hit(s): {d['target']} loses {_figures(d['figures_removed'])}"
        + (" and is eliminated" if d["eliminated"] else "")
        + (f"; {d['flags'] - d['flags_ignored']} flag(s) to retreat" if d["flags"] - d["flags_ignored"]
           and not d["eliminated"] else "")
        + (f"; {d['flags_ignored']} flag(s) ignored" if d["flags_ignored"] else "") + "."),
    "retreat_chosen": lambda d: (f"{d['unit']} retreats to {d['hex']}"
                                 + (f", losing {_figures(d['figures_lost'])}" if d["figures_lost"] else "")
                                 + (" and is eliminated" if d.get("eliminated") else "") + "."),
    "ground_taken": lambda d: f"{d['unit']} takes ground in {d['hex']}"
                              + (" and may battle again" if d.get("overrun") else "") + ".",
    "ground_declined": lambda d: f"{d['unit']} holds its position.",
    "medal_won": lambda d: f"{d['side'].title()} wins {d['medals']} medal(s) ({d['reason']}): "
                           f"{d['total']} now.",
    "medal_lost": lambda d: f"{d['side'].title()} loses {d['medals']} medal(s) ({d['reason']}): "
                            f"{d['total']} now.",
    "turn_ended": lambda d: f"{d['side'].title()} ends turn {d['turn']}.",
    "undo": lambda d: f"Undone: {d['kind'].replace('_', ' ')}.",
    "ammo_spent": lambda d: (f"{d['unit']} places {len(d['markers'])} ammo marker(s): "
                             + ", ".join(f"{m['ammo'].replace('_', ' ')} on {m['hex']}" for m in d["markers"])
                             + f"; ammo left {_ammo(d['ammo_left'])}."),
    "air_attack_declared": lambda d: f"{d['purpose'][0].upper()}{d['purpose'][1:]}: {d['dice']} "
                                     f"{'die' if d['dice'] == 1 else 'dice'}, thrown by the {d['thrower']}.",
    "air_check": lambda d: (f"Air check of {d['plane']} (thrown by the {d.get('thrower', '?')}): "
                            + ", ".join(d["faces"]) + " — "
                            + (("lost" + (f", medal to the {d['medal_to']}" if d.get("medal_to") else ""))
                               if d["lost"] else "it flies on") + "."),
    "air_attack_resolved": lambda d: _bomb_line(d) if d.get("kind") == "bombing" else "; ".join(
        f"{r['target']}: " + ("marker dropped" if r.get("dropped") else
                              f"{r['hits']} hit(s), {_figures(r['figures_removed'])} lost"
                              + (", eliminated" if r["eliminated"] else ""))
        for r in d["results"]) + ("; the airplane is gone" if d.get("plane_removed") else "") + ".",
    "air_retreat": lambda d: (f"{d['unit']} retreats to {d['hex']}"
                              + (f", losing {_figures(d['figures_lost'])}" if d["figures_lost"] else "")
                              + (" and is eliminated" if d.get("eliminated") else "") + "."),
    "air_hits": lambda d: f"{d['possible_hits']} possible hit(s) on {d['target']}"
                          + (": confirm them." if d["possible_hits"] else "."),
    "air_confirmed": lambda d: f"Confirmation {', '.join(d['faces'])}: {d['target']} "
                               + ("is shot down" + (f" ({d['banned_type']} banned)"
                                                    if d.get("banned_type") else "")
                                  if d["shot_down"] else "retires, ammo returned" if d["retires"]
                                  else "flies on") + ".",
    "air_action": lambda d: (f"{d['unit']}: {d['action'].replace('_', ' ')}"
                             + (f", lifting out {d['target']} (no medal)" if d.get("target") else "") + "."),
    "bombing_declared": lambda d: (f"{d['unit']} places a bomb on {d['objective']} ({d['hex']}); "
                                   f"ammo left {_ammo(d['ammo_left'])}."),
    "air_resupplied": lambda d: f"{d['unit']} is resupplied: {_ammo(d['ammo'])}.",
    "air_withdrawn": lambda d: f"{d['unit']} withdraws ({d.get('reason', 'by choice')}), no medal.",
    "game_over": lambda d: (f"Game over: {(d['winner'] or 'nobody').title()} wins, medals "
                            f"{d['medals']['allies']}-{d['medals']['axis']} ({d['reason']})."),
}


def _bomb_line(d: dict[str, Any]) -> str:
    return (f"Bomb on {d['objective']} ({', '.join(d['faces'])}): "
            + (f"medal claimed by the {d['side']}." if d["claimed"] else "missed."))


def describe(ev: Event) -> str:
    """One line in plain words for an event."""
    fn = _LINES.get(ev.kind)
    if fn is None:
        return ev.kind.replace("_", " ")
    try:
        return fn(ev.data)
    except (KeyError, TypeError):
        return ev.kind.replace("_", " ")
