"""Broker settings shared by the tray link and sync: address, credentials, TLS, secure by default.

A broker that is not on this machine needs credentials (a username and a password, from the
URL, the arguments or ``COMPANION_MQTT_USER`` / ``COMPANION_MQTT_PASSWORD``) unless the caller
says ``allow_anonymous``; TLS is one option away (``mqtts://`` or a CA file). Passwords never
appear in a repr, a URL this module builds, a log line or an error message.

Every broker URL (sync, dashboard, tray) may add options; tray URLs (``mqtt:URL`` dice sources,
``companion tray --mqtt``) may also name a tray::

    mqtt://[USER:PASS@]HOST[:PORT][?ca=PATH&anonymous]        (sync, dashboard)
    mqtt://[USER:PASS@]HOST[:PORT][?dev=ID&ca=PATH&anonymous][#ID]   (tray)
    mqtts://...                      (TLS; port 8883 by default)

TLS problems are told apart: a CA file that holds no certificate is refused when the client is
set up (:meth:`BrokerConfig.apply`), and :meth:`BrokerConfig.probe` says which check of the
broker's certificate failed (not signed by the CA given, expired, another host's name).

Standard library and paho only (``companion/tray`` may not import anything else).
"""

from __future__ import annotations

import ipaddress
import logging
import os
import re
import socket
import ssl
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlparse

import paho.mqtt.client as mqtt

TYPE_CHECKING = False
if TYPE_CHECKING:
    from companion.tray.mqtt_client import Connection

log = logging.getLogger("companion.mqtt")

SCHEMES = ("mqtt", "mqtts", "tcp", "ssl")
TLS_SCHEMES = ("mqtts", "ssl")
TRUE_WORDS = ("", "1", "true", "yes", "on")
_DEV = re.compile(r"^[a-z0-9-]{1,32}$")  # the tray protocol's device id
_USERINFO = re.compile(r"(://)([^/@?#]*)@")
_NO_TRAY = "this broker address names no tray (no #tray or ?dev=; no ?options but ca=PATH and anonymous)"


class BrokerConfigError(ValueError):
    """Broker settings that cannot work; the message says what to give instead."""


def is_local(host: str) -> bool:
    """True for ``localhost`` and loopback addresses: nobody else can listen in."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def redact(text: str) -> str:
    """``text`` with any URL password replaced by ``***`` (for logs, errors and labels)."""
    def hide(m: re.Match[str]) -> str:
        user, sep, _pw = m.group(2).partition(":")
        return f"{m.group(1)}{user}{':***' if sep else ''}@"

    return _USERINFO.sub(hide, text)


def read_password_file(path: str) -> str:
    """The password kept in ``path`` (first line, stripped); BrokerConfigError if unreadable."""
    try:
        lines = Path(path).read_text().splitlines()
    except OSError as exc:
        raise BrokerConfigError(f"cannot read the password file {path}: "
                                f"{exc.strerror or exc}") from None
    password = lines[0].strip() if lines else ""
    if not password:
        raise BrokerConfigError(f"the password file {path} is empty")
    return password


@dataclass(frozen=True, slots=True)
class BrokerConfig:
    host: str = "127.0.0.1"
    port: int = 1883
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    tls: bool = False
    tls_ca: str | None = None  # CA file; None with tls = the system's CAs
    tls_cert: str | None = None  # client certificate (optional)
    tls_key: str | None = None
    allow_anonymous: bool = False  # a remote broker without credentials only when asked
    keepalive: int = 10

    @classmethod
    def from_url(cls, url: str, *, username: str | None = None, password: str | None = None,
                 tls_ca: str | None = None, allow_anonymous: bool = False) -> BrokerConfig:
        """``mqtt://[user:pass@]host[:port]`` or ``mqtts://...`` (TLS, port 8883 by default).

        Username and password fall back to ``COMPANION_MQTT_USER`` / ``COMPANION_MQTT_PASSWORD``.
        Raises :class:`BrokerConfigError` for a bad address or a remote broker without
        credentials.
        """
        return parse_broker_url(url, username=username, password=password, tls_ca=tls_ca,
                                allow_anonymous=allow_anonymous, options=False)[0]

    def check(self) -> None:
        """Refuse settings that would leak a table to anyone on the network."""
        if self.username is None and not self.allow_anonymous and not is_local(self.host):
            raise BrokerConfigError(
                f"the broker {self.host} is not on this machine: give a username and password "
                "(mqtt://USER:PASS@HOST, --user/--password-file or "
                "COMPANION_MQTT_USER/COMPANION_MQTT_PASSWORD), "
                "or allow anonymous access explicitly (--anonymous, or ?anonymous in a URL)")
        if self.password is not None and self.username is None:
            raise BrokerConfigError("a password needs a username")
        if self.tls_ca is not None and not os.path.isfile(self.tls_ca):
            raise BrokerConfigError(f"the CA file {self.tls_ca} does not exist")
        if not self.tls and self.username is not None and not is_local(self.host):
            log.warning("credentials for %s travel unencrypted; use mqtts:// (TLS)", self.host)

    def tls_context(self) -> ssl.SSLContext:
        """The TLS settings as an SSL context (the CA file's certificates, host name checked);
        BrokerConfigError names the file that is not a certificate or key."""
        try:
            ctx = ssl.create_default_context(cafile=self.tls_ca)
        except ssl.SSLError as exc:
            raise BrokerConfigError(f"the CA file {self.tls_ca} holds no usable certificate "
                                    f"(a PEM file with '-----BEGIN CERTIFICATE-----' is needed; "
                                    f"{exc.reason or exc})") from None
        except OSError as exc:
            raise BrokerConfigError(f"cannot read the CA file {self.tls_ca}: "
                                    f"{exc.strerror or exc}") from None
        if self.tls_cert is not None:
            try:
                ctx.load_cert_chain(self.tls_cert, self.tls_key)
            except (ssl.SSLError, OSError) as exc:
                raise BrokerConfigError(f"the client certificate {self.tls_cert} or its key "
                                        f"cannot be used ({getattr(exc, 'reason', None) or exc})"
                                        ) from None
        return ctx

    def apply(self, client: mqtt.Client) -> None:
        """Give a paho client (not yet connected) this login and TLS setting;
        BrokerConfigError when the CA file or client certificate cannot be used."""
        if self.username is not None:
            client.username_pw_set(self.username, self.password)
        if self.tls:
            self.tls_context()  # a clear message for a bad file, not an ssl.SSLError
            client.tls_set(ca_certs=self.tls_ca, certfile=self.tls_cert, keyfile=self.tls_key,
                           cert_reqs=ssl.CERT_REQUIRED)

    def probe(self, timeout: float = 3.0) -> str | None:
        """None when the broker's address answers (with TLS: and its certificate passes every
        check), else why not, in words (for messages). Does not log in."""
        try:
            sock = socket.create_connection((self.host, self.port), timeout=timeout)
        except OSError as exc:
            return exc.strerror or str(exc)
        with sock:
            if not self.tls:
                return None
            try:
                ctx = self.tls_context()
            except BrokerConfigError as exc:
                return str(exc)
            try:
                with ctx.wrap_socket(sock, server_hostname=self.host):
                    return None
            except ssl.SSLCertVerificationError as exc:
                return tls_verify_problem(exc, self)
            except ssl.SSLError as exc:
                return f"the TLS handshake failed ({exc.reason or exc}); is {self.port} a TLS port?"
            except OSError as exc:
                return f"the TLS handshake failed: {exc.strerror or exc}"

    def connect(self, client_id: str, will: tuple[str, bytes] | None = None) -> Connection:
        """A paho client for this broker (not started): what sync and the tray links use."""
        from companion.tray.mqtt_client import Connection

        return Connection(self, client_id, will)

    def with_user(self, username: str | None, password: str | None) -> BrokerConfig:
        return replace(self, username=username, password=password)

    @property
    def url(self) -> str:
        """The address without credentials (safe to print)."""
        return f"{'mqtts' if self.tls else 'mqtt'}://{self.host}:{self.port}"

    @property
    def who(self) -> str:
        """``user@mqtts://host:port`` or the URL alone: names the login, never the password."""
        return f"{self.username}@{self.url}" if self.username else self.url


_VERIFY_HINTS = {
    # OpenSSL X509_V_ERR_* codes -> which check failed, in words
    2: "its issuer's certificate is not in the CA file {ca}",
    10: "the broker's certificate has expired",
    9: "the broker's certificate is not valid yet (check this device's clock)",
    18: "the broker's certificate is self-signed and not the one in the CA file {ca}",
    19: "the broker's certificate chain ends in a CA that is not in the CA file {ca}",
    20: "the broker's certificate is not signed by a CA in the CA file {ca}",
    21: "the broker's certificate is not signed by a CA in the CA file {ca}",
    62: "the broker's certificate is for another host name than {host}",
    64: "the broker's certificate is for another address than {host}",
}


def tls_verify_problem(exc: ssl.SSLCertVerificationError, config: BrokerConfig) -> str:
    """Which check of the broker's certificate failed, in words."""
    ca = config.tls_ca or "(the system's CAs)"
    hint = _VERIFY_HINTS.get(exc.verify_code or 0, "the broker's certificate failed a check")
    detail = exc.verify_message or exc.reason or str(exc)
    return f"TLS: {hint.format(ca=ca, host=config.host)} ({detail})"


def parse_broker_url(url: str, *, username: str | None = None, password: str | None = None,
                     tls_ca: str | None = None, allow_anonymous: bool = False,
                     dev: str | None = None, options: bool = True
                     ) -> tuple[BrokerConfig, str | None]:
    """A broker URL -> (settings, tray id or None); BrokerConfigError says what is wrong.

    The URL may carry ``?ca=PATH`` and ``?anonymous``; with ``options`` (a tray URL) also
    ``?dev=ID`` and ``#ID`` (the tray id). ``&`` between them. Arguments given here win over
    the URL's, the URL's over the environment. Errors never repeat the password.
    """
    shown = redact(url)
    text = url if "://" in url else f"mqtt://{url}"
    u = urlparse(text)
    if u.scheme not in SCHEMES or not u.hostname:
        raise BrokerConfigError(f"{shown!r} is not a broker address "
                                "(mqtt://HOST:PORT or mqtts://HOST:PORT)")
    if u.path not in ("", "/"):
        raise BrokerConfigError(f"{shown!r}: a broker address has no path ({u.path!r})")
    url_dev: str | None = None
    allowed = "dev=ID, ca=PATH, anonymous" if options else "ca=PATH, anonymous"
    for key, value in parse_qsl(u.query, keep_blank_values=True):
        if key == "dev" and options:
            url_dev = value
        elif key in ("ca", "tls_ca"):
            tls_ca = tls_ca or value
        elif key == "anonymous":
            if value.lower() not in TRUE_WORDS:
                raise BrokerConfigError(f"{shown!r}: write ?anonymous to allow anonymous "
                                        "access")
            allow_anonymous = True
        elif key == "dev":
            raise BrokerConfigError(f"{shown!r}: {_NO_TRAY}")
        else:
            raise BrokerConfigError(f"{shown!r}: unknown option {key!r} (use {allowed})")
    if u.fragment:
        if not options:
            raise BrokerConfigError(f"{shown!r}: {_NO_TRAY}")
        if url_dev is not None and url_dev != u.fragment:
            raise BrokerConfigError(f"{shown!r} names two trays")
        url_dev = u.fragment
    if dev is not None and url_dev is not None and dev != url_dev:
        raise BrokerConfigError(f"the tray {dev!r} differs from the one in the URL ({url_dev!r})")
    dev = dev or url_dev or None
    if dev is not None and not _DEV.match(dev):
        raise BrokerConfigError(f"tray id {dev!r}: a device id is 1..32 of a-z, 0-9, -")
    tls = u.scheme in TLS_SCHEMES or tls_ca is not None
    try:
        port = u.port or (8883 if tls else 1883)
    except ValueError:
        raise BrokerConfigError(f"{shown!r} has a bad port") from None
    user = username or (unquote(u.username) if u.username else None) \
        or os.environ.get("COMPANION_MQTT_USER") or None
    pw = password or (unquote(u.password) if u.password else None) \
        or os.environ.get("COMPANION_MQTT_PASSWORD") or None
    cfg = BrokerConfig(u.hostname, port, user, pw, tls, tls_ca, allow_anonymous=allow_anonymous)
    cfg.check()
    return cfg, dev
