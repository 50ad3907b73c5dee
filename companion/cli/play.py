"""``companion play``: a whole game in the terminal, with the same prompts as the app.

Players type what happens at the table (``move a1 F4``, ``battle a1 x2``, ``dice flag
grenade``...). ``--auto`` lets a simple built-in player play both sides with dice fixed by
``--seed``, printing the prompts as it goes; ``--resume`` continues the saved game.
"""

from __future__ import annotations

import argparse
import queue
import select
import shlex
import sys
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from companion.dice.factory import OpenSource
    from companion.game.session import GameSession
    from companion.store import GameStore

# The game, dice, store and scenario packages are imported by the functions that use them, so
# that ``companion play --help`` (and parse_command, which the sync command borrows) loads none.
# The built-in scenario played when none is named (companion.scenarios.DEMO_SCENARIO; a test
# checks they agree).
DEFAULT_SCENARIO = "orchard-ridge"

HELP = """Commands (the prompt says which apply now):
  card NAME              play a command card (e.g. card attack_center)
  order ID [ID...] [section=left] [roll=FACE,...]
                         order units (section for Infantry Assault, roll for Their Finest Hour)
  move ID HEX            move an ordered unit          exit ID   leave by an exit hex
  done                   finished moving
  battle ID TARGET       battle with an ordered unit   end       end the turn (draw a card)
  dice FACE [FACE...]    the dice as thrown (infantry armor grenade star flag; ? = unreadable)
  fix N FACE             correct die N (1-based) before applying   apply   apply the dice
  retreat HEX            where the unit retreats       yes / no  take ground or not
  undo                   take back the last step of this turn (never a dice roll)
  attack TARGET [...]    Barrage / Air Power rolls at enemy units (again with no target: next)
Air rules (the scenario says which):
  card NAME air=TITLE    New Flight Plan: an Air Combat card beside the command card
  card NAME sortie       Air Pack: the Air Sortie card joins a section card
  card air_sortie        Air Pack: the Air Sortie card played by itself (orders the airplane only)
  order ... sortie=HEX   Air Pack: a fresh airplane enters on this edge hex
  order ... deploy=ID@HEX  New Flight Plan: an air unit off the board enters here
  move ID HEX path=A,B,.. markers=HEX:bomb,HEX:machine_gun   fly a path, place ammo markers
  run                    resolve the next attack run (or bombing)   withdraw ID  leave (turn start)
  bomb ID                New Flight Plan: bomb the objective the air unit ended its move on
  ambush [ID]            play Ambush: against a close assault (before its dice), or (New Flight
                         Plan) with your unit ID that an air unit just put an ammo marker on
  strafe ID HEX [HEX..]  kamikaze ID TARGET   rescue ID TARGET   support ID   interdict ID
  recon ID               Storch: draw 2 cards at the end of the turn, keep one (end keep=CARD)
  options                everything you may do now (cards, units, hexes, targets and dice)
  status                 medals and units              help      this text
  quit                   stop (the game is saved; resume with --resume)"""

_FACE_ALIASES = {"inf": "infantry", "i": "infantry", "tank": "armor", "a": "armor", "g": "grenade",
                 "s": "star", "f": "flag", "?": None, "null": None}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scenario", default=DEFAULT_SCENARIO, help="a built-in name or a scenario file")
    p.add_argument("--dice", default="manual",
                   help="manual | sim | serial:PORT | mqtt:URL | camera:INDEX (default manual; "
                        "URL: mqtt[s]://[USER:PASS@]HOST[:PORT][#TRAY])")
    p.add_argument("--auto", action="store_true", help="the built-in player plays both sides")
    p.add_argument("--seed", type=int, default=1, help="seed for the deck and simulated dice")
    p.add_argument("--resume", nargs="?", const="latest", metavar="GAME_ID",
                   help="continue a saved game (the latest unfinished one by default)")
    p.add_argument("--data-dir", help="where games are saved (default: COMPANION_DATA_DIR or the "
                                      "user's data folder)")
    p.add_argument("--max-turns", type=int, default=200,
                   help="with --auto: end the game after this many turns")
    p.add_argument("--quiet", action="store_true", help="print only the final result line")


def parse_command(line: str) -> dict[str, Any]:
    """A typed command as a session action; ValueError with a hint when it is not one."""
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise ValueError(f"cannot read that line ({exc})") from None
    if not words:
        raise ValueError("type a command (help lists them)")
    verb, args = words[0].lower(), words[1:]

    def need(n: int, usage: str) -> None:
        if len(args) < n:
            raise ValueError(f"usage: {usage}")

    if verb in ("card", "play"):
        need(1, "card NAME")
        words = [a for a in args if "=" not in a and a != "sortie"]
        card: dict[str, Any] = {"do": "play_card", "card": "_".join(words)}
        for a in args:
            if a.startswith("air="):
                card["air_card"] = a.split("=", 1)[1].replace("_", " ")
            elif a == "sortie":
                card["air_sortie"] = True
        return card
    if verb == "order":
        units = [a for a in args if "=" not in a]
        action: dict[str, Any] = {"do": "order", "units": units}
        for a in args:
            if a.startswith("section="):
                action["section"] = a.split("=", 1)[1]
            elif a.startswith("roll="):
                action["roll"] = [_face(f) for f in a.split("=", 1)[1].split(",") if f]
            elif a.startswith("sortie="):
                action["sortie_hex"] = a.split("=", 1)[1]
            elif a.startswith("deploy="):
                unit, _, where = a.split("=", 1)[1].partition("@")
                action["deploy"] = {"unit": unit, "hex": where}
        return action
    if verb == "move":
        need(2, "move ID HEX")
        move: dict[str, Any] = {"do": "move", "unit": args[0], "to": args[1]}
        for a in args[2:]:
            if a.startswith("path="):
                move["path"] = [h for h in a.split("=", 1)[1].split(",") if h]
            elif a.startswith("markers="):
                marks = [m.partition(":") for m in a.split("=", 1)[1].split(",") if m]
                move["markers"] = [{"hex": h, "ammo": ammo or "machine_gun"} for h, _, ammo in marks]
        return move
    if verb == "strafe":
        need(2, "strafe ID HEX [HEX...]")
        return {"do": "strafe", "unit": args[0], "hexes": args[1:]}
    if verb in ("kamikaze", "rescue"):
        need(2, f"{verb} ID TARGET")
        return {"do": verb, "unit": args[0], "target": args[1]}
    if verb in ("support", "interdict", "withdraw", "recon", "bomb"):
        need(1, f"{verb} ID")
        do = {"support": "ground_support", "interdict": "interdiction"}.get(verb, verb)
        return {"do": do, "unit": args[0]}
    if verb == "ambush":
        return {"do": "ambush", **({"unit": args[0]} if args else {})}
    if verb == "run":
        return {"do": "attack_run", **({"unit": args[0]} if args else {})}
    if verb == "attack":
        return {"do": "card_attack", **({"targets": args} if args else {})}
    if verb == "exit":
        need(1, "exit ID")
        return {"do": "exit", "unit": args[0]}
    if verb in ("done", "moved"):
        return {"do": "end_moves"}
    if verb == "battle":
        need(2, "battle ID TARGET")
        return {"do": "battle", "attacker": args[0], "target": args[1]}
    if verb in ("end", "draw"):
        keep = [a.split("=", 1)[1] for a in args if a.startswith("keep=")]
        return {"do": "end_turn", **({"keep": keep[0]} if keep else {})}
    if verb == "dice":
        need(1, "dice FACE [FACE...]")
        return {"do": "dice", "faces": [_face(f) for f in args], "source": "manual"}
    if verb == "fix":
        need(2, "fix N FACE")
        if not args[0].isdigit():
            raise ValueError("usage: fix N FACE (N counts from 1)")
        return {"do": "correct", "index": int(args[0]) - 1, "face": _face(args[1])}
    if verb == "apply":
        return {"do": "apply_dice"}
    if verb == "retreat":
        need(1, "retreat HEX")
        return {"do": "retreat", "hex": args[0]}
    if verb in ("yes", "y", "take"):
        return {"do": "take_ground", "advance": True}
    if verb in ("no", "n", "stay"):
        return {"do": "take_ground", "advance": False}
    if verb == "undo":
        return {"do": "undo"}
    raise ValueError(f"unknown command {verb!r} (help lists them)")


def _face(word: str) -> Any:
    w = word.lower()
    return _FACE_ALIASES.get(w, w)


class TerminalTable:
    """Drives a session from a terminal (or a script), printing prompts and events."""

    def __init__(self, session: GameSession, out: TextIO, quiet: bool = False) -> None:
        from companion.game.narrate import describe

        self.session = session
        self.out = out
        self.quiet = quiet
        session.listeners.append(lambda ev, st: self.say("  · " + describe(ev)))

    def say(self, text: str) -> None:
        if not self.quiet:
            print(text, file=self.out, flush=True)

    def show_prompt(self) -> None:
        st = self.session.state
        p = self.session.prompt()
        self.say(f"[turn {st.turn} · {st.active.value}] {p.text}")
        if p.choices and p.kind in ("play_card", "retreat", "take_ground"):
            self.say("    choices: " + ", ".join(
                c.key + (f" ({c.detail})" if c.detail else "") for c in p.choices))
        if p.dice and p.dice.odds and "p_hit" in p.dice.odds:
            o = p.dice.odds
            self.say(f"    odds: hit {o.get('p_hit', 0):.0%}, eliminate {o.get('p_eliminate', 0):.0%}")

    def status(self) -> None:
        st = self.session.state
        m = st.medals
        self.say(f"medals allies {m[st.active.ALLIES]}/{st.medals_to_win(st.active.ALLIES)}, "
                 f"axis {m[st.active.AXIS]}/{st.medals_to_win(st.active.AXIS)}")
        for u in st.position.units.values():
            self.say(f"  {u.id:8} {u.side.value:6} {u.type:16} {st.hex_name(u.hex):4} x{u.figures}")


def _open_store(args: argparse.Namespace) -> GameStore:
    from companion.store import GameStore

    return GameStore(args.data_dir) if args.data_dir else GameStore()


def run(args: argparse.Namespace) -> int:
    from companion.dice.factory import DiceSourceError, check_spec
    from companion.game.session import GameSession
    from companion.scenarios import ScenarioError, resolve
    from companion.store import StoreError

    try:
        store = _open_store(args)
    except (OSError, StoreError) as exc:
        print(f"companion play: cannot open the game store: {exc}", file=sys.stderr)
        return 2
    try:
        if args.resume:
            gid = args.resume
            if gid == "latest":
                latest = store.latest_game()
                if latest is None:
                    print("companion play: no unfinished game to resume", file=sys.stderr)
                    return 2
                gid = latest.id
            session = GameSession.resume(store, gid)
            seed = int(session.state.options.get("seed", args.seed))
        else:
            scenario = resolve(args.scenario)
            seed = args.seed
            session = GameSession.new(
                scenario, store, options={"seed": seed, "dice": args.dice, "auto": args.auto},
                deck_seed=seed if args.auto else None,
            )
    except (ScenarioError, StoreError, ValueError) as exc:
        print(f"companion play: {exc}", file=sys.stderr)
        return 2
    try:
        check_spec(args.dice)
    except DiceSourceError as exc:
        print(f"companion play: {exc}", file=sys.stderr)
        return 2
    table = TerminalTable(session, sys.stdout, quiet=args.quiet)
    session.settle()
    auto = args.auto or bool(session.state.options.get("auto"))
    try:
        if auto:
            _play_auto(session, table, seed, args.max_turns)
        else:
            if not _play_interactive(session, table, args.dice, seed):
                return 0
    except KeyboardInterrupt:
        print("\nStopped; the game is saved (resume with --resume).", file=sys.stderr)
        return 130
    finally:
        store.close()
    st = session.state
    m = st.medals
    winner = st.winner.value if st.winner else "none"
    print(f"winner={winner} medals={m[st.active.ALLIES]}-{m[st.active.AXIS]} turns={st.turn}",
          flush=True)
    return 0


def _play_auto(session: GameSession, table: TerminalTable, seed: int, max_turns: int) -> None:
    from companion.game.auto import AutoPlayer

    player = AutoPlayer(seed)
    last_shown = -1
    while not session.over:
        if session.state.turn > max_turns:
            session.end_by_agreement(f"turn limit {max_turns} reached")
            break
        if session.log.last_seq != last_shown:
            table.show_prompt()
            last_shown = session.log.last_seq
        session.act(player.next_action(session))


def _play_interactive(session: GameSession, table: TerminalTable, dice: str, seed: int) -> bool:
    """Returns False when the player quits before the end."""
    from companion.dice.factory import open_source

    reader: OpenSource | None = None
    if dice not in ("manual", "sim"):
        reader = open_source(dice)
        if reader.note:
            table.say(f"! {reader.note}; type the dice instead")
        elif reader.spec != "manual":
            table.say(f"Dice come from {reader.spec}; you may always type them instead.")
    try:
        return _interactive_loop(session, table, dice, seed, reader)
    finally:
        if reader is not None:
            reader.close()


def _interactive_loop(session: GameSession, table: TerminalTable, dice: str, seed: int,
                      reader: OpenSource | None) -> bool:
    from companion.dice.desk import DiceDesk
    from companion.game.auto import seeded_faces
    from companion.game.prompter import options_lines

    table.say("Type 'help' for the commands.")
    results: queue.Queue[dict[str, Any]] = queue.Queue()
    desk = (DiceDesk(reader.source, results.put, lambda text: table.say(f"! {text}"))
            if reader is not None and reader.spec != "manual" else None)
    while not session.over:
        table.show_prompt()
        p = session.prompt()
        if p.kind == "dice" and dice == "sim" and p.dice is not None:
            faces = seeded_faces(seed, p.dice.roll, p.dice.count)
            _try(session, table, {"do": "dice", "faces": faces, "source": "sim"})
            continue
        line: str | None = None
        if desk is not None:
            desk.due(session.dice_request())
        if desk is not None and desk.asked is not None:
            got, line = _wait_for_dice_or_line(results)
            if got is not None:
                if got.get("rid") == (session.legal().roll.rid if session.legal().roll else None):
                    _try(session, table, got)
                continue
        try:
            if line is None:
                line = input("> ")
        except EOFError:
            table.say("Input closed; the game is saved (resume with --resume).")
            if desk is not None:
                desk.close()
            return False
        word = line.strip().lower()
        if word in ("quit", "exit", "q"):
            table.say("The game is saved; resume with --resume.")
            if desk is not None:
                desk.close()
            return False
        if word in ("help", "?"):
            table.say(HELP)
            continue
        if word in ("status", "map"):
            table.status()
            continue
        if word in ("options", "what", "o"):
            for text in options_lines(session.legal()) or ["Nothing to choose: follow the prompt."]:
                table.say(f"  {text}")
            continue
        try:
            action = parse_command(line)
        except ValueError as exc:
            table.say(f"! {exc}")
            continue
        _try(session, table, action)
    if desk is not None:
        desk.close()
    return True


def _wait_for_dice_or_line(results: queue.Queue[dict[str, Any]]
                           ) -> tuple[dict[str, Any] | None, str | None]:
    """Whichever comes first: dice from the source, or a line typed by a player."""
    print("> ", end="", flush=True)
    while True:
        try:
            return results.get(timeout=0.1), None
        except queue.Empty:
            pass
        try:
            ready, _, _ = select.select([sys.stdin], [], [], 0)
        except (OSError, ValueError):
            ready = []
        if ready:
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            return None, line


def _try(session: GameSession, table: TerminalTable, action: dict[str, Any]) -> None:
    from companion.game.session import IllegalAction
    from companion.store import StoreError

    try:
        session.act(action)
    except IllegalAction as exc:
        table.say(f"! {exc}")
    except StoreError as exc:  # nothing of the action was kept; the game is as it was
        table.say(f"! the game could not be saved: {exc}")
