"""The worker's broker transport: one reused Redis client per channel, keys still prefixed.

Against the real Redis: the channel hands out the same client for every publish, a new one
after its pools were dropped (as after a fork), and a task message published through it lands
in the prefixed queue and is consumed back.
"""

from __future__ import annotations

import redis

from .test_celery_harness import KEY


def test_one_client_per_channel_and_messages_still_land_under_the_prefix(
    redis_url: str, redis_prefix: str, monkeypatch
) -> None:
    monkeypatch.setenv("INFERNO_REDIS_URL", redis_url)
    monkeypatch.setenv("INFERNO_REDIS_PREFIX", redis_prefix)
    monkeypatch.setenv("INFERNO_TOKEN_KEY", KEY)
    from inferno_worker.broker import Channel
    from inferno_worker.celery_app import QUEUE, make_app
    from inferno_worker.settings import get_settings

    get_settings.cache_clear()
    app = make_app()
    client = redis.Redis.from_url(redis_url)
    try:
        with app.connection() as conn:
            channel = conn.default_channel
            assert isinstance(channel, Channel)
            first = channel._create_client()
            assert channel._create_client() is first
            channel._disconnect_pools()
            assert channel._create_client() is not first
            app.send_task("inferno_worker.bot_move", args=("t", 1, 0), connection=conn)
            assert client.llen(f"{redis_prefix}{QUEUE}") == 1
            queue = conn.SimpleQueue(QUEUE)
            message = queue.get(timeout=5)
            assert message.headers["task"] == "inferno_worker.bot_move"
            message.ack()
            queue.close()
            assert client.llen(f"{redis_prefix}{QUEUE}") == 0
    finally:
        client.close()
        app.close()
        get_settings.cache_clear()
