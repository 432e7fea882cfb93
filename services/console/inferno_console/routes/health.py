"""The health page (each service, bus lag, Celery queue, engine and worker numbers over the
last hour), the audit log page, the console's own metrics and its probes."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, JSONResponse, Response
from markupsafe import Markup
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from ..charts import sparkline
from ..deps import ConsoleDep, Operator
from ..metrics import REGISTRY, observe

router = APIRouter()
NUMBERS = [
    ("engine moves per second", lambda s: s.moves_per_second, "{:.1f}"),
    ("engine open streams (tables followed)", lambda s: s.followed_tables, "{:.0f}"),
    ("Celery queue depth", lambda s: s.queue_depth, "{}"),
    ("worker timer lateness, ms (mean)", lambda s: s.timer_lateness_ms, "{:.1f}"),
]


@router.get("/audit", response_class=HTMLResponse)
async def audit_page(who: Operator, console: ConsoleDep) -> Response:
    return console.page("audit.html", who=who, lines=await console.audit.newest(200))


@router.get("/health", response_class=HTMLResponse)
async def health_page(who: Operator, console: ConsoleDep) -> Response:
    health, every = console.health, console.settings.health_every_seconds
    samples = list(health.samples)
    if not samples:
        return console.page("health.html", who=who, services=[], every=every)
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
    charts = [
        {
            "name": name,
            "now": "no data" if pick(latest) is None else form.format(pick(latest)),
            "chart": chart(pick),
        }
        for name, pick, form in NUMBERS
    ]
    return console.page(
        "health.html", who=who, services=services, lags=lags, charts=charts, every=every
    )


@router.get("/metrics")
async def metrics_page(console: ConsoleDep) -> Response:
    samples, live = console.health.samples, console.live
    latest = samples[-1] if samples else None
    observe(
        latest.queue_depth if latest else None,
        latest.lag if latest else {},
        live.rows(),
        live.followers(),
    )
    return Response(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)


@router.get("/health/live")
async def alive() -> dict[str, str]:
    return {"status": "alive"}


@router.get("/health/ready")
async def ready(console: ConsoleDep) -> JSONResponse:
    problems = {}
    try:
        await console.redis.ping()
    except Exception as err:  # any failure to answer means "not ready", said in words
        problems["redis"] = f"not answering ({type(err).__name__})"
    if not console.live.caught_up.is_set():
        problems["bus"] = "still reading the tables stream"
    code = 200 if not problems else 503
    return JSONResponse({"ready": not problems, "problems": problems}, status_code=code)
