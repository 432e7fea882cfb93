"""Ratings: OpenSkill's Plackett–Luce model, one rating per player per game, in finish order.

Delivery is at least once and in any order, yet a player's rating must be what applying every
result once, in order of finish (``finished_at``, ties by table id), gives. We store results as
they arrive and *re-rate forward*: when a batch brings a match that finished before matches
already rated in that game, the ratings of every match of that game from the earliest new one
on are computed again, starting from each player's rating just before it (the ``mu_after`` of
their previous match, kept on every participant row). In order, the common case, that replays
only the new matches, starting from the ``ratings`` table. A per-game advisory lock serialises
consumers that rate the same game. Why not a reorder window: it delays every rating and is
still wrong for an event later than the window; re-rating is exact whatever the delay, and its
cost is bounded by how late the event is. See ``docs/scoring.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

import psycopg
from openskill.models import PlackettLuce

#: The model with openskill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300).
MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float


START = Skill(MODEL.mu, MODEL.sigma)


def rate_match(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """New skills of the seats of one match (one player per team; lower rank is better)."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = MODEL.rate(teams, ranks=list(ranks))
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


@dataclass
class _Standing:
    skill: Skill
    matches: int
    name: str = ""
    bot: bool = False
    last_table_id: str = ""


_LATER_MATCHES = """
SELECT m.table_id, m.finished_at_ms, p.seat, p.player_id, p.name, p.bot, p.rank,
       p.mu_after IS NOT NULL AS rated
FROM scoring.matches m JOIN scoring.participants p USING (table_id)
WHERE m.game = %s AND (m.finished_at_ms, m.table_id) >= (%s, %s)
ORDER BY m.finished_at_ms, m.table_id, p.seat
"""

_CURRENT = """
SELECT player_id, mu, sigma, matches FROM scoring.ratings
WHERE game = %s AND player_id = ANY(%s)
"""

# Each player's rating just before the re-rated stretch, and how many matches led to it.
_BEFORE = """
SELECT DISTINCT ON (p.player_id) p.player_id, p.mu_after, p.sigma_after,
       count(*) OVER (PARTITION BY p.player_id)
FROM scoring.participants p JOIN scoring.matches m USING (table_id)
WHERE m.game = %s AND p.player_id = ANY(%s) AND (m.finished_at_ms, m.table_id) < (%s, %s)
ORDER BY p.player_id, m.finished_at_ms DESC, m.table_id DESC
"""

_SAVE_PARTICIPANTS = """
UPDATE scoring.participants p
SET mu_before = u.mu_before, sigma_before = u.sigma_before,
    mu_after = u.mu_after, sigma_after = u.sigma_after
FROM unnest(%s::text[], %s::int[], %s::float8[], %s::float8[], %s::float8[], %s::float8[])
     AS u(table_id, seat, mu_before, sigma_before, mu_after, sigma_after)
WHERE p.table_id = u.table_id AND p.seat = u.seat
"""

_SAVE_RATINGS = """
INSERT INTO scoring.ratings (game, player_id, name, bot, mu, sigma, matches, last_table_id)
SELECT %s, * FROM unnest(%s::text[], %s::text[], %s::bool[], %s::float8[], %s::float8[],
                         %s::int[], %s::text[])
ON CONFLICT (game, player_id) DO UPDATE
SET name = excluded.name, bot = excluded.bot, mu = excluded.mu, sigma = excluded.sigma,
    matches = excluded.matches, last_table_id = excluded.last_table_id, updated_at = now()
"""


def lock_game(conn: psycopg.Connection, game: str) -> None:
    """Serialise rating of one game across consumers until the transaction ends."""
    conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"scoring:{game}",))


def rerate(conn: psycopg.Connection, game: str, earliest: tuple[int, str]) -> int:
    """Rate, in finish order, every match of ``game`` from ``earliest`` (the first match new
    in this transaction) on. Returns how many matches were rated."""
    rows = conn.execute(_LATER_MATCHES, (game, *earliest)).fetchall()
    if not rows:
        return 0
    players = sorted({row[3] for row in rows})
    redo = any(row[7] for row in rows)  # a later match was rated already: start from history
    query, args = (_BEFORE, (game, players, *earliest)) if redo else (_CURRENT, (game, players))
    standings = {
        player: _Standing(Skill(mu, sigma), int(count))
        for player, mu, sigma, count in conn.execute(query, args).fetchall()
    }
    saved: list[list] = [[], [], [], [], [], []]
    rated = 0
    for table_id, seats in groupby(rows, key=lambda row: row[0]):
        seats = list(seats)
        before = [standings.setdefault(seat[3], _Standing(START, 0)).skill for seat in seats]
        after = rate_match(before, [seat[6] for seat in seats])
        for seat, old, new in zip(seats, before, after, strict=True):
            standing = standings[seat[3]]
            standing.skill = new
            standing.matches += 1
            standing.name, standing.bot, standing.last_table_id = seat[4], seat[5], table_id
            for column, value in zip(
                saved, (table_id, seat[2], old.mu, old.sigma, new.mu, new.sigma), strict=True
            ):
                column.append(value)
        rated += 1
    conn.execute(_SAVE_PARTICIPANTS, saved)
    touched = [(p, s) for p, s in standings.items() if s.last_table_id]
    conn.execute(
        _SAVE_RATINGS,
        (
            game,
            [p for p, _ in touched],
            [s.name for _, s in touched],
            [s.bot for _, s in touched],
            [s.skill.mu for _, s in touched],
            [s.skill.sigma for _, s in touched],
            [s.matches for _, s in touched],
            [s.last_table_id for _, s in touched],
        ),
    )
    return rated
