"""The figures of a chaos run: printed at the end, and written into ``docs/reliability.md``.

:class:`Figures` is what a run measured; :func:`render` makes the Markdown block and
:func:`write_page` replaces the block between the page's ``<!-- chaos:figures -->`` markers
(the prose around it stays as written).
"""

from __future__ import annotations

import os
import platform
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from .checks import CheckResult

BEGIN, END = "<!-- chaos:figures:begin -->", "<!-- chaos:figures:end -->"


@dataclass
class Figures:
    seed: int
    command: str
    tables: int
    tables_by_game: dict[str, int]
    moves_accepted: int
    moves_checked: int
    retried_moves: int
    replayed_answers: int
    refused_moves: int
    kills: dict[str, int]
    died_alone: dict[str, int]
    longest_down_s: float
    chaos_s: float
    finish_after_last_kill_s: float | None
    longest_stall_s: float
    longest_stall_table: str
    wall_s: float
    checks: list[CheckResult] = field(default_factory=list)
    load_before: tuple[float, float, float] = (0.0, 0.0, 0.0)
    load_after: tuple[float, float, float] = (0.0, 0.0, 0.0)
    when: str = field(default_factory=lambda: datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"))

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)


def machine() -> str:
    return f"{platform.node() or 'this machine'}, {os.cpu_count()} cores, {platform.system()}"


def render(f: Figures) -> str:
    verdict = "**all checks passed**" if f.passed else "**CHECKS FAILED**"
    if f.finish_after_last_kill_s is None:
        finish = "—"
    elif f.finish_after_last_kill_s <= 0:
        finish = "0 s (every table had ended before the last kill)"
    else:
        finish = f"{f.finish_after_last_kill_s:.1f} s"
    load = lambda t: " / ".join(f"{x:.2f}" for x in t)  # noqa: E731
    lines = [
        f"Run of {f.when} on {machine()}; load average (1/5/15 min) {load(f.load_before)} "
        f"before, {load(f.load_after)} after. Command: `{f.command}` (seed {f.seed}). "
        f"Result: {verdict}.",
        "",
        "| figure | value |",
        "|---|---|",
        f"| tables | {f.tables} ("
        + ", ".join(f"{g} {n}" for g, n in sorted(f.tables_by_game.items()))
        + ") |",
        f"| moves the driver had accepted / checked in the log | {f.moves_accepted} / "
        f"{f.moves_checked} |",
        f"| moves sent again through an outage (same action id) | {f.retried_moves} "
        f"({f.replayed_answers} answered as replays) |",
        f"| moves refused | {f.refused_moves} |",
        f"| kills (SIGKILL) | {sum(f.kills.values())}: "
        + ", ".join(f"{k} {n}" for k, n in f.kills.items())
        + " |",
        "| processes that died by themselves (restarted) | "
        + (", ".join(f"{k} {n}" for k, n in f.died_alone.items() if n) or "none")
        + " |",
        f"| longest time a killed process was down (kill → healthy) | {f.longest_down_s:.1f} s |",
        f"| chaos phase | {f.chaos_s:.0f} s |",
        f"| every table finished, after the last kill's restart | {finish} |",
        f"| longest stall (a live table's version unchanged) | {f.longest_stall_s:.1f} s "
        f"(`{f.longest_stall_table}`) |",
        f"| wall time | {f.wall_s:.0f} s |",
        "",
        "| check | looked at | result |",
        "|---|---|---|",
    ]
    for c in f.checks:
        state = "passed" if c.passed else f"FAILED ({len(c.problems)})"
        lines.append(f"| {c.name} | {c.checked} | {state} |")
    problems = [f"- {c.name}: {p}" for c in f.checks for p in c.problems[:20]]
    if problems:
        lines += ["", "Problems found:", "", *problems]
    return "\n".join(lines)


def text(f: Figures) -> str:
    return render(f)


def write_page(path: Path, f: Figures) -> None:
    """Replace the figures block of ``path`` (appended if the markers are missing)."""
    block = f"{BEGIN}\n{render(f)}\n{END}"
    page = path.read_text() if path.exists() else "# Reliability\n"
    if BEGIN in page and END in page:
        head, rest = page.split(BEGIN, 1)
        page = head + block + rest.split(END, 1)[1]
    else:
        page = page.rstrip("\n") + "\n\n## Latest figures\n\n" + block + "\n"
    path.write_text(page)
