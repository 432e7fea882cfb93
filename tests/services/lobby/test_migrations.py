"""The lobby's migrations on a database that already holds accounts: 0002 backfills the
folded username key (NFKC, then casefold) of every existing row, as the lobby computes it."""

from __future__ import annotations

import uuid
from importlib import resources

import psycopg
from fastapi.testclient import TestClient
from yoyo import get_backend, read_migrations
from yoyo.migrations import MigrationList

from inferno_lobby.accounts import username_key
from inferno_lobby.db import _yoyo_url, apply_migrations


def test_0002_backfills_the_username_key_of_existing_accounts(lobby_db: str) -> None:
    url, _, schema = lobby_db.partition("#")  # the fixture drops the schema afterwards
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    backend = get_backend(_yoyo_url(url, schema))
    folder = str(resources.files("inferno_lobby") / "migrations")
    first = MigrationList([m for m in read_migrations(folder) if m.id.startswith("0001_")])
    with backend.lock():
        backend.apply_migrations(backend.to_apply(first))
    backend.connection.close()
    # What the lobby ever accepted (ASCII), and a fullwidth name as if written by hand.
    names = ["Dante", "guest-0a1b2c3d4e", "vir.GIL_2", "\uff36\uff49\uff52\uff47\uff49\uff4c"]
    with psycopg.connect(url, autocommit=True) as conn:
        for name in names:
            conn.execute(
                f"INSERT INTO {schema}.accounts (id, username, display_name) VALUES (%s,%s,%s)",
                (uuid.uuid4(), name, name),
            )
    apply_migrations(url, schema)
    with psycopg.connect(url) as conn:
        rows = dict(
            conn.execute(f"SELECT username, username_key FROM {schema}.accounts").fetchall()
        )
    assert rows == {name: username_key(name) for name in names}
    assert rows["Dante"] == "dante" and rows[names[3]] == "virgil"
    apply_migrations(url, schema)  # idempotent


def test_an_account_from_before_logs_in_under_any_folded_spelling(make_client) -> None:
    client: TestClient = make_client()
    assert (
        client.post(
            "/auth/signup", json={"username": "Beatrice", "password": "paradiso-33"}
        ).status_code
        == 201
    )
    for spelling in ("beatrice", "BEATRICE", "\uff42\uff45\uff41\uff54\uff52\uff49\uff43\uff45"):
        answer = client.post("/auth/login", json={"username": spelling, "password": "paradiso-33"})
        assert answer.status_code == 200, spelling
