"""PostgreSQL access of the scoring service: the connection pool and the schema migrations.

Migrations are plain SQL files in ``migrations/`` applied by yoyo-migrations, whose own
bookkeeping tables live in the ``scoring`` schema too (``?schema=scoring``), so the lobby's
migrations in the same database never see ours. They run at start (see ``service``) and by
``make migrate`` (``python -m inferno_scoring.db``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

MIGRATIONS = Path(__file__).with_name("migrations")
SCHEMA = "scoring"

#: Errors that mean "PostgreSQL is not reachable now", not "this event is bad".
UNAVAILABLE: tuple[type[BaseException], ...] = (psycopg.OperationalError, PoolTimeout)


def _yoyo_url(database_url: str) -> str:
    parts = urlsplit(database_url)
    query = dict(parse_qsl(parts.query))
    query["schema"] = SCHEMA
    scheme = "postgresql+psycopg"
    return urlunsplit((scheme, parts.netloc, parts.path, urlencode(query), parts.fragment))


def migrate(database_url: str) -> int:
    """Apply the migrations not applied yet; returns how many were applied."""
    from yoyo import get_backend, read_migrations

    # The schema must exist before yoyo keeps its tables in it.
    with psycopg.connect(database_url, autocommit=True, connect_timeout=5) as conn:
        conn.execute(f"CREATE SCHEMA IF NOT EXISTS {SCHEMA}")
    backend = get_backend(_yoyo_url(database_url))
    try:
        migrations = read_migrations(str(MIGRATIONS))
        with backend.lock():
            todo = backend.to_apply(migrations)
            backend.apply_migrations(todo)
        return len(todo)
    finally:
        backend.connection.close()


def make_pool(database_url: str, *, size: int = 4, timeout: float = 5.0) -> ConnectionPool:
    """A pool that opens in the background (so a service starts while PostgreSQL is down) and
    checks a connection before lending it (so one broken by an outage is replaced)."""
    pool = ConnectionPool(
        database_url,
        min_size=1,
        max_size=size,
        timeout=timeout,
        open=False,
        check=ConnectionPool.check_connection,
        kwargs={"connect_timeout": max(1, int(timeout))},
        name="scoring",
    )
    pool.open(wait=False)
    return pool


def main() -> int:
    from .settings import Settings

    url = Settings().database_url
    try:
        applied = migrate(url)
    except psycopg.OperationalError as err:
        where = urlsplit(url).netloc.rpartition("@")[2]
        print(
            f"scoring: cannot migrate: PostgreSQL at {where} is unreachable ({err})",
            file=sys.stderr,
        )
        return 1
    print(f"scoring: {applied} migration(s) applied", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
