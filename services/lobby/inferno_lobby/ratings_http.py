"""Ratings for quick play, read from the scoring service's read API.

``GET /games/{game}/leaderboard/around/{player}?radius=0`` answers a player's own rating
(OpenSkill ordinal, mu − 3 sigma); 404 means the player has no rating in that game yet. Scoring
being slow or down must never stop matchmaking, so any failure counts as "no rating".
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import httpx


class ScoringRatings:
    """Implements :class:`~inferno_lobby.matchmaking.RatingSource` over HTTP."""

    def __init__(
        self,
        base_url: str,
        *,
        timeout_seconds: float = 1.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self._base_url = base_url.rstrip("/")
        self._timeout = timeout_seconds
        self._transport = transport

    async def ratings(self, game: str, player_ids: Sequence[str]) -> dict[str, float]:
        if not player_ids:
            return {}
        async with httpx.AsyncClient(
            base_url=self._base_url, timeout=self._timeout, transport=self._transport
        ) as client:
            found = await asyncio.gather(*(self._one(client, game, p) for p in player_ids))
        return {p: r for p, r in zip(player_ids, found, strict=True) if r is not None}

    async def _one(self, client: httpx.AsyncClient, game: str, player: str) -> float | None:
        try:
            answer = await client.get(
                f"/games/{game}/leaderboard/around/{player}", params={"radius": 0}
            )
        except httpx.HTTPError:
            return None
        if answer.status_code != 200:
            return None
        for entry in answer.json().get("entries", []):
            if entry.get("player_id") == player:
                return float(entry["rating"])
        return None
