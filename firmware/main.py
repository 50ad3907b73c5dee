# The dice tray firmware on the board (Raspberry Pi Pico W or ESP32), started after boot.py.
# Settings: config.json (docs/hardware.md). Hold the tray's button while powering up to
# skip the firmware and stay at the REPL (for mpremote).
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


def main():
    problem = None
    try:
        cfg = tray_config.load("config.json")
    except ValueError as e:
        problem = f"config: {e}"
        cfg = tray_config.check(dict(tray_config.DEFAULTS))
    hw = BoardHardware(cfg)
    if hw.button_held():
        print("tray: button held at power-up: firmware skipped (safe mode)")
        return
    boot = bootcount.next_boot(cfg["boot_file"])
    wdt = machine.WDT(timeout=cfg["watchdog_ms"]) if cfg["production"] else None
    camera = CameraReader(cfg["dice"]) if cfg["reader"] == "camera" else None
    app = App(cfg["dev"], boot, cfg["dice"], hw, camera=camera, default_n=cfg["default_n"],
              roll_ms=cfg["roll_ms"], pixels=cfg["pixels"], wdt=wdt, leds=hw.np is not None)
    if cfg["serial"]:
        app.add_link(SerialLink(usb_serial, cfg["heartbeat_serial_ms"], log=hw.log, check_out=False))
    wifi, mq = cfg["wifi"], cfg["mqtt"]
    if wifi["ssid"] and mq["host"]:
        from mqttlite import MQTTClient

        net_up = start_wifi(wifi["ssid"], wifi["password"])
        client = MQTTClient("m44tray-" + cfg["dev"], mq["host"], mq["port"], keepalive=mq["keepalive"],
                            user=mq["user"] or None, password=mq["password"] or None)
        link = MqttLink(client, cfg["dev"], app.last_will(), heartbeat_ms=cfg["heartbeat_mqtt_ms"],
                        backoff_ms=(mq["backoff_min_ms"], mq["backoff_max_ms"]),
                        net_up=net_up, log=hw.log)
        if wdt is not None:
            link.before_block = wdt.feed
        app.add_link(link)
    if problem:
        app.tray.fail(problem, 0)
    try:
        app.run()
    except Exception as e:
        # Last resort: say why on the link, then restart (the boot counter shows it).
        try:
            app.tray.fail(f"crash: {e}", 0)
            app.step()
        finally:
            machine.reset()


main()
