"""The read API of scoring (FastAPI): leaderboards, match history, one match with its rounds.

Read only; every answer comes from the rows the consumer wrote. Leaderboards sort by the
conservative rating ``mu - 3·sigma`` (OpenSkill's ordinal), ties by player id, so a page is
stable. ``/health/live`` says the process is alive, ``/health/ready`` whether PostgreSQL,
Redis, the migrations and the consumer are all fine (503 otherwise), as in every service
(``/healthz`` and ``/readyz`` answer the same), ``/metrics`` is for Prometheus.
OpenAPI docs are at ``/docs``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Path, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi_offline import FastAPIOffline
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool
from pydantic import BaseModel, computed_field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match as RouteMatch

from inferno_rules import all_games

from .db import UNAVAILABLE


class Problem(BaseModel):
    """Why a request was refused: a sentence for people, a stable code for programs."""

    detail: str
    code: str


#: The ``code`` of each HTTP error scoring answers (the lobby uses the same words).
HTTP_CODES = {
    400: "unreadable",
    404: "not_found",
    405: "method_not_allowed",
    422: "invalid_request",
    503: "unavailable",
}


class Readiness(BaseModel):
    ready: bool
    checks: dict[str, str]


class Alive(BaseModel):
    status: str


_WHY = {
    404: "No such game, player or match (a result is public once its spectators saw the end).",
    405: "The path exists, but not with this method (see Allow).",
    503: "PostgreSQL is unreachable right now.",
}


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    return {s: {"model": Problem, "description": _WHY[s]} for s in statuses}


def _allowed_methods(request: Request) -> str:
    methods: set[str] = set()
    for route in request.app.router.routes:
        if route.matches({**request.scope, "type": "http"})[0] != RouteMatch.NONE:
            methods |= set(getattr(route, "methods", None) or ())
    return ", ".join(sorted(methods))


#: The rating players are shown: ``1000 + 40 · (mu − 3·sigma)``. OpenSkill starts everyone at
#: mu 25, sigma 25/3, so a new player shows 1000 (not 0, going negative after a first loss), and
#: a point of the model is 40 shown points. ``rating`` keeps the model's own number.
SHOWN_BASE, SHOWN_SCALE = 1000, 40


def shown(rating: float | None) -> int | None:
    """The rating as players see it (see :data:`SHOWN_BASE`)."""
    return None if rating is None else round(SHOWN_BASE + SHOWN_SCALE * rating)


class LeaderboardEntry(BaseModel):
    position: int
    player_id: str
    name: str
    bot: bool
    rating: float  # mu - 3 sigma
    mu: float
    sigma: float
    matches: int

    @computed_field(description="The rating shown to players: 1000 + 40·(mu − 3·sigma).")
    def shown_rating(self) -> int:
        return SHOWN_BASE + round(SHOWN_SCALE * self.rating)


class Leaderboard(BaseModel):
    game: str
    total: int
    entries: list[LeaderboardEntry]


class MatchSummary(BaseModel):
    table_id: str
    game: str
    finished_at: int  # ms since the epoch
    seat: int
    score: int
    rank: int
    abandoned: bool
    winner: bool
    rating_before: float | None
    rating_after: float | None

    @computed_field(description="rating_before as shown to players (1000 + 40·rating).")
    def shown_rating_before(self) -> int | None:
        return shown(self.rating_before)

    @computed_field(description="rating_after as shown to players (1000 + 40·rating).")
    def shown_rating_after(self) -> int | None:
        return shown(self.rating_after)


class History(BaseModel):
    player_id: str
    total: int
    matches: list[MatchSummary]


class Participant(BaseModel):
    seat: int
    player_id: str
    name: str
    bot: bool
    abandoned: bool
    score: int
    rank: int
    winner: bool
    mu_before: float | None
    sigma_before: float | None
    mu_after: float | None
    sigma_after: float | None


class RoundScores(BaseModel):
    number: int
    points: list[int]
    scores: list[int]
    detail: dict[str, Any]


class Match(BaseModel):
    table_id: str
    game: str
    finished_at: int
    lower_score_wins: bool
    seed: str
    seed_commitment: str
    participants: list[Participant]
    rounds: list[RoundScores]


Offset = Annotated[int, Query(ge=0, le=1_000_000, description="entries to skip")]
Limit = Annotated[int, Query(ge=1, le=200, description="entries per page")]
#: Player and table ids as the engine gives them (printable, at most 200 characters, the bus
#: contract's bound on player ids).
ID = r"^[\x21-\x7e]+$"
PlayerId = Annotated[
    str,
    Path(
        min_length=1, max_length=200, pattern=ID, examples=["6f1c2b9e-3f0a-4c2e-9a53-2f8f3f0d9c11"]
    ),
]
TableId = Annotated[
    str,
    Path(min_length=1, max_length=200, pattern=ID, examples=["0f3c9a1e5b7d4c2a8e6f1b3d5a7c9e0f"]),
]
#: A game's name as the rules registry spells it.
GAME = r"^[a-z0-9_]+$"
Game = Annotated[str, Path(min_length=1, max_length=40, pattern=GAME, examples=["oh_hell"])]

#: Longest echo of a caller's value in an error answer (characters).
ECHO_CHARS = 64


def short(value: Any, limit: int = ECHO_CHARS) -> Any:
    """``value`` as an error answer may repeat it: a long string cut to a prefix, with its
    length; anything else that is long, the same on its text."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        if not isinstance(value, str) or len(value) <= limit:
            return value
        return f"{value[:limit]}… ({len(value)} characters)"
    return short(str(value), limit)


def validation_errors(errors: Any) -> list[dict[str, Any]]:
    """FastAPI's validation errors with every echo of the input cut short."""
    cleaned = []
    for error in errors:
        item: dict[str, Any] = {
            "loc": [p if isinstance(p, int) else short(str(p), 40) for p in error["loc"]],
            "msg": short(str(error["msg"]), 300),
            "type": str(error["type"]),
        }
        if "input" in error:
            item["input"] = short(error["input"])
        if error.get("ctx"):
            item["ctx"] = {str(k): short(v, 200) for k, v in error["ctx"].items()}
        cleaned.append(item)
    return cleaned


def _known_game(game: str) -> str:
    games = sorted(all_games())
    if game not in games:
        raise HTTPException(404, f"no game named {game!r}; the games are: {', '.join(games)}")
    return game


def _ordinal(mu: float | None, sigma: float | None) -> float | None:
    return None if mu is None or sigma is None else mu - 3 * sigma


def _ratings_shown(row: dict[str, Any], earliest_hidden: tuple[int, str] | None) -> dict:
    """A history row's ratings, unless a hidden match before it moved them (then None)."""
    if earliest_hidden is not None and earliest_hidden < (row["finished_at_ms"], row["table_id"]):
        return {"rating_before": None, "rating_after": None}
    return {
        "rating_before": _ordinal(row["mu_before"], row["sigma_before"]),
        "rating_after": _ordinal(row["mu_after"], row["sigma_after"]),
    }


_BOARD = """
SELECT player_id, name, bot, ordinal AS rating, mu, sigma, matches,
       count(*) OVER () AS total
FROM scoring.ratings WHERE game = %s AND NOT bot
ORDER BY ordinal DESC, player_id LIMIT %s OFFSET %s
"""

_POSITION = """
SELECT 1 + (SELECT count(*) FROM scoring.ratings o
            WHERE o.game = r.game AND NOT o.bot AND (o.ordinal > r.ordinal
                  OR (o.ordinal = r.ordinal AND o.player_id < r.player_id)))
FROM scoring.ratings r WHERE r.game = %s AND r.player_id = %s AND NOT r.bot
"""

# Is any match of the game still hidden (its spectators have not seen the end yet)?
_ANY_HIDDEN = """
SELECT 1 FROM scoring.matches WHERE visible_at_ms > %(now)s AND game = %(game)s LIMIT 1
"""

# The game's ratings as the public may see them while some matches are hidden: a player with
# a hidden match shows the rating they had before the earliest one, and only the matches before
# it (a player whose first match is hidden is not on the board yet).
_SHOWN = """
WITH first_hidden AS (
    SELECT DISTINCT ON (p.player_id) p.player_id, m.finished_at_ms AS f, m.table_id AS t,
           p.mu_before, p.sigma_before
    FROM scoring.matches m JOIN scoring.participants p USING (table_id)
    WHERE m.visible_at_ms > %(now)s AND m.game = %(game)s
    ORDER BY p.player_id, m.finished_at_ms, m.table_id
), shown AS (
    SELECT r.player_id, r.name, r.bot,
           CASE WHEN h.player_id IS NULL THEN r.mu ELSE h.mu_before END AS mu,
           CASE WHEN h.player_id IS NULL THEN r.sigma ELSE h.sigma_before END AS sigma,
           CASE WHEN h.player_id IS NULL THEN r.matches ELSE (
               SELECT count(*) FROM scoring.participants p2 JOIN scoring.matches m2
               USING (table_id)
               WHERE p2.player_id = r.player_id AND m2.game = r.game
                 AND (m2.finished_at_ms, m2.table_id) < (h.f, h.t)) END AS matches
    FROM scoring.ratings r LEFT JOIN first_hidden h USING (player_id)
    WHERE r.game = %(game)s AND NOT r.bot
), ranked AS (
    SELECT *, mu - 3 * sigma AS rating FROM shown WHERE matches > 0
)
"""
_SHOWN_BOARD = (
    _SHOWN
    + """
SELECT player_id, name, bot, rating, mu, sigma, matches, count(*) OVER () AS total
FROM ranked ORDER BY rating DESC, player_id LIMIT %(limit)s OFFSET %(offset)s
"""
)
_SHOWN_POSITION = (
    _SHOWN
    + """
SELECT 1 + (SELECT count(*) FROM ranked o
            WHERE o.rating > r.rating OR (o.rating = r.rating AND o.player_id < r.player_id))
FROM ranked r WHERE r.player_id = %(player)s
"""
)
# Per game, the earliest hidden match of a player (finish order): what the player's rating
# did from there on is hidden too, in every match after it.
_FIRST_HIDDEN_OF = """
SELECT DISTINCT ON (p.player_id, m.game) p.player_id, m.game, m.finished_at_ms, m.table_id
FROM scoring.matches m JOIN scoring.participants p USING (table_id)
WHERE m.visible_at_ms > %s AND p.player_id = ANY(%s)
ORDER BY p.player_id, m.game, m.finished_at_ms, m.table_id
"""


def now_ms() -> int:
    return int(time.time() * 1000)


def first_hidden(cur: Any, players: list[str], now: int) -> dict[tuple[str, str], tuple[int, str]]:
    """(player, game) → the finish-order key of the player's earliest hidden match."""
    rows = cur.execute(_FIRST_HIDDEN_OF, (now, players)).fetchall()
    return {(r["player_id"], r["game"]): (r["finished_at_ms"], r["table_id"]) for r in rows}


def create_app(pool: ConnectionPool, readiness: Callable[[], dict[str, str]]) -> FastAPI:
    app = FastAPIOffline(
        title="Inferno scoring",
        version="1",
        description="Results, ratings (OpenSkill Plackett–Luce) and leaderboards.",
        responses=_errors(405),
    )

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, err: StarletteHTTPException) -> JSONResponse:
        headers = dict(err.headers or {})
        if err.status_code == 405:  # every method of the path, not the first route's only
            headers["Allow"] = _allowed_methods(request)
        code = HTTP_CODES.get(err.status_code, "http_error")
        return JSONResponse(
            {"detail": short(str(err.detail), 300), "code": code},
            status_code=err.status_code,
            headers=headers,
        )

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        body = {"detail": validation_errors(err.errors()), "code": HTTP_CODES[422]}
        return JSONResponse(body, status_code=422)

    @app.exception_handler(UNAVAILABLE[0])
    @app.exception_handler(UNAVAILABLE[1])
    async def _unavailable(_request: Request, _err: Exception) -> JSONResponse:
        return JSONResponse(
            {
                "detail": "scores are unavailable right now; try again shortly",
                "code": "unavailable",
            },
            status_code=503,
        )

    def board(game: str, limit: int, offset: int, now: int) -> Leaderboard:
        with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            args = {"game": game, "now": now, "limit": limit, "offset": offset}
            if cur.execute(_ANY_HIDDEN, args).fetchone() is None:
                rows = cur.execute(_BOARD, (game, limit, offset)).fetchall()
                count = "SELECT count(*) AS total FROM scoring.ratings WHERE game = %(game)s"
            else:
                rows = cur.execute(_SHOWN_BOARD, args).fetchall()
                count = _SHOWN + "SELECT count(*) AS total FROM ranked"
            total = rows[0]["total"] if rows else cur.execute(count, args).fetchone()["total"]
        return Leaderboard(
            game=game,
            total=total,
            entries=[
                LeaderboardEntry(
                    position=offset + i + 1, **{k: v for k, v in r.items() if k != "total"}
                )
                for i, r in enumerate(rows)
            ],
        )

    # /health/live and /health/ready, as every service names them; /healthz and /readyz stay
    # for probes written before.
    @app.get("/health/live", tags=["operations"])
    @app.get("/healthz", tags=["operations"])
    def healthz() -> Alive:
        return Alive(status="alive")

    @app.get(
        "/health/ready",
        tags=["operations"],
        response_model=Readiness,
        responses={503: {"model": Readiness, "description": "Something it needs is not fine."}},
    )
    @app.get(
        "/readyz",
        tags=["operations"],
        response_model=Readiness,
        responses={503: {"model": Readiness, "description": "Something it needs is not fine."}},
    )
    def readyz() -> JSONResponse:
        checks = readiness()
        ready = all(v == "ok" for v in checks.values())
        return JSONResponse({"ready": ready, "checks": checks}, status_code=200 if ready else 503)

    @app.get(
        "/metrics",
        tags=["operations"],
        response_class=Response,
        responses={200: {"content": {"text/plain": {}}, "description": "Prometheus text format."}},
    )
    def metrics() -> Response:
        return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)

    @app.get("/games/{game}/leaderboard", tags=["leaderboards"], responses=_errors(404, 503))
    def leaderboard(game: Game, offset: Offset = 0, limit: Limit = 50) -> Leaderboard:
        """One page of the game's leaderboard of people, best first (bots are rated, as the
        opponents they were, but every bot seat is a player of one match: they are not
        listed)."""
        return board(_known_game(game), limit, offset, now_ms())

    @app.get(
        "/games/{game}/leaderboard/around/{player_id}",
        tags=["leaderboards"],
        responses=_errors(404, 503),
    )
    def around(
        game: Game,
        player_id: PlayerId,
        radius: Annotated[int, Query(ge=0, le=50, description="players above and below")] = 5,
    ) -> Leaderboard:
        """The part of the leaderboard around one player ("around me")."""
        _known_game(game)
        now = now_ms()
        args = {"game": game, "now": now, "player": player_id}
        with pool.connection() as conn:
            hidden = conn.execute(_ANY_HIDDEN, args).fetchone() is not None
            if hidden:
                row = conn.execute(_SHOWN_POSITION, args).fetchone()
            else:
                row = conn.execute(_POSITION, (game, player_id)).fetchone()
        if row is None:
            raise HTTPException(404, f"player {short(player_id)!r} has no rating in {game!r} yet")
        offset = max(0, row[0] - 1 - radius)
        return board(game, row[0] - offset + radius, offset, now)

    @app.get("/players/{player_id}/matches", tags=["history"], responses=_errors(404, 503))
    def history(
        player_id: PlayerId,
        game: Annotated[str | None, Query(min_length=1, max_length=40, pattern=GAME)] = None,
        offset: Offset = 0,
        limit: Limit = 20,
    ) -> History:
        """A player's finished matches, newest first."""
        if game is not None:
            _known_game(game)
        now = now_ms()
        with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            rows = cur.execute(
                """
                SELECT m.table_id, m.game, m.finished_at_ms, p.seat, p.score, p.rank,
                       p.abandoned, p.winner, p.mu_before, p.sigma_before, p.mu_after,
                       p.sigma_after, count(*) OVER () AS total
                FROM scoring.participants p JOIN scoring.matches m USING (table_id)
                WHERE p.player_id = %s AND (%s::text IS NULL OR m.game = %s)
                  AND m.visible_at_ms <= %s AND NOT m.private
                ORDER BY m.finished_at_ms DESC, m.table_id DESC LIMIT %s OFFSET %s
                """,
                (player_id, game, game, now, limit, offset),
            ).fetchall()
            total = (
                rows[0]["total"]
                if rows
                else cur.execute(
                    "SELECT count(*) AS total FROM scoring.participants p JOIN scoring.matches m "
                    "USING (table_id) WHERE p.player_id = %s AND (%s::text IS NULL OR m.game = %s)"
                    " AND m.visible_at_ms <= %s AND NOT m.private",
                    (player_id, game, game, now),
                ).fetchone()["total"]
            )
            hidden = first_hidden(cur, [player_id], now) if rows else {}
        if total == 0:
            raise HTTPException(
                404,
                f"player {player_id!r} has no finished match" + (f" of {game!r}" if game else ""),
            )
        return History(
            player_id=player_id,
            total=total,
            matches=[
                MatchSummary(
                    table_id=r["table_id"],
                    game=r["game"],
                    finished_at=r["finished_at_ms"],
                    seat=r["seat"],
                    score=r["score"],
                    rank=r["rank"],
                    abandoned=r["abandoned"],
                    winner=r["winner"],
                    **_ratings_shown(r, hidden.get((player_id, r["game"]))),
                )
                for r in rows
            ],
        )

    @app.get("/matches/{table_id}", tags=["history"], responses=_errors(404, 503))
    def match(table_id: TableId) -> Match:
        """One finished match: seats, final ranking, per-round scores and the revealed seed."""
        with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            now = now_ms()
            # A match still hidden (its spectators have not seen the end) is not there yet; a
            # private table's never is.
            m = cur.execute(
                "SELECT table_id, game, finished_at_ms, lower_score_wins, seed, seed_commitment"
                " FROM scoring.matches WHERE table_id = %s AND visible_at_ms <= %s"
                " AND NOT private",
                (table_id, now),
            ).fetchone()
            if m is None:
                raise HTTPException(404, f"no finished match at table {short(table_id)!r}")
            seats = cur.execute(
                "SELECT seat, player_id, name, bot, abandoned, score, rank, winner, mu_before,"
                " sigma_before, mu_after, sigma_after FROM scoring.participants"
                " WHERE table_id = %s ORDER BY seat",
                (table_id,),
            ).fetchall()
            rounds = cur.execute(
                "SELECT round AS number, points, scores, detail FROM scoring.rounds"
                " WHERE table_id = %s ORDER BY round",
                (table_id,),
            ).fetchall()
            hidden = first_hidden(cur, [p["player_id"] for p in seats], now)
        key = (m["finished_at_ms"], m["table_id"])
        for p in seats:
            earliest = hidden.get((p["player_id"], m["game"]))
            if earliest is not None and earliest < key:  # a hidden match moved these ratings
                p.update(mu_before=None, sigma_before=None, mu_after=None, sigma_after=None)
        return Match(
            table_id=m["table_id"],
            game=m["game"],
            finished_at=m["finished_at_ms"],
            lower_score_wins=m["lower_score_wins"],
            seed=m["seed"],
            seed_commitment=m["seed_commitment"],
            participants=[Participant(**s) for s in seats],
            rounds=[RoundScores(**r) for r in rounds],
        )

    return app
