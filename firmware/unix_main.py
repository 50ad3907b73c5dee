# The tray firmware on MicroPython's unix port, for tests and demos (docs/hardware.md):
#   micropython firmware/unix_main.py --dev ID [--serial PATH] [--mqtt HOST:PORT]
#       [--dice m44|pips] [--auto-throw SECONDS] [--boot-file PATH] [--seed N]
#       [--roll-ms MS] [--heartbeat SECONDS] [--keepalive SECONDS]
#       [--connect-timeout MS] [--backoff MS]
# With both --serial and --mqtt the tray has both links, as a board on USB and Wi-Fi.
# Stdin lines act as the hardware (press, shake, keys FACE..., key FACE, fail WHY, quit).
# Stops on SIGINT, on `quit`, or when stdin closes (unless --auto-throw is given).
import sys

_here = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
sys.path.insert(0, _here + "/lib")

import time  # noqa: E402

from tray_proto import valid_dev  # noqa: E402

USAGE = (
    "usage: unix_main.py --dev ID [--serial PATH] [--mqtt HOST:PORT] [--dice m44|pips] "
    "[--auto-throw SECONDS] [--boot-file PATH] [--seed N] [--roll-ms MS] "
    "[--heartbeat SECONDS] [--keepalive SECONDS] [--connect-timeout MS] [--backoff MS]"
)
VALUED = ("--dev", "--serial", "--mqtt", "--dice", "--auto-throw", "--boot-file", "--seed",
          "--roll-ms", "--heartbeat", "--keepalive", "--connect-timeout", "--backoff")


class UsageError(Exception):
    pass


def _number(opts, key, kind, low):
    if key not in opts:
        return None
    try:
        value = kind(opts[key])
    except ValueError:
        raise UsageError(f"{key} {opts[key]!r}: not a number") from None
    if value < low:
        raise UsageError(f"{key} must be at least {low}")
    return value


def parse_args(argv):
    opts = {}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            raise UsageError("")
        if a not in VALUED:
            raise UsageError(f"unknown argument {a!r}")
        if i + 1 >= len(argv):
            raise UsageError(f"{a} needs a value")
        opts[a] = argv[i + 1]
        i += 2
    if "--dev" not in opts:
        raise UsageError("--dev ID is required")
    if not valid_dev(opts["--dev"]):
        raise UsageError("--dev {!r}: use a-z, 0-9 and -, 1..32 characters".format(opts["--dev"]))
    if "--serial" not in opts and "--mqtt" not in opts:
        raise UsageError("give --serial PATH, --mqtt HOST:PORT or both")
    if "--mqtt" in opts:
        host, _, port = opts["--mqtt"].rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise UsageError("--mqtt {!r}: use HOST:PORT".format(opts["--mqtt"]))
        opts["host"], opts["port"] = host, int(port)
    dice = opts.get("--dice", "m44")
    if dice not in ("m44", "pips"):
        raise UsageError(f"--dice {dice!r}: use m44 or pips")
    opts["dice"] = dice
    opts["auto"] = _number(opts, "--auto-throw", float, 0)
    opts["seed"] = _number(opts, "--seed", int, 0)
    roll_ms = _number(opts, "--roll-ms", int, 0)
    opts["roll_ms"] = 500 if roll_ms is None else roll_ms
    opts["heartbeat"] = _number(opts, "--heartbeat", float, 0.05)
    keepalive = _number(opts, "--keepalive", int, 1)
    opts["keepalive"] = 30 if keepalive is None else keepalive
    timeout = _number(opts, "--connect-timeout", int, 1)
    opts["timeout"] = 5000 if timeout is None else timeout
    backoff = _number(opts, "--backoff", int, 1)
    opts["backoff"] = 500 if backoff is None else backoff
    return opts


def open_serial(path):
    def opener():
        f = open(path, "r+b")  # noqa: SIM115 (kept open for the life of the link)
        try:
            import termios

            termios.setraw(f.fileno())
        except Exception:
            pass  # not a tty (a FIFO in a demo): still works
        return f, f

    return opener


def main(argv):
    try:
        opts = parse_args(argv)
    except UsageError as e:
        sys.stderr.write((str(e) + "\n" if str(e) else "") + USAGE + "\n")
        return 2
    from hw_unix import FakeHardware
    from tray_app import App
    from tray_links import MqttLink, SerialLink

    if "--boot-file" in opts:
        from bootcount import next_boot

        boot = next_boot(opts["--boot-file"])
    else:
        boot = int(time.time())  # still grows at every restart
    dev = opts["--dev"]
    auto = opts["auto"]
    hw = FakeHardware(opts["dice"], exit_on_eof=auto is None)
    app = App(dev, boot, opts["dice"], hw,
              auto_throw_ms=None if auto is None else int(auto * 1000),
              roll_ms=opts["roll_ms"], seed=opts["seed"])
    hb = opts["heartbeat"]
    links = []
    if "--serial" in opts:
        links.append(SerialLink(open_serial(opts["--serial"]),
                                heartbeat_ms=1000 if hb is None else int(hb * 1000), log=app.log,
                                give_up_ms=10000))
    if "--mqtt" in opts:
        from mqttlite import MQTTClient

        client = MQTTClient("m44tray-" + dev, opts["host"], opts["port"], keepalive=opts["keepalive"],
                            timeout_ms=opts["timeout"])
        links.append(MqttLink(client, dev, app.last_will(),
                              heartbeat_ms=5000 if hb is None else int(hb * 1000), log=app.log,
                              backoff_ms=(opts["backoff"], 30000)))
    for link in links:
        app.add_link(link)
    names = " and ".join(link.name for link in links)
    hw.log(f"{dev} boot {boot} on {names}")
    try:
        app.run()
    except KeyboardInterrupt:
        hw.log("interrupted: stopping")
    finally:
        app.close()
    return 1 if any(getattr(link, "gone", False) for link in links) else 0


sys.exit(main(sys.argv[1:]))
