# A small MQTT 3.1.1 client for MicroPython (the unix port has no umqtt) that never blocks
# the tray's loop: the broker's address is resolved once, the TCP connect and the wait for
# CONNACK are steps of a state machine with a deadline (in the manner of Peter Hinch's
# mqtt_as), writes are queued and flushed without waiting, and every received packet is
# bounded: a PUBLISH longer than `max_packet` is acknowledged and skipped, never buffered.
# CONNECT (will, keepalive), PUBLISH QoS 0/1 (PUBACK handled in poll), SUBSCRIBE,
# PINGREQ, DISCONNECT.
import errno
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
# Bytes read from the socket per poll() at most, so a flood cannot starve the loop.
READ_BUDGET = 2048
# Bytes queued for sending at most: past it the connection counts as stuck.
OUT_LIMIT = 8192
_IN_PROGRESS = (errno.EINPROGRESS, getattr(errno, "EALREADY", 114), 119)
_AGAIN = (errno.EAGAIN, getattr(errno, "EWOULDBLOCK", 11))


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


def parse_header(buf):
    """(first byte, remaining length, header size) of the packet at the start of buf, or
    None while the fixed header is incomplete."""
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
    return buf[0], n, i


def parse_packet(buf):
    """(first byte, body, used) for the first whole packet in buf, or None if incomplete."""
    h = parse_header(buf)
    if h is None:
        return None
    first, n, i = h
    if len(buf) < i + n:
        return None
    return buf[0], bytes(buf[i : i + n]), i + n


def numeric_ipv4(host):
    """True for a dotted IPv4 address (no name lookup needed)."""
    parts = host.split(".")
    if len(parts) != 4:
        return False
    for p in parts:
        if not p.isdigit() or int(p) > 255:
            return False
    return True


def set_nodelay(sock):
    """TCP_NODELAY by name, only where the port defines it (lwIP's value is not Linux's);
    True if it was set. Without it the client still sends one segment per flush."""
    level = getattr(socket, "IPPROTO_TCP", None)
    opt = getattr(socket, "TCP_NODELAY", None)
    if level is None or opt is None:
        return False
    try:
        sock.setsockopt(level, opt, 1)
        return True
    except Exception:
        return False


class MQTTClient:
    """One connection at a time. connect_start(now) then connect_step(now) each loop pass
    until it returns True (raises when the attempt failed); then publish/subscribe/ping
    queue packets, poll() reads and returns events, flush() writes what is queued."""

    def __init__(self, client_id, host, port=1883, keepalive=30, user=None, password=None,
                 max_packet=1024, timeout_ms=5000):
        self.client_id = client_id
        self.host = host
        self.port = port
        self.keepalive = keepalive
        self.user = user
        self.password = password
        self.max_packet = max_packet
        self.timeout_ms = timeout_ms
        self.will = None
        self.addr = None  # resolved once, then kept for every reconnect
        self.sock = None
        self.state = "closed"  # closed, tcp, connack, up
        self.nodelay = False
        self.skipped = 0  # packets longer than max_packet, skipped
        self._poll = None
        self._buf = bytearray()
        self._out = bytearray()
        self._skip = 0  # bytes of an oversized packet still to throw away
        self._deadline = 0
        self._pid = 0

    def set_last_will(self, topic, payload, retain=False, qos=0):
        self.will = (topic, payload, retain, qos)

    def _next_pid(self):
        self._pid = self._pid % 65535 + 1
        return self._pid

    def resolve(self):
        """The broker's address, looked up once (a dotted IPv4 address needs no lookup).
        On the boards getaddrinfo cannot be given a timeout: it runs once per boot, not at
        every reconnect, and the caller feeds the watchdog before it."""
        if self.addr is None:
            if numeric_ipv4(self.host):
                ai = socket.getaddrinfo(self.host, self.port)[0]
            else:
                ai = socket.getaddrinfo(self.host, self.port, 0, socket.SOCK_STREAM)[0]
            self.addr = (ai[0], ai[-1])
        return self.addr

    def _connect_packet(self, clean):
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
        return packet(CONNECT, body)

    def connect_start(self, now, clean=True):
        """Begin an attempt: a non-blocking socket connecting to the resolved address."""
        self.close()
        family, addr = self.resolve()
        s = socket.socket(family, socket.SOCK_STREAM)
        self.sock = s
        self._buf = bytearray()
        self._out = bytearray(self._connect_packet(clean))
        self._skip = 0
        self._deadline = now + self.timeout_ms
        try:
            s.setblocking(False)
            try:
                s.connect(addr)
            except OSError as e:
                if e.args[0] not in _IN_PROGRESS:
                    raise
            self.nodelay = set_nodelay(s)
            self._poll = select.poll()
            self._poll.register(s, select.POLLOUT)
        except Exception:
            self.close()
            raise
        self.state = "tcp"

    def connect_step(self, now):
        """Advance the attempt without waiting: False while under way, True once the broker
        accepted us; raises OSError / MQTTError when it failed or timed out."""
        try:
            if self.state == "tcp":
                ready = self._poll.poll(0)
                if ready:
                    ev = ready[0][1]
                    if ev & (select.POLLERR | select.POLLHUP):
                        raise OSError("connection refused")
                    if ev & select.POLLOUT:
                        self.state = "connack"
                        self._poll.modify(self.sock, select.POLLIN)
            if self.state == "connack":
                self.flush()
                self._read(64)
                h = parse_packet(self._buf)
                if h is not None:
                    first, body, used = h
                    self._buf = self._buf[used:]
                    if first != CONNACK or len(body) != 2:
                        raise MQTTError("bad CONNACK")
                    if body[1] != 0:
                        raise MQTTError("refused: " + CONNACK_TEXT.get(body[1], str(body[1])))
                    self.state = "up"
                    return True
            if now - self._deadline >= 0:
                raise OSError("no answer from the broker within %d ms" % self.timeout_ms)
            return False
        except Exception:
            self.close()
            raise

    def _read(self, budget):
        """Move what the socket has (at most `budget` bytes) into the buffer; an
        oversized packet's body is counted off and thrown away as it arrives."""
        while budget > 0:
            ready = self._poll.poll(0)
            if not ready:
                return
            ev = ready[0][1]
            if not ev & select.POLLIN:
                if ev & (select.POLLHUP | select.POLLERR):
                    raise OSError("connection lost")
                return
            try:
                chunk = self.sock.recv(256)
            except OSError as e:
                if e.args[0] in _AGAIN:
                    return
                raise
            if not chunk:
                raise OSError("connection closed by the broker")
            budget -= len(chunk)
            if self._skip:
                k = min(self._skip, len(chunk))
                self._skip -= k
                chunk = chunk[k:]
            if chunk:
                self._buf.extend(chunk)
                self._trim()

    def _trim(self):
        """Keep the buffer bounded: the head of an oversized PUBLISH is kept only long
        enough to read its packet id (to acknowledge it), the rest is skipped."""
        while self._buf:
            h = parse_header(self._buf)
            if h is None:
                return
            first, n, i = h
            if n <= self.max_packet:
                return  # a packet of fair size: poll() parses it once it is whole
            # oversized: keep nothing of the body but what the PUBACK needs
            need = min(n, 2 + 128 + 2)
            if len(self._buf) - i < need:
                return
            head = bytes(self._buf[i : i + need])
            qos = (first >> 1) & 3
            if first & 0xF0 == PUBLISH and qos and len(head) >= 2:
                tlen = struct.unpack("!H", head[:2])[0]
                if 2 + tlen + 2 <= len(head):
                    pid = struct.unpack("!H", head[2 + tlen : 4 + tlen])[0]
                    if qos == 1:
                        self._queue(packet(PUBACK, struct.pack("!H", pid)))
            self.skipped += 1
            have = len(self._buf) - i
            if have >= n:
                self._buf = self._buf[i + n :]
            else:
                self._skip = n - have
                self._buf = bytearray()
                return

    def _queue(self, data):
        if len(self._out) + len(data) > OUT_LIMIT:
            raise OSError("the broker is not reading (%d bytes queued)" % len(self._out))
        self._out.extend(data)

    def flush(self):
        """Write what is queued, as far as the socket takes it now (one segment per pass:
        a status right after a roll does not wait for Nagle)."""
        if self.sock is None:
            raise OSError("not connected")
        while self._out:
            try:
                n = self.sock.send(self._out)
            except OSError as e:
                if e.args[0] in _AGAIN:
                    return
                raise
            if n is None:
                return
            if n <= 0:
                raise OSError("send failed")
            self._out = self._out[n:]

    def pending(self):
        return len(self._out)

    def publish(self, topic, msg, retain=False, qos=0, dup=False):
        """Queue a PUBLISH; returns its packet id (QoS 1) or 0. PUBACK arrives via poll()."""
        if self.sock is None:
            raise OSError("not connected")
        if isinstance(msg, str):
            msg = msg.encode()
        first = PUBLISH | (qos & 3) << 1 | (1 if retain else 0) | (0x08 if dup else 0)
        body = _str(topic)
        pid = 0
        if qos:
            pid = self._next_pid()
            body += struct.pack("!H", pid)
        self._queue(packet(first, body + msg))
        return pid

    def subscribe(self, topic, qos=1):
        if self.sock is None:
            raise OSError("not connected")
        pid = self._next_pid()
        self._queue(packet(SUBSCRIBE, struct.pack("!H", pid) + _str(topic) + bytes([qos])))
        return pid

    def ping(self):
        if self.sock is None:
            raise OSError("not connected")
        self._queue(packet(PINGREQ, b""))

    def disconnect(self):
        try:
            self._queue(packet(DISCONNECT, b""))
            self.flush()
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
        self.state = "closed"
        self._out = bytearray()

    def poll(self):
        """Read what has arrived (bounded per call); returns a list of events:
        ("msg", topic, payload), ("puback", pid), ("suback", pid, granted), ("pingresp",),
        ("skipped", count). Raises OSError / MQTTError when the connection is gone."""
        events = []
        if self.sock is None or self.state != "up":
            raise OSError("not connected")
        before = self.skipped
        self._read(READ_BUDGET)
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
                        self._queue(packet(PUBACK, struct.pack("!H", pid)))
                events.append(("msg", topic, body[pos:]))
            elif kind == PUBACK:
                events.append(("puback", struct.unpack("!H", body[:2])[0]))
            elif kind == SUBACK:
                events.append(("suback", struct.unpack("!H", body[:2])[0], body[2:]))
            elif kind == PINGRESP:
                events.append(("pingresp",))
        self._trim()
        if self.skipped != before:
            events.append(("skipped", self.skipped - before))
        return events
