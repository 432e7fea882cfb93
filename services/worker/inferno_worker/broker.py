"""The Redis broker transport: one reused Redis client per channel, and channels that survive
a Redis restart.

**One client per channel.** kombu's Redis channel builds a new ``redis.Redis`` client object
for every message it publishes or acknowledges (``Channel.conn_or_acquire``); with redis-py's
many response callbacks that construction was the single largest cost of enqueueing a task
and of sending a task event (about a sixth of the worker's and the dispatcher's CPU per move).
The client sits on the channel's connection pool and is thread-safe, so one per channel does
the same work.

**Redis restarts** (issue 22.2). When Redis goes away under a running Celery worker, the
worker's consumer first ``collect()``\\s its broker connection, then ``close()``\\s it. The first
close of the consumer's channel fails at its first step (reading the pending BRPOP from a dead
socket), so the channel stays open, and ``collect()`` then releases the transport: kombu sets
``Transport.client`` (the kombu ``Connection`` holding host, port and password) to ``None``.
The second close gets further: it drops the channel's pools, then gives the unacknowledged
messages back, which needs a new pool, whose parameters kombu reads from that
``Transport.client``: ``AttributeError: 'NoneType' object has no attribute 'hostname'``. That is
not a connection error, so Celery does not ignore it and the worker process exits (kombu 5.7's
own channel does the same; it went through this class's ``_create_client`` only because that
sits on the path). So the channel keeps the parameters it last built its pools from and builds
a late pool from them: the unacknowledged tasks go back to their queue when Redis answers
again, and when it does not the attempt fails with ``redis.ConnectionError``, which kombu
ignores while closing (the tasks then come back after the visibility timeout). A pool built
that late is disconnected when the close ends, so no socket is left behind.

Selected with ``broker_transport`` in :mod:`inferno_worker.celery_app`; the broker URL stays
``redis://…``.
"""

from __future__ import annotations

from typing import Any

import redis
from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    _sync_client: Any = None
    #: The pool parameters last built (by ``asynchronous``), for pools wanted after the
    #: transport let go of its connection details (see the module's docstring).
    _last_connparams: dict[bool, dict[str, Any]] | None = None

    def _create_client(self, asynchronous: bool = False) -> Any:
        if asynchronous:
            return super()._create_client(asynchronous=True)
        if self._sync_client is None:
            self._sync_client = super()._create_client(asynchronous=False)
        return self._sync_client

    def _connparams(self, asynchronous: bool = False) -> Any:
        transport = self.connection
        if transport is None or transport.client is None:
            known = (self._last_connparams or {}).get(asynchronous)
            if known is None:
                raise redis.ConnectionError("the broker connection of this channel is closed")
            return dict(known)
        params = super()._connparams(asynchronous=asynchronous)
        if self._last_connparams is None:
            self._last_connparams = {}
        self._last_connparams[asynchronous] = dict(params)
        return params

    def _disconnect_pools(self) -> None:
        # kombu drops the pools after a fork or on close: the client goes with its pool.
        self._sync_client = None
        super()._disconnect_pools()

    def close(self) -> None:
        try:
            super().close()
        finally:
            # Giving unacknowledged messages back may have built a pool after kombu dropped
            # the channel's pools: let go of it too.
            self._disconnect_pools()


class Transport(kombu_redis.Transport):
    Channel = Channel
