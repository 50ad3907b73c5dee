# Stand-in `network` (tests only): a Wi-Fi that is always connected (the unix port has a
# real IP stack, so MQTT then goes to 127.0.0.1 for real).
STA_IF = 0


class WLAN:
    PM_NONE = 0x10  # a stand-in value: newer ports name "no power saving" WLAN.PM_NONE

    def __init__(self, kind):
        self._active = False
        self.pm = None

    def config(self, pm=None):
        self.pm = pm

    def active(self, on=None):
        if on is not None:
            self._active = on
        return self._active

    def isconnected(self):
        return self._active

    def connect(self, ssid, password):
        self._active = True
