"""The health page's numbers, sampled every ``health_every_seconds`` and kept for an hour.

Each sample asks every service its health (HTTP ``/health/ready``, the engine's
gRPC health check), reads each consumer group's lag on the tables stream (``XINFO GROUPS``),
the Celery queues' depth (the broker's lists, under the key prefix), and the engine's and
worker's Prometheus counters, turned into rates between two samples: moves per second, timer
lateness (mean over the interval), open streams (tables followed).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import grpc
import httpx
import redis.asyncio as aioredis
from grpc_health.v1 import health_pb2, health_pb2_grpc
from prometheus_client.parser import text_string_to_metric_families

from inferno_bus import stream_key
from inferno_bus.background import stop_if_cancelled

from .settings import Settings

log = logging.getLogger(__name__)

#: The worker's Celery queues (inferno_worker.celery_app); kombu keeps each priority in a list
#: of its own, the default one under the bare name.
CELERY_QUEUES = ("inferno-worker", "inferno-clock")
_PRIORITY_SEP = "\x06\x16"


@dataclass
class Sample:
    at: float
    up: dict[str, bool] = field(default_factory=dict)
    lag: dict[str, int | None] = field(default_factory=dict)
    queue_depth: int | None = None
    moves_per_second: float | None = None
    timer_lateness_ms: float | None = None
    followed_tables: float | None = None


def _metric_sums(text: str) -> dict[str, float]:
    """Each metric sample summed over its labels, by name (``inferno_engine_actions_total``);
    the ``applied`` moves and the committed timers' lateness get keys of their own."""
    sums: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            sums[s.name] = sums.get(s.name, 0.0) + s.value
            if s.name == "inferno_engine_actions_total" and s.labels.get("outcome") == "applied":
                sums["applied"] = sums.get("applied", 0.0) + s.value
            # Timer lateness until the engine committed the move or tick (not until it started).
            lateness = s.name.startswith("inferno_worker_timer_lateness_seconds_")
            if lateness and s.labels.get("stage") == "committed":
                key = "lateness_" + s.name.rsplit("_", 1)[1]
                sums[key] = sums.get(key, 0.0) + s.value
    return sums


class Health:
    def __init__(self, settings: Settings, redis: aioredis.Redis) -> None:
        self.s, self._redis = settings, redis
        self.samples: deque[Sample] = deque(maxlen=settings.health_samples)
        self._http = httpx.AsyncClient(timeout=2.0)
        self._counters: dict[str, tuple[float, dict[str, float]]] = {}
        self._task: asyncio.Task[None] | None = None

    def services(self) -> dict[str, str]:
        """Each service's health address (empty when not configured)."""
        s = self.s
        return {
            "lobby": f"{s.lobby_url}/health/ready" if s.lobby_url else "",
            "scoring": f"{s.scoring_url}/health/ready" if s.scoring_url else "",
            "engine": s.engine_address,
            "worker": f"{s.worker_metrics_url}/health/ready" if s.worker_metrics_url else "",
            "dispatcher": f"{s.dispatcher_metrics_url}/health/ready"
            if s.dispatcher_metrics_url
            else "",
            "redis": "PING",
        }

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="console-health")

    async def stop(self) -> None:
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await self._http.aclose()

    async def _run(self) -> None:
        while True:
            stop_if_cancelled()
            try:
                self.samples.append(await self.sample())
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("health sample failed")
            await asyncio.sleep(self.s.health_every_seconds)

    async def sample(self) -> Sample:
        sample = Sample(at=time.time())
        checks = {name: self._up(name, url) for name, url in self.services().items() if url}
        results = await asyncio.gather(*checks.values())
        sample.up = dict(zip(checks, results, strict=True))
        sample.lag = await self._lags()
        sample.queue_depth = await self._queue_depth()
        engine = await self._metrics("engine", self.s.engine_metrics_url)
        if engine is not None:
            sample.moves_per_second = engine.get("applied")
            sample.followed_tables = engine.get("inferno_engine_followed_tables_now")
        worker_url = self.s.worker_metrics_url
        worker = await self._metrics("worker", f"{worker_url}/metrics" if worker_url else "")
        if worker is not None:
            total, count = worker.get("lateness_sum"), worker.get("lateness_count")
            if total is not None and count:
                sample.timer_lateness_ms = total / count * 1000
        return sample

    async def _up(self, name: str, url: str) -> bool:
        try:
            if name == "redis":
                return bool(await self._redis.ping())
            if name == "engine":
                async with grpc.aio.insecure_channel(url) as channel:
                    reply = await health_pb2_grpc.HealthStub(channel).Check(
                        health_pb2.HealthCheckRequest(service=""), timeout=2
                    )
                return reply.status == health_pb2.HealthCheckResponse.SERVING
            return (await self._http.get(url)).status_code == 200
        except Exception:  # any failure to answer is "down"; the page says which
            return False

    async def _lags(self) -> dict[str, int | None]:
        try:
            groups = await self._redis.xinfo_groups(stream_key(self.s.redis_prefix, "tables"))
        except Exception:  # no stream yet
            return {}
        lags: dict[str, int | None] = {}
        for info in groups:
            name = info["name"]
            name = name.decode() if isinstance(name, bytes) else str(name)
            lag = info.get("lag")
            lags[name] = None if lag is None else int(lag)
        return lags

    async def _queue_depth(self) -> int | None:
        try:
            keys = [
                self.s.redis_prefix + q + (f"{_PRIORITY_SEP}{p}" if p else "")
                for q in CELERY_QUEUES
                for p in (0, 3, 6, 9)
            ]
            async with self._redis.pipeline(transaction=False) as pipe:
                for key in keys:
                    pipe.llen(key)
                return int(sum(await pipe.execute()))
        except Exception:
            return None

    async def _metrics(self, name: str, url: str) -> dict[str, float] | None:
        """Counters as rates per second since the previous sample; gauges as they are
        (``<name>_now``). None when the service's metrics do not answer."""
        if not url:
            return None
        try:
            answer = await self._http.get(url)
            sums = _metric_sums(answer.text)
        except Exception:
            return None
        now = time.time()
        before = self._counters.get(name)
        self._counters[name] = (now, sums)
        rates: dict[str, float] = {f"{k}_now": v for k, v in sums.items()}
        if before is None:
            return rates
        elapsed = max(now - before[0], 1e-3)
        for key, value in sums.items():
            if key in before[1]:
                rates[key] = max(value - before[1][key], 0.0) / elapsed
        # Lateness: mean over the interval = Δsum / Δcount.
        return rates

    def series(self, pick: Any) -> list[float | None]:
        return [pick(s) for s in self.samples]
