"""A person at a terminal plays whole games (issue 14.1): ``inferno play`` runs in a real
pseudo-terminal (pexpect), against the real stack with bots in the other seats, and every one
of the player's moves is typed at the ``move>`` prompt after reading it from the screen.

Inferno (2005) is turn-based: the table is redrawn after each change, the player types the
move the screen lists, ``take`` included. Burn in Hell is real time (issue 14.3): the table must
be redrawn as it deals on while the prompt waits, with nothing typed, and the prompt must still
take moves; the player says ``finished on`` once the deck is out, as the bots do, so the round
ends (E3). Burn in Hell cannot be shorter than its deck: 108 cards at the fastest deal
(DEAL_INTERVAL_MS=1000) after a 5 s countdown, so that test takes about two minutes.
"""

from __future__ import annotations

import json
import re
import sys
import time
import uuid
from pathlib import Path

import pexpect

from tests.integration.stack_process import StackProcess, child_env, run_cli

PASSWORD = "paradiso-33"
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _table(
    stack: StackProcess, session: Path, game: str, players: int, *options: str, clock: tuple = ()
) -> str:
    name = f"p{uuid.uuid4().hex[:10]}"
    done = run_cli(stack, session, "signup", name, "--password", PASSWORD)
    assert done.returncode == 0, done.stderr
    flags = [x for o in options for x in ("--option", o)] + list(clock)
    done = run_cli(stack, session, "--json", "create", "--game", game, "--players", str(players),
                   *flags)  # fmt: skip
    assert done.returncode == 0, done.stderr
    table = str(json.loads(done.stdout)["id"])
    for step in (("bots", table, "--count", str(players - 1)), ("start", table)):
        done = run_cli(stack, session, *step)
        assert done.returncode == 0, done.stderr
    return table


class Terminal:
    """``inferno play TABLE`` in a pseudo-terminal, with everything it has shown so far."""

    def __init__(self, stack: StackProcess, session: Path, table: str) -> None:
        args = ["-m", "inferno_cli", "--lobby", stack.lobby, "--engine", stack.engine]
        args += ["--session", str(session), "play", table, "--poll", "0.1"]
        self.child = pexpect.spawn(
            sys.executable, args, env=child_env(), encoding="utf-8", timeout=90,
            dimensions=(60, 220),
        )  # fmt: skip
        self.screen = ""
        self.typed: list[str] = []

    def next(self, timeout: float = 90) -> str:
        """Wait for the prompt or the end: "prompt", "over" or "eof"."""
        which = self.child.expect(["move> ", "seed \\(revealed\\)", pexpect.EOF], timeout=timeout)
        self.screen += ESCAPES.sub("", (self.child.before or "") + str(self.child.after or ""))
        return ("prompt", "over", "eof")[which]

    def legal(self) -> list[str]:
        line = [x for x in self.screen.splitlines() if x.startswith("your move; legal: ")][-1]
        return line.removeprefix("your move; legal: ").strip().split(", ")

    def type(self, move: str) -> None:
        self.typed.append(move)
        self.child.sendline(move)

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


def test_a_whole_inferno_game_typed_at_the_prompt(stack: StackProcess, tmp_path: Path) -> None:
    session = tmp_path / "session.json"
    table = _table(stack, session, "inferno", 3)
    term = Terminal(stack, session, table)
    started = time.monotonic()
    try:
        while (seen := term.next()) == "prompt":
            assert time.monotonic() - started < 240, term.screen[-3000:]
            term.type(term.legal()[0])
        assert seen == "over", term.screen[-3000:]
        term.child.expect(pexpect.EOF, timeout=30)
        term.screen += ESCAPES.sub("", term.child.before or "")
    finally:
        term.close()
    screen = term.screen
    # Every move was typed, and each was taken (the engine's answer: "you played …").
    assert len(term.typed) >= 10, screen[-3000:]
    played = re.findall(r"^you played (.+?)\r?$", screen, flags=re.M)
    assert len(played) == len(term.typed), (term.typed, played)
    assert "take" in term.typed, "a forced take was typed at least once in a whole game"
    # The table was drawn after every change (the bots' moves too), and the end says why.
    assert screen.count(f"table {table} · inferno · ") > len(term.typed)
    assert "game over: " in screen and "why: the lowest total wins" in screen
    assert "refused" not in screen and "not a legal move" not in screen


def test_a_whole_burn_in_hell_game_typed_while_the_table_deals_on(
    stack: StackProcess, tmp_path: Path
) -> None:
    session = tmp_path / "session.json"
    table = _table(stack, session, "burn_in_hell", 4, "MATCH=OPEN", "DEAL_INTERVAL_MS=1000")
    term = Terminal(stack, session, table)
    header = f"table {table} · burn_in_hell · "
    try:
        assert term.next() == "prompt", term.screen
        # Nothing typed: the table deals on and the screen follows, prompt after prompt.
        drawn = term.screen.count(header)
        for _ in range(3):
            assert term.next(timeout=30) == "prompt", term.screen[-3000:]
        assert term.screen.count(header) >= drawn + 3, term.screen[-3000:]
        assert not term.typed
        said_finished = False
        while (seen := term.next(timeout=120)) == "prompt":
            legal = term.legal()
            phase = [x for x in term.screen.splitlines() if x.startswith("round ")][-1]
            if said_finished:
                continue  # done: wait for the others to say so too
            if " · ending · " in phase and "finished on" in legal:
                term.type("finished on")
                said_finished = True
                continue
            # While it deals: grab, release, circle…, whatever the screen offers first.
            moves = [m for m in legal if not m.startswith("finished")]
            if moves and len(term.typed) < 30:
                term.type(moves[0])
        assert seen == "over", term.screen[-3000:]
        term.child.expect(pexpect.EOF, timeout=30)
    finally:
        term.close()
    screen = term.screen
    assert len(term.typed) >= 3 and len(re.findall(r"^you played ", screen, flags=re.M)) >= 3
    assert screen.count(header) >= 50  # redrawn as it dealt: about one card a second
    assert "game over: " in screen and "why: the highest total wins" in screen


def test_the_clock_warns_at_the_prompt_before_a_timeout_and_before_the_hand_over(
    stack: StackProcess, tmp_path: Path
) -> None:
    """Issue 14.2: nothing typed, a 25 s decision (10 s, then a 15 s bank): the warning comes
    by itself while the prompt waits. Then a table of 1 s decisions and no bank: each timeout
    is counted on screen, the last one before the hand-over says so, and the hand-over too."""
    session = tmp_path / "session.json"
    clock = ("--turn-seconds", "10", "--bank-seconds", "15")
    table = _table(stack, session, "oh_hell", 3, "ORDER=DESC", clock=clock)
    term = Terminal(stack, session, table)
    try:
        while "⏱ " not in term.screen or not term.screen.split("⏱ ")[-1].startswith("you: "):
            assert term.next(timeout=60) == "prompt", term.screen[-3000:]
        shown = len(term.screen)
        assert "clock: 10 s per decision, bank 15 s" in term.screen
        term.child.expect("⚠ ([0-9]+) s left to move: then the game's default move", timeout=30)
        assert int(term.child.match.group(1)) <= 15
        assert "⚠" not in term.screen[:shown]  # it came while the prompt waited
        term.child.expect("move> ", timeout=10)
        term.screen += ESCAPES.sub("", term.child.before or "")
        term.type(term.legal()[0])
        term.child.expect("you played ", timeout=30)
    finally:
        term.close()

    fast = tmp_path / "fast.json"
    table = _table(stack, fast, "oh_hell", 3, "ORDER=DESC",
                   clock=("--turn-seconds", "1", "--bank-seconds", "0"))  # fmt: skip
    term = Terminal(stack, fast, table)
    try:
        for expected in (
            "you timed out 1 time\\(s\\) in a row: 2 more and a bot takes your seat",
            "then a bot takes your seat for the rest of the game",
            "your seat was handed to a bot for the rest of the game",
        ):
            term.child.expect(expected, timeout=60)
        term.child.expect("handed to a bot\\) ← you", timeout=60)
    finally:
        term.close()
