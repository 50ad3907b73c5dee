"""Trays on a secured broker: logins, the generated ACL, one tray per link, TLS (real mosquitto)."""

from __future__ import annotations

import json
import re
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.dice.base import DiceRequest
from companion.dice.factory import mqtt_where, open_source
from companion.dice.tray import TrayDiceSource
from companion.sync import security
from companion.tray import codec
from companion.tray.connect import connect
from companion.tray.hub import TrayHub
from companion.tray.mqtt_config import (
    BrokerConfig,
    BrokerConfigError,
    parse_broker_url,
    redact,
)
from companion.tray.mqtt_link import MqttLink, parse_url
from companion.tray.simulator import MqttTraySide, VirtualTray
from tests.helpers.mosquitto import Mosquitto, find_mosquitto, start_broker, wait_for
from tests.sync.test_tls import self_signed

from .conftest import Recorder, Results
from .test_cli import companion, rolls_of

# table t1 has two trays (alice may read both), table t2 has its own
SPEC = "t1=alice,bob+tray-a,tray-b;t2=carol+tray-c"


@dataclass
class Secured:
    broker: Mosquitto
    passwords: dict[str, str]
    folder: Path
    cert: Path | None = None

    def url(self, user: str, password: str | None = None, *, scheme: str = "mqtt",
            tail: str = "") -> str:
        """A URL with the login in it (the password percent-encoded, as a user writes it)."""
        return (f"{scheme}://{user}:{quoted(password or self.passwords[user])}@127.0.0.1:"
                f"{self.broker.port}{tail}")

    def tray(self, dev: str, boot: int = 3) -> MqttTraySide:
        """A Python tray logged in as ``tray.<dev>`` (TLS when the broker has a certificate)."""
        scheme = "mqtts" if self.cert else "mqtt"
        cfg = BrokerConfig.from_url(self.url(f"tray.{dev}", scheme=scheme),
                                    tls_ca=str(self.cert) if self.cert else None)
        side = MqttTraySide(VirtualTray(dev, seed=4, boot=boot), cfg.host, cfg.port,
                            heartbeat=0.5)
        cfg.apply(side.client)
        return side.start()

    def password_file(self, user: str, password: str | None = None) -> str:
        path = self.folder / f"{user}.pw"
        path.write_text((password or self.passwords[user]) + "\n")
        return str(path)


def start_secured(folder: Path, tls: bool = False) -> Secured:
    binary = find_mosquitto()
    if binary is None:
        pytest.skip("mosquitto is not installed (apt install mosquitto)")
    cert = key = None
    if tls:
        cert, key = self_signed(folder)
    tables = security.parse_tables(SPEC)
    passwords = {u: f"pw-{i}:@#{u}" for i, u in enumerate(security.accounts(tables))}
    (folder / "passwd").write_text(security.password_file(passwords))
    (folder / "acl").write_text(security.acl_text(tables))
    broker = start_broker(binary, folder, f"set_tcp_nodelay true\nallow_anonymous false\n"
                          f"password_file {folder / 'passwd'}\nacl_file {folder / 'acl'}\n"
                          + (f"certfile {cert}\nkeyfile {key}\n" if tls else ""))
    return Secured(broker, passwords, folder, cert)


@pytest.fixture
def secured(tmp_path: Path) -> Iterator[Secured]:
    s = start_secured(tmp_path)
    yield s
    s.broker.stop()


def quoted(password: str) -> str:
    """A password as it goes in a URL (':', '@' and '#' percent-encoded)."""
    from urllib.parse import quote

    return quote(password, safe="")


def test_a_tablet_gets_its_tables_tray_roll_once_and_never_another_trays(
        secured: Secured) -> None:
    pw = secured.passwords
    alice_hub, bob_hub, carol_hub = (TrayHub(f"companion-{n}", boot=9) for n in
                                     ("alice", "bob", "carol"))
    alice_rec, bob_rec, carol_rec = Recorder(alice_hub), Recorder(bob_hub), Recorder(carol_hub)
    # alice: her login in the URL, scoped to tray-a (her account could read tray-b too)
    alice = MqttLink.from_url(alice_hub, secured.url("t1.alice", tail="#tray-a")).start()
    # bob: scoped to tray-b with ?dev=; carol (table t2) follows every tray she may read
    bob = MqttLink.from_url(bob_hub, secured.url("t1.bob", tail="?dev=tray-b")).start()
    carol = MqttLink.from_url(carol_hub, f"mqtt://127.0.0.1:{secured.broker.port}",
                              username="t2.carol", password=pw["t2.carol"]).start()
    trays = [secured.tray("tray-a"), secured.tray("tray-b"), secured.tray("tray-c")]
    src = TrayDiceSource(alice_hub, "tray-a", resend=0.5)
    try:
        assert alice.wait_ready(10) is None and bob.wait_ready(10) is None
        assert carol.wait_ready(10) is None
        assert alice.only_dev == "tray-a" and bob.only_dev == "tray-b"
        assert wait_for(lambda: alice_hub.online_trays() == ["tray-a"], 10)
        assert wait_for(lambda: bob_hub.online_trays() == ["tray-b"], 10)
        assert wait_for(lambda: carol_hub.online_trays() == ["tray-c"], 10)
        res = Results()
        src.request(DiceRequest("b-1", 3), res)
        assert wait_for(lambda: trays[0].tray.state == "armed", 10)
        thrown = trays[0].tray.throw(["star", None, "armor"])
        assert thrown is not None and res.event.wait(10)
        trays[0].publish(thrown)  # an MQTT redelivery of the same roll
        # tray-b throws too: bob sees it, alice (scoped to tray-a) and carol (t2) never do
        trays[1].tray.throw(["flag"])
        assert wait_for(lambda: len(bob_rec.rolls()) == 1, 10)
        assert wait_for(lambda: alice_hub.dropped["duplicate"] >= 1, 10)
        # carol (t2) tries to arm tray-a: the ACL keeps her command off its topic
        carol_hub.send("tray-a", "expect", n=2, rid="carol-1")
        trays[2].tray.throw(["grenade"])  # a marker: carol's own tray still reaches her
        assert wait_for(lambda: len(carol_rec.rolls()) == 1, 10)
        time.sleep(0.3)
        assert len(res.got) == 1 and res.got[0].faces == ["star", None, "armor"]
        assert res.got[0].source == "mqtt:tray-a"
        assert [e.dev for e in alice_rec.rolls()] == ["tray-a"]
        assert alice_hub.tray("tray-b") is None and alice_hub.tray("tray-c") is None
        assert [e.dev for e in bob_rec.rolls()] == ["tray-b"]
        assert [e.dev for e in carol_rec.rolls()] == ["tray-c"]
        assert carol_hub.tray("tray-a") is None and carol_hub.tray("tray-b") is None
        assert trays[0].tray.state == "idle", "carol's command reached tray-a"
        # a link scoped to tray-a does not send commands to another tray
        assert not alice.send(codec.expect("companion-alice", 9, 99, "c99", 1, "x", to="tray-b"))
    finally:
        src.close()
        for t in trays:
            t.close()
        for link in (alice, bob, carol):
            link.close()


def test_a_wrong_password_is_refused_with_a_clear_message(secured: Secured) -> None:
    hub = TrayHub("companion-x", boot=1)
    bad = MqttLink.from_url(hub, secured.url("t1.alice", "guess-123", tail="#tray-a")).start()
    try:
        reason = bad.wait_ready(10)
        assert reason is not None and not bad.connected.is_set()
        assert "refused the login 't1.alice'" in reason and "check the username and password" \
            in reason
        assert "guess-123" not in reason
    finally:
        bad.close()
    with pytest.raises(PermissionError, match="refused the login 't1.bob'"):
        connect(mqtt_url=f"mqtt://127.0.0.1:{secured.broker.port}#tray-a", username="t1.bob",
                password="nope-456", wait=10)
    # as a dice source: manual dice, with the reason and without the password
    opened = open_source(f"mqtt:{secured.url('t1.alice', 'guess-789', tail='#tray-a')}")
    try:
        assert opened.spec == "manual"
        assert "refused the login 't1.alice'" in opened.note and "guess-789" not in opened.note
    finally:
        opened.close()
    # and on the command line: exit 1, one clear line, no password, no traceback
    (secured.folder / "wrong.pw").write_text("guess-000\n")
    lis = companion("listen", "--mqtt", f"mqtt://127.0.0.1:{secured.broker.port}", "--dev",
                    "tray-a", "--user", "t1.alice", "--password-file",
                    str(secured.folder / "wrong.pw"), stdin=subprocess.DEVNULL)
    sim = companion("simulate", "--mqtt", f"mqtt://127.0.0.1:{secured.broker.port}#tray-a",
                    "--user", "tray.tray-a", "--password-file", str(secured.folder / "wrong.pw"),
                    "--auto-throw", "0", stdin=subprocess.DEVNULL)
    for p, user in ((lis, "t1.alice"), (sim, "tray.tray-a")):
        _out, err = p.communicate(timeout=30)
        assert p.returncode == 1, err
        assert f"refused the login {user!r}" in err and "guess-000" not in err
        assert "Traceback" not in err


def test_the_right_login_as_a_dice_source(secured: Secured) -> None:
    tray = secured.tray("tray-a")
    opened = open_source(f"mqtt:{secured.url('t1.alice', tail='#tray-a')}")
    try:
        assert opened.spec.startswith("mqtt:") and opened.note == ""
        res = Results()
        opened.source.request(DiceRequest("b-9", 2), res)
        assert wait_for(lambda: tray.tray.state == "armed", 10)
        tray.tray.throw(["infantry", "flag"])
        assert res.event.wait(10) and res.got[0].faces == ["infantry", "flag"]
    finally:
        opened.close()
        tray.close()


def test_tls_with_a_login_and_the_command_line(tmp_path: Path) -> None:
    s = start_secured(tmp_path, tls=True)
    procs: list[subprocess.Popen[str]] = []
    try:
        url = f"mqtts://127.0.0.1:{s.broker.port}"
        sim = companion("simulate", "--mqtt", f"{url}#tray-a", "--user", "tray.tray-a",
                        "--password-file", s.password_file("tray.tray-a"), "--tls-ca",
                        str(s.cert), "--auto-throw", "0", "--seed", "3",
                        stdin=subprocess.DEVNULL)
        procs.append(sim)
        lis = companion("listen", "--mqtt", f"{url}?ca={s.cert}", "--dev", "tray-a", "--user",
                        "t1.alice", "--password-file", s.password_file("t1.alice"), "--arm",
                        "2", "--count", "1", stdin=subprocess.DEVNULL)
        procs.append(lis)
        out, err = lis.communicate(timeout=30)
        assert lis.returncode == 0, err
        rolls = rolls_of(out)
        assert len(rolls) == 1 and rolls[0]["dev"] == "tray-a"
        assert isinstance(rolls[0]["faces"], list) and len(rolls[0]["faces"]) == 2
        assert s.passwords["t1.alice"] not in err
        # without the CA the tablet cannot verify the broker and never gets in
        hub = TrayHub("companion-t", boot=1)
        doubter = MqttLink.from_url(hub, s.url("t1.alice", scheme="mqtts", tail="#tray-a")).start()
        try:
            assert doubter.wait_ready(3) is None and not doubter.connected.is_set()
            assert doubter.failed is not None and "TLS" in doubter.failed
        finally:
            doubter.close()
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
                p.wait(10)
        s.broker.stop()


def test_urls_options_and_secure_defaults(tmp_path: Path) -> None:
    cfg, dev = parse_broker_url("mqtts://t1.alice:s%23cr%40t@club.example#tray-1")
    assert (cfg.host, cfg.port, cfg.tls, cfg.username, cfg.password, dev) == \
        ("club.example", 8883, True, "t1.alice", "s#cr@t", "tray-1")
    assert "s#cr@t" not in repr(cfg) and "s#cr@t" not in cfg.url and cfg.who.startswith("t1.alice@")
    ca = tmp_path / "ca.pem"
    ca.write_text("x")
    cfg, dev = parse_broker_url(f"mqtt://10.1.2.3:1884?dev=tray-2&ca={ca}&anonymous")
    assert (cfg.port, cfg.tls, cfg.tls_ca, cfg.allow_anonymous, dev) == \
        (1884, True, str(ca), True, "tray-2")
    assert parse_broker_url("127.0.0.1")[0].port == 1883  # local: no login needed
    for bad, words in (("mqtt://club.example", "username and password"),
                       ("mqtt://u:pw-xyz@h?colour=red", "unknown option"),
                       ("mqtt://h?anonymous=no", "?anonymous"),
                       ("mqtt://localhost?dev=A", "device id"),
                       ("mqtt://localhost?dev=a#b", "two trays"),
                       ("mqtt://localhost?ca=/nonexistent/ca.pem", "does not exist"),
                       ("mqtt://u:pw-xyz@h/path", "no path"),
                       ("http://u:pw-xyz@h", "not a broker address")):
        with pytest.raises(BrokerConfigError, match=re.escape(words)) as exc:
            parse_broker_url(bad)
        assert "pw-xyz" not in str(exc.value)
    with pytest.raises(BrokerConfigError, match="differs"):
        parse_broker_url("mqtt://localhost#tray-1", dev="tray-2")
    with pytest.raises(BrokerConfigError, match="no \\?options"):
        BrokerConfig.from_url("mqtt://localhost#tray-1")  # sync's URLs name no tray
    with pytest.raises(ValueError, match="username and password"):
        MqttLink.from_url(TrayHub("c"), "mqtt://club.example#tray-1")
    assert parse_url("mqtt://10.0.0.2:1884") == ("10.0.0.2", 1884)
    for url in ("mqtt://u:pw-xyz@10.0.0.2", "mqtts://h", "mqtt://h#tray-1", "mqtt://h?anonymous"):
        with pytest.raises(ValueError, match="only HOST:PORT") as exc:
            parse_url(url)  # an address-only caller must not drop a login silently
        assert "pw-xyz" not in str(exc.value)
    assert redact("mqtt:mqtts://t1.alice:secret@h:8883#x") == "mqtt:mqtts://t1.alice:***@h:8883#x"
    assert redact("mqtt://h:1") == "mqtt://h:1"
    assert mqtt_where("#tray-1") == (None, "tray-1") and mqtt_where("") == (None, None)
    from companion.ui.dicesources import describe  # the label the battle panel shows

    assert "secret" not in describe("mqtt:mqtts://t1.alice:secret@h#tray-1")
    # a dice source that cannot be opened says why, without the password
    opened = open_source("mqtt:mqtt://u:pw-xyz@club.example:1883?colour=red")
    assert opened.spec == "manual" and "unknown option" in opened.note
    assert "pw-xyz" not in opened.note


@pytest.mark.parametrize(("args", "message"), [
    (["listen", "--mqtt", "mqtt://club.example"], "username and password"),
    (["listen", "--user", "x"], "go with --mqtt"),
    (["listen", "--mqtt", "mqtt://localhost#tray-1", "--dev", "tray-2"], "differs"),
    (["listen", "--mqtt", "mqtt://localhost", "--user", "u", "--password-file",
      "/nonexistent/pw"], "cannot read the password file"),
    (["simulate", "--mqtt", "mqtts://localhost", "--tls-ca", "/nonexistent/ca"],
     "does not exist"),
])
def test_bad_broker_arguments_get_a_clear_message(args: list[str], message: str) -> None:
    p = companion(*args, stdin=subprocess.DEVNULL)
    _out, err = p.communicate(timeout=30)
    assert p.returncode == 2, err
    assert message in err and "Traceback" not in err


def test_the_acl_gives_each_tray_exactly_its_own_topics() -> None:
    text = security.acl_text(security.parse_tables(SPEC))
    blocks = {b.splitlines()[0]: b.splitlines()[1:] for b in text.split("\n\n") if
              b.startswith("user ")}
    assert blocks["user tray.tray-c"] == ["topic write m44/v1/tray/tray-c/status",
                                          "topic write m44/v1/tray/tray-c/event",
                                          "topic read m44/v1/tray/tray-c/cmd"]
    carol = blocks["user t2.carol"]
    assert [line for line in carol if "/tray/" in line] == [
        "topic read m44/v1/tray/tray-c/status", "topic read m44/v1/tray/tray-c/event",
        "topic write m44/v1/tray/tray-c/cmd"]
    assert not any("#" in line or "+" in line for line in carol if "/tray/" in line)
    assert json.dumps(blocks)  # every block parsed
