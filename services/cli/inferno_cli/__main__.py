"""``inferno``: play on the Inferno platform from a terminal, over its real APIs.

Accounts and tables go through the lobby's REST API; the game itself through the engine's gRPC
API. Each command does one thing a player does and prints what happened; a refusal prints the
server's reason and exits with code 1. ``inferno COMMAND --help`` explains each command.
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .lobby_api import ClientError, Lobby
from .session import Session, default_path

if TYPE_CHECKING:
    from .engine_api import Engine

EPILOG = """\
a game, start to finish:
  inferno games                              (the games, seat counts and options)
  inferno rules oh_hell                      (how to play it)
  inferno signup dante                       (asks for a password; or --password)
  inferno create --players 4 --option ORDER=DESC
  inferno bots TABLE --count 3
  inferno start TABLE
  inferno play TABLE                         (type moves such as 'bid 2' or 'play 10H')

after the game:
  inferno results                            (your recent matches and rating)
  inferno leaderboard oh_hell                (the game's top players)
  inferno spectate TABLE                     (watch any table; Ctrl-C stops watching)

where the servers are: --lobby / INFERNO_LOBBY_URL (http://127.0.0.1:8000),
--engine / INFERNO_ENGINE_ADDRESS (127.0.0.1:50051; the lobby publishes it) and
--scoring / INFERNO_SCORING_URL (http://127.0.0.1:8001); who you are and these addresses are
kept at sign-in in --session / INFERNO_SESSION (~/.config/inferno/session.json), so later
commands need no flags.
"""

#: Where the servers are when neither a flag, the environment nor the session file says
#: (the ports ``make run`` uses).
DEFAULTS = {
    "lobby": "http://127.0.0.1:8000",
    "engine": "127.0.0.1:50051",
    "scoring": "http://127.0.0.1:8001",
}
ENVIRONMENT = {
    "lobby": "INFERNO_LOBBY_URL",
    "engine": "INFERNO_ENGINE_ADDRESS",
    "scoring": "INFERNO_SCORING_URL",
}


def _given(args: argparse.Namespace, name: str) -> str:
    """An address the player gave for this command (flag, then environment), or ""."""
    return str(getattr(args, name, None) or os.environ.get(ENVIRONMENT[name]) or "")


def address(args: argparse.Namespace, session: Session, name: str) -> str:
    """Flag, environment, the session file, then the default: where server ``name`` is."""
    return _given(args, name) or getattr(session, name) or DEFAULTS[name]


def _option(text: str) -> tuple[str, object]:
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"options are NAME=VALUE, got {text!r}")
    value: object = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    elif raw.lstrip("-").isdigit():
        value = int(raw)
    return name.upper(), value


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="inferno",
        description="Play card games on an Inferno server from the terminal.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--lobby",
        default=None,
        help=f"the lobby's URL (default: the session's, else {DEFAULTS['lobby']})",
    )
    p.add_argument(
        "--engine",
        default=None,
        help="the engine's host:port (default: the session's, as the lobby publishes it, "
        f"else {DEFAULTS['engine']})",
    )
    p.add_argument(
        "--scoring",
        default=None,
        help=f"the scoring service's URL (default: the session's, else {DEFAULTS['scoring']})",
    )
    p.add_argument("--session", type=Path, default=None, help="file that keeps your sign-in")
    p.add_argument("--json", action="store_true", help="print the server's answers as JSON")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    for name, help_text in (("signup", "create an account"), ("login", "sign in")):
        c = sub.add_parser(name, help=help_text, description=help_text.capitalize() + ".")
        c.add_argument("username")
        c.add_argument(
            "--password",
            default=os.environ.get("INFERNO_PASSWORD"),
            help="(or INFERNO_PASSWORD; asked for if absent)",
        )
        if name == "signup":
            c.add_argument("--display-name", default=None, help="the name shown at tables")

    sub.add_parser("whoami", help="the signed-in account")
    c = sub.add_parser("guest", help="play as a guest, without a password")
    c.add_argument("--display-name", default=None, help="the name shown at tables")
    sub.add_parser("logout", help="forget the sign-in kept in the session file (not the addresses)")
    sub.add_parser("games", help="the games, their seat counts and options")
    c = sub.add_parser("rules", help="how to play a game (its rules for players)")
    c.add_argument("game", help="a game's name, as `inferno games` lists them (e.g. oh_hell)")

    c = sub.add_parser("tables", help="list tables", description="List public tables.")
    c.add_argument("--game", default=None, help="only this game (e.g. oh_hell)")
    c.add_argument("--status", default=None, help="open, started, finished, aborted, closed")
    c.add_argument("--open-seats", type=int, default=None, help="at least this many free seats")

    c = sub.add_parser(
        "create", help="open a table", description="Open a table and take seat 0 at it."
    )
    c.add_argument("--game", default="oh_hell")
    c.add_argument("--players", type=int, default=4)
    c.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. ORDER=DESC or HOOK=true (repeatable)",
    )
    c.add_argument("--private", action="store_true", help="unlisted; others join by invite code")
    # The lobby's clock settings (ClockSettings), with its defaults: a seat whose time per
    # decision and bank both run out is moved for (a timeout); several in a row hand the seat
    # to a bot for the rest of the game.
    c.add_argument(
        "--turn-seconds",
        type=int,
        default=30,
        help="time per decision, 1–3600 (default: %(default)s)",
    )
    c.add_argument(
        "--bank-seconds",
        type=int,
        default=120,
        help="each seat's time bank for the whole game, used once a decision's time is spent, "
        "0–36000 (default: %(default)s)",
    )
    c.add_argument(
        "--increment-seconds",
        type=int,
        default=0,
        help="added to a seat's bank after each of its own moves, 0–600 (default: %(default)s)",
    )
    c.add_argument(
        "--spectator-delay",
        type=int,
        default=0,
        help="spectators see the table this many seconds late, 0–3600 (default: %(default)s)",
    )

    c = sub.add_parser("mine", help="your tables: where you sit, and those you opened")
    c.add_argument("--status", default=None, help="open, started, finished, aborted, closed")

    c = sub.add_parser(
        "quickplay",
        help="wait for a table of a game and seat count (bots fill it if nobody comes)",
    )
    c.add_argument("--game", default="oh_hell")
    c.add_argument("--players", type=int, default=4)
    c.add_argument("--wait", type=float, default=60.0, help="seconds to wait for a seat")

    c = sub.add_parser("leave", help="leave your seat at a table that has not started")
    c.add_argument("table")

    c = sub.add_parser("close", help="close your table before it starts")
    c.add_argument("table")

    c = sub.add_parser("join", help="take a seat at a table")
    c.add_argument("table")
    c.add_argument("--seat", type=int, default=None, help="this seat (default: any free one)")
    c.add_argument("--invite-code", default=None, help="for a private table")

    c = sub.add_parser("bots", help="seat bots at your table")
    c.add_argument("table")
    c.add_argument("--count", type=int, default=1, help="how many bots (default 1)")

    c = sub.add_parser("start", help="start your table (the engine deals)")
    c.add_argument("table")

    c = sub.add_parser("view", help="show your view of a started table")
    c.add_argument("table")

    c = sub.add_parser(
        "spectate",
        help="watch a table as a spectator, redrawn as it changes, until it ends (or Ctrl-C)",
    )
    c.add_argument("table")
    c.add_argument("--poll", type=float, default=0.5, help="seconds between looks")
    c.add_argument("--timeout", type=float, default=None, help="stop after this many seconds")
    c.add_argument("--invite-code", default=None, help="for a private table")

    c = sub.add_parser("results", help="your recent finished matches and your rating")
    c.add_argument("--game", default=None, help="only this game")
    c.add_argument("--limit", type=int, default=10, help="how many matches (default 10)")

    c = sub.add_parser("leaderboard", help="a game's top players (from the scoring service)")
    c.add_argument("game", help="a game's name, e.g. oh_hell")
    c.add_argument("--limit", type=int, default=20, help="how many players (default 20)")

    c = sub.add_parser(
        "play",
        help="play at a started table",
        description="Play at a table: shows the table, your hand and your legal moves, and "
        "reads moves ('bid 2', 'play 10H', or just '2' / '10H'). Without a terminal it reads "
        "moves from standard input, one a line. --move makes one move and exits; --auto plays "
        "the first legal move each turn (for tests and demos).",
    )
    c.add_argument("table")
    mode = c.add_mutually_exclusive_group()
    mode.add_argument("--move", default=None, help="make this one move and exit")
    mode.add_argument("--auto", action="store_true", help="play the first legal move each turn")
    c.add_argument("--max-moves", type=int, default=None, help="with --auto: stop after N")
    c.add_argument("--poll", type=float, default=0.5, help="seconds between looks while waiting")
    c.add_argument("--timeout", type=float, default=None, help="give up after this many seconds")
    c.add_argument("--quiet", action="store_true", help="with --auto: print only the end")
    return p


def _password(args: argparse.Namespace) -> str:
    if args.password:
        return str(args.password)
    if not sys.stdin.isatty():
        raise ClientError("no password: pass --password or set INFERNO_PASSWORD")
    return getpass.getpass(f"password for {args.username}: ")


def _table_line(t: dict) -> str:
    seats = ", ".join(f"{s['seat']}:{s['name']}{'(bot)' if s['bot'] else ''}" for s in t["seats"])
    return (
        f"{t['id']}  {t['game']}  {t['status']:<8} {t['players']} seats, "
        f"{t['open_seats']} open  [{seats}]"
        + (f"  invite code {t['invite_code']}" if t.get("invite_code") else "")
    )


def _show_table(args: argparse.Namespace, table: dict) -> None:
    print(json.dumps(table, indent=2) if args.json else _table_line(table))


def _play(args: argparse.Namespace, engine: Engine) -> int:
    from inferno_proto import engine_pb2
    from inferno_proto.decisions import waiting_on

    from .clocks import WARN_SECONDS, warnings
    from .live import LineReader
    from .moves import describe, parse
    from .render import render, status

    deadline = None if args.timeout is None else time.monotonic() + args.timeout
    moves = 0
    last_version = -1
    told_handed_over = False
    # Without a terminal the moves come from standard input, and its end is the end of play
    # (instead of waiting for the others and then finding nothing more to read).
    script: list[str] | None = None
    reader: LineReader | None = None
    if not (args.move or args.auto or sys.stdin.isatty()):
        script = [line for line in sys.stdin.read().splitlines() if line.strip()]
    elif not (args.move or args.auto):
        reader = LineReader(sys.stdin)

    def ended(view: engine_pb2.GetViewResponse) -> bool:
        return view.status in (engine_pb2.TABLE_STATUS_FINISHED, engine_pb2.TABLE_STATUS_ABORTED)

    def ask(view: engine_pb2.GetViewResponse) -> tuple[str | None, engine_pb2.GetViewResponse]:
        """At a terminal: the typed line and the latest view, the table redrawn meanwhile each
        time it changes; no line if the table changed so that there is no move for you now."""
        assert reader is not None
        print("move> ", end="", flush=True)
        timeout_at = _timeout_at(view)
        while True:
            text = reader.wait(args.poll)
            if text is not None:
                return text, view
            if timeout_at is not None and time.monotonic() >= timeout_at - WARN_SECONDS:
                # The clock ran on while the prompt waited: warn once, before the timeout.
                fresh = engine.view(args.table)
                if fresh.version == view.version and warnings(fresh):
                    print("\n" + "\n".join(warnings(fresh)), flush=True)
                    print("move> ", end="", flush=True)
                timeout_at = None
                continue
            fresh = engine.view(args.table)
            if fresh.version == view.version:
                continue
            view = fresh
            timeout_at = _timeout_at(view)
            print("\n" + render(view), flush=True)
            if ended(view) or not view.legal_actions:
                return None, view
            print("move> ", end="", flush=True)

    while True:
        view = engine.view(args.table)
        if args.move is not None:
            try:
                action = parse(args.move, list(view.legal_actions))
            except ValueError as err:
                raise ClientError(str(err)) from err
            reply = engine.move(args.table, view.version, action)
            print(f"played {describe(action)} → version {reply.version}")
            print(render(engine.view(args.table)))
            return 0
        over = ended(view)
        if view.version != last_version and (over or not (args.auto and args.quiet)):
            print(render(view), flush=True)
        last_version = view.version
        if not told_handed_over and _handed_over(view):
            told_handed_over = True
            print(
                "your seat was handed to a bot for the rest of the game (too many timeouts in "
                "a row, or an operator); the table plays on and you can watch it here",
                flush=True,
            )
        if over:
            return 0
        # Dante's Inferno lets every seat trade in the active player's step, but waits only for
        # some: --auto moves only when waited for (a pass would only hold the table up).
        waited = view.your_seat in waiting_on(view.decision)
        if view.legal_actions and (waited or not args.auto):
            if args.auto:
                action = view.legal_actions[0]
            else:
                if script is None:
                    try:
                        text, view = ask(view)
                    except EOFError:
                        print(flush=True)
                        return 0
                    last_version = view.version
                    if text is None:
                        continue
                elif script:
                    text = script.pop(0)
                else:
                    return 0
                if not text.strip():
                    continue
                if text.strip().lower() in ("help", "?"):
                    print(prompt_help(view), flush=True)
                    continue
                try:
                    action = parse(text, list(view.legal_actions))
                except ValueError as err:
                    print(err, flush=True)
                    if script is not None and not script:
                        return 1
                    continue
            try:
                _submit(engine, args.table, view, action, retry=not args.auto)
            except ClientError as err:
                # Someone else moved meanwhile (sealed bids, a real-time deal) and the move is
                # no longer legal: look again and decide anew; any other refusal is shown, and
                # the game goes on.
                if "changed meanwhile" not in str(err) or not args.auto:
                    print(f"refused: {err}", flush=True)
                continue
            moves += 1
            if not args.quiet:
                print(f"you played {describe(action)}", flush=True)
            if args.max_moves is not None and moves >= args.max_moves:
                return 0
            if script is not None and not script:
                print(render(engine.view(args.table)), flush=True)
                return 0
            continue
        if deadline is not None and time.monotonic() > deadline:
            raise ClientError(f"gave up waiting after {args.timeout:g} s ({status(view)})")
        time.sleep(args.poll)


def _handed_over(view: Any) -> bool:
    if not view.HasField("your_seat"):
        return False
    return any(s.seat == view.your_seat and s.abandoned for s in view.seats)


def _timeout_at(view: Any) -> float | None:
    """When (``time.monotonic()``) the reading seat will be moved for, if its clock runs and
    that is more than the warning's lead away (else the drawing already warned)."""
    from .clocks import WARN_SECONDS, seconds_left

    if not view.HasField("your_seat"):
        return None
    left = seconds_left(view, view.your_seat)
    if left is None or left <= WARN_SECONDS:
        return None
    return time.monotonic() + left


def _submit(engine: Engine, table: str, view: Any, action: Any, retry: bool) -> None:
    """Send a move made at ``view``. A table that changed meanwhile (a real-time deal, another
    seat's move) refuses it as stale: with ``retry`` it is sent again at the new version while
    it is still legal there, so a typed move is not lost to a deal."""
    from .moves import describe

    for _ in range(5):
        try:
            engine.move(table, view.version, action)
            return
        except ClientError as err:
            if not retry or "changed meanwhile" not in str(err):
                raise
            view = engine.view(table)
            wanted = describe(action)
            again = [a for a in view.legal_actions if describe(a) == wanted]
            if not again:
                raise ClientError(
                    f"the table changed before your move reached it; {wanted!r} is no longer legal"
                ) from err
            action = again[0]
    engine.move(table, view.version, action)


def prompt_help(view: Any) -> str:
    """What ``help`` at the move prompt says: how moves are typed, every legal move now, and
    where the rules are."""
    from .moves import describe

    moves = ", ".join(describe(a) for a in view.legal_actions) or "none now"
    return "\n".join(
        [
            "type a move as it is listed (any case); a one-word move may be its last word",
            "(2 for 'bid 2', 10H for 'play 10H'). Ctrl-D leaves the prompt; the table plays",
            "on, and 'inferno play TABLE' brings you back.",
            f"legal now: {moves}",
            f"the rules: inferno rules {view.game}",
        ]
    )


def run(args: argparse.Namespace) -> int:
    path = args.session or default_path()
    session = Session.load(path)
    lobby = Lobby(address(args, session, "lobby"), session)
    try:
        if args.command in ("signup", "login"):
            password = _password(args)
            if args.command == "signup":
                lobby.signup(args.username, password, args.display_name)
            else:
                lobby.login(args.username, password)
            _remember_addresses(args, session, lobby)
            session.save(path)
            print(f"signed in as {session.username} (id {session.account_id})")
            return 0
        if args.command == "guest":
            lobby.guest(args.display_name)
            _remember_addresses(args, session, lobby)
            session.save(path)
            print(f"playing as guest {session.username} (id {session.account_id})")
            return 0
        if args.command == "logout":
            # The tokens go; where the servers are stays for the next sign-in.
            Session(lobby=session.lobby, engine=session.engine, scoring=session.scoring).save(path)
            print("signed out")
            return 0
        if args.command == "games":
            found = lobby.games()
            print(json.dumps(found, indent=2) if args.json else _games_text(found))
            return 0
        if args.command == "rules":
            print(lobby.rules(args.game))
            return 0
        if args.command == "whoami":
            me = lobby.me()
            print(json.dumps(me, indent=2) if args.json else f"{me['username']} ({me['role']})")
        elif args.command == "tables":
            found = lobby.tables(args.game, args.status, args.open_seats)
            if args.json:
                print(json.dumps(found, indent=2))
            for t in [] if args.json else found:
                print(_table_line(t))
            if not found and not args.json:
                print("no tables")
        elif args.command == "create":
            clock = {
                "decision_seconds": args.turn_seconds,
                "time_bank_seconds": args.bank_seconds,
                "increment_seconds": args.increment_seconds,
            }
            table = lobby.create(
                args.game,
                args.players,
                dict(args.option),
                args.private,
                clock=clock,
                spectator_delay_seconds=args.spectator_delay,
            )
            _show_table(args, table)
        elif args.command == "mine":
            found = lobby.mine(args.status)
            if args.json:
                print(json.dumps(found, indent=2))
            for t in [] if args.json else found:
                print(_table_line(t))
            if not found and not args.json:
                print("no tables of yours")
        elif args.command == "leave":
            lobby.leave(args.table)
            print(f"you left table {args.table}")
        elif args.command == "close":
            _show_table(args, lobby.close_table(args.table))
        elif args.command == "quickplay":
            return _quickplay(args, lobby)
        elif args.command == "join":
            _show_table(args, lobby.join(args.table, args.seat, args.invite_code))
        elif args.command == "bots":
            if args.count < 1:
                raise ClientError("--count must be at least 1")
            for _ in range(args.count):
                table = lobby.add_bot(args.table)
            _show_table(args, table)
        elif args.command == "start":
            _show_table(args, lobby.start(args.table))
        elif args.command in ("results", "leaderboard"):
            from .scoring_api import Scoring, leaderboard_text, results_text

            scoring = Scoring(address(args, session, "scoring"))
            try:
                if args.command == "results":
                    if not session.account_id:
                        raise ClientError(
                            "sign in first: inferno signup NAME or inferno login NAME"
                        )
                    found = scoring.matches(session.account_id, args.game, args.limit)
                    print(json.dumps(found, indent=2) if args.json else results_text(found))
                else:
                    found = scoring.leaderboard(args.game, args.limit)
                    print(json.dumps(found, indent=2) if args.json else leaderboard_text(found))
            finally:
                scoring.close()
        elif args.command in ("view", "play", "spectate"):
            # gRPC and the generated code load only for the commands that talk to the engine.
            from .engine_api import Engine
            from .render import render

            if args.command == "spectate":
                # The lobby's spectator token: the engine shows it the public view only.
                watch = lobby.spectator_token(args.table, args.invite_code)
                if watch.get("delay_seconds"):
                    print(f"watching {watch['delay_seconds']} s behind the table", flush=True)
                token = str(watch["token"])
                renew = lambda: str(lobby.spectator_token(args.table, args.invite_code)["token"])  # noqa: E731
            else:
                token = _fresh_token(lobby)
                renew = lambda: _renewed(lobby)  # noqa: E731
            engine = Engine(_engine_address(args, session, lobby), token, renew=renew)
            try:
                if args.command == "view":
                    print(render(engine.view(args.table)))
                elif args.command == "spectate":
                    return _spectate(args, engine)
                else:
                    return _play(args, engine)
            finally:
                engine.close()
        return 0
    finally:
        if lobby.renewed:
            session.save(path)
        lobby.close()


def _games_text(games: list[dict]) -> str:
    lines = []
    for g in games:
        lines.append(
            f"{g['name']}  {g['display_name']}  ({g['min_players']}–{g['max_players']} players)"
        )
        for o in g["options"]:
            lines.append(f"    {o['name']}={o['default']}  ({o['allowed']})  {o['description']}")
    return "\n".join(lines) if lines else "no games"


def _quickplay(args: argparse.Namespace, lobby: Lobby) -> int:
    """Join the quick-play queue and wait for the seat; prints the table to play."""
    ticket = lobby.quickplay(args.game, args.players)
    deadline = time.monotonic() + args.wait
    while ticket.get("status") != "seated":
        if time.monotonic() > deadline:
            raise ClientError(
                f"no table yet after {args.wait:g} s; you are still in the queue "
                "(inferno quickplay again to wait more)"
            )
        time.sleep(0.5)
        ticket = lobby.ticket()
    table = ticket["table_id"]
    print(json.dumps(ticket) if args.json else f"seated at table {table}: inferno play {table}")
    return 0


def _published_engine(lobby: Lobby) -> str:
    """The engine address the lobby publishes (``GET /games``), or "" if it names none."""
    try:
        for game in lobby.games():
            if game.get("engine_address"):
                return str(game["engine_address"])
    except ClientError:
        pass
    return ""


def _remember_addresses(args: argparse.Namespace, session: Session, lobby: Lobby) -> None:
    """At sign-in: keep where the lobby, the engine and scoring are, for later commands."""
    session.lobby = str(lobby.http.base_url).rstrip("/")
    session.engine = _given(args, "engine") or _published_engine(lobby) or session.engine
    session.scoring = _given(args, "scoring") or session.scoring


def _engine_address(args: argparse.Namespace, session: Session, lobby: Lobby) -> str:
    """Flag or environment, the session file, what the lobby publishes, then the default."""
    return (
        _given(args, "engine") or session.engine or _published_engine(lobby) or DEFAULTS["engine"]
    )


def _spectate(args: argparse.Namespace, engine: Engine) -> int:
    """Watch a table: draw it each time its version changes, until it ends (or Ctrl-C).

    A spectator's view is the engine's (no hand of any seat, and the table's spectator delay);
    a player who spectates their own table sees their own seat's view, as ``view`` does."""
    from inferno_proto import engine_pb2

    from .render import render

    deadline = None if args.timeout is None else time.monotonic() + args.timeout
    last = -1
    try:
        while True:
            view = engine.view(args.table)
            if view.version != last:
                print(render(view), flush=True)
                last = view.version
            if view.status in (
                engine_pb2.TABLE_STATUS_FINISHED,
                engine_pb2.TABLE_STATUS_ABORTED,
            ):
                return 0
            if deadline is not None and time.monotonic() > deadline:
                print(f"stopped watching after {args.timeout:g} s", flush=True)
                return 0
            time.sleep(args.poll)
    except KeyboardInterrupt:
        print("\nstopped watching", flush=True)
        return 0


def _renewed(lobby: Lobby) -> str:
    """A new access token from the refresh token (the engine said the old one expired)."""
    lobby.renew()
    return lobby.session.access_token


def _fresh_token(lobby: Lobby) -> str:
    """An access token the engine will accept: renewed through the lobby if it expired."""
    lobby.me()  # a 401 here renews the token with the refresh token
    return lobby.session.access_token


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return run(args)
    except ClientError as err:
        print(f"inferno: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
