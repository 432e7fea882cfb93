"""The launcher brings the platform up on the test servers, and ``inferno`` plays on it.

Everything here goes through real processes and real APIs: the CLI signs up over the lobby's
REST API, opens a table with bots, starts it and moves over the engine's gRPC API.
"""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

import httpx

from .stack_process import StackProcess, run_cli, spawn_cli

PASSWORD = "paradiso-33"


def _signup(stack: StackProcess, session: Path, name: str | None = None) -> str:
    name = name or f"p{uuid.uuid4().hex[:10]}"
    done = run_cli(stack, session, "signup", name, "--password", PASSWORD)
    assert done.returncode == 0, done.stderr
    assert f"signed in as {name}" in done.stdout
    return name


def _create(stack: StackProcess, session: Path, *args: str) -> dict:
    done = run_cli(stack, session, "--json", "create", *args)
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def _view(stack: StackProcess, session: Path, table: str) -> str:
    done = run_cli(stack, session, "view", table)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _legal(view: str) -> list[str]:
    line = next(x for x in view.splitlines() if x.startswith("your move; legal: "))
    return line.removeprefix("your move; legal: ").split(", ")


def test_the_stack_prints_every_address(stack: StackProcess) -> None:
    for name, address in (
        ("engine", stack.engine),
        ("lobby", stack.lobby),
        ("scoring", stack.scoring),
    ):
        assert any(line.split()[:2] == [name, address] for line in stack.lines), stack.output
    assert httpx.get(f"{stack.lobby}/health/ready").status_code == 200
    assert httpx.get(f"{stack.scoring}/readyz").status_code == 200
    # The engine's metrics are on, listed with the others.
    engine_line = next(line for line in stack.lines if line.split()[:1] == ["engine"])
    metrics = re.search(r"metrics (http://127\.0\.0\.1:\d+/metrics)", engine_line)
    assert metrics, engine_line
    assert "inferno_engine" in httpx.get(metrics.group(1)).text
    # The engine for browsers (gRPC-web) runs too, in front of this stack's engine.
    web_line = next(line for line in stack.lines if line.split()[:1] == ["engine-web"])
    web = re.search(r"(http://127\.0\.0\.1:\d+)", web_line)
    assert web, web_line
    assert httpx.get(f"{web.group(1)}/health/ready").status_code == 200
    missing = httpx.post(f"{web.group(1)}/inferno.engine.v1.Engine/Nope", content=b"")
    assert missing.status_code == 404 and "GetView" in missing.text


def test_every_listener_of_the_stack_binds_127_0_0_1(stack: StackProcess) -> None:
    import psutil

    listening = []
    for pid in stack.child_pids():
        process = psutil.Process(pid)
        for proc in (process, *process.children(recursive=True)):
            for conn in proc.net_connections(kind="inet"):
                if conn.status == psutil.CONN_LISTEN:
                    # gRPC's dual-stack socket shows 127.0.0.1 as ::ffff:127.0.0.1 (IPv4-mapped).
                    ip = conn.laddr.ip.removeprefix("::ffff:")
                    listening.append((proc.name(), ip, conn.laddr.port))
    assert len(listening) >= 6, listening  # engine (+ metrics), lobby, scoring, worker, …
    assert {ip for _, ip, _ in listening} == {"127.0.0.1"}, listening


def test_a_player_signs_up_opens_a_table_with_bots_and_moves(
    stack: StackProcess, session_file: Path
) -> None:
    name = _signup(stack, session_file)
    # Sealed bids: every seat bids at once, so seat 0 can move before the bots do.
    table = _create(stack, session_file, "--players", "4", "--option", "SIMULTANEOUS_BIDS=true")
    assert table["seats"][0]["name"] == name and table["open_seats"] == 3
    done = run_cli(stack, session_file, "bots", table["id"], "--count", "3")
    assert done.returncode == 0, done.stderr
    assert "0 open" in done.stdout and done.stdout.count("(bot)") == 3
    listed = run_cli(stack, session_file, "tables", "--status", "open")
    assert table["id"] in listed.stdout
    done = run_cli(stack, session_file, "start", table["id"])
    assert done.returncode == 0, done.stderr
    assert "started" in done.stdout

    view = _view(stack, session_file, table["id"])
    assert f"{name} ← you" in view
    hand = next(x for x in view.splitlines() if x.startswith("your hand: "))
    assert len(hand.removeprefix("your hand: ").split()) == 1  # hand 1 has one card
    assert view.count("your hand") == 1  # the bots' cards are nowhere
    legal = _legal(view)
    assert legal[0].startswith("bid ")

    done = run_cli(stack, session_file, "play", table["id"], "--move", legal[0])
    assert done.returncode == 0, done.stderr
    # The worker's bots move too (sealed bids: they may bid before or after us).
    played = re.search(rf"played {re.escape(legal[0])} → version (\d+)", done.stdout)
    assert played is not None and int(played.group(1)) >= 2, done.stdout
    after = _view(stack, session_file, table["id"])
    assert "your hand" in after and f"{name} ← you" in after


def _mine(view: str) -> list[str]:
    """The lines of a view that only the player's own moves change: their seat and hand."""
    return [line for line in view.splitlines() if "← you" in line or line.startswith("your hand")]


def test_four_players_play_a_whole_game_through_the_client(
    stack: StackProcess, tmp_path: Path
) -> None:
    sessions = [tmp_path / f"s{i}.json" for i in range(4)]
    names = [_signup(stack, s) for s in sessions]
    table = _create(stack, sessions[0], "--players", "4", "--option", "ORDER=DESC")
    for s in sessions[1:]:
        assert run_cli(stack, s, "join", table["id"]).returncode == 0
    assert run_cli(stack, sessions[0], "start", table["id"]).returncode == 0

    players = [
        spawn_cli(stack, s, "play", table["id"], "--auto", "--quiet", "--poll", "0.02")
        for s in sessions
    ]
    outputs = [p.communicate(timeout=150) for p in players]
    for p, (out, err) in zip(players, outputs, strict=True):
        assert p.returncode == 0, err
        assert "finished" in out and "seed (revealed): " in out
        assert "hand 13 of 13" in out
    # Every player saw the same final scores.
    finals = {tuple(re.findall(r"seat (\d): (\S+).* score +(-?\d+)", out)) for out, _ in outputs}
    assert len(finals) == 1
    (final,) = finals
    assert [name for _, name, _ in final] == names


def test_refusals_are_explained_and_change_nothing(
    stack: StackProcess, session_file: Path, tmp_path: Path
) -> None:
    nobody = run_cli(stack, tmp_path / "none.json", "tables")
    assert nobody.returncode == 1 and "sign in first" in nobody.stderr

    name = _signup(stack, session_file)
    taken = run_cli(stack, tmp_path / "other.json", "signup", name, "--password", PASSWORD)
    assert taken.returncode == 1 and "taken" in taken.stderr
    wrong = run_cli(stack, tmp_path / "other.json", "login", name, "--password", "not-it-at-all")
    assert wrong.returncode == 1 and wrong.stderr.startswith("inferno: ")

    bad = run_cli(stack, session_file, "create", "--option", "ORDER=SIDEWAYS")
    assert bad.returncode == 1 and "ORDER" in bad.stderr and "ASC" in bad.stderr

    table = _create(stack, session_file, "--players", "4", "--option", "SIMULTANEOUS_BIDS=true")
    early = run_cli(stack, session_file, "view", table["id"])
    assert early.returncode == 1 and "no such table" in early.stderr
    assert run_cli(stack, session_file, "bots", table["id"], "--count", "3").returncode == 0
    assert run_cli(stack, session_file, "start", table["id"]).returncode == 0
    # The worker's bots bid meanwhile (sealed bids), so compare what is the player's own.
    before = _mine(_view(stack, session_file, table["id"]))

    for move in ("bid 40", "play ZZ", "fold"):
        refused = run_cli(stack, session_file, "play", table["id"], "--move", move)
        assert refused.returncode == 1
        assert "not a legal move now; legal: bid 0, bid 1" in refused.stderr
    assert _mine(_view(stack, session_file, table["id"])) == before

    # The interactive mode, moves on standard input: a wrong one is explained, then it plays.
    typed = run_cli(stack, session_file, "play", table["id"], stdin="bid 40\nbid 0\n")
    assert typed.returncode == 0, typed.stderr
    assert "your hand: " in typed.stdout and "your move; legal: bid 0, bid 1" in typed.stdout
    assert "'bid 40' is not a legal move now" in typed.stdout
    assert "you played bid 0" in typed.stdout
    assert _mine(_view(stack, session_file, table["id"])) != before

    again = run_cli(stack, session_file, "start", table["id"])
    assert again.returncode == 1 and again.stderr.startswith("inferno: ")
    unknown = run_cli(stack, session_file, "join", "no-such-table")
    assert unknown.returncode == 1 and unknown.stderr.startswith("inferno: ")


def test_the_commands_a_player_expects(stack: StackProcess, session_file: Path) -> None:
    """games, guest, mine, leave, close, quickplay and logout, through the real stack."""
    games = run_cli(stack, session_file, "games")
    assert games.returncode == 0, games.stderr
    assert "oh_hell" in games.stdout and "ORDER=ASC" in games.stdout and "players" in games.stdout
    rules = run_cli(stack, session_file, "rules", "inferno")
    assert rules.returncode == 0 and "how to play" in rules.stdout and "take" in rules.stdout
    unknown = run_cli(stack, session_file, "rules", "chess")
    assert unknown.returncode == 1 and "GET /games" in unknown.stderr

    guest = run_cli(stack, session_file, "guest", "--display-name", "Virgil")
    assert guest.returncode == 0 and "playing as guest" in guest.stdout, guest.stderr
    table = _create(stack, session_file, "--players", "3", "--private")
    mine = run_cli(stack, session_file, "mine")
    assert mine.returncode == 0 and table["id"] in mine.stdout, mine.stderr
    closed = run_cli(stack, session_file, "close", table["id"])
    assert closed.returncode == 0 and "closed" in closed.stdout, closed.stderr
    assert table["id"] not in run_cli(stack, session_file, "mine", "--status", "open").stdout

    other = Path(str(session_file) + ".other")
    _signup(stack, other)
    opened = _create(stack, other, "--players", "4")
    assert run_cli(stack, session_file, "join", opened["id"]).returncode == 0
    left = run_cli(stack, session_file, "leave", opened["id"])
    assert left.returncode == 0 and "you left" in left.stdout, left.stderr
    assert opened["id"] not in run_cli(stack, session_file, "mine").stdout

    # Quick play: with the lobby's bot wait, a lone player is seated with bots.
    seated = run_cli(stack, session_file, "quickplay", "--players", "3", "--wait", "60", timeout=90)
    assert seated.returncode == 0 and "seated at table" in seated.stdout, seated.stderr

    out = run_cli(stack, session_file, "logout")
    assert out.returncode == 0 and "signed out" in out.stdout
    after = run_cli(stack, session_file, "mine")
    assert after.returncode == 1 and "sign in first" in after.stderr


def test_the_printed_operator_command_grants_the_role_in_this_runs_database(
    stack: StackProcess, session_file: Path
) -> None:
    """grant-operator must be told the database the launcher started; the launcher prints the
    whole command, and it works as printed."""
    import shlex
    import subprocess

    from .stack_process import child_env

    name = _signup(stack, session_file)
    line = next(x for x in stack.lines if x.strip().startswith("operator:"))
    words = shlex.split(line.strip().removeprefix("operator:").replace("NAME", name))
    setting, command = words[0], words[1:]
    key, _, url = setting.partition("=")
    assert key == "INFERNO_DATABASE_URL" and url
    done = subprocess.run(
        command, env=child_env(INFERNO_DATABASE_URL=url), capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert f"{name} is now an operator" in done.stdout
    again = run_cli(stack, session_file, "login", name, "--password", PASSWORD)
    assert again.returncode == 0, again.stderr
    me = run_cli(stack, session_file, "whoami")
    assert "(operator)" in me.stdout, me.stdout
