"""Builds the lobby's FastAPI application: routes, error answers, metrics, lifespan.

``create_app`` takes the settings and the engine port, so tests and the platform's launcher
choose the engine (the gRPC client in production, an in-process one in tests) without the
lobby importing any other service.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException as StarletteHTTPException

from inferno_logs import configure

from .api.responses import allowed_methods
from .api.routes import auth, feed, games, health, quickplay, tables
from .bounds import BodyLimit, sentence, validation_errors
from .engine import EngineGateway, NoEngine
from .engine_grpc import GrpcEngine, parse_addresses
from .errors import InvalidField, LobbyError
from .lobby import Lobby
from .matchmaking import RatingSource
from .metrics import MetricsMiddleware
from .ratings_http import ScoringRatings
from .request_ids import RequestIds
from .schemas import Problem, Unreadable
from .settings import Settings

DESCRIPTION = """
Where a player arrives: sign up (or play as a guest), find or open a table, take a seat and
start. The lobby's access tokens are the ones the engine accepts. Errors answer
`{"detail": "...", "code": "..."}`; a bad table option answers 422 naming the field (`loc`) and
the allowed values (`ctx.allowed`). Live changes: WebSocket `/feed`.
"""


#: The ``code`` of errors raised by FastAPI and Starlette themselves.
HTTP_CODES = {
    400: "unreadable",
    404: "not_found",
    405: "method_not_allowed",
    413: "body_too_large",
}


def engine_for(settings: Settings) -> EngineGateway:
    """The gRPC engine named by the settings, or :class:`NoEngine` when none is."""
    if not settings.engine_address and not settings.engine_addresses:
        return NoEngine()
    return GrpcEngine(
        settings.engine_address,
        settings.token_key,
        per_game=parse_addresses(settings.engine_addresses),
        algorithm=settings.token_algorithm,
        timeout_seconds=settings.engine_timeout_seconds,
        hand_over_after=settings.hand_over_after,
    )


def create_app(
    settings: Settings | None = None,
    engine: EngineGateway | None = None,
    ratings: RatingSource | None = None,
) -> FastAPI:
    settings = settings or Settings()
    if ratings is None and settings.scoring_url:
        ratings = ScoringRatings(settings.scoring_url)
    lobby = Lobby(settings, engine or engine_for(settings), ratings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await lobby.open()
        try:
            yield
        finally:
            await lobby.close()

    app = FastAPIOffline(
        title="Inferno lobby",
        version="1.0.0",
        description=DESCRIPTION,
        lifespan=lifespan,
        responses={
            400: {"model": Unreadable, "description": "The body is not readable JSON."},
            413: {"model": Problem, "description": "The body is longer than 2 MiB."},
        },
    )
    app.state.lobby = lobby
    for module in (auth, games, tables, quickplay, feed, health):
        app.include_router(module.router)
    app.add_middleware(BodyLimit)
    app.add_middleware(MetricsMiddleware, metrics=lobby.metrics)
    app.add_middleware(RequestIds)  # outermost: its ids cover the metrics and every route

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, err: RequestValidationError) -> JSONResponse:
        # FastAPI's shape, but what it repeats of the input is cut short (a 1 MB value must
        # not come back as a 1 MB answer).
        body = {"detail": validation_errors(err.errors()), "code": "invalid_request"}
        return JSONResponse(body, status_code=422)

    @app.exception_handler(InvalidField)
    async def invalid_field(request: Request, err: InvalidField) -> JSONResponse:
        return JSONResponse(err.body(), status_code=422)

    @app.exception_handler(LobbyError)
    async def refused(request: Request, err: LobbyError) -> JSONResponse:
        return JSONResponse(
            {"detail": sentence(err.message), "code": err.code},
            status_code=err.status,
            headers=err.headers,
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, err: StarletteHTTPException) -> JSONResponse:
        code = HTTP_CODES.get(err.status_code, "http_error")
        headers = dict(err.headers or {})
        if err.status_code == 405:
            headers["Allow"] = allowed_methods(request)
        return JSONResponse(
            {"detail": sentence(str(err.detail)), "code": code},
            status_code=err.status_code,
            headers=headers,
        )

    return app


def create_served_app() -> FastAPI:
    """The app as ``python -m inferno_lobby`` serves it: JSON log lines first, in each worker
    process (uvicorn starts its workers fresh, so this runs in every one of them)."""
    configure("lobby", os.environ.get("INFERNO_LOG_LEVEL", "INFO"))
    return create_app()
