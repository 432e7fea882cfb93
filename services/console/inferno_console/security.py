"""Headers every answer of the console carries: no framing (clickjacking an operator into an
abort), scripts and styles from the console only, no caching (the full view shows every hand),
no referrer leaving the site."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
     b"form-action 'self'; frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]  # fmt: skip
NO_STORE = (b"cache-control", b"no-store")


class SecurityHeaders:
    """Pure ASGI middleware (it does not buffer, so SSE streams pass straight through)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        static = scope["path"].startswith("/static/")

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", []) if h[0] != b"cache-control"]
                headers += HEADERS
                if not static:
                    headers.append(NO_STORE)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)
