"""Put a table in a telling state for a screenshot or a benchmark (no Kivy here).

The built-in auto player (``companion/game/auto.py``) plays both sides with seeded dice
until the wanted moment: a battle waiting for dice, a retreat to choose, the end of a game.
"""

from __future__ import annotations

from companion.game.auto import AutoPlayer
from companion.scenarios import DEMO_SCENARIO, Scenario
from companion.ui.controller import Table

# screen name -> (scenario, prompt kind to stop at)
SHOTS: dict[str, tuple[str, str | None]] = {
    "start": (DEMO_SCENARIO, None),
    "board": (DEMO_SCENARIO, "battle"),
    "card": (DEMO_SCENARIO, "play_card"),
    "order": (DEMO_SCENARIO, "order"),
    "move": (DEMO_SCENARIO, "move"),
    "battle": (DEMO_SCENARIO, "dice"),
    "retreat": (DEMO_SCENARIO, "retreat"),
    "air": ("varenne-bridges", "move"),
    "settings": (DEMO_SCENARIO, None),
    "teach": (DEMO_SCENARIO, None),
    "victory": (DEMO_SCENARIO, "over"),
    "dashboard": (DEMO_SCENARIO, None),
}


def auto_until(table: Table, kind: str, seed: int = 3, max_actions: int = 5000) -> bool:
    """Let the auto player act until the prompt is ``kind``; False if the game never gets there."""
    s = table.session
    if s is None:
        return False
    player = AutoPlayer(seed)
    for _ in range(max_actions):
        p = s.prompt()
        if p.kind == kind:
            table.selected = None
            table._after_change()
            return True
        if p.kind == "over":
            return False
        action = player.next_action(s)
        table.act(action)
        if table.message:  # refused: the auto player cannot go on
            return False
    return False


def prepare(table: Table, screen: str, scenario: str | None = None, seed: int = 3) -> str:
    """Set the table up for ``screen``; returns the app screen to show."""
    listeners, table.listeners = table.listeners, []  # no redraw per auto-played action
    try:
        return _prepare(table, screen, scenario, seed)
    finally:
        table.listeners = listeners
        table._after_change()


def _prepare(table: Table, screen: str, scenario: str | None, seed: int) -> str:
    sc, stop = SHOTS.get(screen, (DEMO_SCENARIO, None))
    if screen == "dashboard":
        demo_tables(table)
        table.screen = "dashboard"
        table._after_change()
        return "dashboard"
    if screen in ("start",):
        table.screen = "start"
        return "start"
    table.new_game(scenario or sc, seed=seed, deck_seed=seed)
    if stop is not None and stop != "over":
        auto_until(table, stop, seed)
    elif stop == "over":
        auto_until(table, "over", seed)
    if screen in ("board", "move") and table.session is not None:
        p = table.prompt()
        if p is not None and p.kind in ("battle", "move") and p.choices:
            # show a selected unit with its targets or the hexes it may reach
            best = max(p.choices, key=lambda c: len(table._reach_or_targets(c.key)))
            table.tap_hex(best.hex or "")
    if screen == "order" and table.session is not None:
        p = table.prompt()
        for c in (p.choices if p is not None else ())[:2]:
            table.tap_hex(c.hex or "")  # two units picked
    app_screen = {"battle": "board", "retreat": "board", "move": "board", "order": "board",
                  "card": "board"}.get(screen, screen)
    if screen == "victory":
        app_screen = "victory"
    table.screen = app_screen
    table._after_change()
    return app_screen


def demo_tables(table: Table) -> None:
    """A convention with a few tables, as their retained summaries would arrive."""
    import json
    import time

    from companion.sync.dashboard import DashboardModel

    model = table.dashboard or DashboardModel()
    table.dashboard = model
    now = time.time()
    for i, (title, turn, active, medals, over, winner) in enumerate((
        ("Orchard Ridge", 7, "axis", (3, 2), False, None),
        ("Gull Point Landing", 12, "allies", (4, 5), False, None),
        ("Skies over Varenne", 9, "allies", (6, 3), True, "allies"),
    ), start=1):
        tid = f"table{i}"
        summary = {"game": f"g{i}", "title": title, "scenario": title.lower().replace(" ", "-"),
                   "turn": turn, "active": active, "phase": "battle",
                   "medals": {"allies": medals[0], "axis": medals[1]},
                   "to_win": {"allies": 6, "axis": 6}, "seq": 10 * turn, "over": over, "winner": winner,
                   "authority": f"tab{i}a", "updated": now}
        model.apply(f"m44/v1/table/{tid}/summary", json.dumps(summary).encode(), now)
        for tab, online in ((f"tab{i}a", True), (f"tab{i}b", i != 2)):
            model.apply(f"m44/v1/table/{tid}/presence/{tab}", json.dumps({"online": online}).encode(),
                        now)


def overlord_demo(left: str = "varenne-bridges", right: str = "gull-point-landing") -> Scenario:
    """An Overlord board (26 hexes wide) made of two built-in scenarios side by side, for
    pictures and window tests of the widest board (no Overlord scenario ships yet)."""
    import dataclasses

    from companion.rules.board import Board, BoardKind, Hex
    from companion.scenarios import load_builtin
    from companion.scenarios.model import ScenarioText

    big = Board.of(BoardKind.OVERLORD)
    halves = [load_builtin(left), load_builtin(right)]
    terrain, units, objectives, exits = [], [], [], []
    for n, sc in enumerate(halves):
        small = sc.geometry

        def moved(name: str, sc_board: Board = small, offset: int = 26 * n) -> str:
            h = sc_board.parse(name)
            return big.name(Hex(h.col + offset, h.row))

        terrain += [dataclasses.replace(p, hex=moved(p.hex)) for p in sc.terrain]
        units += [dataclasses.replace(u, id=f"{u.id}{'ab'[n]}", hex=moved(u.hex)) for u in sc.units]
        objectives += [dataclasses.replace(o, id=f"{o.id}-{n}", hexes=tuple(moved(h) for h in o.hexes))
                       for o in sc.objectives]
        exits += [dataclasses.replace(x, hex=moved(x.hex)) for x in sc.exits]
    base = halves[0]
    return dataclasses.replace(
        base, id="overlord-demo", board=BoardKind.OVERLORD,
        text={"en": ScenarioText(f"{halves[0].name()} and {halves[1].name()} (Overlord)")},
        terrain=terrain, units=units, objectives=objectives, exits=exits,
        air=dataclasses.replace(base.air, rules=None))
