"""The live lobby feed over a WebSocket: every table opened, filled, started, finished.

Clients connect to ``/feed`` and receive one JSON message per change, from the moment they
connect (they list tables once, then follow the feed instead of polling). Anyone may watch:
the feed carries only what the table list shows, and private tables are never on it.
"""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ...lobby import Lobby

router = APIRouter()


@router.websocket("/feed")
async def lobby_feed(websocket: WebSocket) -> None:
    lobby: Lobby = websocket.app.state.lobby
    await websocket.accept()
    queue = lobby.feed.subscribe()
    await websocket.send_json({"type": "feed.ready"})

    async def pump() -> None:
        while (message := await queue.get()) is not None:
            await websocket.send_json(message)
        await websocket.close(code=1013, reason="too slow to keep up; reconnect")

    async def watch_for_close() -> None:
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                await websocket.receive_text()  # clients send nothing; this notices leaving

    tasks = [asyncio.create_task(pump()), asyncio.create_task(watch_for_close())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        lobby.feed.unsubscribe(queue)
