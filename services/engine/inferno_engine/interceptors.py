"""Cross-cutting concerns of every engine call, as ``grpc.aio`` server interceptors.

- :class:`RequestIds`: takes ``x-request-id`` from the call (or makes one), sends it back in
  the initial metadata and binds it, with the table id, to every log line of the call.
- :class:`ErrorsAndMetrics`: turns :class:`~inferno_engine.errors.EngineError` into its status
  code, message and trailing metadata; a lost Redis into UNAVAILABLE; logs each call with its
  outcome and time; counts errors and latency.
- :class:`Authentication`: verifies the bearer token and sets
  :data:`~inferno_engine.auth.current_caller` for the servicer.

Each one wraps the method's behaviour, so the servicers stay thin. Only the Engine service is
wrapped: health checks and reflection answer without a token.
"""

from __future__ import annotations

import itertools
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import grpc
import redis.exceptions
import structlog

from . import auth, metrics
from .errors import EngineError

log = structlog.get_logger("inferno_engine.calls")
ENGINE_PREFIX = "/inferno.engine.v1.Engine/"

Unary = Callable[[Any, grpc.aio.ServicerContext], Awaitable[Any]]
Streaming = Callable[[Any, grpc.aio.ServicerContext], AsyncIterator[Any]]


class _Wrapping(grpc.aio.ServerInterceptor):
    """Wraps the unary-unary and unary-stream behaviours of the Engine's methods.

    grpc asks every interceptor for the handler on every call; the wrapped handler of a method
    never changes, so it is built once and then looked up (which also skips the rest of the
    chain: the cached handler already holds the later interceptors' wrapping).
    """

    def __init__(self) -> None:
        self._wrapped: dict[str, grpc.RpcMethodHandler] = {}

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        cached = self._wrapped.get(details.method)
        if cached is not None:
            return cached
        handler = await continuation(details)
        if handler is None or not details.method.startswith(ENGINE_PREFIX):
            return handler
        wrapped = self._wrap(details.method[len(ENGINE_PREFIX) :], handler)
        self._wrapped[details.method] = wrapped
        return wrapped

    def _wrap(self, method: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
        if handler.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(
                self.unary(method, handler.unary_unary),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(
                self.stream(method, handler.unary_stream),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        return handler

    def unary(self, method: str, behaviour: Unary) -> Unary:
        return behaviour

    def stream(self, method: str, behaviour: Streaming) -> Streaming:
        return behaviour


class RequestIds(_Wrapping):
    """A caller's ``x-request-id`` is echoed back; a call without one gets one for the logs
    only (sending metadata nobody asked for would cost every call a little). Made-up ids are
    this process's random prefix and a counter: unique, and cheaper than a UUID per call."""

    def __init__(self) -> None:
        super().__init__()
        self._prefix = uuid.uuid4().hex[:16] + "-"
        self._count = itertools.count(1)

    async def _bind(self, request: Any, context: grpc.aio.ServicerContext) -> None:
        metadata = context.invocation_metadata() or ()
        given = next((str(v) for k, v in metadata if k == "x-request-id"), "")[:128]
        structlog.contextvars.bind_contextvars(
            request_id=given or f"{self._prefix}{next(self._count):x}",
            table_id=getattr(request, "table_id", "") or None,
        )
        if given:
            await context.send_initial_metadata((("x-request-id", given),))

    def unary(self, method: str, behaviour: Unary) -> Unary:
        async def call(request: Any, context: grpc.aio.ServicerContext) -> Any:
            await self._bind(request, context)
            try:
                return await behaviour(request, context)
            finally:
                structlog.contextvars.clear_contextvars()

        return call

    def stream(self, method: str, behaviour: Streaming) -> Streaming:
        async def call(request: Any, context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
            await self._bind(request, context)
            try:
                async for item in behaviour(request, context):
                    yield item
            finally:
                structlog.contextvars.clear_contextvars()

        return call


async def _abort(context: grpc.aio.ServicerContext, method: str, err: Exception) -> None:
    if isinstance(err, EngineError):
        code, message = err.status, err.message
        trailing: tuple[tuple[str, str], ...] = (("inferno-reason", err.reason),)
        if err.version is not None:
            trailing += (("inferno-version", str(err.version)),)
    else:  # Redis is down or unreachable
        log.warning("storage_unavailable", method=method, error=repr(err))
        code = grpc.StatusCode.UNAVAILABLE
        message = "the engine cannot reach its storage; retry with the same action id"
        trailing = (("inferno-reason", "storage_unavailable"),)
    metrics.ERRORS.labels(method, code.name).inc()
    log.info("call_refused", method=method, code=code.name, reason=trailing[0][1], detail=message)
    await context.abort(code, message, trailing_metadata=trailing)


_HANDLED = (EngineError, redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


class ErrorsAndMetrics(_Wrapping):
    def unary(self, method: str, behaviour: Unary) -> Unary:
        latency = metrics.LATENCY.labels(method)

        async def call(request: Any, context: grpc.aio.ServicerContext) -> Any:
            started = time.perf_counter()
            try:
                return await behaviour(request, context)
            except _HANDLED as err:
                await _abort(context, method, err)
            except Exception:
                metrics.ERRORS.labels(method, "INTERNAL").inc()
                log.exception("call_failed", method=method)
                raise
            finally:
                latency.observe(time.perf_counter() - started)

        return call

    def stream(self, method: str, behaviour: Streaming) -> Streaming:
        async def call(request: Any, context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
            try:
                async for item in behaviour(request, context):
                    yield item
            except _HANDLED as err:
                await _abort(context, method, err)
            except Exception:
                metrics.ERRORS.labels(method, "INTERNAL").inc()
                log.exception("call_failed", method=method)
                raise

        return call


class Authentication(_Wrapping):
    """Verifies tokens (through :class:`~inferno_engine.auth.VerifiedTokens`, so a token already
    verified is looked up until it expires) and sets the caller for the servicer."""

    def __init__(self, key: str, algorithms: tuple[str, ...]) -> None:
        super().__init__()
        self.tokens = auth.VerifiedTokens(key, algorithms)

    def _verify(self, context: grpc.aio.ServicerContext) -> None:
        claims = self.tokens.claims(context.invocation_metadata() or ())
        auth.current_caller.set(claims)
        structlog.contextvars.bind_contextvars(caller=claims.subject, role=claims.role.value)

    def unary(self, method: str, behaviour: Unary) -> Unary:
        async def call(request: Any, context: grpc.aio.ServicerContext) -> Any:
            self._verify(context)
            return await behaviour(request, context)

        return call

    def stream(self, method: str, behaviour: Streaming) -> Streaming:
        async def call(request: Any, context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
            self._verify(context)
            async for item in behaviour(request, context):
                yield item

        return call
