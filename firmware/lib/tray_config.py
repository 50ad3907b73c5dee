# The tray's settings: firmware/config.json on the board, defaults below for anything
# missing. Bad values are reported as ValueError with the key and what is allowed.
import json

from tray_proto import valid_dev

DEFAULTS = {
    "dev": "tray-1",
    "dice": "m44",
    "reader": "virtual",
    "default_n": 2,
    "roll_ms": 800,
    "serial": True,
    "wifi": {"ssid": "", "password": ""},
    "mqtt": {"host": "", "port": 1883, "user": "", "password": "", "keepalive": 30,
             "backoff_min_ms": 500, "backoff_max_ms": 30000},
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


def check(cfg):
    """Raise ValueError naming the first bad setting."""
    if not valid_dev(cfg["dev"]):
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
    return cfg


def load(path):
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
    return check(merged(DEFAULTS, data))
