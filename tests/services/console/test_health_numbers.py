"""The health page's reading of the services' Prometheus text: applied moves, and the
worker's timer lateness until commit (not until start)."""

from __future__ import annotations

from inferno_console.health import _metric_sums

TEXT = """# TYPE inferno_engine_actions_total counter
inferno_engine_actions_total{game="oh_hell",outcome="applied"} 7.0
inferno_engine_actions_total{game="inferno",outcome="applied"} 3.0
inferno_engine_actions_total{game="oh_hell",outcome="rejected"} 5.0
# TYPE inferno_worker_timer_lateness_seconds histogram
inferno_worker_timer_lateness_seconds_sum{task="bot_move",stage="committed"} 0.5
inferno_worker_timer_lateness_seconds_count{task="bot_move",stage="committed"} 10.0
inferno_worker_timer_lateness_seconds_sum{task="bot_move",stage="started"} 0.1
inferno_worker_timer_lateness_seconds_count{task="bot_move",stage="started"} 10.0
"""


def test_applied_moves_and_committed_lateness_are_told_apart() -> None:
    sums = _metric_sums(TEXT)
    assert sums["applied"] == 10.0
    assert sums["inferno_engine_actions_total"] == 15.0
    assert sums["lateness_sum"] == 0.5 and sums["lateness_count"] == 10.0
