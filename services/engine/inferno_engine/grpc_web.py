"""The engine for browsers: a gRPC-web bridge in front of an engine's gRPC port.

Browsers cannot speak gRPC (HTTP/2 trailers), so a web or JavaScript app calls this instead, with
the gRPC-web protocol (``application/grpc-web+proto``, or ``application/grpc-web-text``: the
same bytes in base64) over plain HTTP/1.1: ``POST /inferno.engine.v1.Engine/<Method>``, the
request as one length-prefixed frame, the ``authorization: Bearer …`` header as on gRPC. The
bridge forwards each call as it is (bytes, never decoded) to the engine's gRPC port, so the
engine's own checks, errors and limits apply unchanged, and answers with the reply's frames and
a trailer frame (``grpc-status``, ``grpc-message``, the ``inferno-reason`` /
``grpc-status-details-bin`` trailers). Server streams (StreamEvents) are sent frame by frame as
the engine yields them. CORS is answered for the origins allowed (``--allow-origin``).

Run it as ``python -m inferno_engine.grpc_web --engine 127.0.0.1:50051 --port 8080``
(``make run`` and ``deploy/`` do); the protocol is
https://github.com/grpc/grpc/blob/master/doc/PROTOCOL-WEB.md.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import os
import struct
from collections.abc import Awaitable, Callable
from typing import Any

import grpc
import structlog

from inferno_proto import engine_pb2

log = structlog.get_logger("inferno_engine.grpc_web")

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

SERVICE = engine_pb2.DESCRIPTOR.services_by_name["Engine"]
#: Every method of the engine by its path, and whether it streams its answer.
METHODS = {f"/{SERVICE.full_name}/{m.name}": m.server_streaming for m in SERVICE.methods}
#: The largest request taken (the engine's own limit on messages is far below it).
MAX_REQUEST = 1 << 20
#: Request headers passed on to the engine as call metadata.
FORWARDED = ("authorization", "x-request-id", "grpc-timeout")
TRAILER_FLAG = 0x80
ALLOWED_HEADERS = (
    "authorization, content-type, x-grpc-web, x-user-agent, x-request-id, grpc-timeout"
)
EXPOSED_HEADERS = "grpc-status, grpc-message, grpc-status-details-bin, inferno-reason"


def frame(payload: bytes, flag: int = 0) -> bytes:
    """One gRPC-web frame: a flag byte, a 4-byte big-endian length, the bytes."""
    return struct.pack(">BI", flag, len(payload)) + payload


def trailers(code: grpc.StatusCode, message: str, metadata: Any) -> bytes:
    """The trailer frame: ``grpc-status`` and ``grpc-message`` and the call's trailers."""
    lines = [f"grpc-status:{code.value[0]}", f"grpc-message:{_percent(message)}"]
    for key, value in metadata or ():
        if key.endswith("-bin") and isinstance(value, bytes):
            value = base64.b64encode(value).decode()
        lines.append(f"{key}:{value}")
    return frame(("\r\n".join(lines) + "\r\n").encode(), TRAILER_FLAG)


def _percent(text: str) -> str:
    """grpc-message is percent-encoded (PROTOCOL-HTTP2): only printable ASCII but '%' as is."""
    return "".join(
        c if 0x20 <= ord(c) < 0x7F and c != "%" else "".join(f"%{b:02X}" for b in c.encode())
        for c in text
    )


def read_request(body: bytes) -> bytes:
    """The one message a gRPC-web request carries; ValueError if the body is not that."""
    if len(body) < 5:
        raise ValueError("the body is not a gRPC-web frame (5-byte header, then the message)")
    flag, length = struct.unpack(">BI", body[:5])
    if flag != 0 or len(body) != 5 + length:
        raise ValueError("the body must be exactly one uncompressed gRPC-web message frame")
    return body[5:]


class Bridge:
    """The ASGI app: gRPC-web in, gRPC to ``engine`` out."""

    def __init__(self, engine: str, allow_origins: tuple[str, ...] = ("*",)) -> None:
        self.engine = engine
        self.allow_origins = allow_origins
        self._channel: grpc.aio.Channel | None = None

    @property
    def channel(self) -> grpc.aio.Channel:
        if self._channel is None:  # made on the server's own event loop
            self._channel = grpc.aio.insecure_channel(self.engine)
        return self._channel

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        headers = {k.decode().lower(): v.decode() for k, v in scope["headers"]}
        cors = self._cors(headers.get("origin"))
        path, method = scope["path"], scope["method"]
        if path in ("/health/live", "/health/ready") and method == "GET":
            await self._plain(send, 200, b"ok", cors)
            return
        if method == "OPTIONS":
            await send({"type": "http.response.start", "status": 204, "headers": cors})
            await send({"type": "http.response.body", "body": b""})
            return
        if method != "POST" or path not in METHODS:
            words = f"no such call: {method} {path}; the engine's calls are POST " + ", ".join(
                sorted(METHODS)
            )
            await self._plain(send, 404, words.encode(), cors)
            return
        kind = headers.get("content-type", "")
        text = kind.startswith("application/grpc-web-text")
        if not kind.startswith("application/grpc-web"):
            words = b"send content-type application/grpc-web+proto (or grpc-web-text)"
            await self._plain(send, 415, words, cors)
            return
        body = await self._body(receive)
        if body is None:
            await self._plain(send, 413, b"the request is larger than 1 MiB", cors)
            return
        try:
            message = read_request(base64.b64decode(body) if text else body)
        except (ValueError, binascii.Error) as err:
            await self._answer(send, cors, text, [], grpc.StatusCode.INVALID_ARGUMENT, str(err))
            return
        metadata = tuple((k, headers[k]) for k in FORWARDED if k in headers)
        if METHODS[path]:
            await self._stream(send, cors, text, path, message, metadata)
        else:
            await self._unary(send, cors, text, path, message, metadata)

    async def _unary(
        self, send: Send, cors: list, text: bool, path: str, message: bytes, metadata: tuple
    ) -> None:
        call = self.channel.unary_unary(path)(message, metadata=metadata)
        try:
            reply = await call
        except grpc.aio.AioRpcError as err:
            trailing = err.trailing_metadata()
            await self._answer(send, cors, text, [], err.code(), err.details() or "", trailing)
            return
        trailing = await call.trailing_metadata()
        await self._answer(send, cors, text, [reply], grpc.StatusCode.OK, "", trailing)

    async def _stream(
        self, send: Send, cors: list, text: bool, path: str, message: bytes, metadata: tuple
    ) -> None:
        call = self.channel.unary_stream(path)(message, metadata=metadata)
        await self._start(send, cors, text)
        try:
            async for reply in call:
                await self._chunk(send, frame(reply), text, more=True)
            code, details, trailing = grpc.StatusCode.OK, "", await call.trailing_metadata()
        except grpc.aio.AioRpcError as err:
            code, details, trailing = err.code(), err.details() or "", err.trailing_metadata()
        finally:
            call.cancel()  # the browser went away, or the stream ended: the engine's ends too
        await self._chunk(send, trailers(code, details, trailing), text, more=False)

    async def _answer(
        self,
        send: Send,
        cors: list,
        text: bool,
        replies: list[bytes],
        code: grpc.StatusCode,
        details: str,
        trailing: Any = (),
    ) -> None:
        await self._start(send, cors, text)
        body = b"".join(frame(r) for r in replies) + trailers(code, details, trailing)
        await self._chunk(send, body, text, more=False)

    @staticmethod
    async def _start(send: Send, cors: list, text: bool) -> None:
        kind = b"application/grpc-web-text+proto" if text else b"application/grpc-web+proto"
        headers = [(b"content-type", kind), (b"cache-control", b"no-store"), *cors]
        await send({"type": "http.response.start", "status": 200, "headers": headers})

    @staticmethod
    async def _chunk(send: Send, data: bytes, text: bool, more: bool) -> None:
        body = base64.b64encode(data) if text else data
        await send({"type": "http.response.body", "body": body, "more_body": more})

    @staticmethod
    async def _plain(send: Send, status: int, words: bytes, cors: list) -> None:
        headers = [(b"content-type", b"text/plain; charset=utf-8"), *cors]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": words})

    @staticmethod
    async def _body(receive: Receive) -> bytes | None:
        chunks, size = [], 0
        while True:
            event = await receive()
            chunk = event.get("body", b"")
            size += len(chunk)
            if size > MAX_REQUEST * 2:  # base64 text is 4/3 of the bytes
                return None
            chunks.append(chunk)
            if not event.get("more_body"):
                return b"".join(chunks)

    def _cors(self, origin: str | None) -> list[tuple[bytes, bytes]]:
        if origin is None or ("*" not in self.allow_origins and origin not in self.allow_origins):
            return []
        allowed = "*" if "*" in self.allow_origins else origin
        return [
            (b"access-control-allow-origin", allowed.encode()),
            (b"access-control-allow-methods", b"POST, OPTIONS"),
            (b"access-control-allow-headers", ALLOWED_HEADERS.encode()),
            (b"access-control-expose-headers", EXPOSED_HEADERS.encode()),
            (b"access-control-max-age", b"600"),
            (b"vary", b"origin"),
        ]

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            event = await receive()
            if event["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif event["type"] == "lifespan.shutdown":
                if self._channel is not None:
                    await self._channel.close()
                await send({"type": "lifespan.shutdown.complete"})
                return


async def _serve(args: argparse.Namespace) -> None:
    import uvicorn

    bridge = Bridge(args.engine, tuple(args.allow_origin or ["*"]))
    config = uvicorn.Config(
        bridge, host=args.host, port=args.port, log_level="warning", lifespan="on"
    )
    log.info("grpc_web_listening", host=args.host, port=args.port, engine=args.engine)
    await uvicorn.Server(config).serve()


def main(argv: list[str] | None = None) -> None:
    import asyncio

    from inferno_logs import configure

    parser = argparse.ArgumentParser(
        prog="python -m inferno_engine.grpc_web",
        description="The engine for browsers and JavaScript: takes gRPC-web calls over HTTP/1.1 "
        "and passes them, unchanged, to an engine's gRPC port (docs/engine.md, 'Web clients').",
    )
    env = os.environ.get
    parser.add_argument(
        "--engine",
        default=env("INFERNO_ENGINE_ADDRESS", "127.0.0.1:50051"),
        help="the engine's gRPC address (env INFERNO_ENGINE_ADDRESS; default 127.0.0.1:50051)",
    )
    parser.add_argument(
        "--host",
        default=env("INFERNO_GRPC_WEB_HOST", "127.0.0.1"),
        help="where to listen (env INFERNO_GRPC_WEB_HOST; default loopback)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=int(env("INFERNO_GRPC_WEB_PORT", "8080")),
        help="the HTTP port (env INFERNO_GRPC_WEB_PORT; default 8080)",
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        help="a web page origin allowed to call (CORS), e.g. https://play.example; "
        "repeat for more; default any origin (*)",
    )
    args = parser.parse_args(argv)
    configure("grpc_web")
    asyncio.run(_serve(args))


if __name__ == "__main__":
    main()


__all__ = ["METHODS", "Bridge", "frame", "read_request", "trailers"]
