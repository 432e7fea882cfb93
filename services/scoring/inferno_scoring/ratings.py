"""Ratings: OpenSkill's Plackett–Luce model, one rating per player per game, in finish order.

Delivery is at least once and in any order, yet a player's rating must be what applying every
result once, in order of finish (``finished_at``, ties by table id), gives. We store results as
they arrive and *re-rate forward*: when a batch brings a match that finished before matches
already rated in that game, the ratings of every match of that game from the earliest new one
on are computed again, starting from each player's rating just before it (the ``mu_after`` of
their previous match, kept on every participant row). A per-game advisory lock serialises
consumers that rate the same game. Why not a reorder window: it delays every rating and is
still wrong for an event later than the window; re-rating is exact whatever the delay, and its
cost is bounded by how late the event is. When nothing later is stored (the usual case) the
new matches are rated in memory before their participant rows are written, so those rows go
in once, complete. See ``docs/scoring.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby

import psycopg
from openskill.models import PlackettLuce

from . import pgarray

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
class Standing:
    """A player's rating in one game while matches are being rated."""

    skill: Skill
    matches: int
    name: str = ""
    bot: bool = False
    last_table_id: str = ""


@dataclass(frozen=True)
class Seat:
    """One seat of a match, as rating needs it."""

    seat: int
    player_id: str
    name: str
    bot: bool
    rank: int  # rated rank: 1 is best, abandoned seats last


#: Per (table id, seat): the skill before and after that match.
Changes = dict[tuple[str, int], tuple[Skill, Skill]]


def replay(
    matches: Iterable[tuple[str, Sequence[Seat]]], standings: dict[str, Standing]
) -> Changes:
    """Rate ``matches`` (in finish order) one after the other, updating ``standings``; a
    player missing from ``standings`` starts from the model's default rating."""
    changes: Changes = {}
    for table_id, seats in matches:
        before = [standings.setdefault(s.player_id, Standing(START, 0)).skill for s in seats]
        after = rate_match(before, [s.rank for s in seats])
        for seat, old, new in zip(seats, before, after, strict=True):
            standing = standings[seat.player_id]
            standing.skill = new
            standing.matches += 1
            standing.name, standing.bot, standing.last_table_id = seat.name, seat.bot, table_id
            changes[(table_id, seat.seat)] = (old, new)
    return changes


_RATED_LATER = """
SELECT EXISTS (SELECT 1 FROM scoring.matches
               WHERE game = %s AND (finished_at_ms, table_id) > (%s, %s))
"""

_LATER_MATCHES = """
SELECT m.table_id, p.seat, p.player_id, p.name, p.bot, p.rank
FROM scoring.matches m JOIN scoring.participants p USING (table_id)
WHERE m.game = %s AND (m.finished_at_ms, m.table_id) >= (%s, %s)
ORDER BY m.finished_at_ms, m.table_id, p.seat
"""

_CURRENT = """
SELECT player_id, mu, sigma, matches FROM scoring.ratings
WHERE game = %s AND player_id = ANY(%s::text[])
"""

# Each player's rating just before the re-rated stretch, and how many matches led to it.
_BEFORE = """
SELECT DISTINCT ON (p.player_id) p.player_id, p.mu_after, p.sigma_after,
       count(*) OVER (PARTITION BY p.player_id)
FROM scoring.participants p JOIN scoring.matches m USING (table_id)
WHERE m.game = %s AND p.player_id = ANY(%s::text[])
  AND (m.finished_at_ms, m.table_id) < (%s, %s)
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


def ask_rated_later(conn: psycopg.Connection, game: str, key: tuple[int, str]) -> psycopg.Cursor:
    """Send the question: has a stored match of ``game`` finished after ``key`` (so it must be
    re-rated)? Read the answer with :func:`yes`; in pipeline mode it comes with the others."""
    return conn.execute(_RATED_LATER, (game, *key))


def yes(cursor: psycopg.Cursor) -> bool:
    row = cursor.fetchone()
    return bool(row and row[0])


def ask_current(conn: psycopg.Connection, game: str, players: Iterable[str]) -> psycopg.Cursor:
    """Send the query for the stored ratings of ``players`` in ``game``; read the answer with
    :func:`standings_from`."""
    return conn.execute(_CURRENT, (game, pgarray.texts(players)))


def standings_from(cursor: psycopg.Cursor) -> dict[str, Standing]:
    """Standings from :func:`ask_current` (players never rated are absent)."""
    return {p: Standing(Skill(mu, sigma), n) for p, mu, sigma, n in cursor.fetchall()}


def save_standings(conn: psycopg.Connection, game: str, standings: dict[str, Standing]) -> None:
    touched = [(p, s) for p, s in standings.items() if s.last_table_id]
    if not touched:
        return
    conn.execute(
        _SAVE_RATINGS,
        (
            game,
            pgarray.texts(p for p, _ in touched),
            pgarray.texts(s.name for _, s in touched),
            pgarray.bools(s.bot for _, s in touched),
            pgarray.floats(s.skill.mu for _, s in touched),
            pgarray.floats(s.skill.sigma for _, s in touched),
            pgarray.ints(s.matches for _, s in touched),
            pgarray.texts(s.last_table_id for _, s in touched),
        ),
    )


def rerate(conn: psycopg.Connection, game: str, earliest: tuple[int, str]) -> int:
    """Rate again, in finish order, every stored match of ``game`` from ``earliest`` on,
    starting from each player's rating just before it. Returns how many matches were rated."""
    rows = conn.execute(_LATER_MATCHES, (game, *earliest)).fetchall()
    if not rows:
        return 0
    matches = [
        (table_id, [Seat(*row[1:]) for row in seats])
        for table_id, seats in groupby(rows, key=lambda row: row[0])
    ]
    players = sorted({row[2] for row in rows})
    standings = {
        p: Standing(Skill(mu, sigma), int(n))
        for p, mu, sigma, n in conn.execute(
            _BEFORE, (game, pgarray.texts(players), *earliest)
        ).fetchall()
    }
    changes = replay(matches, standings)
    keys = list(changes)
    conn.execute(
        _SAVE_PARTICIPANTS,
        (
            pgarray.texts(t for t, _ in keys),
            pgarray.ints(s for _, s in keys),
            pgarray.floats(changes[k][0].mu for k in keys),
            pgarray.floats(changes[k][0].sigma for k in keys),
            pgarray.floats(changes[k][1].mu for k in keys),
            pgarray.floats(changes[k][1].sigma for k in keys),
        ),
    )
    save_standings(conn, game, standings)
    return len(matches)
