"""Persistence: the crash-safe SQLite event log of every game."""

from companion.store.sqlite_store import (
    CheckReport,
    GameStore,
    GameSummary,
    StoreCorrupt,
    StoredEvent,
    StoreError,
    StoreFull,
    StoreIOError,
    StoreReadOnly,
    default_data_dir,
)

__all__ = ["CheckReport", "GameStore", "GameSummary", "StoreCorrupt", "StoreError", "StoreFull",
           "StoreIOError", "StoreReadOnly", "StoredEvent", "default_data_dir"]
