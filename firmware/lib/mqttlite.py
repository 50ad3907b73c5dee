# A small MQTT 3.1.1 client for MicroPython (the unix port has no umqtt).
# CONNECT (will, keepalive), PUBLISH QoS 0/1 (PUBACK handled in poll), SUBSCRIBE,
# PINGREQ, DISCONNECT. Never blocks in poll(): it reads only what the socket has.
import select
import socket
import struct

CONNECT = 0x10
CONNACK = 0x20
PUBLISH = 0x30
PUBACK = 0x40
SUBSCRIBE = 0x82
SUBACK = 0x90
PINGREQ = 0xC0
PINGRESP = 0xD0
DISCONNECT = 0xE0

CONNACK_TEXT = {
    1: "unacceptable protocol version",
    2: "client id rejected",
    3: "server unavailable",
    4: "bad user name or password",
    5: "not authorised",
}


class MQTTError(Exception):
    pass


def _str(s):
    if isinstance(s, str):
        s = s.encode()
    return struct.pack("!H", len(s)) + s


def _remaining(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def packet(first, body):
    return bytes([first]) + _remaining(len(body)) + body


def parse_packet(buf):
    """(first byte, body, used) for the first whole packet in buf, or None if incomplete."""
    if len(buf) < 2:
        return None
    n = 0
    shift = 0
    i = 1
    while True:
        if i >= len(buf):
            return None
        b = buf[i]
        n |= (b & 0x7F) << shift
        i += 1
        if not b & 0x80:
            break
        shift += 7
        if shift > 21:
            raise MQTTError("bad remaining length")
    if len(buf) < i + n:
        return None
    return buf[0], bytes(buf[i : i + n]), i + n


class MQTTClient:
    def __init__(self, client_id, host, port=1883, keepalive=30, user=None, password=None):
        self.client_id = client_id
        self.host = host
        self.port = port
        self.keepalive = keepalive
        self.user = user
        self.password = password
        self.will = None
        self.sock = None
        self._poll = None
        self._buf = bytearray()
        self._pid = 0

    def set_last_will(self, topic, payload, retain=False, qos=0):
        self.will = (topic, payload, retain, qos)

    def _next_pid(self):
        self._pid = self._pid % 65535 + 1
        return self._pid

    def connect(self, clean=True, timeout=5):
        """Open the socket, send CONNECT, wait for CONNACK (at most `timeout` s)."""
        ai = socket.getaddrinfo(self.host, self.port, 0, socket.SOCK_STREAM)[0]
        s = socket.socket(ai[0], socket.SOCK_STREAM)
        try:
            s.settimeout(timeout)
            s.connect(ai[-1])
            try:
                # TCP_NODELAY (IPPROTO_TCP 6, option 1 on Linux and lwIP): small packets
                # such as an ack followed by a status must not wait for Nagle.
                s.setsockopt(6, 1, 1)
            except Exception:
                pass
            flags = 0x02 if clean else 0
            payload = _str(self.client_id)
            if self.will:
                topic, msg, retain, qos = self.will
                flags |= 0x04 | (qos & 3) << 3 | (0x20 if retain else 0)
                payload += _str(topic) + _str(msg)
            if self.user is not None:
                flags |= 0x80
                payload += _str(self.user)
                if self.password is not None:
                    flags |= 0x40
                    payload += _str(self.password)
            body = _str(b"MQTT") + bytes([4, flags]) + struct.pack("!H", self.keepalive) + payload
            self.sock = s
            self._send(packet(CONNECT, body))
            resp = b""
            while len(resp) < 4:
                chunk = s.recv(4 - len(resp))
                if not chunk:
                    raise MQTTError("connection closed before CONNACK")
                resp += chunk
            if resp[0] != CONNACK or resp[1] != 2:
                raise MQTTError("bad CONNACK")
            if resp[3] != 0:
                raise MQTTError("refused: " + CONNACK_TEXT.get(resp[3], str(resp[3])))
            s.settimeout(timeout)
            self._poll = select.poll()
            self._poll.register(s, select.POLLIN)
            self._buf = bytearray()
            return resp[2] & 1
        except Exception:
            self.sock = None
            try:
                s.close()
            except Exception:
                pass
            raise

    def _send(self, data):
        if self.sock is None:
            raise OSError("not connected")
        mv = memoryview(data)
        while len(mv):
            n = self.sock.send(mv)
            if n is None or n <= 0:
                raise OSError("send failed")
            mv = mv[n:]

    def publish(self, topic, msg, retain=False, qos=0, dup=False):
        """Send a PUBLISH; returns its packet id (QoS 1) or 0. PUBACK arrives via poll()."""
        if isinstance(msg, str):
            msg = msg.encode()
        first = PUBLISH | (qos & 3) << 1 | (1 if retain else 0) | (0x08 if dup else 0)
        body = _str(topic)
        pid = 0
        if qos:
            pid = self._next_pid()
            body += struct.pack("!H", pid)
        self._send(packet(first, body + msg))
        return pid

    def subscribe(self, topic, qos=1):
        pid = self._next_pid()
        self._send(packet(SUBSCRIBE, struct.pack("!H", pid) + _str(topic) + bytes([qos])))
        return pid

    def ping(self):
        self._send(packet(PINGREQ, b""))

    def disconnect(self):
        try:
            self._send(packet(DISCONNECT, b""))
        except Exception:
            pass
        self.close()

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except Exception:
                pass
        self.sock = None
        self._poll = None

    def poll(self):
        """Read what has arrived; returns a list of events:
        ("msg", topic, payload), ("puback", pid), ("suback", pid, granted), ("pingresp",).
        Raises OSError / MQTTError when the connection is gone or broken."""
        events = []
        if self.sock is None:
            raise OSError("not connected")
        while True:
            ready = self._poll.poll(0)
            if not ready:
                break
            ev = ready[0][1]
            if ev & select.POLLIN:
                chunk = self.sock.recv(256)
                if not chunk:
                    raise OSError("connection closed by the broker")
                self._buf.extend(chunk)
            elif ev & (select.POLLHUP | select.POLLERR):
                raise OSError("connection lost")
            else:
                break
        while True:
            got = parse_packet(self._buf)
            if got is None:
                break
            first, body, used = got
            self._buf = self._buf[used:]
            kind = first & 0xF0
            if kind == PUBLISH:
                qos = (first >> 1) & 3
                tlen = struct.unpack("!H", body[:2])[0]
                topic = body[2 : 2 + tlen].decode()
                pos = 2 + tlen
                if qos:
                    pid = struct.unpack("!H", body[pos : pos + 2])[0]
                    pos += 2
                    if qos == 1:
                        self._send(packet(PUBACK, struct.pack("!H", pid)))
                events.append(("msg", topic, body[pos:]))
            elif kind == PUBACK:
                events.append(("puback", struct.unpack("!H", body[:2])[0]))
            elif kind == SUBACK:
                events.append(("suback", struct.unpack("!H", body[:2])[0], body[2:]))
            elif kind == PINGRESP:
                events.append(("pingresp",))
        return events
