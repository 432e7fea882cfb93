"""The commands a player expects (issue 14.5), through a real stack and the real ``inferno``
process: the session remembers the lobby, the engine (as the lobby publishes it) and scoring,
so no command after sign-in names a server; the end screen says who won and why; Oh Hell's
hand summary and who played which card; ``spectate``; ``results`` and ``leaderboard`` from
the scoring service."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import uuid
from pathlib import Path

from tests.integration.stack_process import StackProcess, child_env

PASSWORD = "paradiso-33"


def cli(session: Path, *args: str, timeout: float = 180.0) -> subprocess.CompletedProcess[str]:
    """``inferno --session S ARGS``: no server address unless ARGS name one, and none in the
    environment either (the stack's own variables are not the player's)."""
    env = {k: v for k, v in child_env().items() if not k.startswith("INFERNO_")}
    env["HOME"] = str(session.parent)  # no default session file of the machine's
    command = [sys.executable, "-m", "inferno_cli", "--session", str(session), *args]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)


def _until(check, what: str, timeout: float = 60.0):
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout:g} s")
        time.sleep(0.3)


def test_a_whole_oh_hell_game_with_no_server_named_after_sign_in(
    stack: StackProcess, tmp_path: Path
) -> None:
    session = tmp_path / "session.json"
    name = f"p{uuid.uuid4().hex[:10]}"
    done = cli(
        session, "--lobby", stack.lobby, "--scoring", stack.scoring, "signup", name,
        "--password", PASSWORD,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    kept = json.loads(session.read_text())
    # The engine's address is the one the lobby publishes; nobody typed it.
    assert kept["lobby"] == stack.lobby and kept["engine"] == stack.engine, kept
    assert kept["scoring"] == stack.scoring

    done = cli(session, "--json", "create", "--players", "7", "--option", "ORDER=DESC")
    assert done.returncode == 0, done.stderr
    table = json.loads(done.stdout)["id"]
    for step in (("bots", table, "--count", "6"), ("start", table)):
        done = cli(session, *step)
        assert done.returncode == 0, done.stderr
    played = cli(session, "play", table, "--auto", "--poll", "0.05", "--timeout", "150")
    assert played.returncode == 0, played.stderr
    out = played.stdout
    # Oh Hell: each scored hand is summed up, and the last trick names who played each card.
    assert "hand 1 scored (7 cards," in out, out[-3000:]
    assert "hand 7 scored (1 cards," in out
    summary = out.split("hand 1 scored", 1)[1].splitlines()[1:8]
    assert all(" bid " in line and " won " in line and " points" in line for line in summary)
    assert any("last trick: " in line and "→ won by" in line for line in out.splitlines())
    assert f"{name} ← you: " in out or f"{name}: " in out
    # The end screen: who won and why.
    end = out[out.rindex("· finished ·") :]
    assert "game over: " in end and ("wins" in end or "share the win" in end), end
    assert "why: the highest total after the last hand wins" in end
    assert "final totals: " in end

    # Someone else watches the finished table: the end, and no seat's hand.
    other = tmp_path / "other.json"
    done = cli(other, "--lobby", stack.lobby, "signup", f"s{uuid.uuid4().hex[:10]}",
               "--password", PASSWORD)  # fmt: skip
    assert done.returncode == 0, done.stderr
    watched = cli(other, "spectate", table, "--timeout", "30")
    assert watched.returncode == 0, watched.stderr
    assert "game over: " in watched.stdout and "your hand" not in watched.stdout

    # Scoring: the match in the player's results, with a rating, and the player on the board.
    def results() -> str:
        done = cli(session, "results")
        assert done.returncode == 0, done.stderr
        return done.stdout if table in done.stdout else ""

    shown = _until(results, "the match reaching scoring")
    assert "your rating in oh_hell: " in shown and "rating " in shown
    board = cli(session, "leaderboard", "oh_hell", "--limit", "50")
    assert board.returncode == 0, board.stderr
    assert "oh_hell: the top" in board.stdout and name in board.stdout
    assert "(bot)" not in board.stdout
    assert cli(session, "leaderboard", "no_such_game").returncode == 1


def test_spectate_redraws_a_live_table_until_it_ends(stack: StackProcess, tmp_path: Path) -> None:
    owner, watcher = tmp_path / "owner.json", tmp_path / "watcher.json"
    for path in (owner, watcher):
        done = cli(path, "--lobby", stack.lobby, "signup", f"p{uuid.uuid4().hex[:10]}",
                   "--password", PASSWORD)  # fmt: skip
        assert done.returncode == 0, done.stderr
    done = cli(owner, "--json", "create", "--players", "3", "--option", "ORDER=DESC")
    table = json.loads(done.stdout)["id"]
    assert cli(owner, "bots", table, "--count", "2").returncode == 0
    assert cli(owner, "start", table).returncode == 0
    env = {k: v for k, v in child_env().items() if not k.startswith("INFERNO_")}
    env["HOME"] = str(tmp_path)
    watching = subprocess.Popen(
        [sys.executable, "-m", "inferno_cli", "--session", str(watcher), "spectate", table,
         "--poll", "0.05", "--timeout", "170"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        played = cli(owner, "play", table, "--auto", "--quiet", "--poll", "0.05")
        assert played.returncode == 0, played.stderr
        out, err = watching.communicate(timeout=120)
    finally:
        if watching.poll() is None:
            watching.kill()
    assert watching.returncode == 0, err
    versions = [line for line in out.splitlines() if line.startswith(f"table {table} · ")]
    assert len(versions) >= 5, out[-2000:]  # redrawn as the game went on
    assert versions[-1].split(" · ")[2] == "finished"
    assert "game over: " in out
    # A spectator never sees a hand, nor gets a move prompt.
    assert "your hand" not in out and "your move" not in out
