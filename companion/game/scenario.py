"""The scenarios games are played on, as the layers above the game reach them (GUIDE: sync
and the store import the game layer only, never the scenarios directly)."""

from __future__ import annotations

from companion.scenarios import DEMO_SCENARIO, Scenario, resolve


def demo_scenario() -> Scenario:
    """The built-in scenario a table plays when none is chosen."""
    return resolve(DEMO_SCENARIO)


__all__ = ["Scenario", "demo_scenario", "resolve"]
