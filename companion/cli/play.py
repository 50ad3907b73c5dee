"""``companion play``: a whole game in the terminal, with the same prompts as the app.

Players type what happens at the table, naming units by the hex they stand on (``move F7
G6``, ``battle F7 G8``, ``dice flag grenade``...; unit ids work too, for scripts).
``--auto`` lets a simple built-in player play both sides with dice fixed by ``--seed``,
printing the prompts as it goes; ``--resume`` continues the saved game.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import queue
import re
import select
import shlex
import shutil
import sys
import textwrap
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from companion.dice.desk import DiceDesk
    from companion.dice.factory import DiceSourceError, OpenSource, check_spec, open_source
    from companion.game.auto import AutoPlayer, seeded_faces
    from companion.game.narrate import Narrator, type_words
    from companion.game.prompter import options_lines
    from companion.game.session import GameSession, IllegalAction
    from companion.game.state import GameState
    from companion.rules.board import HexNameError
    from companion.scenarios import ScenarioError, resolve
    from companion.scenarios.model import TerrainPiece, UnitSetup
    from companion.scenarios.render import draw_map
    from companion.store import GameStore, StoreError

# The built-in scenario played when none is named (companion.scenarios.DEMO_SCENARIO; a test
# checks they agree).
DEFAULT_SCENARIO = "orchard-ridge"


def _load_game() -> None:
    """Import what a game needs, once, when one is played or read (``companion play --help``,
    and parse_command, which the sync command borrows, load none of it)."""
    g = globals()
    if "GameSession" in g:
        return
    from companion.dice.desk import DiceDesk
    from companion.dice.factory import DiceSourceError, OpenSource, check_spec, open_source
    from companion.game.auto import AutoPlayer, seeded_faces
    from companion.game.narrate import Narrator, type_words
    from companion.game.prompter import options_lines
    from companion.game.session import GameSession, IllegalAction
    from companion.game.state import GameState
    from companion.rules.board import HexNameError
    from companion.scenarios import ScenarioError, resolve
    from companion.scenarios.model import TerrainPiece, UnitSetup
    from companion.scenarios.render import draw_map
    from companion.store import GameStore, StoreError

    g.update(DiceDesk=DiceDesk, DiceSourceError=DiceSourceError, OpenSource=OpenSource,
             check_spec=check_spec, open_source=open_source, AutoPlayer=AutoPlayer,
             seeded_faces=seeded_faces, Narrator=Narrator, type_words=type_words,
             options_lines=options_lines, GameSession=GameSession, IllegalAction=IllegalAction,
             GameState=GameState, HexNameError=HexNameError, ScenarioError=ScenarioError,
             resolve=resolve, TerrainPiece=TerrainPiece, UnitSetup=UnitSetup, draw_map=draw_map,
             GameStore=GameStore, StoreError=StoreError)

HELP = """Hexes are named as on the scenario maps: a letter for the column and the row's number
counted from the bottom edge (A1 is the bottom left corner). Full-width rows use capitals
(A, B, C...), the rows shifted half a hex use small letters (a, b, c...): G5 and g6 are
neighbours. Type them in any case (g5 = G5). Name a unit by the hex it stands on (UNIT below).

Commands (the prompt says which apply now; `options` lists what you may do):
  card NAME              play a command card (e.g. card attack center)
  order UNIT [UNIT...] [section=left] [roll=FACE,...]
                         order units (section for Infantry Assault, roll for Their Finest Hour)
  move UNIT HEX          move an ordered unit          exit UNIT  leave by an exit hex
  done                   finished moving
  battle UNIT TARGET     battle with an ordered unit   end       end the turn (draw a card)
  dice FACE [FACE...]    the dice as thrown (infantry armor grenade star flag; ? = unreadable)
  fix N FACE             correct die N (1-based) before applying   apply   apply the dice
  apply hits=N flags=N reason="..."  overrule a battle's dice (either count; the log keeps why)
  retreat HEX            where the unit retreats       yes / no  take ground or not
  undo                   take back the last step of this turn (never a dice roll)
  attack TARGET [...]    Barrage / Air Power rolls at enemy units (again with no target: next)
  board                  the map: terrain, units (Allies in capitals), objectives
Scenario rules (the scenario says which):
  chip CARD              Soviet Commissar: place a command card under the Commissar chip
  card recon center as=air_power   Blitz: the Axis play a Recon 1 card as Air Power
  desert UNIT HEX        desert rules: armor that took ground moves 1 more hex
  heal UNIT              a wounded unit on a hospital or oasis heals instead of battling
  seal UNIT              Allied infantry on a cave tries to seal it instead of battling
  resupply TRUCK UNIT N  an ordered supply truck gives N figures to a weakened unit next to it
  mine N                 the number on a mine turned over as a unit enters it (0: a decoy)
  back / decline         British Commonwealth Forces: a British unit a close assault left with
                         1 figure battles back at its assaulter with 1 die, or does not
  airdrop HEX [HEX...]   where each dropped figure landed (off: off the board)
  smoke HEX HEX HEX      the smoke screen's 3 markers, side by side (smoke none: no smoke screen)
  deploy HEX [HEX...]    reinforcements on your baseline, a hex each (-: no room left)
  order ... arrive=HEX,..  units the card orders onto the board (a drop: AIM, AIM=HEX, AIM=off)
Air rules (the scenario says which):
  card NAME air=TITLE    New Flight Plan: an Air Combat card beside the command card
  card NAME sortie       Air Pack: the Air Sortie card joins a section card
  card air sortie        Air Pack: the Air Sortie card played by itself (orders the airplane only)
  order ... sortie=HEX   Air Pack: a fresh airplane enters on this edge hex
  order ... deploy=AIR@HEX  New Flight Plan: an air unit off the board (AIR: its type) enters here
  move UNIT HEX path=A,B,.. markers=HEX:bomb,HEX:machine-gun   fly a path, place ammo markers
  run                    resolve the next attack run (or bombing)   withdraw UNIT  leave (turn start)
  bomb UNIT              New Flight Plan: bomb the objective the air unit ended its move on
  ambush [UNIT]          play Ambush: against a close assault (before its dice), or (New Flight
                         Plan) with your unit that an air unit just put an ammo marker on
  strafe UNIT HEX [HEX..]   kamikaze UNIT TARGET   rescue UNIT TARGET
  support UNIT   interdict UNIT
  recon UNIT             Storch: draw 2 cards at the end of the turn, keep one (end keep=CARD)
  options                everything you may do now (cards, units, hexes, targets and dice)
  status                 medals and units              help      this text
  quit                   stop (the game is saved; resume with --resume)
Scripts may name units by their ids instead of their hexes."""

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
    p.add_argument("--review-dice", action="store_true",
                   help="stop after every throw so a misread die can be fixed (fix N FACE) or a "
                        "battle's dice overruled (apply hits=N flags=N reason=...)")


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
            if a.startswith("as="):
                card["as_card"] = a.split("=", 1)[1].replace(" ", "_")
            elif a.startswith("air="):
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
            elif a.startswith("arrive="):  # units the card orders onto the board
                action["arrive"] = [w for w in a.split("=", 1)[1].split(",") if w]
        return action
    if verb == "move":
        need(2, "move UNIT HEX")
        move: dict[str, Any] = {"do": "move", "unit": args[0], "to": args[1]}
        for a in args[2:]:
            if a.startswith("path="):
                move["path"] = [h for h in a.split("=", 1)[1].split(",") if h]
            elif a.startswith("markers="):
                marks = [m.partition(":") for m in a.split("=", 1)[1].split(",") if m]
                move["markers"] = [{"hex": h, "ammo": (ammo or "machine_gun").replace("-", "_")}
                                   for h, _, ammo in marks]
        return move
    if verb == "strafe":
        need(2, "strafe UNIT HEX [HEX...]")
        return {"do": "strafe", "unit": args[0], "hexes": args[1:]}
    if verb in ("kamikaze", "rescue"):
        need(2, f"{verb} UNIT TARGET")
        return {"do": verb, "unit": args[0], "target": args[1]}
    if verb in ("support", "interdict", "withdraw", "recon", "bomb"):
        need(1, f"{verb} UNIT")
        do = {"support": "ground_support", "interdict": "interdiction"}.get(verb, verb)
        return {"do": do, "unit": args[0]}
    if verb == "ambush":
        return {"do": "ambush", **({"unit": args[0]} if args else {})}
    if verb == "chip":
        need(1, "chip CARD")
        return {"do": "commissar_card", "card": "_".join(args)}
    if verb == "desert":
        need(2, "desert UNIT HEX")
        return {"do": "desert_move", "unit": args[0], "to": args[1]}
    if verb == "mine":
        need(1, "mine N")
        if not args[0].isdigit():
            raise ValueError("usage: mine N (the number on the mine turned over, 0 for a decoy)")
        return {"do": "mine_number", "number": int(args[0])}
    if verb == "winter":  # General Winter: the hex (or unit) that loses a figure
        need(1, "winter HEX")
        return {"do": "winter_loss", "hex": args[0]}
    if verb == "blow":
        need(1, "blow HEX")
        return {"do": "blow_bridge", "hex": args[0]}
    if verb in ("deploy", "airdrop", "smoke"):  # a step answered by hexes, one word each
        need(1, f"{verb} HEX [HEX...]")
        return {"do": verb, "hexes": " ".join(args)}
    if verb == "resupply":
        need(3, "resupply TRUCK UNIT N")
        if not args[2].isdigit():
            raise ValueError("usage: resupply TRUCK UNIT N (the figures the truck gives)")
        return {"do": "resupply", "unit": args[0], "target": args[1], "figures": int(args[2])}
    if verb == "unload":  # a supply train at a station: a hex per unit it carries
        need(2, "unload TRAIN HEX [HEX...]")
        return {"do": "unload", "unit": args[0], "hexes": " ".join(args[1:])}
    if verb == "clear":  # wire (or an engineer's minefield) off the unit's own hex
        need(1, "clear UNIT [PIECE]")
        return {"do": "clear_obstacle", "unit": args[0], **({"piece": args[1]} if args[1:] else {})}
    if verb in ("heal", "seal"):
        need(1, f"{verb} UNIT")
        return {"do": "heal" if verb == "heal" else "seal_cave", "unit": args[0]}
    if verb == "run":
        return {"do": "attack_run", **({"unit": args[0]} if args else {})}
    if verb == "attack":
        return {"do": "card_attack", **({"targets": args} if args else {})}
    if verb == "exit":
        need(1, "exit UNIT")
        return {"do": "exit", "unit": args[0]}
    if verb in ("done", "moved"):
        return {"do": "end_moves"}
    if verb == "battle":
        need(2, "battle UNIT TARGET")
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
        apply: dict[str, Any] = {"do": "apply_dice"}
        usage = ('apply [hits=N] [flags=N] reason="..." (the players overrule the dice; quote a '
                 "reason of several words)")
        for a in args:
            key, eq, value = a.partition("=")
            if not eq or key not in ("hits", "flags", "reason"):
                raise ValueError(f"usage: {usage}")
            if key == "reason":
                apply["reason"] = value
            elif value.isdigit():
                apply[key] = int(value)
            else:
                raise ValueError(f"{key}= takes a whole number from 0; usage: {usage}")
        if ("hits" in apply or "flags" in apply) and not apply.get("reason", "").strip():
            raise ValueError(f"say why the dice are overruled (reason=...): the log keeps it; "
                             f"usage: {usage}")
        return apply
    if verb == "retreat":
        need(1, "retreat HEX")
        return {"do": "retreat", "hex": args[0]}
    if verb in ("yes", "y", "take"):
        return {"do": "take_ground", "advance": True}
    if verb in ("no", "n", "stay"):
        return {"do": "take_ground", "advance": False}
    if verb == "back":  # British Commonwealth Forces: the held unit battles back
        return {"do": "battle_back"}
    if verb == "decline":
        return {"do": "battle_back", "decline": True}
    if verb == "undo":
        return {"do": "undo"}
    raise ValueError(f"unknown command {verb!r} (help lists them)")


# --- units by their hex, hexes in any case --------------------------------------------------
_UNIT_FIELDS = ("unit", "attacker", "target")
_COMMANDS = {"play_card": "card", "order": "order", "move": "move", "exit": "exit",
             "end_moves": "done", "battle": "battle", "dice": "dice", "correct": "fix",
             "apply_dice": "apply", "retreat": "retreat", "take_ground": "yes / no",
             "battle_back": "back / decline",
             "end_turn": "end", "undo": "undo", "strafe": "strafe", "kamikaze": "kamikaze",
             "rescue": "rescue", "ground_support": "support", "interdiction": "interdict",
             "recon": "recon", "withdraw": "withdraw", "card_attack": "attack",
             "ambush": "ambush", "attack_run": "run", "bomb": "bomb",
             "commissar_card": "chip", "desert_move": "desert", "heal": "heal",
             "seal_cave": "seal", "mine_number": "mine", "blow_bridge": "blow",
             "deploy": "deploy", "airdrop": "airdrop", "smoke": "smoke", "resupply": "resupply",
             "winter_loss": "winter", "unload": "unload", "clear_obstacle": "clear"}


def _hex(st: GameState, word: Any) -> Any:
    """A typed hex in its map spelling (``g5`` -> ``G5``); anything else as it came."""
    return _as_hex(st, word) or word


def _as_hex(st: GameState, word: Any) -> str | None:
    if not isinstance(word, str):
        return None
    try:
        return st.hex_name(st.board.parse_any_case(word))
    except (HexNameError, ValueError):
        return None


def _unit(session: GameSession, word: Any, fits: set[str] | None) -> Any:
    """The unit a player names: by the hex it stands on, or by its id (scripts). When a word
    is both (unit a2 beside hex a2) the hex wins, unless only the id's unit fits the step."""
    if not isinstance(word, str):
        return word
    st = session.state
    pos = st.position
    by_hex: str | None = None
    where = _as_hex(st, word)
    for u in pos.units.values():
        if st.hex_name(u.hex) == where:
            by_hex = u.id
            if fits is None or u.id in fits:
                break
    by_id = word if word in pos.units else None
    if (by_hex is not None and by_id is not None and fits is not None
            and by_hex not in fits and by_id in fits):
        return by_id
    if by_hex is not None:
        return by_hex
    if by_id is not None:
        return by_id
    if where is not None:
        raise ValueError(f"no unit stands on {where}")
    return word  # an air unit off the board, or a word the session will explain


def resolve_names(session: GameSession, action: dict[str, Any]) -> dict[str, Any]:
    """``action`` with units named by their hex turned into ids and hexes into their map
    spelling, as the session takes them. ValueError when a hex holds no unit."""
    _load_game()
    st = session.state
    legal = session.legal()
    a = dict(action)
    do = a.get("do")
    fits: dict[str, set[str] | None] = {"unit": None, "attacker": None, "target": None}
    if do == "move":
        fits["unit"] = {u.id for u in legal.movers} | (set(st.air.entering) if st.air else set())
    elif do == "exit":
        fits["unit"] = set(legal.exits)
    elif do == "battle":
        fits["attacker"] = {u.id for u in legal.attackers}
    for key in _UNIT_FIELDS:
        if key in a:
            if key == "target" and do == "battle":
                attacker = a.get("attacker")
                attacker = _unit(session, attacker, fits["attacker"])
                fits["target"] = {t.target for t in legal.targets(attacker)} \
                    if isinstance(attacker, str) else None
            a[key] = _unit(session, a[key], fits[key])
    if isinstance(a.get("units"), list):
        orderable = {u.id for u in legal.orderable}
        a["units"] = [_unit(session, u, orderable or None) for u in a["units"]]
    if isinstance(a.get("targets"), list):
        a["targets"] = [_unit(session, u, None) for u in a["targets"]]
    for key in ("to", "hex", "sortie_hex"):
        if key in a:
            a[key] = _hex(st, a[key])
    for key in ("path", "hexes"):
        if isinstance(a.get(key), list):
            a[key] = [_hex(st, h) for h in a[key]]
    if isinstance(a.get("hexes"), str):  # a step answered by hexes: each word in map spelling
        a["hexes"] = " ".join(_hex(st, w) for w in a["hexes"].split())
    if isinstance(a.get("arrive"), list):  # AIM or AIM=HEX
        a["arrive"] = ["=".join(_hex(st, p) for p in w.split("=")) for w in a["arrive"]]
    if isinstance(a.get("markers"), list):
        a["markers"] = [{**m, "hex": _hex(st, m.get("hex"))} if isinstance(m, dict) else m
                        for m in a["markers"]]
    dep = a.get("deploy")
    if isinstance(dep, dict):
        dep = {**dep, "hex": _hex(st, dep.get("hex"))}
        pool = st.air.reserve.get(st.active.value, []) if st.air is not None else []
        if not any(r.get("id") == dep.get("unit") for r in pool):
            wanted = str(dep.get("unit", "")).replace("-", "_").lower()
            for r in pool:
                if wanted in (str(r.get("type")), type_words(str(r.get("type"))).replace(" ", "_")):
                    dep["unit"] = r.get("id")
                    break
        a["deploy"] = dep
    return a


_REFUSED = re.compile(r"^'(\w+)' is not possible now \((.*)\); allowed now: (.*)$", re.S)


def refusal_words(session: GameSession, message: str,
                  action: dict[str, Any] | None = None) -> str:
    """A refusal as the terminal says it: units in words (those of ``action`` wherever the
    message names them), the commands that fit now."""
    _load_game()
    narrator = Narrator(session.state, session.log.start)
    a = action or {}
    about = [str(a[k]) for k in _UNIT_FIELDS if isinstance(a.get(k), str)]
    about += [str(u) for k in ("units", "targets") if isinstance(a.get(k), list) for u in a[k]]
    m = _REFUSED.match(message)
    if m is not None:
        do, prompt, allowed = m.groups()
        cmds = [_COMMANDS.get(x.strip(), x.strip().replace("_", " "))
                for x in re.split(r"[,/]", allowed) if x.strip() and x.strip() != "nothing"]
        said = _COMMANDS.get(do, do.replace("_", " "))
        return (f"'{said}' does not fit now. {narrator.namer.words(prompt, about)} "
                f"You may type: {', '.join(dict.fromkeys(cmds)) or 'nothing'} "
                "(options lists the choices).")
    return narrator.namer.words(message, about)


def board_text(st: GameState, ascii_only: bool = False) -> str:
    """The map as it stands now: terrain (sandbags placed and gone included), units with
    their figures (Allies in capitals), objectives and exits, with the legend."""
    _load_game()
    sc = st.scenario
    now = {st.hex_name(h): set(names) for h, names in st.position.terrain.items()}
    kept = [p for p in sc.terrain if p.type in now.get(p.hex, set())]
    have = {(p.hex, p.type) for p in kept}
    kept += [TerrainPiece(h, t) for h, names in now.items() for t in sorted(names)
             if (h, t) not in have]
    units = [UnitSetup(u.id, u.side, u.type, st.hex_name(u.hex), figures=u.figures)
             for u in st.position.units.values()]
    text = draw_map(dataclasses.replace(sc, terrain=kept, units=units), ascii_only=ascii_only)
    return re.sub(r"\b[a-z]+(?:_[a-z0-9]+)+\b", lambda m: type_words(m.group(0)), text)


def _face(word: str) -> Any:
    w = word.lower()
    return _FACE_ALIASES.get(w, w)


class TerminalTable:
    """Drives a session from a terminal (or a script), printing prompts and events."""

    def __init__(self, session: GameSession, out: TextIO, quiet: bool = False) -> None:
        _load_game()
        self.session = session
        self.out = out
        self.quiet = quiet
        self.narrator = Narrator(session.state, session.log.start)
        self.dice_from: str | None = None  # a tray or camera that throws the dice, when online
        session.listeners.append(lambda ev, st: self.say("  · " + self.narrator.line(ev, st)))

    def say(self, text: str) -> None:
        if not self.quiet:
            print(text, file=self.out, flush=True)

    def show_prompt(self) -> None:
        st = self.session.state
        self.narrator.see(st)
        p = self.session.prompt()
        self.say(f"[turn {st.turn} · {st.active.value.title()}] {p.text}")
        if p.choices and p.kind in ("play_card", "retreat", "take_ground", "battle_back"):
            self.say("    choices: " + ", ".join(
                (c.label if p.kind == "play_card" else c.key)
                + (f" ({c.detail})" if c.detail else "") for c in p.choices))
        for line in p.detail if p.kind == "dice" else ():
            self.say(f"    why: {line}")
        if p.dice and p.dice.odds and "p_hit" in p.dice.odds:
            o = p.dice.odds
            self.say(f"    odds: hit {o.get('p_hit', 0):.0%}, eliminate {o.get('p_eliminate', 0):.0%}")
        if p.dice is not None:
            how = " (type: dice FACE ...)" if p.dice.count else " (type: dice)"
            src = f" from the {self.dice_from}, or typed" if self.dice_from else ""
            self.say(f"    waiting for {p.dice.count} {'die' if p.dice.count == 1 else 'dice'}"
                     f"{src}{how}")

    def status(self) -> None:
        st = self.session.state
        m = st.medals
        self.say(f"Medals: Allies {m[st.active.ALLIES]} of {st.medals_to_win(st.active.ALLIES)}, "
                 f"Axis {m[st.active.AXIS]} of {st.medals_to_win(st.active.AXIS)}")
        for u in sorted(st.position.units.values(), key=lambda u: (u.side.value, u.hex)):
            self.say(f"  {st.hex_name(u.hex):4} {u.side.value.title():6} {type_words(u.type):16} "
                     f"{u.figures} figure{'s' if u.figures != 1 else ''}")


def _open_store(args: argparse.Namespace) -> GameStore:
    return GameStore(args.data_dir) if args.data_dir else GameStore()


def run(args: argparse.Namespace) -> int:
    _load_game()
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
            options: dict[str, Any] = {"seed": seed, "dice": args.dice, "auto": args.auto}
            if getattr(args, "review_dice", False):
                options["review_dice"] = True
            session = GameSession.new(scenario, store, options=options,
                                      deck_seed=seed if args.auto else None)
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
    table.say("Type 'help' for the commands.")
    from companion.game.narrate import not_played_line

    unplayed = not_played_line(session.log.start.data)
    if unplayed:
        table.say(f"! {unplayed}")
    results: queue.Queue[dict[str, Any]] = queue.Queue()
    desk = (DiceDesk(reader.source, results.put, lambda text: table.say(f"! {text}"),
                     offline_hint="type them instead (dice FACE ...)")
            if reader is not None and reader.spec != "manual" else None)
    # the tray's own log lines would repeat over the prompt: the desk says it in words once
    logging.getLogger("companion.tray").setLevel(logging.ERROR)
    thrower = "camera" if dice.startswith("camera") else "tray"
    while not session.over:
        if desk is not None:
            desk.due(session.dice_request())
            table.dice_from = thrower if desk.online is not False else None
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
                roll = session.legal().roll
                if got.get("rid") == (roll.rid if roll is not None else None):
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
        if word == "status":
            table.status()
            continue
        if word in ("board", "map"):
            table.say(board_text(session.state))
            continue
        if word in ("options", "what", "o"):
            width = max(40, min(100, shutil.get_terminal_size().columns - 1))
            for text in options_lines(session.legal()) or ["Nothing to choose: follow the prompt."]:
                table.say(textwrap.fill(text, width, initial_indent="  ", subsequent_indent="      "))
            continue
        try:
            action = resolve_names(session, parse_command(line))
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
    try:
        session.act(action)
    except IllegalAction as exc:
        table.say(f"! {refusal_words(session, str(exc), action)}")
    except StoreError as exc:  # nothing of the action was kept; the game is as it was
        table.say(f"! the game could not be saved: {exc}")
