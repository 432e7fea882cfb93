"""Operations: idle tables are closed, and operators can see the workers.

Real engine, Redis, Celery worker and dispatcher: a table where nobody moves (no clock) is
aborted with reason "idle" once past the limit, while a table of bots that keeps moving stays;
``celery inspect ping`` answers for the running worker; the idle-close task refuses bad
arguments with a message and changes nothing.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from inferno_clock import ClockPolicy
from inferno_proto import engine_pb2

from .test_celery_harness import (  # noqa: F401 (fixtures)
    KEY,
    Stack,
    stack_fixture,
    wait_until,
)


def test_a_table_nobody_moves_at_is_closed_and_a_busy_one_is_not(stack: Stack) -> None:
    stack.worker()
    stack.dispatcher(INFERNO_WORKER_IDLE_CLOSE_S="2", INFERNO_WORKER_TURN_MS="0")
    stack.create_table("quiet", [("ana", False), ("bo", False), ("cy", False)])
    stack.create_table("busy", [("b1", True), ("b2", True), ("b3", True), ("b4", True)])
    wait_until(
        lambda: stack.view("quiet").status == engine_pb2.TABLE_STATUS_ABORTED, 30, "idle close"
    )
    busy = stack.view("busy")
    assert busy.status == engine_pb2.TABLE_STATUS_LIVE and busy.version > 10
    # The engine's audit log says who closed it and why.
    import redis

    client = redis.Redis.from_url(stack.redis_url)
    try:
        audit = client.xrange(f"{stack.prefix}audit")
    finally:
        client.close()
    text = " ".join(str(fields) for _, fields in audit)
    assert "quiet" in text and "idle" in text


def test_operators_can_see_the_workers(stack: Stack) -> None:
    worker = stack.worker()
    wait_until(lambda: "ready" in worker.text(), 30, "the worker to start")
    ping = subprocess.run(
        [sys.executable, "-m", "celery", "-A", "inferno_worker.celery_app", "inspect", "ping"],
        env=stack.env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ping.returncode == 0, ping.stderr
    assert "pong" in ping.stdout


def test_close_idle_refuses_bad_arguments_and_changes_nothing(stack: Stack) -> None:
    from inferno_worker import moves
    from inferno_worker.engine_client import EngineClient

    version = stack.create_table("keep", [("ana", False), ("bo", False), ("cy", False)])
    engine = EngineClient(stack.engine.address, KEY)
    try:
        for args in [("", 1), (None, 1), ("keep", 0), ("keep", "1"), ("keep", True)]:
            with pytest.raises(moves.BadMove, match="must be"):
                moves.close_idle(engine, *args)
        # A version the table is no longer at: nothing is closed.
        seat = stack.view("keep").decision.seats[0]
        stack.stub.SubmitAction(
            engine_pb2.SubmitActionRequest(
                table_id="keep", expected_version=version, action_id="t", seat=seat, forced=True
            ),
            metadata=stack.service,
        )
        assert moves.close_idle(engine, "keep", version).startswith("table moved on")
        assert moves.close_idle(engine, "nope", 1).startswith("moved on (NOT_FOUND")
        assert stack.view("keep").status == engine_pb2.TABLE_STATUS_LIVE
    finally:
        engine.close()


def test_an_unreachable_engine_is_retried_not_taken_as_moved_on(
    redis_url: str, redis_prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import grpc
    import redis

    from inferno_worker.settings import get_settings

    monkeypatch.setenv("INFERNO_TOKEN_KEY", KEY)
    monkeypatch.setenv("INFERNO_REDIS_PREFIX", redis_prefix)
    get_settings.cache_clear()
    from inferno_worker import moves, tasks
    from inferno_worker.engine_client import EngineClient
    from inferno_worker.table_records import TableRecords
    from tests.support.engine_process import free_port

    client = redis.Redis.from_url(redis_url)
    records = TableRecords(client, redis_prefix)
    records.create(
        "gone", "oh_hell", [{"seat": 0, "player_id": "b", "bot": True}] * 3, ClockPolicy()
    )
    engine = EngineClient(f"127.0.0.1:{free_port()}", KEY, timeout_s=1)
    try:
        # UNAVAILABLE is raised (the task's autoretry catches it), never swallowed.
        with pytest.raises(grpc.RpcError):
            moves.bot_move(engine, records, "random", "gone", 1, 0)
        with pytest.raises(grpc.RpcError):
            moves.timeout_move(engine, "gone", 1, 0)
        assert grpc.RpcError in tasks.bot_move.autoretry_for
        assert grpc.RpcError in tasks.timeout_move.autoretry_for
    finally:
        engine.close()
        client.close()
        get_settings.cache_clear()


def test_a_permanent_refusal_is_not_retried_and_says_so(stack: Stack) -> None:
    """ALREADY_EXISTS, PERMISSION_DENIED, INVALID_ARGUMENT and UNAUTHENTICATED cannot succeed
    on a retry: they come back as a permanent refusal (counted ``refused``), not as the
    ``grpc.RpcError`` that the tasks' autoretry would send eight times more."""
    from inferno_worker import metrics, moves
    from inferno_worker.engine_client import EngineClient, Refused

    version = stack.create_table("keep", [("ana", False), ("bo", False), ("cy", False)])
    seat = stack.view("keep").decision.seats[0]
    engine = EngineClient(stack.engine.address, KEY)
    stranger = EngineClient(stack.engine.address, "a-key-the-engine-does-not-know-0123456789")
    try:
        cases = [
            # an action id of 129 characters: INVALID_ARGUMENT
            (
                lambda: engine.submit("keep", version, "x" * 129, engine.service_token()),
                "INVALID_ARGUMENT",
            ),
            # a bot token bound to another table: PERMISSION_DENIED
            (lambda: engine.view("keep", None, engine.bot_token("ana", "other")), "PERMISSION"),
            # a token signed with another key: UNAUTHENTICATED
            (lambda: stranger.view("keep", None, stranger.service_token()), "UNAUTHENTICATED"),
        ]
        for call, code in cases:
            with pytest.raises(Refused, match=code) as refusal:
                call()
            assert refusal.value.permanent
        # The worker's own id reused for another move: ALREADY_EXISTS, refused for good.
        token = engine.service_token()
        used = f"timeout:{version}:{seat}"
        engine.submit("keep", version, used, token, seat=seat, forced=True)
        with pytest.raises(Refused, match="ALREADY_EXISTS") as refusal:
            engine.submit("keep", version, used, token, seat=(seat + 1) % 3, forced=True)
        assert refusal.value.permanent
        # A move function turns it into an outcome in words, counted as "refused".
        outcome = moves.timeout_move(
            EngineClient(stack.engine.address, KEY, timeout_s=5), "bad id!", 1, 0
        )
        assert outcome.startswith("refused (INVALID_ARGUMENT")
        assert metrics.outcome_of(outcome) == "refused"
        assert metrics.outcome_of("moved on (ABORTED: stale)") == "moved_on"
        # "The table moved on" is not a permanent refusal.
        with pytest.raises(Refused) as moved_on:
            engine.view("nope", None, engine.service_token())
        assert not moved_on.value.permanent
    finally:
        engine.close()
        stranger.close()
