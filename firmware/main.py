# The dice tray firmware on the board (Raspberry Pi Pico W or ESP32), started after boot.py.
# Settings: config.json (docs/hardware.md). Hold the tray's button while powering up to
# skip the firmware and stay at the REPL (for mpremote). Nothing in the settings can stop
# the tray at the REPL: a bad setting is reported as a `config:` error (status `error`,
# and a `log` message) and the tray runs on what it can, still reachable.
import sys

if "/lib" not in sys.path:
    sys.path.append("/lib")

import bootcount
import machine
import tray_config
from hw_board import BoardHardware, start_wifi, usb_serial
from tray_app import App
from tray_dice import CameraReader
from tray_links import MqttLink, SerialLink


def board_dev():
    try:
        return tray_config.dev_from_uid(machine.unique_id())
    except Exception:
        return "tray-1"


def settings():
    """(settings, problem or None): a bad file or value gives the defaults and the why."""
    try:
        return tray_config.load("config.json", sys.platform), None
    except Exception as e:
        cfg = tray_config.merged(tray_config.DEFAULTS, {})
        return cfg, f"config: {e}"


def hardware(cfg, console):
    """The board's parts; a pin that cannot be set up drops all pins (the tray stays
    reachable over USB and Wi-Fi) and says which."""
    try:
        return BoardHardware(cfg, console), None
    except Exception as e:
        bare = tray_config.merged(cfg, {"pins": {"button": None, "shake": None,
                                                 "neopixel": None, "keypad": []}})
        return BoardHardware(bare, console), f"config: {e}"


def watchdog(cfg):
    if not cfg["production"]:
        return None, None
    try:
        return machine.WDT(timeout=cfg["watchdog_ms"]), None
    except Exception as e:
        return None, "config: watchdog_ms {!r}: {}".format(cfg["watchdog_ms"], e)


def mqtt_link(cfg, app, wdt):
    from mqttlite import MQTTClient

    wifi, mq = cfg["wifi"], cfg["mqtt"]
    net_up = start_wifi(wifi["ssid"], wifi["password"], log=app.log)
    client = MQTTClient("m44tray-" + cfg["dev"], mq["host"], mq["port"], keepalive=mq["keepalive"],
                        user=mq["user"] or None, password=mq["password"] or None,
                        timeout_ms=mq["timeout_ms"])
    link = MqttLink(client, cfg["dev"], app.last_will(), heartbeat_ms=cfg["heartbeat_mqtt_ms"],
                    backoff_ms=(mq["backoff_min_ms"], mq["backoff_max_ms"]),
                    net_up=net_up, log=app.log)
    if wdt is not None:
        link.before_block = wdt.feed  # before the one name lookup, which cannot time out
    return link


def main():
    cfg, problem = settings()
    if not cfg["dev"]:
        cfg["dev"] = board_dev()
    hw, pin_problem = hardware(cfg, console=not cfg["serial"])
    problem = problem or pin_problem
    if hw.button_held():
        print("tray: button held at power-up: firmware skipped (safe mode)")
        return
    boot = bootcount.next_boot(cfg["boot_file"])
    wdt, wdt_problem = watchdog(cfg)
    problem = problem or wdt_problem
    camera = CameraReader(cfg["dice"]) if cfg["reader"] == "camera" else None
    app = App(cfg["dev"], boot, cfg["dice"], hw, camera=camera, default_n=cfg["default_n"],
              roll_ms=cfg["roll_ms"], pixels=cfg["pixels"], wdt=wdt, leds=hw.np is not None)
    if cfg["serial"]:
        app.add_link(SerialLink(usb_serial, cfg["heartbeat_serial_ms"], log=app.log, check_out=False))
    wifi, mq = cfg["wifi"], cfg["mqtt"]
    if wifi["ssid"] and mq["host"]:
        try:
            app.add_link(mqtt_link(cfg, app, wdt))
        except Exception as e:  # no Wi-Fi chip, out of memory: the tray stays on USB
            problem = problem or f"wifi: {e}"
    app.log("{} boot {}, firmware on {}".format(cfg["dev"], boot, sys.platform))
    if problem:
        app.log(problem)
        app.tray.fail(problem, 0)
    try:
        app.run()
    except Exception as e:
        # Last resort: say why on the link, then restart (the boot counter shows it).
        try:
            app.log(f"crash: {e}")
            app.tray.fail(f"crash: {e}", 0)
            app.step()
        finally:
            machine.reset()


main()
