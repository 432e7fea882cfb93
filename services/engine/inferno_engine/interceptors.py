"""Cross-cutting concerns of every Engine call, wrapped around the servicer's methods once.

Every Engine method goes through one wrapper (:class:`CallWrapper`) that does, in this order:

- **request ids**: takes ``x-request-id`` from the call (or makes one), sends it back in the
  initial metadata and binds it, with the table id, to every log line of the call;
- **errors and metrics**: turns :class:`~inferno_engine.errors.EngineError` into its status
  code, message and trailing metadata, a game codec's
  :class:`~inferno_proto.codecs.CodecError` into INVALID_ARGUMENT with its reason, a lost
  Redis into UNAVAILABLE; logs each refused or failed call; counts errors and latency;
- **bounds**: refuses a request with any string field longer than
  :data:`~inferno_engine.bounds.MAX_TEXT` (INVALID_ARGUMENT ``too_long``), cuts every status
  message and logged table id to a short prefix (:mod:`inferno_engine.bounds`);
- **authentication**: verifies the bearer token and sets
  :data:`~inferno_engine.auth.current_caller` for the servicer.

These were three ``grpc.aio`` server interceptors; grpc then ran an interceptor coroutine and
three wrapping coroutines per call. Wrapped at registration (:meth:`CallWrapper.servicer`) the
same behaviour costs one coroutine, and the servicers stay thin. Only the Engine service is
wrapped: health checks and reflection answer without a token.
"""

from __future__ import annotations

import itertools
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from types import SimpleNamespace
from typing import Any

import grpc
import redis.exceptions
import structlog
from structlog.contextvars import bind_contextvars, clear_contextvars

from inferno_proto import engine_pb2, reasons
from inferno_proto.codecs import CodecError

from . import auth, metrics
from .bounds import MAX_MESSAGE, MAX_TEXT, oversized, shown
from .errors import EngineError, InvalidArgument

log = structlog.get_logger("inferno_engine.calls")
ENGINE = engine_pb2.DESCRIPTOR.services_by_name["Engine"]

Unary = Callable[[Any, grpc.aio.ServicerContext], Awaitable[Any]]
Streaming = Callable[[Any, grpc.aio.ServicerContext], AsyncIterator[Any]]

_HANDLED = (
    EngineError,
    CodecError,
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
)


async def _abort(context: grpc.aio.ServicerContext, method: str, err: Exception) -> None:
    version: int | None = None
    if isinstance(err, EngineError):
        # A refusal may quote what the caller sent (a card name): never more than fits.
        code, message, reason = err.status, shown(err.message, MAX_MESSAGE), err.reason
        version = err.version
    elif isinstance(err, CodecError):  # a message the game's codec cannot read
        code, message = grpc.StatusCode.INVALID_ARGUMENT, shown(err.message, MAX_MESSAGE)
        reason = err.reason
    else:  # Redis is down or unreachable
        log.warning("storage_unavailable", method=method, error=repr(err))
        code = grpc.StatusCode.UNAVAILABLE
        message = "the engine cannot reach its storage; retry with the same action id"
        reason = "storage_unavailable"
    metrics.ERRORS.labels(method, code.name).inc()
    if not reasons.is_listed(reason):  # a contract broken: reasons.proto must list every one
        log.error("unlisted_reason", method=method, reason=reason)
    trailing: tuple[tuple[str, str | bytes], ...] = (("inferno-reason", reason),)
    if version is not None:
        trailing += (("inferno-version", str(version)),)
    details = reasons.status_details(code.value[0], message, reason, version)
    trailing += ((reasons.DETAILS_KEY, details),)
    log.info(
        "call_refused", method=method, code=code.name, reason=reason, detail=shown(message, 200)
    )
    await context.abort(code, message, trailing_metadata=trailing)


class CallWrapper:
    """Wraps each Engine method of a servicer in request ids, errors, metrics and auth.

    A caller's ``x-request-id`` is echoed back; a call without one gets one for the logs only
    (sending metadata nobody asked for would cost every call a little). Made-up ids are this
    process's random prefix and a counter: unique, and cheaper than a UUID per call. Tokens are
    checked through :class:`~inferno_engine.auth.VerifiedTokens`, so a token already verified
    is looked up until it expires.
    """

    def __init__(self, key: str, algorithms: tuple[str, ...]) -> None:
        self.tokens = auth.VerifiedTokens(key, algorithms)
        self._prefix = uuid.uuid4().hex[:16] + "-"
        self._count = itertools.count(1)

    def servicer(self, servicer: object) -> SimpleNamespace:
        """An object with the servicer's Engine methods, each wrapped (for
        ``add_EngineServicer_to_server``)."""
        methods = {}
        for method in ENGINE.methods:
            behaviour = getattr(servicer, method.name)
            if method.server_streaming:
                methods[method.name] = self.stream(method.name, behaviour)
            else:
                methods[method.name] = self.unary(method.name, behaviour)
        return SimpleNamespace(**methods)

    async def _enter(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        """Binds the request id and table id to the call's log lines (echoing the caller's
        own id back); returns the call's metadata."""
        metadata = context.invocation_metadata() or ()
        given = ""
        for name, value in metadata:
            if name == "x-request-id":
                given = str(value)[:128]
                break
        bind_contextvars(
            request_id=given or f"{self._prefix}{next(self._count):x}",
            table_id=shown(getattr(request, "table_id", "")) or None,
        )
        if given:
            await context.send_initial_metadata((("x-request-id", given),))
        return metadata

    @staticmethod
    def _bounded(request: Any) -> None:
        """No string field of any request is longer than :data:`~.bounds.MAX_TEXT`."""
        found = oversized(request)
        if found is not None:
            field, length = found
            raise InvalidArgument(
                f"{field} is {length} characters long; at most {MAX_TEXT} are accepted",
                reason="too_long",
            )

    def _verify(self, metadata: Any) -> None:
        claims = self.tokens.claims(metadata)
        auth.current_caller.set(claims)
        bind_contextvars(caller=claims.subject, role=claims.role.value)

    def unary(self, method: str, behaviour: Unary) -> Unary:
        latency = metrics.LATENCY.labels(method)
        internal = metrics.ERRORS.labels(method, "INTERNAL")

        async def call(request: Any, context: grpc.aio.ServicerContext) -> Any:
            try:
                metadata = await self._enter(request, context)
                started = time.perf_counter()
                try:
                    self._bounded(request)
                    self._verify(metadata)
                    return await behaviour(request, context)
                except _HANDLED as err:
                    await _abort(context, method, err)
                except Exception:
                    internal.inc()
                    log.exception("call_failed", method=method)
                    raise
                finally:
                    latency.observe(time.perf_counter() - started)
            finally:
                clear_contextvars()

        return call

    def stream(self, method: str, behaviour: Streaming) -> Streaming:
        internal = metrics.ERRORS.labels(method, "INTERNAL")

        async def call(request: Any, context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
            try:
                metadata = await self._enter(request, context)
                try:
                    self._bounded(request)
                    self._verify(metadata)
                    async for item in behaviour(request, context):
                        yield item
                except _HANDLED as err:
                    await _abort(context, method, err)
                except Exception:
                    internal.inc()
                    log.exception("call_failed", method=method)
                    raise
            finally:
                clear_contextvars()

        return call
