"""Memoir '44 table companion: rules core, game session, dice sources, trays, store, sync, UI."""

__version__ = "0.1.0"
