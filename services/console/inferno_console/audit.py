"""The console's audit log: who did what to which table, when, why, and what came of it.

One Redis stream, ``<prefix>console:audit`` (capped at about 100,000 entries), written before
the answer goes back, so nothing an operator did is missing from the page. Each line is also
logged (JSON, ``event: operator action``, with ``table_id``), so the deployment's log store
keeps it after the stream's cap drops it. The engine keeps its own audit stream of the calls
it served; this one also holds what the engine refused.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import redis.asyncio as aioredis
import structlog

from inferno_logs import TABLE_ID

MAXLEN = 100_000
log = structlog.get_logger("inferno_console.audit")


@dataclass(frozen=True)
class AuditLine:
    at_ms: int
    operator_id: str
    operator: str
    action: str
    table: str
    reason: str
    outcome: str


class AuditLog:
    def __init__(self, redis: aioredis.Redis, prefix: str) -> None:
        self._redis, self.key = redis, prefix + "console:audit"

    async def write(
        self, operator_id: str, operator: str, action: str, table: str, reason: str, outcome: str
    ) -> AuditLine:
        line = AuditLine(
            int(time.time() * 1000), operator_id, operator, action, table, reason, outcome
        )
        fields = {k: str(v) for k, v in line.__dict__.items()}
        await self._redis.xadd(self.key, fields, maxlen=MAXLEN, approximate=True)
        log.info(
            "operator action",
            operator_id=operator_id,
            operator=operator,
            action=action,
            reason=reason,
            outcome=outcome,
            **{TABLE_ID: table},
        )
        return line

    async def newest(self, count: int = 50, table: str | None = None) -> list[AuditLine]:
        """The newest lines first; ``table`` keeps that table's (among the newest 5,000)."""
        entries = await self._redis.xrevrange(self.key, count=count if table is None else 5000)
        lines = []
        for _id, raw in entries:
            f = {k.decode(): v.decode() for k, v in raw.items()}
            line = AuditLine(
                int(f["at_ms"]),
                f["operator_id"],
                f["operator"],
                f["action"],
                f["table"],
                f["reason"],
                f["outcome"],
            )
            if table is None or line.table == table:
                lines.append(line)
        return lines[:count]
