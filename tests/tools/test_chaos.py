"""The chaos run, bounded (``tools/chaos``, docs/reliability.md): real processes, real kills.

Its own Redis (append-only, fsync always, a free port), a fresh PostgreSQL database, every
service started as ``make run`` does. The turn-based games of the rules registry at every seat
count, one table each, the run playing seat 0 of each; six SIGKILLs, the first six going
through every kind of process once (Redis, engine, lobby, scoring, Celery worker,
dispatcher), each restarted after a short pause. Every check of the full run must pass.

Real-time games are left to ``make chaos``: a Burn in Hell round lasts about three minutes
by its rules (one card a second, then a quiet minute), beyond this test's budget.
"""

from __future__ import annotations

import pytest

from inferno_rules import all_games
from tools.chaos.report import render
from tools.chaos.run import Options, run
from tools.chaos.stack import KINDS

TURN_BASED = [name for name, game in all_games().items() if not game.info.nature.real_time]


@pytest.mark.timeout(900)
def test_chaos_bounded() -> None:
    figures = run(
        Options(
            tables_per_count=1,
            seats="all",
            games=TURN_BASED,
            duration=90,
            kill_every=3.0,
            kills=len(KINDS),
            pause=(0.5, 1.5),
            seed=13,
            finish_timeout=400,
            progress=False,
            command="tests/tools/test_chaos.py",
        )
    )
    print(render(figures))  # shown with the failure (or with -s)
    kills = figures.kills
    assert all(kills[name] >= 1 for name in KINDS), kills
    assert figures.moves_checked > 0
    for check in figures.checks:
        assert check.passed, (check.name, check.problems[:10])
    assert figures.tables == sum(
        g.info.max_players - g.info.min_players + 1
        for name, g in all_games().items()
        if name in TURN_BASED
    )
