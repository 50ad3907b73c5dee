# The tray's settings: firmware/config.json on the board, defaults below for anything
# missing. Bad values are reported as ValueError with the key and what is allowed.
import json

from tray_proto import valid_dev

DEFAULTS = {
    # "" = "tray-" and the board's unique id (machine.unique_id()): no two trays alike.
    "dev": "",
    "dice": "m44",
    "reader": "virtual",
    "default_n": 2,
    "roll_ms": 800,
    "serial": True,
    "wifi": {"ssid": "", "password": ""},
    "mqtt": {"host": "", "port": 1883, "user": "", "password": "", "keepalive": 30,
             "backoff_min_ms": 500, "backoff_max_ms": 30000, "timeout_ms": 5000},
    "heartbeat_serial_ms": 1000,
    "heartbeat_mqtt_ms": 5000,
    # Raspberry Pi Pico W GPIO numbers (docs/hardware.md has the wiring table).
    "pins": {"button": 14, "shake": 15, "neopixel": 16, "keypad": [2, 3, 4, 5, 6, 7]},
    "pixels": 12,
    "brightness": 0.4,
    "shake_hits": 4,
    "shake_window_ms": 600,
    "debounce_ms": 30,
    "boot_file": "boot.dat",
    "production": False,
    "watchdog_ms": 8000,
}


def merged(base, over):
    out = {}
    for k in base:
        out[k] = base[k]
    for k in over:
        if k in base and type(base[k]) is dict and type(over[k]) is dict:
            out[k] = merged(base[k], over[k])
        else:
            out[k] = over[k]
    return out


# What each board's watchdog takes (ms): the RP2040's counter stops at 8388 ms; the
# ESP32's task watchdog needs at least 1 ms. Other ports: at least 1 ms.
WATCHDOG_MS = {"rp2": (1, 8388), "esp32": (1, 3600000)}
# GPIO numbers each board has (the Pico W's 23, 24, 25 and 29 belong to its Wi-Fi chip;
# the ESP32's 34..39 are inputs only, so no neopixel there).
PINS = {"rp2": (0, 22), "esp32": (0, 39)}
OUTPUT_PINS = {"esp32": (0, 33)}


def dev_from_uid(uid):
    """ "tray-" and the last 6 bytes of the board's unique id in hex (a MAC on the ESP32,
    the flash chip's id on the Pico): stable across reboots, different per board."""
    tail = bytes(uid)[-6:]
    return "tray-" + "".join("%02x" % b for b in tail)


def _pin_ok(n, board, output=False):
    if n is None:
        return True
    if type(n) is not int or n < 0:
        return False
    low, high = (OUTPUT_PINS if output and board in OUTPUT_PINS else PINS).get(board, (0, 255))
    return low <= n <= high


def check_pins(pins, board=None):
    """Raise ValueError naming a bad pin setting (for `board`, a sys.platform name)."""
    if type(pins) is not dict:
        raise ValueError("pins must be an object")
    used = []
    for key in ("button", "shake", "neopixel"):
        n = pins.get(key)
        if not _pin_ok(n, board, key == "neopixel"):
            raise ValueError("pins.%s %r: not a GPIO number this board has" % (key, n))
        if n is not None:
            used.append(n)
    keys = pins.get("keypad") or []
    if type(keys) is not list or len(keys) > 6:
        raise ValueError("pins.keypad: a list of at most 6 GPIO numbers")
    for n in keys:
        if n is None or not _pin_ok(n, board):
            raise ValueError("pins.keypad %r: not a GPIO number this board has" % (n,))
        used.append(n)
    for n in used:
        if used.count(n) > 1:
            raise ValueError("pins: GPIO %d is used twice" % n)


def check(cfg, board=None):
    """Raise ValueError naming the first bad setting (`board`: sys.platform, for the
    limits of its pins and watchdog)."""
    if cfg["dev"] != "" and not valid_dev(cfg["dev"]):
        raise ValueError("dev %r: use a-z, 0-9 and -, 1..32 characters" % (cfg["dev"],))
    if cfg["dice"] not in ("m44", "pips"):
        raise ValueError("dice %r: use m44 or pips" % (cfg["dice"],))
    if cfg["reader"] not in ("virtual", "camera"):
        raise ValueError("reader %r: use virtual or camera" % (cfg["reader"],))
    n = cfg["default_n"]
    if type(n) is not int or not 1 <= n <= 8:
        raise ValueError("default_n %r: use 1..8" % (n,))
    for k in ("roll_ms", "heartbeat_serial_ms", "heartbeat_mqtt_ms", "watchdog_ms"):
        if type(cfg[k]) is not int or cfg[k] < 0:
            raise ValueError("%s %r: use a whole number of milliseconds" % (k, cfg[k]))
    mq, wifi = cfg["mqtt"], cfg["wifi"]
    if type(mq) is not dict or type(wifi) is not dict:
        raise ValueError("mqtt and wifi must be objects")
    for k in ("ssid", "password"):
        if type(wifi.get(k)) is not str:
            raise ValueError("wifi.%s must be a string" % k)
    for k in ("host", "user", "password"):
        if type(mq.get(k)) is not str:
            raise ValueError("mqtt.%s must be a string" % k)
    for k, low, high in (("port", 1, 65535), ("keepalive", 0, 65535),
                         ("backoff_min_ms", 1, 3600000), ("backoff_max_ms", 1, 3600000),
                         ("timeout_ms", 100, 60000)):
        if type(mq.get(k)) is not int or not low <= mq[k] <= high:
            raise ValueError("mqtt.%s %r: use %d..%d" % (k, mq.get(k), low, high))
    if cfg["production"]:
        low, high = WATCHDOG_MS.get(board, (1, 3600000))
        if not low <= cfg["watchdog_ms"] <= high:
            raise ValueError("watchdog_ms %r: this board takes %d..%d" % (cfg["watchdog_ms"], low, high))
    check_pins(cfg["pins"], board)
    return cfg


def load(path, board=None):
    """Settings from a JSON file merged over DEFAULTS; a missing file gives the defaults."""
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError:
        data = {}
    except ValueError:
        raise ValueError("%s is not valid JSON" % path)
    if type(data) is not dict:
        raise ValueError("%s must hold a JSON object" % path)
    return check(merged(DEFAULTS, data), board)
