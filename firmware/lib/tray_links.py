# Links from the tray to the companion: a serial line (USB CDC on the board, a tty path on
# the unix port) and MQTT. Each link: poll(now) -> list of received lines/payloads (bytes),
# send(message), and flags the app reads (announce_due, heartbeat_ms).
import select

from tray_proto import LineReader, MAX_LINE, encode, payload

# Bytes read per loop pass at most, so a flood cannot starve the rest of the loop.
READ_BUDGET = 2048


class SerialLink:
    """A byte stream in each direction. `opener()` returns (instream, outstream); it is
    called again (every `retry_ms`) after the line breaks (a USB tty unplugged)."""

    name = "serial"

    def __init__(self, opener, heartbeat_ms=1000, retry_ms=1000, log=None, give_up_ms=None,
                 check_out=True):
        self.opener = opener
        # Skip a line rather than block when the reader is not reading (unix ttys). The
        # boards' USB stdout does not answer POLLOUT reliably: check_out=False there.
        self.check_out = check_out
        self.give_up_ms = give_up_ms  # unix port: stop when the tty is gone this long
        self.gone = False
        self._down_since = None
        self.heartbeat_ms = heartbeat_ms
        self.retry_ms = retry_ms
        self.log = log or (lambda text: None)
        self.reader = LineReader(MAX_LINE)
        self.inp = None
        self.outp = None
        self._pin = None
        self._pout = None
        self._retry_at = 0
        self._now = 0
        self.announce_due = False
        self.last_heartbeat = None
        self.out_dropped = 0
        self.up = False

    def _open(self, now):
        try:
            self.inp, self.outp = self.opener()
        except Exception as e:
            self.log("serial: cannot open (%s); retrying" % e)
            self._retry_at = now + self.retry_ms
            return
        self._pin = select.poll()
        self._pin.register(self.inp, select.POLLIN)
        self._pout = None
        if self.check_out:
            self._pout = select.poll()
            self._pout.register(self.outp, select.POLLOUT)
        self.reader = LineReader(MAX_LINE)
        self.up = True
        self._down_since = None
        self.announce_due = True

    def _broken(self, now, why):
        self.log("serial: link lost (%s)" % why)
        self.up = False
        for s in (self.inp, self.outp):
            try:
                if s is not None and hasattr(s, "close") and s.fileno() > 2:
                    s.close()
            except Exception:
                pass
        self.inp = self.outp = None
        self._retry_at = now + self.retry_ms
        if self._down_since is None:
            self._down_since = now

    def poll(self, now):
        self._now = now
        if not self.up:
            if now - self._retry_at >= 0:
                self._open(now)
            if not self.up:
                if self._down_since is None:
                    self._down_since = now
                if self.give_up_ms is not None and now - self._down_since >= self.give_up_ms:
                    self.gone = True
                return []
        lines = []
        budget = READ_BUDGET
        try:
            while budget > 0:
                ready = self._pin.poll(0)
                if not ready:
                    break
                ev = ready[0][1]
                if not ev & select.POLLIN:
                    if ev & (select.POLLHUP | select.POLLERR):
                        self._broken(now, "hang-up")
                    break
                b = self.inp.read(1)
                if not b:
                    self._broken(now, "end of stream")
                    break
                budget -= 1
                line = self.reader.feed_byte(b[0])
                if line is not None:
                    lines.append(line)
        except OSError as e:
            self._broken(now, e)
        return lines

    def send(self, msg):
        if not self.up:
            return
        try:
            data = encode(msg)
        except ValueError:  # longer than a line may be: never sent, counted
            self.out_dropped += 1
            return
        self.write(data)

    def write(self, data):
        try:
            # Never block the tray on a reader that does not read: drop the line instead.
            if self._pout is not None and not self._pout.poll(0):
                self.out_dropped += 1
                return
            self.outp.write(data)
        except OSError as e:
            self._broken(self._now, e)

    def wait_on(self):
        """(stream, events) for the loop's poll, or None while closed."""
        if not self.up or self.inp is None:
            return None
        return self.inp, select.POLLIN

    def due_in(self, now):
        if self.up:
            return 1000
        return max(0, self._retry_at - now)

    def end_pass(self):
        pass

    def close(self):
        pass


class MqttLink:
    """MQTT with the topics of the contract. Events go out QoS 1 on `event`; statuses
    QoS 1 retained on `status` only, and at most one per loop pass (the latest), after the
    pass's events: a roll reaches the companion as one message, its status follows.
    Heartbeats QoS 0. The last will is a retained `offline` status with seq 0.

    Never blocks: the broker's address is resolved once; each connect attempt is a state
    machine stepped once per pass with a deadline (mqttlite). The next attempt is timed
    from the end of the failed one, with exponential backoff. After a reconnect it
    resubscribes to `cmd` and publishes again what the broker had not acknowledged."""

    name = "mqtt"

    def __init__(self, client, dev, will, heartbeat_ms=5000, backoff_ms=(500, 30000),
                 net_up=None, log=None, keep=16):
        self.client = client
        self.dev = dev
        self.base = "m44/v1/tray/" + dev + "/"
        self.cmd_topic = self.base + "cmd"
        self.client.set_last_will(self.base + "status", payload(will), retain=True, qos=1)
        self.heartbeat_ms = heartbeat_ms
        self.backoff_min, self.backoff_max = backoff_ms
        self.backoff = self.backoff_min
        self.net_up = net_up or (lambda: True)
        self.log = log or (lambda text: None)
        self.keep = keep
        self.up = False
        self.connecting = False
        self._now = 0
        self._retry_at = 0
        self.announce_due = False
        self.last_heartbeat = None
        self._unacked = []  # [topic, payload, retain, pid] in send order
        self._status = None  # the latest status of this pass, sent at end_pass()
        self._last_rx = 0
        self._last_ping = 0
        self.connects = 0
        self.attempts = 0
        self.reader = LineReader(MAX_LINE)  # only its drop counters are used here
        self.out_dropped = 0
        self.before_block = None  # e.g. the watchdog's feed, before the one name lookup

    # --- connecting, one step per pass -------------------------------------------------

    def _begin(self, now):
        if not self.net_up():
            self._retry_at = now + self.backoff_min
            return
        if self.client.addr is None and self.before_block is not None:
            self.before_block()
        self.attempts += 1
        try:
            self.client.connect_start(now)
        except Exception as e:
            self._failed(now, e)
            return
        self.connecting = True

    def _failed(self, now, why):
        self.client.close()
        self.connecting = False
        # timed from the end of this attempt, so a slow failure still waits the backoff
        self._retry_at = now + self.backoff
        self.log("mqtt: connect to %s:%s failed (%s); next try in %d ms"
                 % (self.client.host, self.client.port, why, self.backoff))
        self.backoff = min(self.backoff * 2, self.backoff_max)

    def _step(self, now):
        try:
            done = self.client.connect_step(now)
        except Exception as e:
            self._failed(now, e)
            return
        if not done:
            return
        self.connecting = False
        try:
            self.client.subscribe(self.cmd_topic, 1)
            # Whatever the broker had not acknowledged goes out again (receivers dedup).
            for item in self._unacked:
                item[3] = self.client.publish(item[0], item[1], retain=item[2], qos=1)
            self.client.flush()
        except Exception as e:
            self._failed(now, e)
            return
        self.up = True
        self.connects += 1
        self.backoff = self.backoff_min
        self._last_rx = now
        self._last_ping = now
        self.log("mqtt: connected to %s:%s" % (self.client.host, self.client.port))
        self.announce_due = True

    def _lost(self, now, why):
        self.log("mqtt: connection lost (%s)" % why)
        self.client.close()
        self.up = False
        self._retry_at = now + self.backoff
        self.backoff = min(self.backoff * 2, self.backoff_max)

    # --- the loop's calls ----------------------------------------------------------------

    def poll(self, now):
        self._now = now
        if not self.up:
            if self.connecting:
                self._step(now)
            elif now - self._retry_at >= 0:
                self._begin(now)
                if self.connecting:
                    self._step(now)
            return []
        out = []
        try:
            events = self.client.poll()
            if events:
                self._last_rx = now
            for ev in events:
                if ev[0] == "msg":
                    if ev[1] == self.cmd_topic:
                        data = ev[2]
                        if data.endswith(b"\n"):
                            data = data[:-1]
                        if data.endswith(b"\r"):
                            data = data[:-1]
                        if len(data) > MAX_LINE:
                            self.reader.count("too_long")
                        else:
                            out.append(data)
                elif ev[0] == "puback":
                    for i in range(len(self._unacked)):
                        if self._unacked[i][3] == ev[1]:
                            self._unacked.pop(i)
                            break
                elif ev[0] == "skipped":
                    for _ in range(ev[1]):
                        self.reader.count("too_long")
                    self.log("mqtt: skipped %d message(s) longer than %d bytes"
                             % (ev[1], self.client.max_packet))
            ka = self.client.keepalive * 1000
            if ka:
                if now - self._last_rx > ka * 3 // 2:
                    raise OSError("no answer from the broker for %d s" % (ka * 3 // 2000))
                if now - self._last_ping >= ka // 2:
                    self._last_ping = now
                    self.client.ping()
        except Exception as e:
            self._lost(now, e)
        return out

    def wait_on(self):
        """(socket, events) for the loop's poll, or None."""
        import select

        c = self.client
        if c.sock is None:
            return None
        if c.state == "tcp":
            return c.sock, select.POLLOUT
        if c.pending():
            return c.sock, select.POLLIN | select.POLLOUT
        return c.sock, select.POLLIN

    def due_in(self, now):
        """ms until this link needs a pass even if nothing arrives."""
        if self.up:
            ka = self.client.keepalive * 1000
            return max(0, self._last_ping + ka // 2 - now) if ka else 1000
        if self.connecting:
            return max(0, min(50, self.client._deadline - now))
        return max(0, self._retry_at - now)

    def end_pass(self):
        """Send this pass's status (the latest one) after its events, then flush."""
        if self._status is not None:
            data, self._status = self._status, None
            topic = self.base + "status"
            # the retained topic keeps only the latest: older ones need no redelivery
            i = 0
            while i < len(self._unacked):
                if self._unacked[i][0] == topic:
                    self._unacked.pop(i)
                else:
                    i += 1
            self._publish(topic, data, True, 1)
        if self.up:
            try:
                self.client.flush()
            except Exception as e:
                self._lost(self._now, e)

    def _publish(self, topic, data, retain, qos, keep_down=True):
        if not self.up and not keep_down:
            return
        if qos:
            item = [topic, data, retain, 0]
            self._unacked.append(item)
            if len(self._unacked) > self.keep:
                self._unacked.pop(0)
                self.out_dropped += 1
        if not self.up:
            return
        try:
            pid = self.client.publish(topic, data, retain=retain, qos=qos)
            if qos:
                item[3] = pid
        except Exception as e:
            self._lost(self._now, e)

    def send(self, msg):
        try:
            data = payload(msg)
        except ValueError:
            self.out_dropped += 1
            return
        typ = msg["type"]
        if typ == "heartbeat" or typ == "log":
            if self.up:
                self._publish(self.base + "event", data, False, 0)
            return
        if typ == "status":
            self._status = data  # an earlier one of this pass is superseded, never sent
            return
        # While the broker is away only rolls wait for it: a reconnect announces afresh
        # (hello, status), and an ack for a command that came another way helps no one.
        self._publish(self.base + "event", data, False, 1, typ == "roll")

    def close(self):
        # No DISCONNECT: the broker then publishes the last will (offline), which is true.
        self.end_pass()
        self.client.close()
        self.up = False
