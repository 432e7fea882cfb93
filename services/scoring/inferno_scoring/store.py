"""Writing a batch of scoring events to PostgreSQL in one transaction, exactly once.

Each event id is inserted into ``scoring.events`` first (``ON CONFLICT DO NOTHING RETURNING``):
only the ids that come back are new, so a redelivered event, or a duplicate within the batch,
changes nothing. New finished matches become ``matches``, ``participants`` and ``rounds`` rows,
and the ratings of their games are brought up to date (``ratings.rerate``) before the commit:
a result and the rating it causes are stored together or not at all.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import accumulate

from psycopg_pool import ConnectionPool

from . import ratings
from .events import FinishedMatch, ScoredRound

_NEW_EVENTS = """
INSERT INTO scoring.events (event_id, type, table_id)
SELECT * FROM unnest(%s::text[], %s::text[], %s::text[])
ON CONFLICT (event_id) DO NOTHING
RETURNING event_id
"""

_NEW_MATCHES = """
INSERT INTO scoring.matches (table_id, game, finished_at_ms, lower_score_wins, seed,
                             seed_commitment, event_id, published_at_ms)
SELECT * FROM unnest(%s::text[], %s::text[], %s::int8[], %s::bool[], %s::text[], %s::text[],
                     %s::text[], %s::int8[])
ON CONFLICT (table_id) DO NOTHING
RETURNING table_id
"""

_PARTICIPANTS = """
INSERT INTO scoring.participants (table_id, seat, player_id, name, bot, abandoned, score,
                                  reported_rank, rank, winner)
SELECT * FROM unnest(%s::text[], %s::int[], %s::text[], %s::text[], %s::bool[], %s::bool[],
                     %s::int[], %s::int[], %s::int[], %s::bool[])
"""

_ROUNDS = """
INSERT INTO scoring.rounds (table_id, round, points, scores, detail)
VALUES (%s, %s, %s, %s, %s::jsonb)
ON CONFLICT (table_id, round) DO NOTHING
"""


def store_batch(pool: ConnectionPool, items: Sequence[FinishedMatch | ScoredRound]) -> dict:
    """Store what is new in ``items``; returns ``{event_id: reason}`` for events refused."""
    unique: dict[str, FinishedMatch | ScoredRound] = {}
    for item in items:
        unique.setdefault(item.event_id, item)
    if not unique:
        return {}
    refused: dict[str, str] = {}
    with pool.connection() as conn, conn.transaction():
        games = sorted({i.game for i in unique.values() if isinstance(i, FinishedMatch)})
        for game in games:  # sorted: consumers lock in the same order, never deadlock
            ratings.lock_game(conn, game)
        rows = conn.execute(
            _NEW_EVENTS,
            (
                list(unique),
                [
                    "table.finished" if isinstance(i, FinishedMatch) else "table.round_scored"
                    for i in unique.values()
                ],
                [i.table_id for i in unique.values()],
            ),
        ).fetchall()
        new = [unique[event_id] for (event_id,) in rows]
        matches = [i for i in new if isinstance(i, FinishedMatch)]
        stored = _insert_matches(conn, matches)
        clashes = [m for m in matches if m.table_id not in stored or stored[m.table_id] != m]
        for m in clashes:
            refused[m.event_id] = (
                f"table {m.table_id} already has a result from another event; not stored twice"
            )
        if clashes:
            # Forget the refused ids, so a redelivery is refused (and dead-lettered) again.
            conn.execute(
                "DELETE FROM scoring.events WHERE event_id = ANY(%s)",
                ([m.event_id for m in clashes],),
            )
        matches = [m for m in matches if m.event_id not in refused]
        _insert_participants(conn, matches)
        _insert_rounds(conn, matches, [i for i in new if isinstance(i, ScoredRound)])
        for game in games:
            firsts = [m.order_key for m in matches if m.game == game]
            if firsts:
                ratings.rerate(conn, game, min(firsts))
    return refused


def _insert_matches(conn, matches: Sequence[FinishedMatch]) -> dict[str, FinishedMatch]:
    if not matches:
        return {}
    rows = conn.execute(
        _NEW_MATCHES,
        (
            [m.table_id for m in matches],
            [m.game for m in matches],
            [m.payload.finished_at for m in matches],
            [m.payload.lower_score_wins for m in matches],
            [m.payload.seed for m in matches],
            [m.payload.seed_commitment for m in matches],
            [m.event_id for m in matches],
            [m.published_at_ms for m in matches],
        ),
    ).fetchall()
    inserted = {table_id for (table_id,) in rows}
    # Two new events for one table within a batch: the first listed wins the row.
    winners: dict[str, FinishedMatch] = {}
    for m in matches:
        if m.table_id in inserted:
            winners.setdefault(m.table_id, m)
    return winners


def _insert_participants(conn, matches: Sequence[FinishedMatch]) -> None:
    columns: list[list] = [[] for _ in range(10)]
    for m in matches:
        p = m.payload
        ranks = m.rated_ranks()
        winners = set(p.winners)
        for seat in sorted(p.seats, key=lambda s: s.seat):
            values = (
                m.table_id,
                seat.seat,
                seat.player_id,
                seat.name,
                seat.bot,
                seat.abandoned,
                p.scores[seat.seat],
                p.ranking[seat.seat],
                ranks[seat.seat],
                seat.seat in winners,
            )
            for column, value in zip(columns, values, strict=True):
                column.append(value)
    if columns[0]:
        conn.execute(_PARTICIPANTS, columns)


def _insert_rounds(conn, matches: Sequence[FinishedMatch], scored: Sequence[ScoredRound]) -> None:
    rows = []
    for m in matches:
        n = len(m.payload.seats)
        totals = accumulate(
            (r.points for r in m.payload.rounds),
            lambda acc, pts: [a + b for a, b in zip(acc, pts, strict=True)],
            initial=[0] * n,
        )
        next(totals)
        for r, running in zip(m.payload.rounds, totals, strict=True):
            rows.append((m.table_id, r.number, r.points, running, json.dumps(r.detail)))
    for s in scored:
        p = s.payload
        rows.append((s.table_id, p.round, p.points, p.scores, json.dumps(p.detail)))
    if rows:
        with conn.cursor() as cur:
            cur.executemany(_ROUNDS, rows)
