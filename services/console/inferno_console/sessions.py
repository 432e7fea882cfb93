"""Operators' console sessions, kept in Redis under the console's key prefix.

A session is a random id in an HttpOnly, SameSite=Strict cookie; Redis holds who it is, their
engine token (renewed through the lobby before it expires) and the session's CSRF token, which
every form and every POST must carry. Sessions end after ``session_idle_seconds`` unused.
"""

from __future__ import annotations

import hmac
import json
import secrets
import time
from dataclasses import asdict, dataclass

import redis.asyncio as aioredis

from .lobby import Lobby, OperatorTokens, SignInRefused

COOKIE = "inferno_console"


@dataclass
class Session:
    id: str
    operator_id: str
    name: str
    csrf: str
    access_token: str
    refresh_token: str
    access_expires_at: int

    def csrf_ok(self, sent: str | None) -> bool:
        return bool(sent) and hmac.compare_digest(self.csrf, sent or "")


class Sessions:
    def __init__(self, redis: aioredis.Redis, prefix: str, lobby: Lobby, idle: int) -> None:
        self._redis, self._prefix, self._lobby = redis, prefix + "console:session:", lobby
        self._idle = idle

    async def open(self, tokens: OperatorTokens) -> Session:
        session = Session(
            id=secrets.token_urlsafe(32),
            operator_id=tokens.claims.subject,
            name=tokens.claims.name or tokens.claims.subject,
            csrf=secrets.token_urlsafe(32),
            access_token=tokens.access_token,
            refresh_token=tokens.refresh_token,
            access_expires_at=tokens.claims.expires_at,
        )
        await self._save(session)
        return session

    async def find(self, session_id: str | None) -> Session | None:
        """The live session of this cookie, its engine token fresh; None when there is none or
        the lobby no longer counts the account as an operator."""
        if not session_id or len(session_id) > 100:
            return None
        raw = await self._redis.get(self._prefix + session_id)
        if raw is None:
            return None
        session = Session(**json.loads(raw))
        if session.access_expires_at - time.time() < 60:
            try:
                tokens = await self._lobby.refresh(session.refresh_token)
            except SignInRefused:
                await self.close(session.id)
                return None
            session.access_token, session.refresh_token = tokens.access_token, tokens.refresh_token
            session.access_expires_at = tokens.claims.expires_at
        await self._save(session)
        return session

    async def flash(self, session_id: str, text: str) -> None:
        """A sentence for the session's next page (an action's outcome after its redirect)."""
        await self._redis.set(f"{self._prefix}{session_id}:flash", text, ex=60)

    async def take_flash(self, session_id: str) -> str:
        raw = await self._redis.getdel(f"{self._prefix}{session_id}:flash")
        return raw.decode() if raw else ""

    async def close(self, session_id: str) -> None:
        await self._redis.delete(self._prefix + session_id)

    async def _save(self, session: Session) -> None:
        await self._redis.set(self._prefix + session.id, json.dumps(asdict(session)), ex=self._idle)
