"""The console's parts, made once per process and shared by every route: the settings, the
Redis client, the lobby and engine clients, sessions, the audit log, the live tables, the
health sampler and the page templates."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import redis.asyncio as aioredis
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape

from inferno_rules import all_games

from .audit import AuditLog
from .charts import sparkline
from .engine import Engine
from .health import Health
from .live import LiveTables
from .lobby import Lobby
from .sessions import Sessions
from .settings import Settings

HERE = Path(__file__).parent


@dataclass
class Console:
    settings: Settings
    redis: aioredis.Redis
    lobby: Lobby
    engine: Engine
    sessions: Sessions
    audit: AuditLog
    live: LiveTables
    health: Health
    pages: Environment

    @classmethod
    def build(cls, settings: Settings) -> Console:
        redis = aioredis.Redis.from_url(settings.redis_url)
        lobby = Lobby(settings.lobby_url, settings.token_key, settings.token_algorithm)
        live = LiveTables(
            redis,
            settings.redis_prefix,
            stuck_minutes=settings.stuck_minutes,
            push_every_seconds=settings.push_every_seconds,
            snapshot_every_seconds=settings.live_snapshot_seconds,
        )
        pages = Environment(
            loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"])
        )
        pages.globals.update(sparkline=sparkline, games=sorted(all_games()))
        pages.filters["ago"] = ago
        pages.filters["when"] = lambda ms: time.strftime(
            "%Y-%m-%d %H:%M:%S", time.gmtime(ms / 1000)
        )
        return cls(
            settings=settings,
            redis=redis,
            lobby=lobby,
            engine=Engine(settings.engine_address),
            sessions=Sessions(redis, settings.redis_prefix, lobby, settings.session_idle_seconds),
            audit=AuditLog(redis, settings.redis_prefix),
            live=live,
            health=Health(settings, redis),
            pages=pages,
        )

    async def start(self) -> None:
        await self.live.start()
        await self.health.start()

    async def stop(self) -> None:
        await self.live.stop()
        await self.health.stop()
        await self.engine.close()
        await self.lobby.close()
        await self.redis.aclose()

    def page(self, template: str, code: int = 200, **context: Any) -> HTMLResponse:
        """A page rendered from ``templates/`` (everything escaped unless marked safe)."""
        text = self.pages.get_template(template).render(**context)
        return HTMLResponse(text, status_code=code)


def now_ms() -> int:
    return int(time.time() * 1000)


def ago(ms: int) -> str:
    """How long ago ``ms`` (epoch ms) was, for people: ``42 s``, ``3 min 5 s``."""
    if not ms:
        return "—"
    seconds = max(0, (now_ms() - ms) // 1000)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60} min"
