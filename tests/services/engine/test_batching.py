"""The engine's Redis plumbing, against the real Redis: automatic pipelining and hiredis packing.

The batcher must give every caller its own reply (or its own error), put commands that arrive
while pipelines are out into one later pipeline, let background commands ride along or go out
by their deadline, and tell every waiting caller when the connection fails.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
import redis.asyncio as aioredis
from redis.asyncio.connection import Connection
from redis.exceptions import ConnectionError, ResponseError

from inferno_engine.batching import Batcher
from inferno_engine.packing import HiredisPacking, use_hiredis_packing

pytestmark = pytest.mark.anyio


class CountingBatcher(Batcher):
    """Records the size of every pipeline it sends."""

    def __init__(self, client: aioredis.Redis, in_flight: int = 2) -> None:
        super().__init__(client, in_flight)
        self.pipelines: list[int] = []

    async def _send(self, batch: list[Any]) -> None:
        self.pipelines.append(len(batch))
        await super()._send(batch)


@pytest.fixture
async def client(redis_url: str):
    pool = aioredis.BlockingConnectionPool.from_url(redis_url, max_connections=8)
    use_hiredis_packing(pool)
    client = aioredis.Redis(connection_pool=pool)
    yield client
    await client.aclose()


async def test_each_caller_gets_its_own_reply_and_its_own_error(client, redis_prefix) -> None:
    batcher = CountingBatcher(client)
    key = redis_prefix + "counter"
    results = await asyncio.gather(
        *(batcher.command("INCRBY", key, n) for n in (1, 2, 3)),
        batcher.command("HGET", key, "field"),  # wrong type: only this caller hears it
        return_exceptions=True,
    )
    assert results[:3] == [1, 3, 6]
    assert isinstance(results[3], ResponseError) and "WRONGTYPE" in str(results[3])
    assert batcher.pipelines == [4]  # queued in one loop turn: one pipeline


async def test_commands_queued_while_pipelines_are_out_go_together(client, redis_prefix) -> None:
    batcher = CountingBatcher(client, in_flight=1)
    key = redis_prefix + "list"
    first = batcher.command("RPUSH", key, "a")
    await asyncio.sleep(0)  # the first pipeline leaves on this loop turn
    rest = [batcher.command("RPUSH", key, f"b{i}") for i in range(10)]
    assert await first == 1
    assert await asyncio.gather(*rest) == list(range(2, 12))
    assert batcher.pipelines == [1, 10]
    assert await client.lrange(key, 0, -1) == [b"a"] + [f"b{i}".encode() for i in range(10)]


async def test_scripts_load_themselves_once(client, redis_prefix) -> None:
    batcher = Batcher(client)
    source = f"return ARGV[1] .. '{redis_prefix}'"  # a script Redis has never seen
    assert await batcher.script(source, [], ["x"]) == f"x{redis_prefix}".encode()
    assert await batcher.script(source, [], ["y"]) == f"y{redis_prefix}".encode()


async def test_a_background_command_rides_along_or_goes_out_by_its_deadline(
    client, redis_prefix
) -> None:
    batcher = CountingBatcher(client)
    key = redis_prefix + "rides"
    # Rides along with the next command a caller waits for.
    background = batcher.command("RPUSH", key, "bus", within=5.0)
    await asyncio.sleep(0.05)
    assert not background.done() and batcher.pipelines == []
    assert await batcher.command("LLEN", key) == 1
    assert await background == 1
    assert batcher.pipelines == [2]
    # Alone, it goes out once its deadline has passed, not before.
    started = time.monotonic()
    assert await batcher.command("RPUSH", key, "late", within=0.05) == 2
    assert time.monotonic() - started >= 0.045
    assert batcher.pipelines == [2, 1]


async def test_a_lost_connection_fails_every_waiting_caller(redis_prefix) -> None:
    dead = aioredis.Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=1)
    batcher = Batcher(dead)
    try:
        results = await asyncio.gather(
            *(batcher.command("GET", redis_prefix + str(i)) for i in range(3)),
            return_exceptions=True,
        )
    finally:
        await dead.aclose()
    assert all(isinstance(r, ConnectionError) for r in results), results


async def test_a_dropped_connection_is_replaced_and_the_batch_sent_again(
    client, redis_prefix
) -> None:
    batcher = Batcher(client, in_flight=1)
    key = redis_prefix + "n"
    assert await batcher.command("INCR", key) == 1
    own = await batcher.command("CLIENT", "ID")
    await client.execute_command("CLIENT", "KILL", "ID", own)  # as when Redis restarts
    assert await batcher.command("INCR", key) == 2
    assert await batcher.command("CLIENT", "ID") != own


def test_hiredis_packing_gives_the_bytes_of_redis_pys_own_packer() -> None:
    python = Connection()
    hiredis = type("HiredisConnection", (HiredisPacking, Connection), {})()
    commands = [
        ("EVALSHA", "a" * 40, 2, "k1", "k2", b"\x00\xffbytes", 7, 2.5, "ünïcode"),
        ("CLIENT SETNAME", "engine"),  # a two-word command name is split in two
        ("XADD", "stream", "*", "field", memoryview(b"value")),
    ]
    for command in commands:
        assert b"".join(hiredis.pack_command(*command)) == b"".join(python.pack_command(*command))
    assert b"".join(hiredis.pack_commands(commands)) == b"".join(python.pack_commands(commands))


async def test_a_pool_with_hiredis_packing_talks_to_redis(client, redis_prefix) -> None:
    assert issubclass(client.connection_pool.connection_class, HiredisPacking)
    key = redis_prefix + "h"
    await client.hset(key, mapping={"a": "1", "ü": b"\x00"})
    assert await client.hgetall(key) == {b"a": b"1", "ü".encode(): b"\x00"}
