"""What must hold after a chaos run; each check returns the problems it found (empty = passed).

1. every table finished (not aborted, not stuck);
2. every move the driver was told was accepted is in the log: its seat's StreamEvents from the
   start holds each event id of each answer, at the answered version;
3. no move was refused: the run sends only entries of GetView's ``legal_actions`` at the
   view's version, and no one else decides for its seat, so a refusal (above all one
   answering a move sent again with the same id) means a move went astray;
4. ``inferno_engine.verify`` passes for every table (seed, first deal, every move replayed);
5. PostgreSQL holds exactly one result per finished table, and none for other tables;
6. every stored rating equals a replay of the stored results in finish order with scoring's
   own rating code (``inferno_scoring.ratings.replay``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import groupby

import psycopg

from inferno_engine import verify as verify_mod
from inferno_proto import engine_pb2
from inferno_scoring.ratings import Seat, Standing, replay

from .driver import Engine, PlayerRecord, TablePlan, stream_ids


@dataclass
class CheckResult:
    name: str
    problems: list[str] = field(default_factory=list)
    checked: int = 0  # how many things were looked at (tables, moves, ratings)

    @property
    def passed(self) -> bool:
        return not self.problems


def tables_finished(engine: Engine, plans: list[TablePlan], until: float) -> CheckResult:
    result = CheckResult("every table finished")
    for plan in plans:
        request = engine_pb2.GetViewRequest(table_id=plan.table_id)
        view = engine.call(
            lambda r=request: engine.stub.GetView(r, metadata=engine.service(), timeout=5), until
        )
        result.checked += 1
        if view.status != engine_pb2.TABLE_STATUS_FINISHED:
            name = engine_pb2.TableStatus.Name(view.status)
            result.problems.append(f"{plan.table_id}: {name} at version {view.version}")
    return result


def moves_in_log(
    engine: Engine, plans: list[TablePlan], records: Iterable[PlayerRecord], until: float
) -> CheckResult:
    result = CheckResult("every accepted move is in the log")
    by_table = {p.table_id: p for p in plans}
    for record in records:
        plan = by_table[record.table_id]
        if record.error:
            result.problems.append(f"{record.table_id}: the player stopped: {record.error}")
        subject = plan.player_ids[record.seat]
        try:
            logged = dict(stream_ids(engine, record.table_id, subject, until))
        except Exception as err:
            result.problems.append(f"{record.table_id}: cannot stream its events: {err}")
            continue
        for move in record.accepted:
            result.checked += 1
            missing = [i for i in move.event_ids if logged.get(i) != move.version]
            if not move.event_ids:
                missing = ["(the answer had no events)"]
            if missing:
                result.problems.append(
                    f"{record.table_id}: accepted move {move.action_id} (version "
                    f"{move.version}) lost: events {missing} not in the seat's stream"
                )
    return result


def no_refusals(records: Iterable[PlayerRecord]) -> CheckResult:
    result = CheckResult("no legal move was refused")
    for record in records:
        result.checked += len(record.accepted) + len(record.refused)
        result.problems.extend(f"{record.table_id}: {r}" for r in record.refused)
    return result


def verify_tables(
    redis_url: str, prefix: str, plans: list[TablePlan], seeds: dict[str, str] | None = None
) -> CheckResult:
    """``seeds`` gets each table's revealed seed (for the results check)."""
    result = CheckResult("verify passes")
    for plan in plans:
        result.checked += 1
        try:
            record = verify_mod.load(redis_url, prefix, plan.table_id)
            if seeds is not None:
                seeds[plan.table_id] = record["seed"]
            problems = verify_mod.verify(record)
        except Exception as err:
            problems = [f"{type(err).__name__}: {err}"]
        result.problems.extend(f"{plan.table_id}: {p}" for p in problems)
    return result


def _results(conn: psycopg.Connection) -> dict[str, int]:
    rows = conn.execute("SELECT table_id, count(*) FROM scoring.matches GROUP BY 1").fetchall()
    return {table_id: int(n) for table_id, n in rows}


def one_result_each(
    database_url: str,
    plans: list[TablePlan],
    finished: set[str],
    wait: float,
    seeds: dict[str, str] | None = None,
) -> CheckResult:
    """Waits up to ``wait`` seconds for scoring to store every finished table's result; with
    ``seeds`` (the engine's revealed ones), each stored seed must be the table's."""
    result = CheckResult("one result per finished table")
    deadline = time.monotonic() + wait
    while True:
        try:
            with psycopg.connect(database_url, connect_timeout=5) as conn:
                stored = _results(conn)
                stored_seeds = dict(
                    conn.execute("SELECT table_id, seed FROM scoring.matches").fetchall()
                )
                events = dict(
                    conn.execute(
                        "SELECT table_id, count(*) FROM scoring.events "
                        "WHERE type = 'table.finished' GROUP BY 1"
                    ).fetchall()
                )
        except psycopg.Error as err:
            stored, events, stored_seeds = {}, {}, {}
            if time.monotonic() > deadline:
                result.problems.append(f"PostgreSQL: {err}")
                return result
        if finished <= set(stored) or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    for plan in plans:
        result.checked += 1
        n = stored.get(plan.table_id, 0)
        if plan.table_id in finished and n != 1:
            result.problems.append(f"{plan.table_id}: {n} results stored (finished table)")
        elif plan.table_id not in finished and n:
            result.problems.append(f"{plan.table_id}: {n} results stored, yet not finished")
        if (
            seeds
            and plan.table_id in stored_seeds
            and (stored_seeds[plan.table_id] != seeds.get(plan.table_id))
        ):
            result.problems.append(f"{plan.table_id}: the stored seed is not the revealed one")
        if events.get(plan.table_id, 0) > 1:
            result.problems.append(
                f"{plan.table_id}: table.finished stored {events[plan.table_id]} times"
            )
    extra = set(stored) - {p.table_id for p in plans}
    result.problems.extend(f"{t}: a result for a table the run never made" for t in sorted(extra))
    return result


_MATCHES = """
SELECT m.game, m.table_id, p.seat, p.player_id, p.name, p.bot, p.rank
FROM scoring.matches m JOIN scoring.participants p USING (table_id)
ORDER BY m.game, m.finished_at_ms, m.table_id, p.seat
"""


def ratings_replay(database_url: str) -> CheckResult:
    """Every (game, player) rating equals replaying the stored results in finish order."""
    result = CheckResult("ratings equal a replay of the results")
    with psycopg.connect(database_url, connect_timeout=5) as conn:
        rows = conn.execute(_MATCHES).fetchall()
        stored = {
            (game, player): (mu, sigma, int(n))
            for game, player, mu, sigma, n in conn.execute(
                "SELECT game, player_id, mu, sigma, matches FROM scoring.ratings"
            ).fetchall()
        }
    expected: dict[tuple[str, str], Standing] = {}
    for game, game_rows in groupby(rows, key=lambda r: r[0]):
        matches = [
            (table_id, [Seat(*r[2:]) for r in seats])
            for table_id, seats in groupby(game_rows, key=lambda r: r[1])
        ]
        standings: dict[str, Standing] = {}
        replay(matches, standings)
        expected.update({(game, p): s for p, s in standings.items()})
    for key in sorted(set(expected) | set(stored)):
        result.checked += 1
        want, got = expected.get(key), stored.get(key)
        if want is None or got is None:
            result.problems.append(f"{key}: stored {got}, replay {want}")
            continue
        mu, sigma, n = got
        if not (
            math.isclose(mu, want.skill.mu, rel_tol=1e-9, abs_tol=1e-9)
            and math.isclose(sigma, want.skill.sigma, rel_tol=1e-9, abs_tol=1e-9)
            and n == want.matches
        ):
            result.problems.append(
                f"{key}: stored mu {mu} sigma {sigma} ({n} matches), replay mu "
                f"{want.skill.mu} sigma {want.skill.sigma} ({want.matches} matches)"
            )
    return result
