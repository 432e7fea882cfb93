"""Fixtures of the bus tests: a Redis client and envelopes to send."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from inferno_bus import Envelope, EventType


@pytest.fixture
def client(redis_url: str) -> Iterator[redis.Redis]:
    c = redis.Redis.from_url(redis_url, decode_responses=True)
    yield c
    c.close()


def aborted(n: int) -> Envelope:
    """A small, valid event numbered ``n``."""
    return Envelope.new(
        EventType.TABLE_ABORTED, table=f"t{n}", version=n, payload={"game": "oh_hell", "n": n}
    )
