"""An embedded MQTT broker (amqtt) for a table that has no broker of its own.

When no broker URL is configured the companion starts one on 127.0.0.1 in a background
thread; a club points every tablet and tray at one mosquitto instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from typing import Any

log = logging.getLogger("companion.tray.broker")


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


class EmbeddedBroker:
    """amqtt on ``host:port`` (a free port when 0), run in its own thread and event loop."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.host = host
        self.port = port or free_port(host)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._broker: Any = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None

    @property
    def url(self) -> str:
        return f"mqtt://{self.host}:{self.port}"

    def start(self, timeout: float = 10.0) -> EmbeddedBroker:
        """Start and wait until the broker listens; raises RuntimeError when it cannot."""
        self._thread = threading.Thread(target=self._run, name="amqtt-broker", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError(f"the embedded MQTT broker did not start within {timeout} s")
        if self._error is not None:
            raise RuntimeError(f"the embedded MQTT broker failed: {self._error}")
        return self

    def _run(self) -> None:
        try:
            from amqtt.broker import Broker
        except ImportError as exc:
            self._error = RuntimeError(f"amqtt is not installed ({exc}); pip install amqtt")
            self._ready.set()
            return
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        config = {
            "listeners": {"default": {"type": "tcp", "bind": f"{self.host}:{self.port}"}},
            "plugins": {
                "amqtt.plugins.authentication.AnonymousAuthPlugin": {"allow_anonymous": True},
            },
        }
        for name in ("amqtt", "transitions"):
            logging.getLogger(name).setLevel(logging.WARNING)
        try:
            self._broker = Broker(config, loop=loop)
            loop.run_until_complete(self._broker.start())
        except Exception as exc:  # reported to start()
            self._error = exc
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        log.info("embedded MQTT broker on %s", self.url)
        loop.run_forever()
        with contextlib.suppress(Exception):
            loop.run_until_complete(self._broker.shutdown())
        loop.close()

    def stop(self) -> None:
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> EmbeddedBroker:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
