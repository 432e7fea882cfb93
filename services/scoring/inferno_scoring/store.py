"""Writing a batch of scoring events to PostgreSQL in one transaction, exactly once.

Each event id is inserted into ``scoring.events`` first (``ON CONFLICT DO NOTHING RETURNING``):
only the ids that come back are new, so a redelivered event, or a duplicate within the batch,
changes nothing. New finished matches become ``matches``, ``participants`` and ``rounds`` rows,
and the ratings of their games are brought up to date (see ``ratings``) before the commit: a
result and the rating it causes are stored together or not at all. Every write is one
statement for the whole batch (``unnest`` over array literals, see ``pgarray``), whose
elements are prepared before the transaction begins (see ``rows``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from psycopg import Connection, Cursor
from psycopg_pool import ConnectionPool

from . import pgarray, ratings, rows
from .events import FinishedMatch, ScoredRound
from .rows import MatchRows

_NEW_EVENTS = """
INSERT INTO scoring.events (event_id, type, table_id)
SELECT * FROM unnest(%s::text[], %s::text[], %s::text[])
ON CONFLICT (event_id) DO NOTHING
RETURNING event_id
"""

_NEW_MATCHES = """
INSERT INTO scoring.matches (table_id, game, finished_at_ms, lower_score_wins, seed,
                             seed_commitment, event_id, published_at_ms, visible_at_ms,
                             private)
SELECT * FROM unnest(%s::text[], %s::text[], %s::int8[], %s::bool[], %s::text[], %s::text[],
                     %s::text[], %s::int8[], %s::int8[], %s::bool[])
ON CONFLICT (table_id) DO NOTHING
RETURNING table_id
"""

_PARTICIPANTS = """
INSERT INTO scoring.participants (table_id, seat, player_id, name, bot, abandoned, score,
                                  reported_rank, rank, winner, mu_before, sigma_before,
                                  mu_after, sigma_after)
SELECT * FROM unnest(%s::text[], %s::int[], %s::text[], %s::text[], %s::bool[], %s::bool[],
                     %s::int[], %s::int[], %s::int[], %s::bool[], %s::float8[], %s::float8[],
                     %s::float8[], %s::float8[])
"""

_ROUNDS = """
INSERT INTO scoring.rounds (table_id, round, points, scores, detail)
SELECT table_id, round, points::int[], scores::int[], detail::jsonb
FROM unnest(%s::text[], %s::int[], %s::text[], %s::text[], %s::text[])
     AS r(table_id, round, points, scores, detail)
"""
# Round rows may exist already only for tables whose `table.round_scored` events were stored.
_ROUNDS_MAYBE_STORED = _ROUNDS + "ON CONFLICT (table_id, round) DO NOTHING\n"

_TABLES_WITH_ROUNDS = """
SELECT DISTINCT table_id FROM scoring.rounds WHERE table_id = ANY(%s::text[])
"""


class Stored(NamedTuple):
    """What a batch did: events refused (``{event_id: reason}``), new matches stored, and
    matches rated again because an earlier-finished one arrived after them."""

    refused: dict[str, str]
    matches: int
    rerated: int


def store_batch(
    pool: ConnectionPool,
    items: Sequence[FinishedMatch | ScoredRound],
    before_write: Callable[[], object] | None = None,
) -> Stored:
    """Store what is new in ``items``. ``before_write`` is called once the rows are prepared,
    just before the transaction begins (the consumer waits there for older batches that
    other consumers are still writing, see ``handler``)."""
    unique: dict[str, FinishedMatch | ScoredRound] = {}
    for item in items:
        unique.setdefault(item.event_id, item)
    if not unique:
        return Stored({}, 0, 0)
    # Row elements first, outside the transaction (and the per-game lock).
    match_rows = {
        i.event_id: MatchRows.of(i) for i in unique.values() if isinstance(i, FinishedMatch)
    }
    round_rows = {
        i.event_id: rows.scored_round(i) for i in unique.values() if isinstance(i, ScoredRound)
    }
    if before_write is not None:
        before_write()
    # Pipeline mode: statements are sent without waiting for each answer; the transaction
    # costs three round trips (new ids; what is stored already; commit) plus any re-rating,
    # which matters when batches are small (a quiet bus hands over one or two at a time).
    with pool.connection() as conn, conn.pipeline(), conn.transaction():
        games = sorted({i.game for i in unique.values() if isinstance(i, FinishedMatch)})
        for game in games:  # sorted: consumers lock in the same order, never deadlock
            ratings.lock_game(conn, game)
        new = _new_events(conn, unique)
        matches = [i for i in new if isinstance(i, FinishedMatch)]
        by_game = {g: [m for m in matches if m.game == g] for g in games}
        by_game = {g: ms for g, ms in by_game.items() if ms}
        earliest = {g: min(m.order_key for m in ms) for g, ms in by_game.items()}
        # Asked before the new rows exist: is any stored match of the game later than the
        # earliest new one? Then the game is re-rated from there; else rated in memory.
        later = {g: ratings.ask_rated_later(conn, g, key) for g, key in earliest.items()}
        known = {
            g: ratings.ask_current(conn, g, {s.player_id for m in ms for s in m.payload.seats})
            for g, ms in by_game.items()
        }
        inserting = _send_matches(conn, matches)
        with_rounds = (
            conn.execute(_TABLES_WITH_ROUNDS, (pgarray.texts(m.table_id for m in matches),))
            if matches
            else None
        )
        late = {g for g, answer in later.items() if ratings.yes(answer)}
        matches, refused = _stored_matches(conn, inserting, matches)
        stored = [match_rows[m.event_id] for m in matches]
        changes: ratings.Changes = {}
        fresh: dict[str, dict[str, ratings.Standing]] = {}
        for game in sorted(set(earliest) - late):
            in_order = sorted(
                (r for r in stored if r.match.game == game), key=lambda r: r.match.order_key
            )
            fresh[game] = ratings.standings_from(known[game])
            changes |= ratings.replay(((r.match.table_id, r.seats) for r in in_order), fresh[game])
        _insert_participants(conn, stored, changes)
        # Rounds of a new match go in without conflict handling (cheaper for PostgreSQL),
        # unless `table.round_scored` events of its table are stored or in this batch.
        # (Another consumer storing such an event at this very moment makes the insert fail;
        # the batch is then retried and takes the other path.)
        scored = [i for i in new if isinstance(i, ScoredRound)]
        overlap = {t for (t,) in with_rounds.fetchall()} if with_rounds else set()
        overlap |= {i.table_id for i in scored}
        _insert_rounds(conn, _ROUNDS, [r.rounds for r in stored if r.match.table_id not in overlap])
        _insert_rounds(
            conn,
            _ROUNDS_MAYBE_STORED,
            [r.rounds for r in stored if r.match.table_id in overlap]
            + [round_rows[i.event_id] for i in scored],
        )
        for game, standings in fresh.items():
            ratings.save_standings(conn, game, standings)
        rerated = 0
        for game in sorted(late):
            # Counts the matches that were rated before and are rated again.
            fresh_ones = sum(1 for m in matches if m.game == game)
            rerated += ratings.rerate(conn, game, earliest[game]) - fresh_ones
    return Stored(refused, len(matches), rerated)


def _new_events(
    conn: Connection, unique: dict[str, FinishedMatch | ScoredRound]
) -> list[FinishedMatch | ScoredRound]:
    rows = conn.execute(
        _NEW_EVENTS,
        (
            pgarray.texts(unique),
            pgarray.texts(
                "table.finished" if isinstance(i, FinishedMatch) else "table.round_scored"
                for i in unique.values()
            ),
            pgarray.texts(i.table_id for i in unique.values()),
        ),
    ).fetchall()
    return [unique[event_id] for (event_id,) in rows]


def _send_matches(conn: Connection, matches: Sequence[FinishedMatch]) -> Cursor | None:
    """Send the insert of new matches (answered with the tables actually inserted)."""
    if not matches:
        return None
    return conn.execute(
        _NEW_MATCHES,
        (
            pgarray.texts(m.table_id for m in matches),
            pgarray.texts(m.game for m in matches),
            pgarray.ints(m.payload.finished_at for m in matches),
            pgarray.bools(m.payload.lower_score_wins for m in matches),
            pgarray.texts(m.payload.seed for m in matches),
            pgarray.texts(m.payload.seed_commitment for m in matches),
            pgarray.texts(m.event_id for m in matches),
            pgarray.ints(m.published_at_ms for m in matches),
            pgarray.ints(m.payload.visible_at for m in matches),
            pgarray.bools(m.payload.private for m in matches),
        ),
    )


def _stored_matches(
    conn: Connection, inserting: Cursor | None, matches: Sequence[FinishedMatch]
) -> tuple[list[FinishedMatch], dict[str, str]]:
    """The matches stored, and the refused ones with the reason (a table that already has a
    result from another event)."""
    if inserting is None:
        return [], {}
    inserted = {table_id for (table_id,) in inserting.fetchall()}
    stored: list[FinishedMatch] = []
    refused: dict[str, str] = {}
    for m in matches:
        if m.table_id in inserted:
            inserted.discard(m.table_id)  # two new events for one table: the first wins
            stored.append(m)
        else:
            refused[m.event_id] = (
                f"table {m.table_id} already has a result from another event; not stored twice"
            )
    if refused:
        # Forget the refused ids, so a redelivery is refused (and dead-lettered) again.
        conn.execute(
            "DELETE FROM scoring.events WHERE event_id = ANY(%s::text[])",
            (pgarray.texts(refused),),
        )
    return stored, refused


def _insert_participants(
    conn: Connection, stored: Sequence[MatchRows], changes: ratings.Changes
) -> None:
    if not stored:
        return
    # Matches re-rated after insertion get their ratings from ratings.rerate.
    skills = [
        changes.get((r.match.table_id, seat.seat), (None, None)) for r in stored for seat in r.seats
    ]
    conn.execute(
        _PARTICIPANTS,
        [
            *rows.columns([r.participants for r in stored], rows.PARTICIPANT_COLUMNS),
            pgarray.floats(before and before.mu for before, _ in skills),
            pgarray.floats(before and before.sigma for before, _ in skills),
            pgarray.floats(after and after.mu for _, after in skills),
            pgarray.floats(after and after.sigma for _, after in skills),
        ],
    )


def _insert_rounds(conn: Connection, sql: str, parts: Sequence[tuple[list[str], ...]]) -> None:
    if rows.count(parts):
        conn.execute(sql, rows.columns(parts, rows.ROUND_COLUMNS))
