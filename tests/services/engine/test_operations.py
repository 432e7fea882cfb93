"""What operators of the engine rely on: health, reflection, metrics, graceful shutdown."""

from __future__ import annotations

import asyncio
import random
import signal

import grpc
import httpx
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from inferno_proto import engine_pb2 as pb
from tests.support.engine_process import free_port

from .client import Client, create_table, play_one_move

pytestmark = pytest.mark.anyio
PLAYERS = ["ana", "bruno", "carla"]


async def test_health_and_reflection_answer_without_a_token(engine) -> None:
    async with grpc.aio.insecure_channel(engine.address) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        for service in ("", "inferno.engine.v1.Engine"):
            reply = await health.Check(health_pb2.HealthCheckRequest(service=service))
            assert reply.status == health_pb2.HealthCheckResponse.SERVING
        reflection = reflection_pb2_grpc.ServerReflectionStub(channel)
        request = reflection_pb2.ServerReflectionRequest(list_services="")
        replies = [r async for r in reflection.ServerReflectionInfo(iter([request]))]
        names = {s.name for s in replies[0].list_services_response.service}
        assert {"inferno.engine.v1.Engine", "grpc.health.v1.Health"} <= names
        request = reflection_pb2.ServerReflectionRequest(
            file_containing_symbol="inferno.engine.v1.Engine"
        )
        replies = [r async for r in reflection.ServerReflectionInfo(iter([request]))]
        assert replies[0].file_descriptor_response.file_descriptor_proto


async def test_metrics_count_moves_errors_and_latency(engines) -> None:
    port = free_port()
    engine = engines(INFERNO_ENGINE_METRICS_PORT=str(port))
    await create_table(engine.address, "t", PLAYERS)
    clients = {s: Client(engine.address, n) for s, n in enumerate(PLAYERS)}
    try:
        for _ in range(3):
            await play_one_move(clients, "t", random.Random(1))
        with pytest.raises(grpc.aio.AioRpcError):
            await clients[0].view("missing")
    finally:
        for client in clients.values():
            await client.close()
    async with httpx.AsyncClient() as http:
        text = (await http.get(f"http://127.0.0.1:{port}/metrics")).text
    assert 'inferno_engine_actions_total{game="oh_hell",outcome="applied"} 3.0' in text
    assert 'inferno_engine_rpc_errors_total{code="NOT_FOUND",method="GetView"} 1.0' in text
    assert 'inferno_engine_rpc_seconds_count{method="SubmitAction"} 3.0' in text


async def test_sigterm_lets_calls_in_flight_finish(engines) -> None:
    a = engines(INFERNO_ENGINE_GRACE_SECONDS="3")
    b = engines()
    await create_table(b.address, "t", PLAYERS)
    on_b = {s: Client(b.address, n) for s, n in enumerate(PLAYERS)}
    watcher = Client(a.address, "ana")
    rng = random.Random(2)
    try:
        stream = watcher.stream("t")
        opening = await stream.read()  # the stream is open and in flight on engine a
        assert opening.events
        a.process.send_signal(signal.SIGTERM)
        await asyncio.sleep(0.3)
        # a refuses new calls now…
        late = Client(a.address, "bruno")
        with pytest.raises(grpc.aio.AioRpcError):
            await late.view("t")
        await late.close()
        # …but the call in flight still delivers what happens elsewhere during the grace.
        _view, answer = await play_one_move(on_b, "t", rng)
        batch = await asyncio.wait_for(stream.read(), 2)
        assert [e.id for e in batch.events] == [e.id for e in answer.events]
    finally:
        for client in (*on_b.values(), watcher):
            await client.close()
    assert a.process.wait(10) == 0


async def test_a_request_id_is_echoed_back(engine) -> None:
    await create_table(engine.address, "t", PLAYERS)
    client = Client(engine.address, "ana")
    try:
        call = client.stub.GetView(
            pb.GetViewRequest(table_id="t"),
            metadata=(*client.metadata, ("x-request-id", "req-42")),
        )
        await call
        assert dict(await call.initial_metadata())["x-request-id"] == "req-42"
    finally:
        await client.close()
