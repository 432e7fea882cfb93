"""Per-game deployments and start-up checks."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import redis.asyncio as aioredis

from inferno_auth import Claims, Role
from inferno_engine.bus import Publisher
from inferno_engine.errors import GameNotServed
from inferno_engine.store import TableStore
from inferno_engine.tables import Tables

from .client import create_table
from .conftest import KEY, ROOT

pytestmark = pytest.mark.anyio


async def test_a_deployment_refuses_tables_of_games_it_does_not_serve(
    engine, redis_url, redis_prefix
) -> None:
    await create_table(engine.address, "t", ["a", "b", "c"])
    client = aioredis.Redis.from_url(redis_url)
    store = TableStore(client, redis_prefix)
    other_deployment = Tables(store, Publisher(store), games=frozenset())
    try:
        with pytest.raises(GameNotServed, match="does not serve oh_hell"):
            await other_deployment.view(Claims("watcher", Role.SPECTATOR), "t", None)
    finally:
        await client.aclose()


@pytest.mark.parametrize(
    ("env", "complaint"),
    [
        ({"INFERNO_ENGINE_GAMES": "chess", "INFERNO_TOKEN_KEY": KEY}, "unknown game 'chess'"),
        ({}, "token_key"),
        ({"INFERNO_TOKEN_KEY": KEY, "INFERNO_REDIS_URL": "redis://127.0.0.1:1/0"}, "onnect"),
    ],
)
def test_the_engine_refuses_to_start_misconfigured(env, complaint) -> None:
    base = {k: v for k, v in os.environ.items() if not k.startswith("INFERNO_")}
    done = subprocess.run(
        [sys.executable, "-m", "inferno_engine"],
        env={
            **base,
            "PYTHONPATH": f"{ROOT / 'libs'}:{ROOT / 'services' / 'engine'}",
            "INFERNO_ENGINE_PORT": "0",
            **env,
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert complaint in done.stderr
