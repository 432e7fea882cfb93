"""Accounts in PostgreSQL: sign-up, guests, and looking players up.

A registered account has a username and an argon2 hash; a guest has a generated username and
no password, so nobody can log in as a guest (they keep playing with their refresh token).
"""

from __future__ import annotations

import secrets
import unicodedata
import uuid
from dataclasses import dataclass

from psycopg import AsyncConnection, errors

from .errors import Conflict


def username_key(username: str) -> str:
    """The one form usernames are compared in: NFKC, then case-folded. The unique index, the
    log-in lookup and the per-account rate limits all use it (migration 0002)."""
    return unicodedata.normalize("NFKC", username).casefold()


@dataclass(frozen=True, slots=True)
class Account:
    id: str
    username: str
    display_name: str
    role: str
    guest: bool
    password_hash: str | None = None


def _account(row: dict[str, object]) -> Account:
    return Account(
        id=str(row["id"]),
        username=str(row["username"]),
        display_name=str(row["display_name"]),
        role=str(row["role"]),
        guest=bool(row["guest"]),
        password_hash=row["password_hash"] if isinstance(row["password_hash"], str) else None,
    )


async def create_account(
    conn: AsyncConnection,
    username: str,
    display_name: str,
    password_hash: str | None,
    *,
    guest: bool = False,
) -> Account:
    """Insert an account; :class:`Conflict` (409) if the username is taken in any spelling
    that folds to the same key (:func:`username_key`)."""
    try:
        async with conn.transaction():
            cur = await conn.execute(
                "INSERT INTO accounts"
                " (id, username, username_key, display_name, password_hash, guest)"
                " VALUES (%s, %s, %s, %s, %s, %s) RETURNING *",
                (
                    uuid.uuid4(),
                    username,
                    username_key(username),
                    display_name,
                    password_hash,
                    guest,
                ),
            )
            row = await cur.fetchone()
    except errors.UniqueViolation:
        raise Conflict(f"the username {username!r} is taken", code="username_taken") from None
    assert row is not None
    return _account(row)


async def create_guest(conn: AsyncConnection, display_name: str | None) -> Account:
    username = "guest-" + secrets.token_hex(5)
    return await create_account(conn, username, display_name or username, None, guest=True)


async def find_by_username(conn: AsyncConnection, username: str) -> Account | None:
    cur = await conn.execute(
        "SELECT * FROM accounts WHERE username_key = %s", (username_key(username),)
    )
    row = await cur.fetchone()
    return _account(row) if row else None


async def get_account(conn: AsyncConnection, account_id: str) -> Account | None:
    try:
        key = uuid.UUID(account_id)
    except ValueError:
        return None
    cur = await conn.execute("SELECT * FROM accounts WHERE id = %s", (key,))
    row = await cur.fetchone()
    return _account(row) if row else None


async def set_role(conn: AsyncConnection, username: str, role: str) -> bool:
    """Make an account a player or an operator (the command line's ``grant-operator``)."""
    cur = await conn.execute(
        "UPDATE accounts SET role = %s WHERE username_key = %s AND NOT guest",
        (role, username_key(username)),
    )
    return cur.rowcount == 1
