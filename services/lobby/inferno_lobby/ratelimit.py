"""Fixed-window rate limits in Redis, per account and per address.

Each attempt increments a counter named by (action, who, window number) that expires with its
window. The check runs before the attempt does any work, so a refused attempt changes nothing
but the counter. Fixed windows allow a burst of up to twice the limit across a window edge;
that is acceptable for slowing password guessing and table spam, and costs one round trip.
"""

from __future__ import annotations

import time

from redis.asyncio import Redis

from .errors import TooManyRequests

#: Longest part of a counter's key taken from a caller's value (names, addresses).
MAX_VALUE_CHARS = 200


class RateLimiter:
    def __init__(self, redis: Redis, prefix: str, window_seconds: int) -> None:
        self._redis = redis
        self._prefix = prefix + "lobby:rate:"
        self._window = window_seconds

    async def hit(self, action: str, limit: int, **who: str | None) -> None:
        """Count one attempt of ``action`` by each of ``who`` (e.g. account=…, address=…);
        raise :class:`TooManyRequests` if any of them is over ``limit`` in this window.
        Values are used as given: callers pass them normalised (``accounts.username_key``)."""
        await self.hit_each(action, {kind: (value, limit) for kind, value in who.items()})

    async def hit_each(self, action: str, counters: dict[str, tuple[str | None, int]]) -> None:
        """Like :meth:`hit`, with a limit of its own per counter (one round trip)."""
        now = time.time()
        window = int(now // self._window)
        keys = [
            (f"{self._prefix}{action}:{kind}:{value[:MAX_VALUE_CHARS]}:{window}", limit)
            for kind, (value, limit) in sorted(counters.items())
            if value
        ]
        if not keys:
            return
        async with self._redis.pipeline(transaction=False) as pipe:
            for key, _ in keys:
                pipe.incr(key)
                # The key names its window, so refreshing the expiry is harmless; no NX, which
                # Redis 6.2 (the embedded server's) does not have.
                pipe.expire(key, self._window + 1)
            counts = (await pipe.execute())[::2]
        if any(count > limit for count, (_, limit) in zip(counts, keys, strict=True)):
            retry_after = max(1, int((window + 1) * self._window - now + 0.999))
            raise TooManyRequests(
                f"too many {action.replace('_', ' ')} attempts; try again in {retry_after} s",
                retry_after,
            )
