"""Touch helpers shared by the controller tests."""

from __future__ import annotations

from companion.ui.controller import Table


def tap_first_battle(t: Table) -> None:
    """In the battle phase, tap the first ordered unit that has a target, then that target."""
    p = t.prompt()
    assert p is not None
    for c in p.choices:
        t.tap_hex(c.hex or "")
        if t.target_dice():
            t.tap_hex(next(iter(t.target_dice())))
            return
