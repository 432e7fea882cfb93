"""Publishing bus events: one envelope per Redis stream entry, streams trimmed approximately.

Every stream is capped with ``MAXLEN ~`` so it cannot grow without bound, while Redis trims
whole radix-tree nodes only (``~``), which keeps XADD at its full speed. The cap must stay well
above what the slowest consumer group can fall behind by; entries trimmed before a group read
them are lost to that group, so the default (one million) is generous. ``publish_many``
pipelines a batch in one round trip, which the ceilings table in DESIGN.md puts at ~4x the
speed of one XADD at a time. A sync and an asyncio flavour share the same arguments.
"""

from __future__ import annotations

from collections.abc import Iterable

import redis
import redis.asyncio

from .envelope import Envelope, stream_key

#: Default approximate cap of a bus stream (entries).
DEFAULT_MAXLEN = 1_000_000


def _text(value: str | bytes) -> str:
    return value.decode() if isinstance(value, bytes) else value


class Publisher:
    """Appends envelopes to a bus stream (``tables`` unless told otherwise)."""

    def __init__(
        self,
        client: redis.Redis,
        prefix: str,
        *,
        purpose: str = "tables",
        maxlen: int = DEFAULT_MAXLEN,
    ) -> None:
        if maxlen < 1:
            raise ValueError(f"maxlen must be at least 1, got {maxlen}")
        self.client = client
        self.stream = stream_key(prefix, purpose)
        self.maxlen = maxlen

    def publish(self, envelope: Envelope) -> str:
        """Append one event; returns its stream entry id."""
        entry_id = self.client.xadd(
            self.stream, envelope.to_fields(), maxlen=self.maxlen, approximate=True
        )
        return _text(entry_id)

    def publish_many(self, envelopes: Iterable[Envelope]) -> list[str]:
        """Append several events in one round trip, in order; returns their entry ids."""
        pipe = self.client.pipeline(transaction=False)
        for envelope in envelopes:
            pipe.xadd(self.stream, envelope.to_fields(), maxlen=self.maxlen, approximate=True)
        return [_text(entry_id) for entry_id in pipe.execute()]


class AsyncPublisher:
    """The asyncio flavour of :class:`Publisher` (for the engine and the lobby)."""

    def __init__(
        self,
        client: redis.asyncio.Redis,
        prefix: str,
        *,
        purpose: str = "tables",
        maxlen: int = DEFAULT_MAXLEN,
    ) -> None:
        if maxlen < 1:
            raise ValueError(f"maxlen must be at least 1, got {maxlen}")
        self.client = client
        self.stream = stream_key(prefix, purpose)
        self.maxlen = maxlen

    async def publish(self, envelope: Envelope) -> str:
        entry_id = await self.client.xadd(
            self.stream, envelope.to_fields(), maxlen=self.maxlen, approximate=True
        )
        return _text(entry_id)

    async def publish_many(self, envelopes: Iterable[Envelope]) -> list[str]:
        pipe = self.client.pipeline(transaction=False)
        for envelope in envelopes:
            pipe.xadd(self.stream, envelope.to_fields(), maxlen=self.maxlen, approximate=True)
        return [_text(entry_id) for entry_id in await pipe.execute()]
