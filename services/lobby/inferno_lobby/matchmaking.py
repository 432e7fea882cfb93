"""Quick play: queues per game and player count in Redis, matched into started tables.

A player's ticket (``lobby:qp:ticket:<account>``) says which queue they wait in and, once
matched, their table. A queue (``lobby:qp:queue:<game>:<players>``) is a sorted set of account
ids by arrival time. Matching a queue holds a short Redis lock, so two lobby processes never
seat the same player twice. Humans are matched first: a full table of humans is made as soon as
enough wait; a player who has waited ``bot_wait`` seconds gets a table with whoever else waits
and bots in the empty seats. When a rating source is given, the oldest waiting player is matched
with the players closest to their rating rather than simply the next to arrive.

Queues and tickets are ephemeral (Redis); the tables they produce are stored like any other.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from typing import Protocol

import structlog
from redis.asyncio import Redis

from inferno_auth import Claims
from inferno_bus.background import stop_if_cancelled

from .bounds import sentence
from .errors import Conflict, LobbyError, NotFound
from .schemas import QuickPlayTicket
from .tables import Tables, check_game

log = structlog.get_logger("inferno_lobby.matchmaking")

TICKET_TTL_SECONDS = 3600


class RatingSource(Protocol):
    async def ratings(self, game: str, player_ids: Sequence[str]) -> dict[str, float]:
        """Known ratings by player id (scoring's read API); unrated players are left out."""
        ...


class NoRatings:
    async def ratings(self, game: str, player_ids: Sequence[str]) -> dict[str, float]:
        return {}


def pick_group(waiting: Sequence[str], size: int, ratings: dict[str, float]) -> list[str]:
    """Who to seat together from ``waiting`` (oldest first): the oldest player, then the
    ``size - 1`` players closest to their rating (arrival order breaks ties; unrated players
    count as the anchor's rating, so without ratings this is first come, first served)."""
    if len(waiting) <= size:
        return list(waiting)
    anchor = waiting[0]
    mine = ratings.get(anchor, 0.0)
    others = sorted(
        range(1, len(waiting)),
        key=lambda i: (abs(ratings.get(waiting[i], mine) - mine), i),
    )[: size - 1]
    return [anchor] + [waiting[i] for i in sorted(others)]


class Matchmaker:
    def __init__(
        self,
        redis: Redis,
        prefix: str,
        tables: Tables,
        bot_wait_seconds: float,
        ratings: RatingSource | None = None,
    ) -> None:
        self._redis = redis
        self._key = prefix + "lobby:qp:"
        self._tables = tables
        self._bot_wait = bot_wait_seconds
        self._ratings = ratings or NoRatings()

    def _queue(self, game: str, players: int) -> str:
        return f"{self._key}queue:{game}:{players}"

    def _ticket(self, account_id: str) -> str:
        return f"{self._key}ticket:{account_id}"

    # -------------------------------------------------------------- players
    async def enqueue(self, who: Claims, game: str, players: int) -> QuickPlayTicket:
        check_game(game, players, {})
        now = int(time.time() * 1000)
        ticket = {"game": game, "players": str(players), "since": str(now), "name": who.name}
        # HSETNX on "game" makes joining twice (from two devices at once) a clean conflict.
        key = self._ticket(who.subject)
        if not await self._redis.hsetnx(key, "game", game):
            # A ticket that already has its table is done with: a new quick play replaces it.
            if await self._redis.hget(key, "table"):
                await self._redis.delete(key)
                return await self.enqueue(who, game, players)
            raise Conflict(
                "you are already in a quick-play queue or seated by it; leave it first",
                code="already_queued",
            )
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.hset(key, mapping=ticket)
            pipe.expire(key, TICKET_TTL_SECONDS)
            pipe.zadd(self._queue(game, players), {who.subject: now})
            pipe.sadd(self._key + "queues", f"{game}:{players}")
            await pipe.execute()
        await self.match(game, players)
        return await self.ticket(who.subject)

    async def ticket(self, account_id: str) -> QuickPlayTicket:
        data = await self._redis.hgetall(self._ticket(account_id))
        if not data.get("since"):
            raise NotFound("you are not in a quick-play queue", code="not_queued")
        return QuickPlayTicket(
            status="seated" if data.get("table") else "waiting",
            game=data["game"],
            players=int(data["players"]),
            waiting_since=int(data["since"]),
            table_id=data.get("table") or None,
        )

    async def leave(self, account_id: str) -> None:
        """Leave the queue (or forget a seated ticket, so a new quick play can begin)."""
        ticket = await self.ticket(account_id)
        async with self._redis.lock(self._lock_name(ticket.game, ticket.players), timeout=10):
            await self._redis.zrem(self._queue(ticket.game, ticket.players), account_id)
            await self._redis.delete(self._ticket(account_id))

    # -------------------------------------------------------------- matching
    def _lock_name(self, game: str, players: int) -> str:
        return f"{self._key}lock:{game}:{players}"

    async def match(self, game: str, players: int, now: float | None = None) -> list[str]:
        """Seat everyone who can be seated in this queue now; returns the new tables' ids."""
        opened: list[str] = []
        lock = self._redis.lock(self._lock_name(game, players), timeout=30, blocking_timeout=5)
        if not await lock.acquire():
            return opened
        try:
            while True:
                table_id = await self._match_once(game, players, now)
                if table_id is None:
                    break
                opened.append(table_id)
        finally:
            with contextlib.suppress(Exception):
                await lock.release()
        return opened

    async def _match_once(self, game: str, players: int, now: float | None) -> str | None:
        queue = self._queue(game, players)
        waiting = await self._redis.zrange(queue, 0, 199, withscores=True)
        if not waiting:
            return None
        ids = [member for member, _ in waiting]
        oldest_ms = waiting[0][1]
        now = time.time() if now is None else now
        if len(ids) >= players:
            ratings = await self._ratings.ratings(game, ids)
            group = pick_group(ids, players, ratings)
        elif now - oldest_ms / 1000 >= self._bot_wait:
            group = ids
        else:
            return None
        names = []
        for account_id in group:
            names.append(await self._redis.hget(self._ticket(account_id), "name") or "Player")
        await self._redis.zrem(queue, *group)
        try:
            table = await self._tables.open_quick_play(
                game, players, zip(group, names, strict=True)
            )
        except LobbyError as err:
            # Put them back where they were, so nobody loses their place to an engine hiccup.
            await self._redis.zadd(queue, {m: s for m, s in waiting if m in group})
            log.warning("quick_play_table_failed", game=game, players=players, error=err.message)
            return None
        async with self._redis.pipeline(transaction=False) as pipe:
            for account_id in group:
                pipe.hset(self._ticket(account_id), "table", table.id)
            await pipe.execute()
        log.info("quick_play_matched", table_id=table.id, humans=len(group), players=players)
        return table.id

    async def sweep(self, now: float | None = None) -> list[str]:
        """Match every queue (bots for those who waited long enough)."""
        opened: list[str] = []
        for name in await self._redis.smembers(self._key + "queues"):
            game, _, players = name.rpartition(":")
            opened += await self.match(game, int(players), now)
        return opened

    async def run(self, every_seconds: float) -> None:
        """The background sweeper started with the app."""
        while True:
            stop_if_cancelled()
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.warning("quick_play_sweep_failed", error=sentence(str(err)))
            stop_if_cancelled()
            await asyncio.sleep(every_seconds)
