"""Builds and runs one engine process: the gRPC server, health, reflection, metrics, shutdown.

``python -m inferno_engine`` calls :func:`main`. On SIGTERM or SIGINT the engine reports
NOT_SERVING to health checks, stops taking new calls and lets calls in flight finish (up to
``INFERNO_ENGINE_GRACE_SECONDS``) before it exits.
"""

from __future__ import annotations

import asyncio
import signal

import grpc
import redis.asyncio as aioredis
import structlog
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from prometheus_client import start_http_server

from inferno_logs import configure
from inferno_proto import engine_pb2, engine_pb2_grpc

from .bus import Publisher
from .feeds import Feeds
from .interceptors import CallWrapper
from .packing import use_hiredis_packing
from .presence import Presence
from .servicer import EngineServicer
from .settings import Settings
from .store import TableStore
from .tables import Tables

log = structlog.get_logger("inferno_engine.server")
FEED_BLOCK_MS = 5000
SERVICE_NAME = engine_pb2.DESCRIPTOR.services_by_name["Engine"].full_name


class Engine:
    """One running engine: call :meth:`start`, then :meth:`wait` or :meth:`stop`."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        # Moves wait for a free connection rather than fail when all are busy (batching keeps
        # few in use); each followed table's feed holds one while it waits for news.
        pool = aioredis.BlockingConnectionPool.from_url(
            settings.redis_url, max_connections=settings.redis_connections, timeout=10
        )
        use_hiredis_packing(pool)
        self.redis = aioredis.Redis(connection_pool=pool)
        # A feed's read blocks up to FEED_BLOCK_MS: the socket timeout (redis-py's default is
        # 5 s, as long as the block) must outlast it, or an idle table's read fails.
        self.followers = aioredis.Redis.from_url(
            settings.redis_url,
            max_connections=settings.redis_follower_connections,
            socket_timeout=FEED_BLOCK_MS / 1000 + 10,
        )
        store = TableStore(self.redis, settings.redis_prefix, self.followers)
        self.publisher = Publisher(store)
        self.feeds = Feeds(store, block_ms=FEED_BLOCK_MS)
        self.presence = Presence(
            store,
            self.publisher,
            settings.presence_ttl_seconds,
            settings.presence_debounce_seconds,
        )
        self.tables = Tables(store, self.publisher, settings.games, self.feeds, self.presence)
        self.health = health.aio.HealthServicer()
        self.server = grpc.aio.server(options=[("grpc.so_reuseport", 0)])
        # Request ids, errors, metrics and tokens: one wrapper per Engine method, built here.
        self.calls = CallWrapper(settings.token_key, settings.algorithms)
        engine_pb2_grpc.add_EngineServicer_to_server(
            self.calls.servicer(EngineServicer(self.tables)), self.server
        )
        health_pb2_grpc.add_HealthServicer_to_server(self.health, self.server)
        reflection.enable_server_reflection(
            (SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), self.server
        )
        self.port = self.server.add_insecure_port(f"{settings.engine_host}:{settings.engine_port}")

    async def start(self) -> None:
        await self.redis.ping()  # fail fast when Redis is not there
        await self.server.start()
        self.publisher.start()
        self.presence.start()
        await self.publisher.sweep()
        for name in (SERVICE_NAME, ""):
            await self.health.set(name, health_pb2.HealthCheckResponse.SERVING)
        log.info("engine_started", port=self.port, games=sorted(self.settings.games))

    async def stop(self) -> None:
        for name in (SERVICE_NAME, ""):
            await self.health.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
        self.presence.stopping = True  # the streams ending now are announced without debounce
        await self.server.stop(self.settings.engine_grace_seconds)
        await self.feeds.close()
        await self.presence.close()  # closed streams announce their seats disconnected
        await self.publisher.close()
        await self.redis.aclose()
        await self.followers.aclose()
        log.info("engine_stopped")


async def serve(settings: Settings) -> None:
    engine = Engine(settings)
    await engine.start()
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stopping.set)
    await stopping.wait()
    log.info("engine_stopping", grace_seconds=settings.engine_grace_seconds)
    await engine.stop()


def main() -> None:
    settings = Settings()  # type: ignore[call-arg]  (read from the environment)
    configure("engine", settings.log_level)
    if settings.engine_metrics_port:
        start_http_server(settings.engine_metrics_port, addr=settings.engine_metrics_host)
    asyncio.run(serve(settings))
