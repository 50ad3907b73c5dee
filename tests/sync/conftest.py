"""Fixtures for the sync tests: a real mosquitto on a free port, a game driven by AutoPlayer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.game.session import GameSession
from companion.scenarios import DEMO_SCENARIO, resolve
from companion.tray.mqtt_config import BrokerConfig
from tests.helpers.mosquitto import Mosquitto, find_mosquitto, start_broker


def start_mosquitto(tmp_path: Path, extra: str = "allow_anonymous true\n") -> Mosquitto:
    binary = find_mosquitto()
    if binary is None:
        pytest.skip("mosquitto is not installed (apt install mosquitto)")
    return start_broker(binary, tmp_path, "max_queued_messages 100000\nset_tcp_nodelay true\n" + extra)


@pytest.fixture
def mosquitto(tmp_path: Path) -> Iterator[Mosquitto]:
    broker = start_mosquitto(tmp_path)
    yield broker
    broker.stop()


@pytest.fixture
def broker_config(mosquitto: Mosquitto) -> BrokerConfig:
    return BrokerConfig("127.0.0.1", mosquitto.port)


def new_game(seed: int = 3) -> GameSession:
    return GameSession.new(resolve(DEMO_SCENARIO), options={"seed": seed, "auto": True},
                           deck_seed=seed)

