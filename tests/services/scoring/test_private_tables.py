"""A private table's result is stored and rated, and the read API shows it to nobody: the
match view answers 404 as for an unknown table and no player's history lists it (the lobby
shows a private table only to its owner, players and invite holders; issue 13.5's class)."""

from __future__ import annotations

import psycopg
from fastapi.testclient import TestClient
from psycopg_pool import ConnectionPool

from inferno_bus import Consumer, Publisher
from inferno_scoring.api import create_app

from .conftest import drain, finished


def test_a_private_tables_result_is_rated_but_never_shown(
    publisher: Publisher, consumer: Consumer, pool: ConnectionPool, migrated_db: str
) -> None:
    secret = finished("secret", 2000, ["ann", "bob", "cid"])
    secret.payload["private"] = True
    publisher.publish_many([finished("open", 1000, ["ann", "bob", "dee"]), secret])
    drain(consumer)
    with psycopg.connect(migrated_db) as conn:  # stored and rated like any other
        stored = conn.execute(
            "SELECT table_id, private FROM scoring.matches ORDER BY table_id"
        ).fetchall()
        assert stored == [("open", False), ("secret", True)]
        cid = conn.execute("SELECT matches FROM scoring.ratings WHERE player_id = 'cid'")
        assert cid.fetchone() == (1,)
    client = TestClient(create_app(pool, dict))
    assert client.get("/matches/open").status_code == 200
    hidden = client.get("/matches/secret")
    unknown = client.get("/matches/nothing-here")
    assert hidden.status_code == unknown.status_code == 404
    for player in ("ann", "bob"):
        history = client.get(f"/players/{player}/matches").json()
        assert [m["table_id"] for m in history["matches"]] == ["open"]
        assert history["total"] == 1
    # cid played only the private table: to the public, cid has played nothing.
    assert client.get("/players/cid/matches").status_code == unknown.status_code
