"""Redis connections that turn commands into bytes with hiredis (C) instead of Python.

redis-py's blocking client packs commands with ``hiredis.pack_command`` when hiredis is
installed; its asyncio client always packs in Python, one encode call per argument. A move's
commit is one command of some 25 arguments, and packing was a large part of the engine's CPU
per move. :func:`use_hiredis_packing` gives a connection pool the same C packer the blocking
client uses (``redis.connection.HiredisRespSerializer``); replies are parsed by hiredis already.
"""

from __future__ import annotations

from typing import Any

import redis.asyncio as aioredis
from redis.connection import HiredisRespSerializer
from redis.utils import HIREDIS_AVAILABLE


class HiredisPacking:
    """Mixin for a :class:`redis.asyncio.Connection` class: pack with hiredis."""

    _hiredis = HiredisRespSerializer()

    def pack_command(self, *args: Any) -> list[bytes]:
        return self._hiredis.pack(*args)

    def pack_commands(self, commands: Any) -> list[bytes]:
        return [b"".join(self._hiredis.pack(*command)[0] for command in commands)]


def use_hiredis_packing(pool: aioredis.ConnectionPool) -> bool:
    """Make the pool's new connections pack with hiredis; ``False`` if hiredis is missing."""
    if not HIREDIS_AVAILABLE:
        return False
    base = pool.connection_class
    if not issubclass(base, HiredisPacking):
        pool.connection_class = type(f"Hiredis{base.__name__}", (HiredisPacking, base), {})
    return True
