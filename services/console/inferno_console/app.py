"""Builds the console's FastAPI app: its parts (:class:`Console`), the routes, the security
headers, the static files, and what a refusal or a missing session looks like.

Pages are rendered on the server (Jinja2) and made live by one small script that follows an
EventSource; every page but sign-in needs an operator's session, and every POST its session's
CSRF token.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from .console import HERE, Console
from .deps import NotSignedIn
from .routes import health, sign_in, table, tables
from .security import SecurityHeaders
from .settings import Settings


def create_app(settings: Settings) -> FastAPI:
    console = Console.build(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await console.start()
        yield
        await console.stop()

    app = FastAPI(
        title="Inferno operator console", lifespan=lifespan, docs_url=None, redoc_url=None
    )
    app.state.console = console
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.add_middleware(SecurityHeaders)
    for module in (sign_in, tables, table, health):
        app.include_router(module.router)

    @app.exception_handler(NotSignedIn)
    async def _to_sign_in(request: Request, exc: NotSignedIn) -> Response:
        if request.url.path.startswith(("/events/", "/api/")) or request.method != "GET":
            return JSONResponse({"detail": "sign in as an operator first"}, status_code=401)
        return RedirectResponse(f"/sign-in?next={request.url.path}", status_code=303)

    @app.exception_handler(PermissionError)
    async def _refused(request: Request, exc: PermissionError) -> Response:
        return console.page("message.html", 403, title="Refused", text=str(exc), who=None)

    return app
