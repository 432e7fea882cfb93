"""The Redis broker transport, with one reused client per channel for publishing and acking.

kombu's Redis channel builds a new ``redis.Redis`` client object for every message it
publishes or acknowledges (``Channel.conn_or_acquire``); with redis-py's many response
callbacks that construction was the single largest cost of enqueueing a task and of sending
a task event (about a sixth of the worker's and the dispatcher's CPU per move). The client
sits on the channel's connection pool and is thread-safe, so one per channel does the same
work. Selected with ``broker_transport`` in :mod:`inferno_worker.celery_app`; the broker URL
stays ``redis://…``.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    _sync_client: Any = None

    def _create_client(self, asynchronous: bool = False) -> Any:
        if asynchronous:
            return super()._create_client(asynchronous=True)
        if self._sync_client is None:
            self._sync_client = super()._create_client(asynchronous=False)
        return self._sync_client

    def _disconnect_pools(self) -> None:
        # kombu drops the pools after a fork or on close: the client goes with its pool.
        self._sync_client = None
        super()._disconnect_pools()


class Transport(kombu_redis.Transport):
    Channel = Channel
