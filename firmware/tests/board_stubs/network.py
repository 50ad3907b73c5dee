# Stand-in `network` (tests only): a Wi-Fi that is always connected (the unix port has a
# real IP stack, so MQTT then goes to 127.0.0.1 for real).
STA_IF = 0


class WLAN:
    def __init__(self, kind):
        self._active = False

    def active(self, on=None):
        if on is not None:
            self._active = on
        return self._active

    def isconnected(self):
        return self._active

    def connect(self, ssid, password):
        self._active = True
