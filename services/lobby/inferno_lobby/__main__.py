"""``python -m inferno_lobby``: serve the lobby with uvicorn (port 8000 by default), or
``python -m inferno_lobby grant-operator USERNAME`` to make an account an operator."""

from __future__ import annotations

import argparse
import asyncio
import sys

import uvicorn

from .settings import Settings


def _grant_operator(settings: Settings, username: str) -> int:
    import psycopg
    from psycopg.rows import dict_row

    from .db import apply_migrations

    apply_migrations(settings.database_url, settings.db_schema)

    async def grant() -> bool:
        from .accounts import set_role

        async with await psycopg.AsyncConnection.connect(
            settings.database_url,
            autocommit=True,
            row_factory=dict_row,
            options=f"-c search_path={settings.db_schema}",
        ) as conn:
            return await set_role(conn, username, "operator")

    if asyncio.run(grant()):
        print(f"{username} is now an operator (from their next token)")
        return 0
    print(f"no registered account is called {username!r}", file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="inferno_lobby", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    serve = sub.add_parser("serve", help="serve the lobby (the default)")
    serve.add_argument("--workers", type=int, default=1)
    grant = sub.add_parser("grant-operator", help="make an account an operator")
    grant.add_argument("username")
    args = parser.parse_args(argv)
    settings = Settings()  # fails fast on a default secret outside local development
    if args.command == "grant-operator":
        return _grant_operator(settings, args.username)
    uvicorn.run(
        "inferno_lobby.main:create_served_app",
        factory=True,
        host=settings.host,
        port=settings.port,
        workers=getattr(args, "workers", 1),
        log_level="info",
        log_config=None,  # keep our JSON logging (inferno_logs); uvicorn's lines join it
        access_log=False,  # one "request" line per request comes from RequestIds instead
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
