"""The publisher appends envelopes that read back identically, and trims streams (MAXLEN ~)."""

from __future__ import annotations

import pytest
import redis

from inferno_bus import Envelope, Publisher, stream_key

from .conftest import aborted


def test_published_event_reads_back_identically(client: redis.Redis, redis_prefix: str) -> None:
    publisher = Publisher(client, redis_prefix)
    sent = aborted(1)
    entry_id = publisher.publish(sent)
    [(read_id, fields)] = client.xrange(stream_key(redis_prefix, "tables"))
    assert read_id == entry_id
    assert Envelope.from_fields(fields) == sent


def test_publish_many_keeps_order(client: redis.Redis, redis_prefix: str) -> None:
    publisher = Publisher(client, redis_prefix)
    sent = [aborted(n) for n in range(50)]
    ids = publisher.publish_many(sent)
    entries = client.xrange(publisher.stream)
    assert [e[0] for e in entries] == ids
    assert [Envelope.from_fields(e[1]) for e in entries] == sent


def test_stream_is_trimmed_approximately(client: redis.Redis, redis_prefix: str) -> None:
    publisher = Publisher(client, redis_prefix, maxlen=100)
    for start in range(0, 3000, 500):
        publisher.publish_many(aborted(n) for n in range(start, start + 500))
    length = client.xlen(publisher.stream)
    # "~" trims whole nodes only: at least the cap stays, far fewer than 3,000 remain.
    assert 100 <= length < 1000
    last = Envelope.from_fields(client.xrevrange(publisher.stream, count=1)[0][1])
    assert last.payload["n"] == 2999


def test_a_cap_below_one_is_refused(client: redis.Redis, redis_prefix: str) -> None:
    with pytest.raises(ValueError, match="maxlen must be at least 1"):
        Publisher(client, redis_prefix, maxlen=0)


def test_unknown_stream_purpose_is_refused(client: redis.Redis, redis_prefix: str) -> None:
    with pytest.raises(KeyError):
        Publisher(client, redis_prefix, purpose="nope")


async def _publish_async(url: str, prefix: str) -> str:
    import redis.asyncio

    from inferno_bus import AsyncPublisher

    client = redis.asyncio.Redis.from_url(url, decode_responses=True)
    try:
        publisher = AsyncPublisher(client, prefix)
        ids = await publisher.publish_many([aborted(1), aborted(2)])
        assert len(ids) == 2
        return await publisher.publish(aborted(3))
    finally:
        await client.aclose()


def test_async_publisher(client: redis.Redis, redis_prefix: str, redis_url: str) -> None:
    import asyncio

    last_id = asyncio.run(_publish_async(redis_url, redis_prefix))
    entries = client.xrange(stream_key(redis_prefix, "tables"))
    assert [Envelope.from_fields(f).payload["n"] for _, f in entries] == [1, 2, 3]
    assert entries[-1][0] == last_id
