"""The scoring service's read API as a player uses it: your finished matches and ratings
(``GET /players/{id}/matches``), a game's leaderboard (``GET /games/{game}/leaderboard``).

Ratings are shown as scoring shows them to players (``shown_rating``: 1000 + 40·(mu − 3σ)).
The API is public: no sign-in is sent.
"""

from __future__ import annotations

import time
from typing import Any

import httpx

from .lobby_api import ClientError, _problem


class Scoring:
    def __init__(self, base_url: str, timeout: float = 10.0) -> None:
        self.http = httpx.Client(base_url=base_url.rstrip("/"), timeout=timeout)

    def close(self) -> None:
        self.http.close()

    def _get(self, path: str, **params: Any) -> dict[str, Any] | None:
        """The answer, or None for a 404 (no match, no rating yet)."""
        try:
            response = self.http.get(path, params={k: v for k, v in params.items() if v})
        except httpx.HTTPError as err:
            raise ClientError(
                f"cannot reach the scoring service at {self.http.base_url}: {err} "
                "(--scoring or INFERNO_SCORING_URL)"
            ) from err
        if response.status_code == 404:
            return None
        if response.status_code >= 400:
            raise ClientError(_problem(response, "scoring"))
        return dict(response.json())

    def matches(self, player_id: str, game: str | None, limit: int) -> dict[str, Any]:
        found = self._get(f"/players/{player_id}/matches", game=game, limit=limit)
        return found or {"player_id": player_id, "total": 0, "matches": []}

    def leaderboard(self, game: str, limit: int) -> dict[str, Any]:
        found = self._get(f"/games/{game}/leaderboard", limit=limit)
        if found is None:
            raise ClientError(f"scoring knows no game {game!r} (inferno games lists them)")
        return found


def _when(ms: int) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ms / 1000))


def results_text(history: dict[str, Any]) -> str:
    """Your matches, newest first, then your rating in each game you played."""
    matches = history.get("matches") or []
    if not matches:
        return "no finished matches yet (results appear once a table you sat at finishes)"
    lines = [f"your last {len(matches)} of {history.get('total', len(matches))} matches:"]
    rating: dict[str, int] = {}
    for m in matches:
        outcome = "won" if m["winner"] else f"place {m['rank']}"
        if m.get("abandoned"):
            outcome += " (seat handed to a bot)"
        before, after = m.get("shown_rating_before"), m.get("shown_rating_after")
        change = f" · rating {before} → {after}" if before is not None and after is not None else ""
        lines.append(
            f"  {_when(m['finished_at'])}  {m['game']:<15} table {m['table_id']}  "
            f"score {m['score']} · {outcome}{change}"
        )
        if after is not None:
            rating.setdefault(m["game"], after)  # newest first: the first is the current one
    for game, value in rating.items():
        lines.append(f"your rating in {game}: {value}")
    return "\n".join(lines)


def leaderboard_text(board: dict[str, Any]) -> str:
    entries = board.get("entries") or []
    if not entries:
        return f"nobody is rated in {board.get('game')} yet"
    lines = [f"{board['game']}: the top {len(entries)} of {board.get('total', len(entries))}"]
    for e in entries:
        lines.append(
            f"  {e['position']:>3}. {e['name']:<24} rating {e['shown_rating']:>5} · "
            f"{e['matches']} match{'es' if e['matches'] != 1 else ''}"
        )
    return "\n".join(lines)
