"""Liveness, readiness (the database and Redis answer) and Prometheus metrics."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from ...schemas import Health
from ..deps import LobbyDep

router = APIRouter(tags=["operations"])


@router.get("/health/live", summary="The process is up")
async def live() -> Health:
    return Health(status="ok")


@router.get(
    "/health/ready",
    responses={503: {"model": Health, "description": "A dependency does not answer."}},
    summary="The database and Redis answer",
)
async def ready(lobby: LobbyDep) -> Health:
    checks: dict[str, str] = {}

    async def database() -> None:
        async with lobby.pool.connection(timeout=2) as conn:
            await conn.execute("SELECT 1")

    for name, check in (("database", database), ("redis", lobby.redis.ping)):
        try:
            await asyncio.wait_for(check(), timeout=2)
            checks[name] = "ok"
        except Exception as err:
            checks[name] = f"failed: {type(err).__name__}"
    health = Health(status="ok" if all(v == "ok" for v in checks.values()) else "unavailable")
    health.checks = checks
    if health.status != "ok":
        return JSONResponse(health.model_dump(), status_code=503)  # type: ignore[return-value]
    return health


@router.get(
    "/metrics",
    response_class=Response,
    responses={200: {"content": {"text/plain": {}}}},
    summary="Prometheus metrics",
)
async def metrics(lobby: LobbyDep) -> Response:
    return Response(generate_latest(lobby.metrics.registry), media_type=CONTENT_TYPE_LATEST)
