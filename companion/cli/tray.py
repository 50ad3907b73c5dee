"""``companion tray simulate|listen``: a virtual dice tray, and a listener that prints rolls.

simulate: a tray in Python on a serial port (``--serial pty`` opens a pseudo-terminal and
prints its path as the first stdout line) or on an MQTT broker. Lines on stdin act as the
hardware: ``press``, ``shake``, ``keys FACE...``, ``fail WHY``. It stops on SIGINT/SIGTERM
or when stdin closes (with ``--auto-throw``, stdin closing does not stop it).

listen: connects to trays and prints each roll the companion accepts as one JSON line
``{"dev", "boot", "seq", "rid", "faces"}``; what it drops (and why) goes to stderr.
Without ``--serial`` or ``--mqtt`` it starts an embedded broker and says where on stderr.

Both take a broker's login and TLS as sync does: ``--mqtt mqtts://USER:PASS@HOST:PORT`` or
``--user``/``--password-file``/``--tls-ca``/``--anonymous``; a tray id as ``--dev`` or ``#ID``.
"""

from __future__ import annotations

import argparse
import json
import logging
import signal
import sys
import threading
from collections import deque
from types import FrameType
from typing import TYPE_CHECKING, Any

from companion.tray import codec
from companion.tray.mqtt_config import BrokerConfig

if TYPE_CHECKING:
    from companion.tray.simulator import MqttTraySide

log = logging.getLogger("companion.tray.cli")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="tray_command", metavar="ACTION")
    sim = sub.add_parser("simulate", help="run a virtual dice tray")
    where = sim.add_mutually_exclusive_group(required=True)
    where.add_argument("--serial", metavar="PORT", help="a tty path, or 'pty' to open one")
    where.add_argument("--mqtt", metavar="URL", help=MQTT_HELP)
    sim.add_argument("--dev", help="the tray's device id (default sim-tray, or #ID in the URL)")
    _add_login_arguments(sim, "tray.ID")
    sim.add_argument("--dice", choices=codec.DICE_KINDS, default="m44")
    sim.add_argument("--auto-throw", type=float, metavar="SECONDS",
                     help="press the button this long after each expect")
    sim.add_argument("--boot-file", metavar="PATH", help="file keeping the boot counter")
    sim.add_argument("--seed", type=int, help="seed of the dice")
    sim.add_argument("--heartbeat", type=float, metavar="SECONDS",
                     help="heartbeat period (1 on serial, 5 on MQTT)")

    cam = sub.add_parser("camera", help="be a dice tray using a camera (the camera reader)")
    cam.add_argument("--camera", required=True, help="camera index or video file")
    cam.add_argument("--profile", default="m44", help="m44, pips or a taught profile file")
    where = cam.add_mutually_exclusive_group(required=True)
    where.add_argument("--mqtt", metavar="URL", help=MQTT_HELP)
    where.add_argument("--serial", metavar="PORT", help="serial port or pseudo-terminal")
    cam.add_argument("--device", default="camtray-1", help="tray id in the protocol")

    lis = sub.add_parser("listen", help="print every roll the companion accepts")
    where = lis.add_mutually_exclusive_group()
    where.add_argument("--serial", metavar="PORT", help="a tty path, or 'auto' to find trays on USB")
    where.add_argument("--mqtt", metavar="URL", help=MQTT_HELP)
    lis.add_argument("--dev", help="only this tray (or #ID in the URL): a tablet listens to its "
                                   "table's own tray")
    _add_login_arguments(lis, "TABLE.TABLET")
    lis.add_argument("--arm", type=int, metavar="N",
                     help="keep the tray armed for N dice (sends expect after each roll)")
    lis.add_argument("--count", type=int, metavar="K", help="stop after K rolls")
    lis.add_argument("--quiet", action="store_true", help="log only drops and problems")


MQTT_HELP = ("broker: mqtt://[USER:PASS@]HOST[:PORT], mqtts://... for TLS (port 8883); "
             "#ID or ?dev=ID names the tray, ?ca=PATH a CA file, ?anonymous allows a remote "
             "broker without a login")


def _add_login_arguments(p: argparse.ArgumentParser, account: str) -> None:
    p.add_argument("--user", help=f"broker username, e.g. {account} (or COMPANION_MQTT_USER)")
    p.add_argument("--password-file", metavar="PATH",
                   help="file holding the broker password (or COMPANION_MQTT_PASSWORD)")
    p.add_argument("--tls-ca", metavar="PATH", help="CA certificate: connect with TLS")
    p.add_argument("--anonymous", action="store_true",
                   help="allow a broker on another machine without a login")


def _broker(args: argparse.Namespace, dev: str | None) -> tuple[BrokerConfig, str | None]:
    """The broker settings and tray id from ``--mqtt`` and the login options (ValueError)."""
    from companion.tray.mqtt_config import parse_broker_url, read_password_file

    password = read_password_file(args.password_file) if args.password_file else None
    return parse_broker_url(args.mqtt, username=args.user, password=password,
                            tls_ca=args.tls_ca, allow_anonymous=args.anonymous, dev=dev)


def _login_without_mqtt(args: argparse.Namespace) -> str | None:
    if args.mqtt is None and (args.user or args.password_file or args.tls_ca or args.anonymous):
        return "--user, --password-file, --tls-ca and --anonymous go with --mqtt URL"
    return None


def _stop_on_signals(stop: threading.Event) -> None:
    def handler(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGINT, handler)


def _say(text: str) -> None:
    print(text, flush=True)


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING if getattr(args, "quiet", False) else logging.INFO,
                        stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    if args.tray_command == "simulate":
        return _simulate(args)
    if args.tray_command == "listen":
        return _listen(args)
    if args.tray_command == "camera":
        return _camera(args)
    print("companion tray: say simulate, camera or listen (companion tray --help)", file=sys.stderr)
    return 2


def _camera(args: argparse.Namespace) -> int:
    """The camera reader as a tray: ``vision.tray`` with the tray's MQTT end handed to it (the
    camera reader itself knows no MQTT client)."""
    from companion.tray.simulator import MqttTraySide, VirtualTray
    from vision.profile import ProfileError, load_profile
    from vision.tray import run_tray

    def open_mqtt(tray: VirtualTray, url: str) -> MqttTraySide:
        side = MqttTraySide.at_url(tray, url).start()
        side.connected.wait(10)
        return side

    try:
        return run_tray(args, load_profile(args.profile), open_mqtt)
    except (ValueError, ProfileError, OSError) as exc:
        print(f"companion tray camera: {exc}", file=sys.stderr)
        return 2


def _check_dev(dev: str | None) -> str | None:
    if dev is not None and not codec.valid_dev(dev):
        return f"--dev {dev!r}: a device id is 1..32 of a-z, 0-9, -"
    return None


def _simulate(args: argparse.Namespace) -> int:
    from companion.tray.simulator import (
        MqttTraySide,
        SerialTraySide,
        VirtualTray,
        next_boot,
        open_pty,
    )

    config: BrokerConfig | None = None
    dev = args.dev
    problem = _check_dev(dev) or _login_without_mqtt(args)
    if not problem and args.mqtt is not None:
        try:
            config, dev = _broker(args, dev)
        except ValueError as exc:
            problem = str(exc)
    dev = dev or "sim-tray"
    if args.auto_throw is not None and args.auto_throw < 0:
        problem = "--auto-throw must be 0 or more seconds"
    if problem:
        print(f"companion tray simulate: {problem}", file=sys.stderr)
        return 2
    try:
        boot = next_boot(args.boot_file)
    except OSError as exc:
        print(f"companion tray simulate: boot file: {exc}", file=sys.stderr)
        return 2
    tray = VirtualTray(dev, dice=args.dice, boot=boot, seed=args.seed,
                       auto_throw=args.auto_throw)
    side: SerialTraySide | MqttTraySide
    try:
        if config is None:
            hb = args.heartbeat or 1.0
            if args.serial == "pty":
                master, slave, path = open_pty()
                side = SerialTraySide(tray, master, heartbeat=hb, keep=[slave])
                _say(path)
            else:
                side = SerialTraySide.on_path(tray, args.serial, heartbeat=hb)
        else:
            side = MqttTraySide(tray, config.host, config.port, heartbeat=args.heartbeat or 5.0)
            config.apply(side.client)  # the tray's own login (tray.<dev>) and TLS
    except (OSError, ValueError) as exc:
        print(f"companion tray simulate: {exc}", file=sys.stderr)
        return 2
    stop = threading.Event()
    _stop_on_signals(stop)
    refused: list[str] = []
    if config is not None and isinstance(side, MqttTraySide):
        _stop_when_refused(side, config, refused, stop)
    side.start()
    log.info("virtual tray %s (boot %d, %s dice) running", tray.dev, boot, tray.dice)

    def read_stdin() -> None:
        for line in sys.stdin:
            problem = tray.hardware_line(line)
            if problem:
                print(f"simulate: {problem}", file=sys.stderr, flush=True)
        if args.auto_throw is None:
            stop.set()

    threading.Thread(target=read_stdin, daemon=True).start()
    stop.wait()
    side.close()
    if refused:
        print(f"companion tray simulate: {refused[0]}", file=sys.stderr)
        return 1
    return 0


def _stop_when_refused(side: MqttTraySide, config: BrokerConfig, refused: list[str],
                       stop: threading.Event) -> None:
    """A login the broker refuses ends the simulator with the reason (it would retry forever)."""
    from companion.tray.mqtt_link import refusal_text

    inner: Any = side.client.on_connect  # paho's type is a union of v1 and v2 callbacks

    def on_connect(client: Any, userdata: Any, flags: Any, reason_code: Any,
                   properties: Any) -> None:
        if getattr(reason_code, "is_failure", False):
            if not refused:
                refused.append(refusal_text(config, str(reason_code)))
            stop.set()
        elif inner is not None:
            inner(client, userdata, flags, reason_code, properties)

    side.client.on_connect = on_connect


def _listen(args: argparse.Namespace) -> int:
    from companion.tray.broker import EmbeddedBroker
    from companion.tray.hub import TrayEvent, TrayHub
    from companion.tray.mqtt_link import MqttLink
    from companion.tray.serial_link import SerialLink

    problem = _check_dev(args.dev) or _login_without_mqtt(args)
    if args.arm is not None and not 1 <= args.arm <= codec.MAX_DICE:
        problem = f"--arm takes 1..{codec.MAX_DICE} dice"
    if problem:
        print(f"companion tray listen: {problem}", file=sys.stderr)
        return 2
    hub = TrayHub()
    stop = threading.Event()
    _stop_on_signals(stop)
    seen = [0]
    armed = [0]
    lock = threading.Lock()
    pending: dict[str, str] = {}  # dev -> the rid it was asked for and has not rolled
    printed: dict[str, deque[str]] = {}  # dev -> rids already printed (the last 64)

    def arm(dev: str, fresh: bool = True) -> None:
        """Ask ``dev`` for a roll; after a reboot or a reconnect (``fresh`` False) ask
        again with the rid still due, so a roll the tray re-sends for it is known."""
        if args.arm is None:
            return
        with lock:
            rid = pending.get(dev)
            if fresh or rid is None:
                armed[0] += 1
                rid = pending[dev] = f"listen-{hub.boot % 100000}-{armed[0]}"
        hub.send(dev, "expect", n=args.arm, rid=rid)

    only_dev = args.dev

    def on_event(ev: TrayEvent) -> None:
        if only_dev is not None and ev.dev != only_dev:
            return
        if ev.kind in ("online", "reboot") and ev.dev is not None:
            arm(ev.dev, fresh=False)
        if ev.kind != "message" or ev.message is None or ev.message.type != "roll":
            return
        m = ev.message
        rid = m.get("rid")
        with lock:
            done_rids = printed.setdefault(m.dev, deque(maxlen=64))
            if rid is not None and rid in done_rids:
                # the same roll again under a new (boot, seq): a rebooted tray re-sending
                print(f"listen: {m.dev} sent roll {rid} again (boot {m.boot} seq {m.seq}); "
                      "printed once", file=sys.stderr, flush=True)
                return
            if rid is not None:
                done_rids.append(rid)
                if pending.get(m.dev) == rid:
                    del pending[m.dev]
        _say(json.dumps({"dev": m.dev, "boot": m.boot, "seq": m.seq, "rid": rid,
                         "faces": m["faces"]}))
        with lock:
            seen[0] += 1
            done = args.count is not None and seen[0] >= args.count
        if done:
            stop.set()
        elif rid is not None:
            arm(m.dev)

    hub.add_listener(on_event)
    broker: EmbeddedBroker | None = None
    link: SerialLink | MqttLink
    refused: list[str] = []
    try:
        if args.serial is not None:
            link = SerialLink(hub, None if args.serial == "auto" else args.serial)
        elif args.mqtt is None:
            broker = EmbeddedBroker().start()
            print(f"listen: no broker given; embedded broker at {broker.url}", file=sys.stderr,
                  flush=True)
            link = MqttLink.from_url(hub, broker.url, dev=args.dev)
        else:
            config, only_dev = _broker(args, args.dev)
            link = MqttLink(hub, dev=only_dev, config=config)

            def on_refused(reason: str) -> None:
                refused.append(reason)
                stop.set()

            link.on_refused = on_refused
    except (ValueError, RuntimeError, OSError) as exc:
        print(f"companion tray listen: {exc}", file=sys.stderr)
        if broker is not None:
            broker.stop()
        return 2
    link.start()
    stop.wait()
    link.close()
    if broker is not None:
        broker.stop()
    if refused:
        print(f"companion tray listen: {refused[0]}", file=sys.stderr)
        return 1
    if hub.dropped:
        counts = ", ".join(f"{k} {v}" for k, v in sorted(hub.dropped.items()))
        print(f"listen: dropped {counts}", file=sys.stderr)
    return 0


def main() -> None:  # python -m companion.cli.tray
    parser = argparse.ArgumentParser(prog="companion tray")
    add_arguments(parser)
    raise SystemExit(run(parser.parse_args()))


if __name__ == "__main__":
    main()
