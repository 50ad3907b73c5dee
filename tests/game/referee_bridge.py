"""A game's position as a rules-referee query (contract /work/shared/contracts/rules-query.md).

The differential test (test_game_vs_referee.py) turns the position a game is in into the JSON
an outside program would send to ``companion rules``, so the game's answers (legal moves,
battle dice, results) can be compared with the referee's for the same position.
"""

from __future__ import annotations

from typing import Any

from companion.game.state import GameState
from companion.rules.battle import LANDED_BADGE
from companion.rules.position import Position
from companion.rules.referee import CROSS_HAIR_BADGE


def position_to_query(position: Position, landed: tuple[str, ...] = ()) -> dict[str, Any]:
    """Board, bottom, rules, terrain and units of ``position`` as a query without its ask
    (``landed``: units that left a landing craft this turn, given the badge ``landed``)."""
    board = position.board
    name = board.name
    rules: dict[str, Any] = {"air": position.air_rules}
    if position.visibility is not None:
        rules["visibility"] = position.visibility
    terrain: list[dict[str, Any]] = []
    for h in sorted(position.terrain, key=lambda x: (x.row, x.col)):
        for kind in position.terrain[h]:
            entry: dict[str, Any] = {"hex": name(h), "type": kind}
            owner = position.terrain_owners.get((h, kind))
            if owner is not None:
                entry["owner"] = owner.value
            value = position.terrain_values.get((h, kind))
            if value is not None:
                entry["value"] = value
            orientation = position.terrain_orientations.get((h, kind))
            if orientation is not None:
                entry["orientation"] = orientation
            terrain.append(entry)
    units: list[dict[str, Any]] = []
    for u in position.units.values():
        raw: dict[str, Any] = {"id": u.id, "side": u.side.value, "type": u.type,
                               "hex": name(u.hex), "figures": u.figures, "moved": u.moved}
        badges = list(u.badges)
        if position.cross_hairs.get(u.id) and CROSS_HAIR_BADGE not in badges:
            badges.append(CROSS_HAIR_BADGE)
        if u.id in landed and LANDED_BADGE not in badges:
            badges.append(LANDED_BADGE)
        if badges:
            raw["badges"] = badges
        if u.spec.air:
            raw["airborne"] = u.airborne
            if u.model is not None:
                raw["model"] = u.model
            if u.ammo:
                raw["ammo"] = dict(u.ammo)
        if u.nation is not None:
            raw["nation"] = u.nation
        if u.variants:
            raw["variants"] = list(u.variants)
        units.append(raw)
    return {"board": str(board.kind.value if hasattr(board.kind, "value") else board.kind),
            "bottom": board.bottom.value, "rules": rules, "terrain": terrain, "units": units}


def state_to_query(st: GameState, ask: dict[str, Any],
                   dice: list[str] | None = None) -> dict[str, Any]:
    """The query for ``ask`` on the game's position now (``dice``: the faces rolled)."""
    q = position_to_query(st.position, tuple(st.landed))
    q["ask"] = ask
    if dice is not None:
        q["dice"] = list(dice)
    return q
