"""Referee asks for what terrain does beyond moving and battling: ``terrain_entry`` (the dice
a frozen river or a minefield makes a unit roll) and ``clear_obstacle`` (an infantry unit
removing wire instead of battling). Loaded by ``referee.py`` as a plugin; documented in
``docs/rules-referee.md`` (section "Terrain entered").
"""

from __future__ import annotations

from typing import Any

from companion.rules.battle import FACES, BattleError
from companion.rules.entry import Entry, EntryError, entry_rolls, may_clear, resolve_entry_roll
from companion.rules.referee import Query, QueryError, _enum, register_ask

_HOW = tuple(e.value for e in Entry)


@register_ask("terrain_entry")
def ask_terrain_entry(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """``{"terrain_entry": {"unit": "a1", "how": "move"}}``: the unit has just entered its hex
    (``how``: move, take_ground, retreat). Answers the rolls due; with ``dice`` (the faces of
    the first roll), what they do."""
    query.body_fields({"unit", "how", "behind_enemy_lines", "card", "confirm"}, {"unit"})
    unit = query.unit(body["unit"], "ask.terrain_entry.unit")
    how = _enum(body.get("how", "move"), "ask.terrain_entry.how", _HOW)
    bel = body.get("behind_enemy_lines", False)
    if not isinstance(bel, bool):
        raise QueryError("ask.terrain_entry.behind_enemy_lines", "expected true or false")
    reach = None
    if body.get("card") is not None:
        from companion.rules.cards import CardError, card, move_allowance

        try:
            spec = card(body["card"])
        except CardError as exc:
            raise QueryError("ask.terrain_entry.card", str(exc)) from None
        reach = move_allowance(spec, unit.spec).move_and_battle
    rolls = entry_rolls(query.position, unit.id, how, ignore_terrain_movement=bel,
                        battle_reach=reach)
    out: dict[str, Any] = {
        "rolls": [{"terrain": r.terrain, "dice": r.dice, "decoy": r.decoy,
                   "hit_faces": sorted(r.hit_faces)} for r in rolls],
        "explain": [r.explain for r in rolls] or [
            f"{query.board.name(unit.hex)}: no terrain there makes {unit.id} roll"],
    }
    faces = query.faces()
    answer: dict[str, Any] = {"terrain_entry": out}
    if faces is not None:
        if not rolls:
            raise QueryError("dice", "no roll is due for this entry; give no dice")
        confirm = body.get("confirm")
        if confirm is not None:
            if not isinstance(confirm, list):
                raise QueryError("ask.terrain_entry.confirm", "expected a list of faces")
            for i, f in enumerate(confirm):
                if f not in FACES:
                    raise QueryError(f"ask.terrain_entry.confirm.{i}",
                                     f"{str(f)[:40]!r} is not a die face; faces: {', '.join(FACES)}")
        try:
            result = resolve_entry_roll(query.position, unit.id, rolls[0], faces,
                                        confirm_faces=confirm)
        except (EntryError, BattleError) as exc:
            field = "ask.terrain_entry.confirm" if confirm is not None and "re-roll" in str(exc) \
                else "dice"
            raise QueryError(field, str(exc)) from None
        answer["result"] = {
            "hits": result.hits, "figures_removed": result.figures_removed,
            "eliminated": result.eliminated,
            "medal_to": None if result.medal_to is None else result.medal_to.value,
            "removed": list(result.removed), "explain": list(result.explain)}
        if result.confirm_dice:
            answer["result"]["confirm_dice"] = result.confirm_dice
        if result.confirmed is not None:
            answer["result"]["confirmed"] = result.confirmed
    elif body.get("confirm") is not None:
        raise QueryError("ask.terrain_entry.confirm", "no roll given (dice): nothing to confirm")
    return answer


@register_ask("clear_obstacle")
def ask_clear_obstacle(query: Query, body: dict[str, Any]) -> dict[str, Any]:
    """``{"clear_obstacle": {"unit": "a1"}}``: what the unit may remove from its hex instead
    of battling (wire, for infantry)."""
    query.body_fields({"unit"}, {"unit"})
    unit = query.unit(body["unit"], "ask.clear_obstacle.unit")
    pieces = may_clear(query.position, unit.id)
    explain = ([f"{unit.id} may remove {p} instead of battling" for p in pieces]
               or [f"nothing on {query.board.name(unit.hex)} that {unit.type} may remove"])
    return {"clear_obstacle": {"allowed": bool(pieces), "pieces": list(pieces),
                               "explain": explain}}
