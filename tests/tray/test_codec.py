"""The codec and the line reader: every message round-trips, bad input is named, never raised."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.tray import codec
from companion.tray.codec import LineReader, ProtocolError

EXAMPLES = [
    codec.hello("tray-1", 7, 1, fw="0.3.0", caps=["virtual", "led"], dice="m44"),
    codec.status("tray-1", 7, 2, "idle"),
    codec.status("tray-1", 7, 3, "armed", n=3, rid="r-41"),
    codec.status("tray-1", 7, 4, "error", why="camera: no frame"),
    codec.status("tray-1", 7, 0, "offline"),
    codec.roll("tray-1", 7, 5, "r-41", ["infantry", "flag", None]),
    codec.roll("pips-2", 1, 5, None, [1, 6, 3]),
    codec.heartbeat("tray-1", 7, 6, 12.5),
    codec.ack("tray-1", 7, 7, "c12"),
    codec.nak("tray-1", 7, 8, "c13", "bad_args: n must be 1..8"),
    codec.nak("tray-1", 7, 9, None, "bad_json"),
    codec.expect("companion-x", 1795960000, 12, "c12", 3, "r-41", to="tray-1"),
    codec.cancel("companion-x", 1795960000, 13, "c13"),
    codec.led("companion-x", 1795960000, 14, "c14", "hit", to="tray-1"),
    codec.get_state("companion-x", 1795960000, 15, "c15"),
]


@pytest.mark.parametrize("msg", EXAMPLES, ids=lambda m: f"{m.type}-{m.seq}")
def test_every_message_round_trips(msg: codec.Message) -> None:
    line = codec.encode(msg)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    back = codec.decode(line)
    assert back == msg
    assert back.key == (msg.dev, msg.boot, msg.seq)
    assert codec.decode(codec.payload(msg)) == msg  # the MQTT payload has no newline


def _line(**over: object) -> bytes:
    base: dict[str, object] = {"v": 1, "type": "roll", "dev": "tray-1", "boot": 1, "seq": 2,
                               "rid": "r1", "faces": ["star"]}
    base.update(over)
    return json.dumps({k: v for k, v in base.items() if v is not ...}).encode()


@pytest.mark.parametrize(("line", "reason"), [
    (b"not json", "bad_json"),
    (b"[1, 2]", "bad_json"),
    (b'{"v":1,"type":"roll"', "bad_json"),
    (b'{"v": NaN}', "bad_json"),
    ("é".encode() + b"{}", "non_ascii"),
    (b"x" * 600, "too_long"),
    (_line(v=2), "version"),
    (_line(v="1"), "bad_schema"),
    (_line(v=True), "bad_schema"),
    (_line(type="teleport"), "unknown_type"),
    (_line(type=5), "bad_schema"),
    (_line(dev="Tray_1"), "bad_schema"),
    (_line(dev="x" * 33), "bad_schema"),
    (_line(boot=-1), "bad_schema"),
    (_line(seq="3"), "bad_schema"),
    (_line(seq=...), "bad_schema"),
    (_line(faces=[]), "bad_schema"),
    (_line(faces=["star"] * 9), "bad_schema"),
    (_line(faces=["banana"]), "bad_schema"),
    (_line(faces=[7]), "bad_schema"),
    (_line(faces=[True]), "bad_schema"),
    (_line(faces=["star", 3]), "bad_schema"),
    (_line(rid=...), "bad_schema"),
    (_line(rid=""), "bad_schema"),
    (_line(rid="x" * 41), "bad_schema"),
    (_line(type="status", state="asleep"), "bad_schema"),
    (_line(type="hello", fw="1", caps="led", dice="m44"), "bad_schema"),
    (_line(type="hello", fw="1", caps=[], dice="d20"), "bad_schema"),
    (_line(type="heartbeat", up=-1), "bad_schema"),
    (_line(type="nak", id="c1"), "bad_schema"),
    (_line(type="expect", id="c1", n=0, rid="r"), "bad_schema"),
    (_line(type="expect", id="c1", n=9, rid="r"), "bad_schema"),
    (_line(type="expect", id="c1", n=2, rid=...), "bad_schema"),
    (_line(type="led", id="c1", pattern="disco"), "bad_schema"),
    (_line(type="cancel", id="c1", to="Not A Dev"), "bad_schema"),
    (_line(type="cancel"), "bad_schema"),
])
def test_bad_lines_are_named(line: bytes, reason: str) -> None:
    with pytest.raises(ProtocolError) as err:
        codec.decode(line)
    assert err.value.reason == reason
    assert err.value.reason in codec.DROP_REASONS


def test_unknown_fields_are_kept_not_refused() -> None:
    msg = codec.decode(_line(colour="green"))
    assert msg.get("colour") == "green" and msg["faces"] == ["star"]


def test_encoder_refuses_what_a_reader_would_drop() -> None:
    with pytest.raises(ProtocolError):
        codec.encode(codec.roll("tray-1", 1, 1, "r", ["banana"]))
    huge = codec.Message("hello", "tray-1", 1, 1,
                         {"fw": "x" * 600, "caps": [], "dice": "m44"})
    with pytest.raises(ProtocolError) as err:
        codec.encode(huge)
    assert err.value.reason == "too_long"


def test_nak_code_splits_the_human_text() -> None:
    assert codec.nak_code("bad_args: n must be 1..8") == "bad_args"
    assert codec.nak_code("busy") == "busy"


# --- the line reader ---------------------------------------------------------------------

def test_reader_resynchronises_after_a_10_kb_line() -> None:
    r = LineReader()
    good = codec.encode(EXAMPLES[5])
    got = r.feed(b"y" * 10_000 + b"\n" + good)
    assert got == [EXAMPLES[5]]
    assert r.dropped["too_long"] == 1
    assert len(r._buf) == 0


def test_reader_drops_long_line_split_over_many_chunks() -> None:
    r = LineReader()
    for _ in range(40):
        assert r.feed(b"z" * 300) == []
        assert len(r._buf) <= codec.MAX_LINE + 1
    got = r.feed(b"zz\n" + codec.encode(EXAMPLES[1]))
    assert got == [EXAMPLES[1]] and r.dropped["too_long"] == 1


def test_reader_strips_cr_and_skips_blank_lines() -> None:
    r = LineReader()
    line = codec.encode(EXAMPLES[2]).rstrip(b"\n") + b"\r\n"
    assert r.feed(b"\r\n\n" + line + b"   \n") == [EXAMPLES[2]]
    assert sum(r.dropped.values()) == 0


def test_reader_counts_each_reason_and_tells_the_callback() -> None:
    told: list[str] = []
    r = LineReader(on_drop=lambda reason, detail: told.append(reason))
    data = (b"garbage\n" + b"\xff\xfe\n" + _line(v=9) + b"\n" + _line(type="nope") + b"\n"
            + _line(faces=[0]) + b"\n" + codec.encode(EXAMPLES[0]))
    assert r.feed(data) == [EXAMPLES[0]]
    assert told == ["bad_json", "non_ascii", "version", "unknown_type", "bad_schema"]
    assert dict(r.dropped) == {"bad_json": 1, "non_ascii": 1, "version": 1, "unknown_type": 1,
                               "bad_schema": 1}


def test_a_broken_drop_callback_does_not_stop_the_reader() -> None:
    def boom(reason: str, detail: str) -> None:
        raise RuntimeError("listener bug")

    r = LineReader(on_drop=boom)
    assert r.feed(b"junk\n" + codec.encode(EXAMPLES[1])) == [EXAMPLES[1]]


# --- fuzz ----------------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000))
def test_decode_raises_only_protocol_errors(data: bytes) -> None:
    try:
        codec.decode(data)
    except ProtocolError as exc:
        assert exc.reason in codec.DROP_REASONS


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**12) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(st.fixed_dictionaries(
    {"v": st.sampled_from([1, 1, 1, 2, "1"]),
     "type": st.sampled_from([*sorted(codec.ALL_TYPES), "x"]),
     "dev": st.sampled_from(["tray-1", "T", ""]),
     "boot": st.integers(-1, 5), "seq": st.integers(-1, 5)},
    optional={k: json_values for k in
              ("fw", "caps", "dice", "state", "rid", "faces", "up", "id", "why", "n",
               "pattern", "to", "proto", "max_dice")}))
def test_schema_fuzz_accepts_only_what_re_encodes(obj: dict[str, object]) -> None:
    line = json.dumps(obj).encode()
    try:
        msg = codec.decode(line)
    except ProtocolError as exc:
        assert exc.reason in codec.DROP_REASONS
        return
    if len(line) <= codec.MAX_LINE:
        assert codec.decode(codec.encode(msg)) == msg


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(EXAMPLES), min_size=1, max_size=8),
       st.lists(st.binary(max_size=700), max_size=4),
       st.lists(st.integers(1, 64), min_size=1, max_size=20))
def test_reader_any_chunking_gives_the_same_messages(
        msgs: list[codec.Message], junk: list[bytes], cuts: list[int]) -> None:
    # junk lines sit between good ones; each junk line is cut at its first newline
    stream = b""
    for i, m in enumerate(msgs):
        if i < len(junk):
            stream += junk[i].replace(b"\n", b"") + b"\n"
        stream += codec.encode(m)
    r = LineReader()
    got: list[codec.Message] = []
    pos, k = 0, 0
    while pos < len(stream):
        step = cuts[k % len(cuts)]
        got += r.feed(stream[pos:pos + step])
        assert len(r._buf) <= codec.MAX_LINE + 1
        pos += step
        k += 1
    assert [m for m in got if m in msgs] == msgs


@settings(max_examples=200, deadline=None)
@given(st.lists(st.binary(max_size=900), max_size=10))
def test_reader_never_raises_and_stays_bounded(chunks: list[bytes]) -> None:
    r = LineReader()
    for c in chunks:
        for m in r.feed(c):
            assert isinstance(m, codec.Message)
        assert len(r._buf) <= codec.MAX_LINE + 1
