"""The MQTT client every sync piece uses: the tray package's Connection, shared with the trays.

:class:`BrokerConfig` (URL, credentials, TLS, secure by default: a remote broker needs
credentials unless ``allow_anonymous``) lives in ``companion/tray/mqtt_config.py`` so the tray
link and sync parse and apply them the same way; it is re-exported here.
"""

from __future__ import annotations

from companion.tray.mqtt_client import Connection, MessageHandler
from companion.tray.mqtt_config import BrokerConfig, BrokerConfigError

SyncConfigError = BrokerConfigError  # the name sync's callers catch

__all__ = ["BrokerConfig", "Connection", "MessageHandler", "SyncConfigError"]
