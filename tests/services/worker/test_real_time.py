"""Real-time tables through the real engine, Celery worker and dispatcher: clock ticks.

A Burn in Hell table deals a card every interval with nobody at it but the timer: the engine
announces each next tick, the dispatcher hands it to the timer, the timer enqueues
``clock_tick`` when due and the task asks the engine's AdvanceClock. An operator's pause stops
the deal; the resume starts it again. Bots at the table look at it after each change and play.
"""

from __future__ import annotations

import time

from inferno_proto import engine_pb2

from .test_celery_harness import (  # noqa: F401 (fixtures)
    Stack,
    stack_fixture,
    wait_until,
)
from .test_clocks import _bus

DEAL_MS = 1000
HUMANS = [("ana", False), ("bruno", False), ("carla", False), ("duarte", False)]


def open_table(stack: Stack, table_id: str, seats: list[tuple[str, bool]]) -> None:
    request = engine_pb2.CreateTableRequest(table_id=table_id, game="burn_in_hell")
    for player_id, bot in seats:
        request.seats.add(player_id=player_id, name=player_id.title(), bot=bot)
    request.options.burn_in_hell.deal_interval_ms = DEAL_MS
    stack.stub.CreateTable(request, metadata=stack.service)


def dealt(stack: Stack, table_id: str) -> int:
    view = stack.view(table_id).burn_in_hell
    return 108 - view.deck_count


def operator_call(stack: Stack, method: str, request: object) -> None:
    from inferno_auth import Role, issue_token

    from .test_celery_harness import KEY

    token = issue_token(KEY, "olga", Role.OPERATOR)
    getattr(stack.stub, method)(request, metadata=[("authorization", f"Bearer {token}")])


def test_the_timer_deals_on_time_and_a_pause_stops_the_deal(stack: Stack) -> None:
    stack.worker()
    stack.dispatcher()
    open_table(stack, "rt", HUMANS)
    first = stack.view("rt").clocks.next_tick_at_ms
    wait_until(
        lambda: dealt(stack, "rt") >= 3,
        timeout=first / 1000 - time.time() + 15,
        what="three cards dealt by the timer",
    )
    # On time: the n-th card is dealt at first + (n-1) × interval, give or take the timer.
    view = stack.view("rt")
    expected = 1 + (view.clocks.game_time_ms - view.burn_in_hell.round_starts_at) // DEAL_MS
    assert abs(dealt(stack, "rt") - expected) <= 1

    operator_call(stack, "PauseTable", engine_pb2.PauseTableRequest(table_id="rt", reason="x"))
    held = dealt(stack, "rt")
    time.sleep(2.5 * DEAL_MS / 1000)
    assert dealt(stack, "rt") == held, "nothing is dealt while the table is paused"

    operator_call(stack, "ResumeTable", engine_pb2.ResumeTableRequest(table_id="rt", reason="y"))
    wait_until(lambda: dealt(stack, "rt") >= held + 2, timeout=10, what="the deal to go on")


def test_bots_at_a_real_time_table_play_by_themselves(stack: Stack) -> None:
    stack.worker()
    stack.dispatcher(INFERNO_WORKER_REAL_TIME_THINK_MS="300", INFERNO_WORKER_BOT="random")
    seats = [("ana", False), ("bot-a", True), ("bot-b", True), ("bot-c", True)]
    open_table(stack, "bots", seats)

    def movers() -> set[int]:
        applied = [e for e in _bus(stack, "bots") if e.type == "table.action_applied"]
        return {int(e.payload["seat"]) for e in applied}

    wait_until(lambda: movers() == {1, 2, 3}, timeout=25, what="every bot to make a move")
    assert 0 not in movers(), "the human's seat is nobody's but the human's"
