# Stand-in hardware for the unix port: stdin lines play the button, the shake sensor and
# the keypad; the LED ring is a frame counter (its pattern names are logged on stderr).
#   press | shake | keys FACE... | key FACE | fail WHY | quit
import select
import sys
import time

from tray_proto import LineReader, parse_face


class FakeHardware:
    caps = ["button", "shake", "keypad"]

    def __init__(self, dice, stdin=None, exit_on_eof=True, err=None):
        self.dice = dice
        self.stdin = stdin if stdin is not None else sys.stdin.buffer
        self.exit_on_eof = exit_on_eof
        self.err = err if err is not None else sys.stderr
        self.reader = LineReader(512)
        self.frames = 0
        self.last_frame = None
        self._poll = select.poll()
        self._poll.register(self.stdin, select.POLLIN)
        self._open = True

    def log(self, text):
        try:
            self.err.write("tray: %s\n" % text)
        except Exception:
            pass

    def show(self, frame):
        self.frames += 1
        self.last_frame = frame

    def idle(self, ms):
        time.sleep_ms(ms)

    def wait_on(self):
        """stdin for the loop's poll while it is open: a typed line wakes the loop."""
        return (self.stdin, select.POLLIN) if self._open else None

    def due_in(self, now):
        return 1000

    def parse(self, text):
        """One stdin line -> a hardware event tuple, or a string saying what is wrong."""
        words = text.split()
        if not words:
            return None
        w = words[0].lower()
        if w in ("press", "shake", "quit", "get_state") and len(words) == 1:
            return (w,)
        if w == "keys":
            faces = []
            try:
                for word in words[1:]:
                    faces.append(parse_face(word, self.dice))
            except ValueError as e:
                return str(e)
            return ("keys", faces)
        if w == "key" and len(words) == 2:
            try:
                return ("key", parse_face(words[1], self.dice))
            except ValueError as e:
                return str(e)
        if w == "fail":
            return ("fail", " ".join(words[1:]) or "simulated failure")
        return "unknown line %r (press, shake, keys FACE..., key FACE, fail WHY, quit)" % text[:40]

    def poll(self, now, tray):
        events = []
        if not self._open:
            return events
        budget = 1024
        while budget > 0 and self._poll.poll(0):
            budget -= 1
            b = self.stdin.read(1)
            if not b:
                self._open = False
                self._poll.unregister(self.stdin)
                if self.exit_on_eof:
                    self.log("stdin closed: stopping")
                    events.append(("quit",))
                break
            line = self.reader.feed_byte(b[0])
            if line is None:
                continue
            try:
                ev = self.parse(line.decode())
            except Exception:
                ev = "unreadable line"
            if type(ev) is str:
                self.log(ev)
            elif ev is not None:
                events.append(ev)
        return events
