# Unit tests of the firmware logic, run INSIDE MicroPython (the unix port):
#   micropython firmware/tests/run_unit.py
# Prints one "PASS name" / "FAIL name: why" line per test and "RESULT <passed> <failed>";
# exit status 1 if any failed. tests/firmware/test_unit.py runs it and checks the lines.
import sys

_here = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
sys.path.insert(0, _here + "/../lib")

import json  # noqa: E402

import bootcount  # noqa: E402
import mqttlite  # noqa: E402
import tray_config  # noqa: E402
import tray_proto as P  # noqa: E402
from tray_core import Tray  # noqa: E402
from tray_dice import CameraReader, TrueRandom, VirtualDice, draw_face  # noqa: E402
from tray_inputs import Debounced, Keypad, ShakeDetector  # noqa: E402
from tray_leds import LedAnimator  # noqa: E402

TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


def eq(a, b, what=""):
    if a != b:
        raise AssertionError(f"{what} {a!r} != {b!r}")


class Out:
    """The tray's `out`: records stamped messages like the app does."""

    def __init__(self):
        self.seq = 0
        self.sent = []

    def emit(self, typ, fields):
        self.seq += 1
        msg = {"v": 1, "type": typ, "dev": "tray-t", "boot": 1, "seq": self.seq}
        for k in fields:
            msg[k] = fields[k]
        self.sent.append(msg)
        return msg

    def resend(self, msg):
        self.sent.append(msg)

    def types(self):
        return [m["type"] + ("/" + m["state"] if m["type"] == "status" else "") for m in self.sent]

    def take(self):
        out, self.sent = self.sent, []
        return out


def make_tray(dice="m44", roll_ms=100, auto=None, reader=None):
    out = Out()
    reader = reader or VirtualDice(dice, TrueRandom(7), roll_ms)
    leds = LedAnimator(12)
    return Tray("tray-t", dice, out, reader, leds, ["virtual", "button"], 2, auto), out


def cmd(typ, seq=1, **kw):
    c = {"v": 1, "type": typ, "dev": "companion-t", "boot": 9, "seq": seq, "id": f"c{seq}"}
    for k in kw:
        c[k] = kw[k]
    return c


# --- codec -----------------------------------------------------------------------------


@test
def line_reader_splits_and_strips_cr():
    r = P.LineReader()
    eq(r.feed(b'{"a":1}\r\n{"b":2}\npartial'), [b'{"a":1}', b'{"b":2}'])
    eq(r.feed(b"\n"), [b"partial"])


@test
def line_reader_drops_long_line_and_resyncs():
    r = P.LineReader(512)
    lines = r.feed(b"x" * 10000 + b"\n" + b"ok\n")
    eq(lines, [b"ok"])
    eq(r.drops.get("too_long"), 1)
    eq(len(r.buf), 0, "buffer after")


@test
def line_reader_keeps_exactly_512_with_crlf():
    r = P.LineReader(512)
    eq(r.feed(b"y" * 512 + b"\r\n"), [b"y" * 512])
    eq(r.feed(b"y" * 513 + b"\n"), [])
    eq(r.dropped(), 1)


@test
def line_reader_memory_is_bounded():
    r = P.LineReader(512)
    for _ in range(20):
        r.feed(b"z" * 1000)
        if len(r.buf) > 513:
            raise AssertionError(f"buffer grew to {len(r.buf)}")


def check(obj_or_line, dev="tray-t"):
    line = obj_or_line if isinstance(obj_or_line, bytes) else json.dumps(obj_or_line).encode()
    return P.check_command(line, dev)


@test
def valid_commands_pass():
    eq(check(cmd("expect", n=3, rid="r-1"))[0], P.COMMAND)
    eq(check(cmd("cancel"))[0], P.COMMAND)
    eq(check(cmd("led", pattern="hit"))[0], P.COMMAND)
    eq(check(cmd("get_state", to="tray-t"))[0], P.COMMAND)


@test
def bad_lines_get_the_right_nak_reason():
    cases = [
        (b"garbage", "bad_json", None),
        (b"[1,2]", "bad_json", None),
        (b'{"v":1,"type":', "bad_json", None),
        (cmd("expect", v=2, n=1, rid="r"), "version", "c1"),
        (cmd("expect", v="1", n=1, rid="r"), "bad_schema", "c1"),
        (cmd("explode"), "unknown_type", "c1"),
        (cmd("expect", n="3", rid="r"), "bad_schema", "c1"),
        (cmd("expect", n=True, rid="r"), "bad_schema", "c1"),
        (cmd("expect", n=0, rid="r"), "bad_args", "c1"),
        (cmd("expect", n=9, rid="r"), "bad_args", "c1"),
        (cmd("expect", n=2), "bad_schema", "c1"),
        (cmd("expect", n=2, rid="x" * 41), "bad_schema", "c1"),
        (cmd("led", pattern="rainbow"), "bad_args", "c1"),
        (cmd("led", pattern=3), "bad_schema", "c1"),
        (cmd("cancel", dev="BAD DEV"), "bad_schema", "c1"),
        (cmd("cancel", seq=-1), "bad_schema", "c-1"),
        (cmd("cancel", id=5), "bad_schema", None),
    ]
    for obj, reason, cid in cases:
        kind, detail = check(obj)
        eq(kind, P.NAK, f"kind for {obj!r}")
        eq(detail[1], reason, f"reason for {obj!r}")
        eq(detail[0], cid, f"id for {obj!r}")
        if not detail[2].startswith(reason):
            raise AssertionError("why must start with the code: " + detail[2])


@test
def lines_that_are_not_for_us_are_ignored():
    eq(check(cmd("expect", n=2, rid="r", to="tray-other"))[0], P.IGNORE)
    eq(check({"v": 1, "type": "roll", "dev": "tray-x", "boot": 1, "seq": 2, "rid": None, "faces": []})[0],
       P.IGNORE)
    eq(check(b"")[0], P.IGNORE)
    eq(check(b"   ")[0], P.IGNORE)


@test
def non_ascii_is_dropped_not_nakked():
    eq(check(b'{"v":1,"type":"cancel","id":"\xc3\xa9"}'), (P.DROP, "non_ascii"))
    eq(check(b"\x00\x01\x02\xff"), (P.DROP, "non_ascii"))


@test
def encode_is_one_compact_line():
    line = P.encode({"v": 1, "type": "ack", "id": "c1"})
    eq(line[-1:], b"\n")
    eq(line.count(b"\n"), 1)
    eq(json.loads(line), {"v": 1, "type": "ack", "id": "c1"})
    try:
        P.encode({"why": "x" * 600})
    except ValueError:
        return
    raise AssertionError("a 600-byte message must not be encoded")


@test
def parse_face_names_letters_and_unread():
    eq(P.parse_face("infantry", "m44"), "infantry")
    eq(P.parse_face("G", "m44"), "grenade")
    eq(P.parse_face("tank", "m44"), "armor")
    eq(P.parse_face("?", "m44"), None)
    eq(P.parse_face("6", "pips"), 6)
    for bad, dice in (("7", "pips"), ("x", "m44"), ("infantry", "pips")):
        try:
            P.parse_face(bad, dice)
        except ValueError:
            continue
        raise AssertionError(f"{bad} accepted as a {dice} face")


# --- dice ------------------------------------------------------------------------------


@test
def m44_die_has_two_infantry_sides():
    rng = TrueRandom(1)
    counts = {}
    for _ in range(6000):
        f = draw_face(rng, "m44")
        counts[f] = counts.get(f, 0) + 1
    eq(sorted(counts), sorted(P.M44_FACES))
    # expected 2000 infantry, 1000 each other face; bounds are > 6 sigma wide
    if not 1800 < counts["infantry"] < 2200:
        raise AssertionError(f"infantry {counts['infantry']}")
    for f in ("armor", "grenade", "star", "flag"):
        if not 850 < counts[f] < 1150:
            raise AssertionError(f"{f} {counts[f]}")


@test
def urandom_pips_cover_one_to_six():
    rng = TrueRandom()  # os.urandom
    seen = set()
    for _ in range(600):
        v = draw_face(rng, "pips")
        if not 1 <= v <= 6:
            raise AssertionError(f"pip {v}")
        seen.add(v)
    eq(len(seen), 6)


@test
def seeded_dice_repeat():
    a = [draw_face(TrueRandom(42), "m44") for _ in range(1)]
    b = [draw_face(TrueRandom(42), "m44") for _ in range(1)]
    eq(a, b)


@test
def virtual_dice_take_roll_ms():
    d = VirtualDice("pips", TrueRandom(3), 300)
    d.start(4, 1000)
    eq(d.poll(1200), None)
    faces = d.poll(1300)
    eq(len(faces), 4)
    eq(d.poll(1400), None, "after the roll")


@test
def camera_reader_submit_fail_timeout():
    c = CameraReader("m44", timeout_ms=500)
    c.start(2, 0)
    eq(c.poll(10), None)
    c.submit(["star", None])
    eq(c.poll(20), ["star", None])
    c.start(2, 100)
    try:
        c.submit(["tank"])
    except ValueError:
        pass
    else:
        raise AssertionError("bad face accepted")
    try:
        c.poll(700)
    except Exception as e:
        eq(str(e), "camera: no result")
    else:
        raise AssertionError("no timeout")


# --- state machine ---------------------------------------------------------------------


@test
def expect_arm_throw_roll_idle():
    t, out = make_tray(roll_ms=100)
    t.handle(cmd("expect", n=3, rid="r-1"), 0)
    eq(out.types(), ["ack", "status/armed"])
    armed = out.take()[1]
    eq((armed["n"], armed["rid"]), (3, "r-1"))
    eq(t.throw(10), None)
    t.tick(50)
    eq(out.types(), ["status/rolling"])
    out.take()
    t.tick(110)
    eq(out.types(), ["status/settled", "roll", "status/idle"])
    roll = out.sent[1]
    eq(roll["rid"], "r-1")
    eq(len(roll["faces"]), 3)
    for f in roll["faces"]:
        if f not in P.M44_FACES:
            raise AssertionError(f)


@test
def free_throw_has_null_rid_and_last_n():
    t, out = make_tray(roll_ms=0)
    t.handle(cmd("expect", n=4, rid="r"), 0)
    t.handle(cmd("cancel", seq=2), 1)
    out.take()
    t.throw(2)
    t.tick(3)
    roll = next(m for m in out.sent if m["type"] == "roll")
    eq(roll["rid"], None)
    eq(len(roll["faces"]), 4)


@test
def expect_is_idempotent_and_rearms_for_new_rid():
    t, out = make_tray()
    t.handle(cmd("expect", 1, n=2, rid="a"), 0)
    out.take()
    t.handle(cmd("expect", 2, n=2, rid="a"), 1)
    eq(out.types(), ["ack"])
    out.take()
    t.handle(cmd("expect", 3, n=5, rid="b"), 2)
    eq(out.types(), ["ack", "status/armed"])
    eq(t.n, 5)


@test
def expect_for_last_roll_resends_it_unchanged():
    t, out = make_tray(roll_ms=0)
    t.handle(cmd("expect", 1, n=2, rid="a"), 0)
    t.throw(1)
    t.tick(2)
    roll = next(m for m in out.take() if m["type"] == "roll")
    t.handle(cmd("expect", 2, n=2, rid="a"), 3)
    sent = out.take()
    eq([m["type"] for m in sent], ["ack", "roll"])
    if sent[1] is not roll and sent[1] != roll:
        raise AssertionError("roll changed")
    eq(t.state, "idle")


@test
def expect_while_rolling_is_busy():
    t, out = make_tray(roll_ms=1000)
    t.handle(cmd("expect", 1, n=2, rid="a"), 0)
    t.throw(1)
    out.take()
    t.handle(cmd("expect", 2, n=2, rid="b"), 2)
    eq(out.sent[0]["type"], "nak")
    if not out.sent[0]["why"].startswith("busy"):
        raise AssertionError(out.sent[0]["why"])
    eq(t.state, "rolling")


@test
def cancel_disarms_and_is_always_acked():
    t, out = make_tray()
    t.handle(cmd("cancel", 1), 0)
    eq(out.types(), ["ack"])
    out.take()
    t.handle(cmd("expect", 2, n=2, rid="a"), 0)
    out.take()
    t.handle(cmd("cancel", 3), 1)
    eq(out.types(), ["ack", "status/idle"])
    eq(t.rid, None)


@test
def cancel_during_roll_sends_no_roll():
    t, out = make_tray(roll_ms=100)
    t.handle(cmd("expect", 1, n=2, rid="a"), 0)
    t.throw(1)
    t.handle(cmd("cancel", 2), 2)
    out.take()
    t.tick(500)
    eq(out.sent, [])
    eq(t.state, "idle")


@test
def get_state_answers_ack_hello_status_and_recovers_error():
    t, out = make_tray()
    t.fail("shake sensor stuck", 0)
    eq(out.types(), ["status/error"])
    eq(out.take()[0]["why"], "shake sensor stuck")
    t.handle(cmd("get_state", 1), 1)
    eq(out.types(), ["ack", "hello", "status/idle"])
    hello = out.sent[1]
    eq((hello["dice"], hello["proto"], hello["max_dice"]), ("m44", [1], 8))


@test
def expect_recovers_from_error_and_arms():
    t, out = make_tray()
    t.fail("x", 0)
    out.take()
    t.handle(cmd("expect", 1, n=1, rid="a"), 1)
    eq(out.types(), ["ack", "status/armed"])


@test
def duplicate_command_is_answered_not_acted_on():
    t, out = make_tray()
    c = cmd("expect", 7, n=2, rid="a")
    t.handle(c, 0)
    first = out.take()
    t.handle(c, 1)  # same (dev, boot, seq), e.g. over USB and Wi-Fi
    again = out.take()
    eq(len(again), 1)
    eq(again[0], first[0])


@test
def auto_throw_after_delay():
    t, _out = make_tray(roll_ms=50, auto=200)
    t.handle(cmd("expect", 1, n=2, rid="a"), 0)
    t.tick(100)
    eq(t.state, "armed")
    t.tick(200)
    eq(t.state, "rolling")
    t.tick(260)
    eq(t.state, "idle")


@test
def keys_send_the_given_faces_with_the_rid():
    t, out = make_tray()
    t.handle(cmd("expect", 1, n=2, rid="a"), 0)
    out.take()
    eq(t.keys(["star", None], 1), None)
    roll = next(m for m in out.sent if m["type"] == "roll")
    eq((roll["rid"], roll["faces"]), ("a", ["star", None]))
    eq(t.keys([7], 2) is None, False)
    eq(t.keys([], 2) is None, False)


@test
def keypad_sends_once_n_faces_are_in():
    t, out = make_tray()
    t.handle(cmd("expect", 1, n=3, rid="a"), 0)
    out.take()
    t.key_face("flag", 1)
    t.key_face("star", 2)
    eq(out.sent, [])
    t.key_face("armor", 3)
    roll = next(m for m in out.sent if m["type"] == "roll")
    eq(roll["faces"], ["flag", "star", "armor"])


@test
def throw_refused_while_rolling_or_error():
    t, _out = make_tray(roll_ms=100)
    t.throw(0)
    if t.throw(1) is None:
        raise AssertionError("second throw accepted")
    t.fail("x", 2)
    if t.throw(3) is None:
        raise AssertionError("throw in error accepted")


@test
def reader_failure_goes_to_error_with_why():
    cam = CameraReader("m44", timeout_ms=100)
    t, out = make_tray(reader=cam)
    t.handle(cmd("expect", 1, n=2, rid="a"), 0)
    t.throw(1)
    out.take()
    t.tick(200)
    eq(out.types(), ["status/error"])
    eq(out.sent[0]["why"], "camera: no result")


@test
def camera_landing_is_a_throw_and_its_reading_the_roll():
    cam = CameraReader("m44", timeout_ms=5000)
    t, out = make_tray(reader=cam)
    t.handle(cmd("expect", 1, n=3, rid="cam"), 0)
    out.take()
    cam.landed = True
    t.tick(10)
    eq(t.state, "rolling")
    cam.submit(["flag", "flag", None])
    t.tick(20)
    roll = next(m for m in out.sent if m["type"] == "roll")
    eq((roll["rid"], roll["faces"]), ("cam", ["flag", "flag", None]))


# --- LEDs ------------------------------------------------------------------------------


@test
def leds_follow_state_and_flash_patterns():
    a = LedAnimator(12)
    eq(len(a.frame(0)), 12)
    a.on_state("rolling", 0)
    f1, f2 = a.frame(0), a.frame(200)
    if f1 == f2:
        raise AssertionError("rolling does not move")
    a.on_pattern("hit", 1000)
    eq(a.current(1100), "hit")
    eq(a.current(3000), "rolling")
    a.on_pattern("off", 3000)
    eq(set(a.frame(3100)), {(0, 0, 0)})
    a.on_state("idle", 3200)
    eq(a.current(3200), "idle")


# --- switches ---------------------------------------------------------------------------


class FakePin:
    def __init__(self, level=1):
        self.level = level

    def value(self):
        return self.level


@test
def button_press_is_debounced_and_long_press_reported():
    pin = FakePin(1)
    b = Debounced(pin, True, debounce_ms=30, long_ms=1500)
    got = []
    # contact bounce on the way down, then held 100 ms, then bounce on release
    for t, level in ((0, 0), (2, 1), (4, 0), (40, 0), (100, 0), (140, 1), (142, 0), (144, 1),
                     (180, 1), (200, 1)):
        pin.level = level
        r = b.update(t)
        if r:
            got.append(r)
    eq(got, ["press"])
    for t, level in ((300, 0), (340, 0), (2000, 0), (2010, 1), (2050, 1)):
        pin.level = level
        r = b.update(t)
        if r:
            got.append(r)
    eq(got, ["press", "long"])


@test
def button_held_at_power_up_is_not_a_press():
    pin = FakePin(0)
    b = Debounced(pin)
    eq(b.down, True)
    pin.level = 1
    eq([b.update(t) for t in (10, 50)], [None, None])


@test
def shake_needs_several_changes_in_the_window_then_rests():
    pin = FakePin(1)
    s = ShakeDetector(pin, hits=4, window_ms=600, rest_ms=1500)
    events = []
    t = 0
    for _ in range(3):  # a single knock: 3 changes spread out, no shake
        t += 400
        pin.level ^= 1
        events.append(s.update(t))
    eq([e for e in events if e], [])
    events = []
    for _ in range(12):  # a real shake: fast chatter
        t += 40
        pin.level ^= 1
        events.append(s.update(t))
    eq([e for e in events if e], ["shake"])  # one shake, then it rests


@test
def keypad_maps_keys_to_faces():
    pins = [FakePin(1) for _ in range(6)]
    k = Keypad(pins, "m44", debounce_ms=10)
    pins[3].level = 0
    k.update(0)
    k.update(20)
    pins[3].level = 1
    k.update(30)
    eq(k.update(50), ["star"])
    kp = Keypad(pins, "pips", debounce_ms=10)
    pins[5].level = 0
    kp.update(0)
    kp.update(20)
    pins[5].level = 1
    kp.update(30)
    eq(kp.update(50), [6])


# --- MQTT packets ----------------------------------------------------------------------


@test
def mqtt_remaining_length_round_trip():
    for n in (0, 127, 128, 16383, 16384, 300000):
        pkt = mqttlite.packet(0x30, b"a" * n)
        first, body, used = mqttlite.parse_packet(pkt + b"\xd0")
        eq((first, len(body), used), (0x30, n, len(pkt)))
        eq(mqttlite.parse_packet(pkt[:-1]) if n else None, None)


class FakeSock:
    """Feeds mqttlite's reader: recv() hands out `data` in chunks; send() records."""

    def __init__(self, data):
        self.data = data
        self.sent = b""

    def recv(self, n):
        chunk, self.data = self.data[:n], self.data[n:]
        return chunk

    def send(self, b):
        self.sent += bytes(b)
        return len(b)

    def close(self):
        pass


class FakePoll:
    def __init__(self, sock):
        self.sock = sock

    def poll(self, ms=0):
        import select

        return [(self.sock, select.POLLIN)] if self.sock.data else []


def _client_on(data, max_packet=1024):
    c = mqttlite.MQTTClient("t", "127.0.0.1", max_packet=max_packet)
    c.sock = FakeSock(data)
    c._poll = FakePoll(c.sock)
    c.state = "up"
    return c


@test
def mqtt_oversized_publish_is_acked_and_skipped_with_bounded_memory():
    topic = mqttlite._str("m44/v1/tray/t/cmd")
    big = mqttlite.packet(0x32, topic + b"\x00\x07" + b"x" * 100000)  # QoS 1, pid 7
    fair = mqttlite.packet(0x30, topic + b'{"ok":1}')
    c = _client_on(big + fair)
    events = []
    most = 0
    for _ in range(200):
        events.extend(c.poll())
        most = max(most, len(c._buf))
    eq([e for e in events if e[0] == "msg"], [("msg", "m44/v1/tray/t/cmd", b'{"ok":1}')])
    eq(("skipped", 1) in events, True, "skip event")
    eq(c.skipped, 1)
    eq(c._out, bytearray(mqttlite.packet(0x40, b"\x00\x07")), "PUBACK for the skipped one")
    eq(most <= 1024 + mqttlite.READ_BUDGET, True, f"buffer {most}")


@test
def mqtt_nodelay_only_by_name():
    class S:
        set = None

        def setsockopt(self, *a):
            S.set = a

    import socket

    has = hasattr(socket, "TCP_NODELAY") and hasattr(socket, "IPPROTO_TCP")
    eq(mqttlite.set_nodelay(S()), has)
    eq(S.set is None, not has)  # never a guessed number on a port that lacks the names


@test
def numeric_addresses_need_no_lookup():
    eq(mqttlite.numeric_ipv4("192.168.1.20"), True)
    eq(mqttlite.numeric_ipv4("broker.local"), False)
    eq(mqttlite.numeric_ipv4("1.2.3.256"), False)


@test
def led_frame_only_rebuilt_when_it_can_change():
    a = LedAnimator(12)
    a.on_state("idle", 0)
    eq(a.next_change(0) >= 1000, True, "idle is steady")
    a.on_state("armed", 1000)
    eq(a.next_change(1000), 125)
    eq(a.next_change(1100), 25)
    a.on_faces(["star"], 2000)
    eq(a.next_change(2000), 4000, "until the faces flash ends")
    eq(a.frame(2000) == a.frame(2000 + 3999), True)


class QuietHw:
    caps = ("button",)

    def __init__(self):
        self.shown = 0
        self.lines = []

    def log(self, text):
        self.lines.append(text)

    def poll(self, now, tray):
        return []

    def show(self, frame):
        self.shown += 1

    def idle(self, ms):
        pass


@test
def app_builds_led_frames_only_when_due_and_waits_without_a_fixed_sleep():
    from tray_app import App

    hw = QuietHw()
    app = App("tray-t", 1, "m44", hw, roll_ms=0, seed=3)
    built = [0]
    inner = app.leds.frame

    def counting(now):
        built[0] += 1
        return inner(now)

    app.leds.frame = counting
    for _ in range(200):
        app.step()  # idle, no links: one dim pixel, nothing changes
    eq(built[0], 1, "frames built while idle")
    eq(hw.shown, 1, "frames written while idle")
    eq(app.wait_ms(app.clock.now()) > 5, True, "idle waits longer than the old 5 ms")
    app.tray.throw(app.clock.now())
    app.step()
    eq(built[0] >= 2, True, "a state change builds a frame at once")


@test
def dev_from_the_boards_unique_id():
    eq(tray_config.dev_from_uid(b"\xe6\x61\x41\x04\x03\x5a\x2b\x2c"), "tray-4104035a2b2c")
    eq(P.valid_dev(tray_config.dev_from_uid(b"\x24\x6f\x28\xaa\xbb\xcc")), True)
    eq(tray_config.DEFAULTS["dev"], "", "derived unless set")


@test
def config_watchdog_and_pins_per_board():
    base = tray_config.merged(tray_config.DEFAULTS, {"production": True})
    cases = (("rp2", {"watchdog_ms": 8389}, "watchdog_ms 8389: this board takes 1..8388"),
             ("esp32", {"watchdog_ms": 0}, "watchdog_ms 0: this board takes 1..3600000"),
             ("rp2", {"pins": {"button": 25}}, "pins.button 25"),
             ("esp32", {"pins": {"neopixel": 35}}, "pins.neopixel 35"),
             ("rp2", {"pins": {"keypad": [1, 2, 3, 4, 5, 6, 7]}}, "pins.keypad: a list"),
             ("rp2", {"pins": {"button": 2, "keypad": [2]}}, "pins: GPIO 2 is used twice"))
    for board, over, why in cases:
        try:
            tray_config.check(tray_config.merged(base, over), board)
        except ValueError as e:
            eq(str(e).startswith(why), True, f"{board} {over} -> {e}")
            continue
        raise AssertionError(f"accepted {over} on {board}")
    tray_config.check(tray_config.merged(base, {"watchdog_ms": 8388}), "rp2")
    tray_config.check(tray_config.merged(base, {"pins": {"neopixel": 33}}), "esp32")


# --- config and boot counter -----------------------------------------------------------


@test
def config_defaults_merge_and_checks():
    cfg = tray_config.check(tray_config.merged(tray_config.DEFAULTS, {"mqtt": {"host": "h"}}))
    eq(cfg["mqtt"]["host"], "h")
    eq(cfg["mqtt"]["port"], 1883)
    for bad in ({"dev": "Tray 1"}, {"dice": "d20"}, {"default_n": 9}):
        try:
            tray_config.check(tray_config.merged(tray_config.DEFAULTS, bad))
        except ValueError:
            continue
        raise AssertionError(f"accepted {bad}")


@test
def shipped_config_is_valid():
    cfg = tray_config.load(_here + "/../config.json")
    eq(cfg["dice"] in ("m44", "pips"), True)


@test
def boot_counter_increments_and_survives_garbage():
    path = "/tmp/m44-fw-unit-boot.txt"
    try:
        import os

        os.remove(path)
    except OSError:
        pass
    eq(bootcount.next_boot(path), 1)
    eq(bootcount.next_boot(path), 2)
    with open(path, "w") as f:
        f.write("not a number")
    eq(bootcount.next_boot(path), 1)


def main():
    passed = failed = 0
    only = sys.argv[1:]
    for fn in TESTS:
        name = fn.__name__
        if only and name not in only:
            continue
        try:
            fn()
        except Exception as e:
            failed += 1
            print(f"FAIL {name}: {type(e).__name__}: {e}")
        else:
            passed += 1
            print(f"PASS {name}")
    print(f"RESULT {passed} {failed}")
    return 1 if failed else 0


sys.exit(main())
