"""PostgreSQL for the lobby: migrations at start and a pool of async connections.

The lobby owns the schema ``lobby`` (accounts, tables, seats). Migrations are plain SQL files
in ``migrations/`` applied by yoyo-migrations, which keeps its own bookkeeping tables in the
same schema, so the lobby never touches another service's tables.
"""

from __future__ import annotations

from importlib import resources
from urllib.parse import urlencode, urlsplit, urlunsplit

import psycopg
from psycopg import sql
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool
from yoyo import get_backend, read_migrations


def _yoyo_url(database_url: str, schema: str) -> str:
    parts = urlsplit(database_url)
    scheme = "postgresql+psycopg"
    query = urlencode({"schema": schema})
    return urlunsplit((scheme, parts.netloc, parts.path, query, ""))


def apply_migrations(database_url: str, schema: str) -> None:
    """Create the schema if needed and apply every migration not yet applied (idempotent)."""
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(schema)))
    folder = resources.files("inferno_lobby") / "migrations"
    backend = get_backend(_yoyo_url(database_url, schema))
    migrations = read_migrations(str(folder))
    with backend.lock():
        backend.apply_migrations(backend.to_apply(migrations))


def open_pool(database_url: str, schema: str, size: int) -> AsyncConnectionPool:
    """A pool whose connections see the lobby's schema first and return rows as dicts."""
    return AsyncConnectionPool(
        database_url,
        min_size=1,
        max_size=size,
        open=False,
        # Autocommit: a read is one round trip (no COMMIT after it); writes open their own
        # transaction explicitly with conn.transaction().
        kwargs={
            "row_factory": dict_row,
            "autocommit": True,
            "options": f"-c search_path={schema}",
        },
    )
