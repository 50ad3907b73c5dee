"""``companion tray simulate|listen``: a virtual dice tray, and a listener that prints rolls.

simulate: a tray in Python on a serial port (``--serial pty`` opens a pseudo-terminal and
prints its path as the first stdout line) or on an MQTT broker. Lines on stdin act as the
hardware: ``press``, ``shake``, ``keys FACE...``, ``fail WHY``. It stops on SIGINT/SIGTERM
or when stdin closes (with ``--auto-throw``, stdin closing does not stop it).

listen: connects to trays and prints each roll the companion accepts as one JSON line
``{"dev", "boot", "seq", "rid", "faces"}``; what it drops (and why) goes to stderr.
Without ``--serial`` or ``--mqtt`` it starts an embedded broker and says where on stderr.
"""

from __future__ import annotations

import argparse
import json
import logging
import signal
import sys
import threading
from types import FrameType

from companion.tray import codec

log = logging.getLogger("companion.tray.cli")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="tray_command", metavar="ACTION")
    sim = sub.add_parser("simulate", help="run a virtual dice tray")
    where = sim.add_mutually_exclusive_group(required=True)
    where.add_argument("--serial", metavar="PORT", help="a tty path, or 'pty' to open one")
    where.add_argument("--mqtt", metavar="URL", help="broker, mqtt://HOST:PORT")
    sim.add_argument("--dev", default="sim-tray", help="the tray's device id (default sim-tray)")
    sim.add_argument("--dice", choices=codec.DICE_KINDS, default="m44")
    sim.add_argument("--auto-throw", type=float, metavar="SECONDS",
                     help="press the button this long after each expect")
    sim.add_argument("--boot-file", metavar="PATH", help="file keeping the boot counter")
    sim.add_argument("--seed", type=int, help="seed of the dice")
    sim.add_argument("--heartbeat", type=float, metavar="SECONDS",
                     help="heartbeat period (1 on serial, 5 on MQTT)")

    lis = sub.add_parser("listen", help="print every roll the companion accepts")
    where = lis.add_mutually_exclusive_group()
    where.add_argument("--serial", metavar="PORT", help="a tty path, or 'auto' to find trays on USB")
    where.add_argument("--mqtt", metavar="URL", help="broker, mqtt://HOST:PORT")
    lis.add_argument("--dev", help="only this tray")
    lis.add_argument("--arm", type=int, metavar="N",
                     help="keep the tray armed for N dice (sends expect after each roll)")
    lis.add_argument("--count", type=int, metavar="K", help="stop after K rolls")
    lis.add_argument("--quiet", action="store_true", help="log only drops and problems")


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
    print("companion tray: say simulate or listen (companion tray --help)", file=sys.stderr)
    return 2


def _check_dev(dev: str | None) -> str | None:
    if dev is not None and not codec.valid_dev(dev):
        return f"--dev {dev!r}: a device id is 1..32 of a-z, 0-9, -"
    return None


def _simulate(args: argparse.Namespace) -> int:
    from companion.tray.mqtt_link import parse_url
    from companion.tray.simulator import (
        MqttTraySide,
        SerialTraySide,
        VirtualTray,
        next_boot,
        open_pty,
    )

    problem = _check_dev(args.dev)
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
    tray = VirtualTray(args.dev, dice=args.dice, boot=boot, seed=args.seed,
                       auto_throw=args.auto_throw)
    side: SerialTraySide | MqttTraySide
    try:
        if args.serial is not None:
            hb = args.heartbeat or 1.0
            if args.serial == "pty":
                master, slave, path = open_pty()
                side = SerialTraySide(tray, master, heartbeat=hb, keep=[slave])
                _say(path)
            else:
                side = SerialTraySide.on_path(tray, args.serial, heartbeat=hb)
        else:
            host, port = parse_url(args.mqtt)
            side = MqttTraySide(tray, host, port, heartbeat=args.heartbeat or 5.0)
    except (OSError, ValueError) as exc:
        print(f"companion tray simulate: {exc}", file=sys.stderr)
        return 2
    stop = threading.Event()
    _stop_on_signals(stop)
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
    return 0


def _listen(args: argparse.Namespace) -> int:
    from companion.tray.broker import EmbeddedBroker
    from companion.tray.hub import TrayEvent, TrayHub
    from companion.tray.mqtt_link import MqttLink
    from companion.tray.serial_link import SerialLink

    problem = _check_dev(args.dev)
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

    def arm(dev: str) -> None:
        if args.arm is None:
            return
        with lock:
            armed[0] += 1
            rid = f"listen-{hub.boot % 100000}-{armed[0]}"
        hub.send(dev, "expect", n=args.arm, rid=rid)

    def on_event(ev: TrayEvent) -> None:
        if args.dev is not None and ev.dev != args.dev:
            return
        if ev.kind in ("online", "reboot") and ev.dev is not None:
            arm(ev.dev)
        if ev.kind != "message" or ev.message is None or ev.message.type != "roll":
            return
        m = ev.message
        _say(json.dumps({"dev": m.dev, "boot": m.boot, "seq": m.seq, "rid": m.get("rid"),
                         "faces": m["faces"]}))
        with lock:
            seen[0] += 1
            done = args.count is not None and seen[0] >= args.count
        if done:
            stop.set()
        elif m.get("rid") is not None:
            arm(m.dev)

    hub.add_listener(on_event)
    broker: EmbeddedBroker | None = None
    link: SerialLink | MqttLink
    try:
        if args.serial is not None:
            link = SerialLink(hub, None if args.serial == "auto" else args.serial)
        else:
            url = args.mqtt
            if url is None:
                broker = EmbeddedBroker().start()
                url = broker.url
                print(f"listen: no broker given; embedded broker at {url}", file=sys.stderr,
                      flush=True)
            link = MqttLink.from_url(hub, url, dev=args.dev)
    except (ValueError, RuntimeError, OSError) as exc:
        print(f"companion tray listen: {exc}", file=sys.stderr)
        return 2
    link.start()
    stop.wait()
    link.close()
    if broker is not None:
        broker.stop()
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
