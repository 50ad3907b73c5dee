"""``companion dashboard``: convention mode, every table on a broker at a glance.

Shows each table's scenario, turn, side to act, medals, how long ago it changed, its tablets
online and its status, redrawn as tables change. ``--once`` prints the view once (after the
broker's retained messages arrived) and exits: handy in scripts and tests.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import threading
import time

from companion.cli.sync import add_broker_arguments, broker_config
from companion.sync.dashboard import DashboardFeed, DashboardModel, render
from companion.tray.mqtt_config import BrokerConfigError as SyncConfigError


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_broker_arguments(p)
    p.add_argument("--once", action="store_true", help="print the tables once and exit")
    p.add_argument("--wait", type=float, default=2.0,
                   help="with --once: seconds to collect tables (default 2)")
    p.add_argument("--tables", type=int, default=0,
                   help="with --once: print as soon as this many tables are known")
    p.add_argument("--interval", type=float, default=1.0,
                   help="seconds between redraws (default 1)")


def run(args: argparse.Namespace) -> int:
    try:
        config = broker_config(args)
    except SyncConfigError as exc:
        print(f"companion dashboard: {exc}", file=sys.stderr)
        return 2
    why = config.probe()
    if why is not None:
        print(f"companion dashboard: cannot reach the broker at {config.url}: {why}", file=sys.stderr)
        return 1
    model = DashboardModel()
    changed = threading.Event()
    model.listeners.append(lambda m: changed.set())
    feed = DashboardFeed(config, model).start()
    try:
        if not feed.conn.wait_connected(10):
            reason = feed.conn.refused or feed.conn.failed
            why = f" ({reason})" if reason else ""
            print(f"companion dashboard: cannot reach the broker at {config.url}{why}",
                  file=sys.stderr)
            return 1
        if args.once:
            end = time.monotonic() + args.wait
            while time.monotonic() < end:
                if args.tables and len(model) >= args.tables:
                    time.sleep(0.2)  # let the other retained messages of those tables land
                    break
                time.sleep(0.05)
            print(render(model.rows(), width=_width()))
            return 0
        return _live(model, changed, args.interval)
    finally:
        feed.close()


def _width() -> int:
    """The terminal's width; piped output is never cut."""
    if not sys.stdout.isatty():
        return 10_000
    return shutil.get_terminal_size((100, 40)).columns


def _live(model: DashboardModel, changed: threading.Event, interval: float) -> int:
    out = sys.stdout
    try:
        while True:
            changed.wait(interval)
            changed.clear()
            text = render(model.rows(), width=_width())
            if out.isatty():
                out.write("\x1b[H\x1b[2J")
            out.write(text + f"\n(updated {time.strftime('%H:%M:%S')}; Ctrl-C to quit)\n")
            out.flush()
            time.sleep(interval)  # redraw at most once per interval however busy the broker
    except KeyboardInterrupt:
        return 0
