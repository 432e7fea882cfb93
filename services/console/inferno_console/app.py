"""The console's FastAPI app: pages, their live updates (SSE), actions and the probes.

Pages are rendered on the server (Jinja2) and made live by one small script that follows an
EventSource; every page but sign-in needs an operator's session, and every POST its session's
CSRF token. Routes read like the operators' day: the list, a table, its actions, the audit log,
the health page.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

import redis.asyncio as aioredis
from fastapi import Depends, FastAPI, Form, Request
from fastapi.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from inferno_rules import all_games

from . import boards, replay
from .audit import AuditLog
from .charts import sparkline
from .engine import STATUS, Engine, EngineRefused, view_dict
from .health import Health
from .live import LiveTable, LiveTables
from .lobby import Lobby, SignInRefused
from .metrics import REGISTRY, observe
from .security import SecurityHeaders
from .sessions import COOKIE, Session, Sessions
from .settings import Settings

HERE = Path(__file__).parent
LOGIN_CSRF = "inferno_console_signin"
SORTS = {
    "newest": (lambda r: -r["created_ms"]),
    "quietest": (lambda r: r["last_change_ms"]),
    "busiest": (lambda r: -r["moves_last_minute"]),
    "game": (lambda r: (r["game"], -r["created_ms"])),
}
ACTIONS = ("pause", "resume", "abort", "hand-over")


class NotSignedIn(Exception):
    pass


async def operator(request: Request) -> Session:
    """The signed-in operator of this request (their session cookie), else sign in first."""
    found = await request.app.state.sessions.find(request.cookies.get(COOKIE))
    if found is None:
        raise NotSignedIn()
    return found


Operator = Annotated[Session, Depends(operator)]


async def checked(request: Request, who: Operator) -> Session:
    """An operator whose POST carries their session's CSRF token."""
    form = await request.form()
    sent = form.get("csrf")
    if not who.csrf_ok(sent if isinstance(sent, str) else None):
        raise PermissionError("this form is stale or was not sent by the console; reload the page")
    return who


Checked = Annotated[Session, Depends(checked)]


def create_app(settings: Settings) -> FastAPI:
    redis = aioredis.Redis.from_url(settings.redis_url)
    lobby = Lobby(settings.lobby_url, settings.token_key, settings.token_algorithm)
    engine = Engine(settings.engine_address)
    sessions = Sessions(redis, settings.redis_prefix, lobby, settings.session_idle_seconds)
    audit = AuditLog(redis, settings.redis_prefix)
    live = LiveTables(
        redis,
        settings.redis_prefix,
        stuck_minutes=settings.stuck_minutes,
        push_every_seconds=settings.push_every_seconds,
    )
    health = Health(settings, redis)
    pages = Environment(
        loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"])
    )
    pages.globals.update(sparkline=sparkline, games=sorted(all_games()))
    pages.filters["ago"] = lambda ms: _ago(ms)
    pages.filters["when"] = lambda ms: time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(ms / 1000))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await live.start()
        await health.start()
        yield
        await live.stop()
        await health.stop()
        await engine.close()
        await lobby.close()
        await redis.aclose()

    app = FastAPI(
        title="Inferno operator console", lifespan=lifespan, docs_url=None, redoc_url=None
    )
    app.state.live, app.state.audit, app.state.sessions = live, audit, sessions
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.add_middleware(SecurityHeaders)

    def page(template: str, code: int = 200, **context: Any) -> HTMLResponse:
        return HTMLResponse(pages.get_template(template).render(**context), status_code=code)

    @app.exception_handler(NotSignedIn)
    async def _to_sign_in(request: Request, exc: NotSignedIn) -> Response:
        if request.url.path.startswith(("/events/", "/api/")) or request.method != "GET":
            return JSONResponse({"detail": "sign in as an operator first"}, status_code=401)
        return RedirectResponse(f"/sign-in?next={request.url.path}", status_code=303)

    @app.exception_handler(PermissionError)
    async def _refused(request: Request, exc: PermissionError) -> Response:
        return page("message.html", 403, title="Refused", text=str(exc), who=None)

    # ------------------------------------------------------------------ signing in
    @app.get("/sign-in", response_class=HTMLResponse)
    async def sign_in_form(next: str = "/") -> Response:
        token = secrets.token_urlsafe(24)
        answer = page("sign_in.html", csrf=token, next=_local(next), error=None, who=None)
        _cookie(answer, LOGIN_CSRF, token, settings, max_age=3600)
        return answer

    @app.post("/sign-in")
    async def sign_in(
        request: Request,
        username: Annotated[str, Form(max_length=40)],
        password: Annotated[str, Form(max_length=128)],
        csrf: Annotated[str, Form(max_length=100)],
        next: Annotated[str, Form(max_length=300)] = "/",
    ) -> Response:
        expected = request.cookies.get(LOGIN_CSRF, "")
        if not expected or not secrets.compare_digest(expected, csrf):
            raise PermissionError("the sign-in form is stale; open it again")
        address = request.client.host if request.client else ""
        try:
            tokens = await lobby.log_in(username, password, address)
        except SignInRefused as err:
            answer = page(
                "sign_in.html", 401, csrf=csrf, next=_local(next), error=str(err), who=None
            )
            return answer
        session = await sessions.open(tokens)
        await audit.write(session.operator_id, session.name, "sign in", "", "", "signed in")
        answer = RedirectResponse(_local(next), status_code=303)
        _cookie(answer, COOKIE, session.id, settings, max_age=settings.session_idle_seconds)
        answer.delete_cookie(LOGIN_CSRF)
        return answer

    @app.post("/sign-out")
    async def sign_out(who: Checked) -> Response:
        await sessions.close(who.id)
        await audit.write(who.operator_id, who.name, "sign out", "", "", "signed out")
        answer = RedirectResponse("/sign-in", status_code=303)
        answer.delete_cookie(COOKIE)
        return answer

    # ------------------------------------------------------------------ live tables
    def listed(game: str, status: str, stuck: bool, sort: str) -> list[dict[str, Any]]:
        rows = live.rows()
        if game:
            rows = [r for r in rows if r["game"] == game]
        if status:
            rows = [r for r in rows if r["status"] == status]
        if stuck:
            rows = [r for r in rows if r["stuck"]]
        return sorted(rows, key=SORTS.get(sort, SORTS["newest"]))

    @app.get("/", response_class=HTMLResponse)
    async def tables_page(
        who: Operator, game: str = "", status: str = "", stuck: bool = False, sort: str = "newest"
    ) -> Response:
        rows = listed(game, status, stuck, sort)
        return page(
            "tables.html",
            who=who,
            rows=rows,
            game=game,
            status=status,
            stuck=stuck,
            sort=sort,
            sorts=list(SORTS),
            stuck_minutes=settings.stuck_minutes,
            now_ms=_now_ms(),
        )

    @app.get("/api/tables")
    async def tables_json(
        who: Operator, game: str = "", status: str = "", stuck: bool = False, sort: str = "newest"
    ) -> JSONResponse:
        return JSONResponse({"tables": listed(game, status, stuck, sort), "now_ms": _now_ms()})

    @app.get("/events/tables")
    async def tables_events(request: Request, who: Operator) -> StreamingResponse:
        return _sse(request, live, None)

    # ------------------------------------------------------------------ one table
    async def board_of(who: Session, table_id: str) -> tuple[Markup, dict[str, Any]]:
        table = live.tables.get(table_id)
        names = [s.get("name") or f"seat {s['seat']}" for s in (table.seats if table else [])]
        try:
            reply = await engine.view(who.access_token, table_id)
        except EngineRefused as err:
            return Markup('<p class="refused">{}</p>').format(str(err)), {}
        facts = {
            "status": STATUS.get(reply.status, "?"),
            "version": reply.version,
            "seed_commitment": reply.seed_commitment,
            "seed": reply.seed,
            "to_act": list(reply.decision.seats),
            "clocks": reply.clocks,
            "game": reply.game,
        }
        names = [s.name or f"seat {s.seat}" for s in reply.seats] or names
        shown = view_dict(reply)
        if shown is None:
            return boards.generic.board({"message": str(reply)}, names), facts
        return boards.draw(reply.game, shown, names), facts

    @app.get("/tables/{table_id}", response_class=HTMLResponse)
    async def table_page(who: Operator, table_id: str) -> Response:
        return await _table_page(who, table_id)

    async def _table_page(
        who: Session, table_id: str, said: str = "", status: int = 200
    ) -> Response:
        table = live.tables.get(table_id)
        board, facts = await board_of(who, table_id)
        if table is None and not facts:
            return page(
                "message.html",
                404,
                who=who,
                title="No such table",
                text=(f"{said} — " if said else "")
                + f"no live table {table_id!r} is known to the console",
            )
        check = _fairness(table, facts)
        return page(
            "table.html",
            status,
            who=who,
            table=table,
            table_id=table_id,
            board=board,
            facts=facts,
            row=table.row(_now_ms(), live.stuck_ms) if table else None,
            events=list(table.events)[-100:][::-1] if table else [],
            audit=await audit.newest(20, table=table_id),
            said=said,
            seed_check=check,
            now_ms=_now_ms(),
        )

    @app.get("/tables/{table_id}/board", response_class=HTMLResponse)
    async def board_fragment(who: Operator, table_id: str) -> Response:
        board, facts = await board_of(who, table_id)
        return HTMLResponse(board, headers={"X-Table-Version": str(facts.get("version", ""))})

    @app.get("/events/tables/{table_id}")
    async def table_events(request: Request, who: Operator, table_id: str) -> StreamingResponse:
        return _sse(request, live, table_id)

    @app.post("/tables/{table_id}/full-view", response_class=HTMLResponse)
    async def full_view(
        who: Checked, table_id: str, reason: Annotated[str, Form(max_length=300)] = ""
    ) -> Response:
        reason = reason.strip()
        if not reason:
            return await _table_page(who, table_id, "the full view needs a reason", 422)
        try:
            reply = await engine.full_view(who.access_token, table_id, reason)
        except EngineRefused as err:
            await audit.write(who.operator_id, who.name, "full view", table_id, reason, str(err))
            return await _table_page(who, table_id, str(err), 409)
        await audit.write(who.operator_id, who.name, "full view", table_id, reason, "shown")
        names = [s.name or f"seat {s.seat}" for s in reply.seats]
        shown = view_dict(reply, full=True)
        board = (
            boards.draw(reply.game, shown, names)
            if shown is not None
            else boards.generic.board({"message": str(reply)}, names)
        )
        return page("full_view.html", who=who, table_id=table_id, board=board, reason=reason)

    @app.post("/tables/{table_id}/{action}", response_class=HTMLResponse)
    async def act(
        who: Checked,
        table_id: str,
        action: str,
        reason: Annotated[str, Form(max_length=300)] = "",
        confirm: Annotated[str, Form(max_length=10)] = "",
        seat: Annotated[int | None, Form(ge=0, le=16)] = None,
    ) -> Response:
        if action not in ACTIONS:
            return page(
                "message.html",
                404,
                who=who,
                title="No such action",
                text=f"{action!r} is not an action; try one of {', '.join(ACTIONS)}",
            )
        reason = reason.strip()
        if not reason:
            return await _table_page(who, table_id, f"{action}: give a reason", 422)
        if confirm != "yes":
            return await _table_page(who, table_id, f"{action}: tick the box to confirm", 422)
        if action == "hand-over" and seat is None:
            return await _table_page(who, table_id, "hand over: choose the seat", 422)
        token = who.access_token
        try:
            if action == "pause":
                outcome = await engine.pause(token, table_id, reason)
            elif action == "resume":
                outcome = await engine.resume(token, table_id, reason)
            elif action == "abort":
                outcome = await engine.abort(token, table_id, reason)
            else:
                outcome = await engine.hand_over(token, table_id, int(seat or 0), reason)
            code = 200
        except EngineRefused as err:
            outcome, code = str(err), 409
        what = action if action != "hand-over" else f"hand over seat {seat}"
        await audit.write(who.operator_id, who.name, what, table_id, reason, outcome)
        return await _table_page(who, table_id, f"{what}: {outcome}", code)

    # ------------------------------------------------------------------ audit and health
    @app.get("/audit", response_class=HTMLResponse)
    async def audit_page(who: Operator) -> Response:
        return page("audit.html", who=who, lines=await audit.newest(200))

    @app.get("/health", response_class=HTMLResponse)
    async def health_page(who: Operator) -> Response:
        samples = list(health.samples)
        if not samples:
            return page("health.html", who=who, services=[], every=settings.health_every_seconds)
        latest = samples[-1]

        def chart(pick: Any) -> Markup:
            return sparkline([pick(s) for s in samples])

        services = [
            {
                "name": name,
                "where": where,
                "up": latest.up.get(name, False),
                "chart": chart(lambda s, n=name: None if n not in s.up else float(s.up[n])),
            }
            for name, where in health.services().items()
            if where
        ]
        lags = [
            {"name": g, "now": latest.lag.get(g), "chart": chart(lambda s, g=g: s.lag.get(g))}
            for g in sorted({g for s in samples for g in s.lag})
        ]
        numbers = [
            ("engine moves per second", lambda s: s.moves_per_second, "{:.1f}"),
            ("engine open streams (tables followed)", lambda s: s.followed_tables, "{:.0f}"),
            ("Celery queue depth", lambda s: s.queue_depth, "{}"),
            ("worker timer lateness, ms (mean)", lambda s: s.timer_lateness_ms, "{:.1f}"),
        ]
        charts = [
            {
                "name": name,
                "now": "no data" if pick(latest) is None else form.format(pick(latest)),
                "chart": chart(pick),
            }
            for name, pick, form in numbers
        ]
        return page(
            "health.html",
            who=who,
            services=services,
            lags=lags,
            charts=charts,
            every=settings.health_every_seconds,
        )

    @app.get("/metrics")
    async def metrics_page() -> Response:
        latest = health.samples[-1] if health.samples else None
        observe(
            latest.queue_depth if latest else None,
            latest.lag if latest else {},
            live.rows(),
            live.followers(),
        )
        return Response(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)

    @app.get("/health/live")
    async def alive() -> dict[str, str]:
        return {"status": "alive"}

    @app.get("/health/ready")
    async def ready() -> JSONResponse:
        problems = {}
        try:
            await redis.ping()
        except Exception as err:
            problems["redis"] = f"not answering ({type(err).__name__})"
        if not live.caught_up.is_set():
            problems["bus"] = "still reading the tables stream"
        status = 200 if not problems else 503
        return JSONResponse({"ready": not problems, "problems": problems}, status_code=status)

    return app


def _fairness(table: LiveTable | None, facts: dict[str, Any]) -> str:
    """The seed check, and the replay from the bus where it is possible (``replay.py``)."""
    seed, commitment = facts.get("seed", ""), facts.get("seed_commitment", "")
    if not seed:
        return ""
    if table is None or table.status != "finished" or table.game != facts.get("game"):
        ok = replay.seed_matches(seed, commitment)
        return (
            "the seed matches its commitment" if ok else "MISMATCH: the seed is not the commitment"
        )
    if table.verdict is None:
        table.verdict = replay.check(
            table.game,
            table.options,
            len(table.seats),
            seed,
            commitment,
            table.played,
            table.scores,
            table.from_start,
        )[1]
    return table.verdict


def _sse(request: Request, live: LiveTables, table: str | None) -> StreamingResponse:
    queue = live.subscribe(table)

    async def stream() -> AsyncIterator[str]:
        try:
            yield "retry: 2000\n\n"
            while live.subscribed(queue) and not await request.is_disconnected():
                try:
                    message = await asyncio.wait_for(queue.get(), 15)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                message["now_ms"] = _now_ms()
                yield f"data: {json.dumps(message, separators=(',', ':'))}\n\n"
        finally:
            live.unsubscribe(queue)

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)


def _cookie(answer: Response, name: str, value: str, settings: Settings, max_age: int) -> None:
    answer.set_cookie(
        name,
        value,
        max_age=max_age,
        httponly=True,
        samesite="strict",
        secure=settings.secure_cookies,
        path="/",
    )


def _local(target: str) -> str:
    """Only a path of this site: never send a signed-in operator elsewhere."""
    return target if target.startswith("/") and not target.startswith("//") else "/"


def _now_ms() -> int:
    return int(time.time() * 1000)


def _ago(ms: int) -> str:
    if not ms:
        return "—"
    seconds = max(0, (_now_ms() - ms) // 1000)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60} min"
