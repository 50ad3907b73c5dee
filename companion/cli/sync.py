"""``companion sync host|join|acl|simulate``: one game on several tablets, over MQTT.

host: this terminal is the table's authority; it starts a game (``--scenario``) and publishes
every event. join: this terminal mirrors the table and prints what happens (``--claim``: then
takes authority over it, for a table whose authority is gone or that is frozen). Either can
play with the built-in player (``--auto allies|axis|both``) or read typed commands (the same
as ``companion play``) and send them to the authority; ``--key-file`` seals every message
with the table's key. acl: writes a mosquitto ACL, password file, settings and one key per
table, confining each tablet to its table. simulate: many auto-played tables for a dashboard.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import time
from pathlib import Path
from types import FrameType
from typing import Any

from companion.sync.topics import check_id
from companion.tray.mqtt_config import BrokerConfig
from companion.tray.mqtt_config import BrokerConfigError as SyncConfigError

DEFAULT_BROKER = "mqtt://127.0.0.1:1883"


def add_broker_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--broker", default=DEFAULT_BROKER,
                   help=f"mqtt://HOST:PORT or mqtts://HOST:PORT (default {DEFAULT_BROKER})")
    p.add_argument("--user", help="broker username (or COMPANION_MQTT_USER)")
    p.add_argument("--password-file", metavar="PATH",
                   help="file holding the broker password (or COMPANION_MQTT_PASSWORD)")
    p.add_argument("--tls-ca", metavar="PATH", help="CA certificate: connect with TLS")
    p.add_argument("--anonymous", action="store_true",
                   help="allow a broker on another machine without credentials")


def broker_config(args: argparse.Namespace) -> BrokerConfig:
    """The broker settings from the arguments; SyncConfigError says what is wrong (a CA file
    that is not a certificate included)."""
    password = None
    if args.password_file:
        try:
            password = Path(args.password_file).read_text().strip()
        except OSError as exc:
            raise SyncConfigError(f"cannot read the password file: {exc}") from None
    config = BrokerConfig.from_url(args.broker, username=args.user, password=password,
                                   tls_ca=args.tls_ca, allow_anonymous=args.anonymous)
    if config.tls:
        config.tls_context()
    return config


def table_key(args: argparse.Namespace) -> bytes | None:
    """The table key from ``--key-file`` or ``COMPANION_TABLE_KEY`` (None: messages unsealed)."""
    import os

    from companion.sync.security import read_table_key

    if args.key_file:
        return read_table_key(args.key_file)
    env = os.environ.get("COMPANION_TABLE_KEY", "").strip()
    if env and len(env) < 16:
        raise ValueError("COMPANION_TABLE_KEY is shorter than 16 characters")
    return env.encode() if env else None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="sync_command", metavar="ACTION")
    for name, text in (("host", "be the table's authority: start a game and publish it"),
                       ("join", "mirror a table's game on this terminal (--claim: and take "
                                "authority over it)")):
        p = sub.add_parser(name, help=text, description=text)
        add_broker_arguments(p)
        p.add_argument("--table", required=True, help="the table id (a-z, 0-9, -)")
        p.add_argument("--tablet", required=True, help="this tablet's id (a-z, 0-9, -)")
        p.add_argument("--key-file", metavar="PATH",
                       help="the table's key (or COMPANION_TABLE_KEY): seal every game message "
                            "and take only sealed ones (companion sync acl writes one per table)")
        p.add_argument("--auto", choices=("allies", "axis", "both"),
                       help="the built-in player plays this side; without it, type commands")
        p.add_argument("--seed", type=int, default=1, help="seed of the deck and the auto player")
        p.add_argument("--quiet", action="store_true", help="print only the final result line")
        p.add_argument("--timeout", type=float, default=0,
                       help="give up after this many seconds (0: never)")
        if name == "join":
            p.add_argument("--claim", action="store_true",
                           help="take authority over the table once its game is loaded (its "
                                "authority is gone, or the table is frozen)")
        if name == "host":
            p.add_argument("--scenario", default=None, help="a built-in name or a scenario file")
            p.add_argument("--max-turns", type=int, default=200,
                           help="end the game after this many turns")
            p.add_argument("--linger", type=float, default=0.5,
                           help="seconds to stay connected after the game ends")
    acl = sub.add_parser("acl", help="write a mosquitto ACL and password file for tables")
    acl.add_argument("tables", help="TABLE=TABLET,TABLET[+TRAY,...];TABLE=...  e.g. "
                                    "'t1=alice,bob+tray-1;t2=carol'")
    acl.add_argument("--out", default=".", help="folder for acl, passwd and passwords.txt")
    sim = sub.add_parser("simulate", help="many auto-played tables on one broker (convention demo)")
    add_broker_arguments(sim)
    sim.add_argument("--tables", type=int, default=20)
    sim.add_argument("--steps", type=int, default=50, help="actions per table")
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--delay", type=float, default=0.0, help="seconds between rounds")


def _stop_on_signals(stop: threading.Event) -> None:
    def handler(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGINT, handler)


def run(args: argparse.Namespace) -> int:
    cmd = getattr(args, "sync_command", None)
    if cmd is None:
        print("companion sync: say host, join, acl or simulate (--help)", file=sys.stderr)
        return 2
    try:
        if cmd == "acl":
            return _acl(args)
        config = broker_config(args)
        if cmd in ("host", "join"):
            check_id(args.table, "table")
            check_id(args.tablet, "tablet")
            args.table_key = table_key(args)  # a bad key file is a setting error, before the broker
        why = config.probe()
        if why is not None:
            print(f"companion sync: cannot reach the broker at {config.url}: {why}", file=sys.stderr)
            return 1
        if cmd == "simulate":
            return _simulate(args, config)
        return _table(args, config)
    except (SyncConfigError, ValueError) as exc:
        print(f"companion sync: {exc}", file=sys.stderr)
        return 2


def _acl(args: argparse.Namespace) -> int:
    from companion.sync import security

    tables = security.parse_tables(args.tables)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    passwords = {user: security.new_password() for user in security.accounts(tables)}
    (out / "acl").write_text(security.acl_text(tables))
    pw_file = out / "passwd"
    pw_file.write_text(security.password_file(passwords))
    clear = out / "passwords.txt"
    clear.touch(0o600)
    clear.chmod(0o600)
    clear.write_text("".join(f"{u} {p}\n" for u, p in passwords.items()))
    for t in tables:  # the table key: every tablet of the table gets the same file
        key = out / f"{t.table}.key"
        key.touch(0o600)
        key.chmod(0o600)
        key.write_text(security.new_table_key() + "\n")
    conf = out / "mosquitto.conf"
    conf.write_text(security.mosquitto_conf(out))
    print(f"wrote {out / 'acl'}, {pw_file} (hashed), {clear} (give each device its own line), "
          f"one TABLE.key per table (give it to that table's tablets: --key-file) and {conf}")
    print("add to mosquitto.conf (or include it):\n"
          + "".join(f"  {line}\n" for line in security.mosquitto_conf(out).splitlines()))
    return 0


def _simulate(args: argparse.Namespace, config: BrokerConfig) -> int:
    from companion.sync.convention import Convention

    stop = threading.Event()
    _stop_on_signals(stop)
    conv = Convention(config, args.tables, seed=args.seed)
    try:
        conv.start()
    except RuntimeError as exc:
        print(f"companion sync simulate: {exc}", file=sys.stderr)
        conv.close()
        return 1
    total = 0
    for _ in range(args.steps):
        if stop.is_set():
            break
        n = conv.play(1)
        total += n
        if n == 0:
            break
        if args.delay:
            stop.wait(args.delay)
    conv.close()
    print(f"{args.tables} tables published {total} updates")
    return 0


def _table(args: argparse.Namespace, config: BrokerConfig) -> int:
    from companion.game.auto import AutoPlayer
    from companion.game.narrate import Narrator
    from companion.game.session import GameSession
    from companion.scenarios import DEMO_SCENARIO, ScenarioError, resolve
    from companion.sync.table import Role, SyncUpdate, TableSync

    host = args.sync_command == "host"
    stop = threading.Event()
    _stop_on_signals(stop)
    link = TableSync(config, args.table, args.tablet, key=args.table_key)
    narrator = Narrator()  # follows the units through the events, to name them in words
    said = threading.Lock()

    def say(text: str) -> None:
        """One whole line on stdout: the link's thread (events) and this one (prompts, the
        result) both print, and print() writes the text and its newline apart."""
        with said:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()

    def show(update: SyncUpdate) -> None:
        if args.quiet:
            return
        if update.kind == "snapshot":
            say(f"[{args.tablet}] loaded the table's game at state {update.seq}")
        elif update.kind == "role":
            say(f"[{args.tablet}] this tablet is now the {update.role.value}")
        for ev in update.events:
            text = narrator.line(ev, link.state)
            if text:
                say(f"{ev.seq:>4} {text}")

    link.listeners.append(show)
    link.start()
    if not link.conn.wait_connected(10):
        reason = link.conn.refused or link.conn.failed
        why = f" ({reason})" if reason else ""
        print(f"companion sync: cannot reach the broker at {config.url}{why}", file=sys.stderr)
        link.close()
        return 1
    if getattr(args, "claim", False):
        end = time.monotonic() + 10
        while link.log is None and time.monotonic() < end and not stop.is_set():
            stop.wait(0.05)
        stop.wait(0.3)  # let the catch-up bring the newest events in, if anyone still answers
        try:
            link.claim()
        except RuntimeError:
            print(f"companion sync: table {args.table} shows no game to claim", file=sys.stderr)
            link.close()
            return 1
        if not args.quiet:
            say(f"[{args.tablet}] claimed table {args.table} at state {link.seq} "
                f"(epoch {link.epoch})")
    if host:
        try:
            scenario = resolve(args.scenario or DEMO_SCENARIO)
        except ScenarioError as exc:
            print(f"companion sync: {exc}", file=sys.stderr)
            link.close()
            return 2
        session = GameSession.new(scenario, options={"seed": args.seed, "auto": bool(args.auto)},
                                  deck_seed=args.seed if args.auto else None,
                                  game_id=f"{args.table}-{int(time.time())}")
        link.host(session)
    player = AutoPlayer(args.seed)
    deadline = time.monotonic() + args.timeout if args.timeout else None
    typed = _Typed() if not args.auto else None
    shown = -1
    try:
        while not stop.is_set():
            if deadline is not None and time.monotonic() > deadline:
                print("companion sync: timed out", file=sys.stderr)
                return 1
            action: dict[str, Any] | None = None
            with link.lock:
                view = link.view()
                if view is not None and view.over:
                    break
                if (host and link.role is Role.AUTHORITY and view is not None
                        and view.state.turn > args.max_turns):
                    link.end_by_agreement(f"turn limit {args.max_turns} reached")
                    continue
                expect = link.seq
                if (view is not None and link.synced and not args.auto and not args.quiet
                        and expect != shown):
                    shown = expect  # typed play: say what the table waits for now
                    say(f"[{args.tablet}] > {view.prompt().text}")
                if view is not None and link.synced and args.auto:
                    p = view.prompt()
                    if args.auto == "both" or p.side == args.auto:
                        action = player.next_action(view)
            if action is None and typed is not None and link.synced:
                action = _typed_action(typed, stop)
                if action is None and typed.finished:
                    break  # the input ended and every command was sent
            if action is None:
                stop.wait(0.02)
                continue
            reply = link.request(action, expect=expect)
            if not reply.ok and not reply.stale and not args.quiet:
                say(f"[{args.tablet}] refused: {reply.reason}")
        with link.lock:
            st = link.state
        if st is not None and link.view() is not None and st.phase.value == "over":
            m = st.medals
            winner = st.winner.value if st.winner else "none"
            say(f"winner={winner} medals={m[st.active.ALLIES]}-{m[st.active.AXIS]} "
                f"turns={st.turn} seq={link.seq}")
        if host:
            stop.wait(args.linger)
        return 0
    finally:
        link.close()


class _Typed:
    """Lines typed on stdin, read by a background thread; at the end of input, ``eof`` is set
    and the program stops once every line read has been handled."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.eof = threading.Event()
        threading.Thread(target=self._read, name="stdin", daemon=True).start()

    def _read(self) -> None:
        for line in sys.stdin:
            self.lines.append(line)
        self.eof.set()

    @property
    def finished(self) -> bool:
        return self.eof.is_set() and not self.lines


def _typed_action(typed: _Typed, stop: threading.Event) -> dict[str, Any] | None:
    from companion.cli.play import parse_command

    while typed.lines:
        line = typed.lines.pop(0).strip()
        if not line:
            continue
        if line in ("quit", "exit", "q"):
            stop.set()
            return None
        try:
            return parse_command(line)
        except ValueError as exc:
            print(exc, file=sys.stderr)
    return None
