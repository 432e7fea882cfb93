"""The live list: the page, its JSON, and its live updates (SSE)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response, StreamingResponse

from ..console import Console, now_ms
from ..deps import ConsoleDep, Operator
from ..live import LiveTables

router = APIRouter()
SORTS = {
    "newest": (lambda r: -r["created_ms"]),
    "quietest": (lambda r: r["last_change_ms"]),
    "busiest": (lambda r: -r["moves_last_minute"]),
    "game": (lambda r: (r["game"], -r["created_ms"])),
}


def listed(
    console: Console, game: str, status: str, stuck: bool, sort: str
) -> list[dict[str, Any]]:
    rows = console.live.rows()
    if game:
        rows = [r for r in rows if r["game"] == game]
    if status:
        rows = [r for r in rows if r["status"] == status]
    if stuck:
        rows = [r for r in rows if r["stuck"]]
    return sorted(rows, key=SORTS.get(sort, SORTS["newest"]))


@router.get("/", response_class=HTMLResponse)
async def tables_page(
    who: Operator,
    console: ConsoleDep,
    game: str = "",
    status: str = "",
    stuck: bool = False,
    sort: str = "newest",
) -> Response:
    return console.page(
        "tables.html",
        who=who,
        rows=listed(console, game, status, stuck, sort),
        game=game,
        status=status,
        stuck=stuck,
        sort=sort,
        sorts=list(SORTS),
        stuck_minutes=console.settings.stuck_minutes,
        now_ms=now_ms(),
    )


@router.get("/api/tables")
async def tables_json(
    who: Operator,
    console: ConsoleDep,
    game: str = "",
    status: str = "",
    stuck: bool = False,
    sort: str = "newest",
) -> JSONResponse:
    rows = listed(console, game, status, stuck, sort)
    return JSONResponse({"tables": rows, "now_ms": now_ms()})


@router.get("/events/tables")
async def tables_events(request: Request, who: Operator, console: ConsoleDep) -> StreamingResponse:
    return follow(request, console.live, None)


def follow(request: Request, live: LiveTables, table: str | None) -> StreamingResponse:
    """Server-sent events: the live list's changes (or one table's), until the page leaves."""
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
                message["now_ms"] = now_ms()
                yield f"data: {json.dumps(message, separators=(',', ':'))}\n\n"
        finally:
            live.unsubscribe(queue)

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)
