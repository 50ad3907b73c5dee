"""Persistence: the crash-safe SQLite event log of every game."""

from companion.store.sqlite_store import (
    GameStore,
    GameSummary,
    StoredEvent,
    StoreError,
    default_data_dir,
)

__all__ = ["GameStore", "GameSummary", "StoreError", "StoredEvent", "default_data_dir"]
