"""The one envelope every bus event travels in, and the names of the bus streams.

A Redis stream entry holds these fields, all strings (the stream entry id is Redis's own):

| field | meaning |
|---|---|
| ``id`` | the event id: 32 hex characters, unique, the idempotency key of every consumer |
| ``type`` | an :class:`EventType` value, e.g. ``table.finished`` |
| ``table`` | the table id the event is about ("" for events about no table) |
| ``version`` | the table's version after the change (decimal; 0 when not applicable) |
| ``time`` | when it happened, milliseconds since the Unix epoch (decimal) |
| ``payload`` | a JSON object, the type's own fields (see ``docs/events.md``) |

The full protocol, with every type's payload, is in ``docs/events.md``.
"""

from __future__ import annotations

import json
import time
import uuid
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator


class EventType(StrEnum):
    TABLE_CREATED = "table.created"
    ACTION_APPLIED = "table.action_applied"
    ROUND_SCORED = "table.round_scored"
    TABLE_FINISHED = "table.finished"
    TABLE_ABORTED = "table.aborted"
    SEAT_HANDED_OVER = "table.seat_handed_over"
    TABLE_PRESENCE = "table.presence"
    CLOCK_TICKED = "table.clock_ticked"
    STATUS_CHANGED = "table.status_changed"
    SPECTATORS = "table.spectators"  # how many spectator streams a table has (a count, debounced)


#: Bus streams by purpose. Every name is prefixed by the deployment's key prefix
#: (``stream_key``) so test runs and tenants never share a stream.
STREAMS = {
    "tables": "bus:tables",  # every EventType above
    "dead_letter": "bus:dead-letter",  # messages a consumer gave up on, with the reason
}


def stream_key(prefix: str, purpose: str) -> str:
    """The Redis key of a bus stream, e.g. ``stream_key("inferno:", "tables")``."""
    return prefix + STREAMS[purpose]


class MalformedEvent(ValueError):
    """A stream entry that is not a valid envelope; consumers dead-letter it with this reason."""


class Envelope(BaseModel):
    """One bus event. Build with :meth:`new`, send with :meth:`to_fields`, read with
    :meth:`from_fields`."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(pattern=r"^[0-9a-f]{32}$")
    type: str
    table: str = ""
    version: int = Field(default=0, ge=0)
    time: int = Field(ge=0)
    payload: dict[str, Any] = Field(default_factory=dict)

    @field_validator("type")
    @classmethod
    def _known_type(cls, value: str) -> str:
        try:
            return EventType(value).value
        except ValueError:
            raise ValueError(f"unknown event type {value!r}") from None

    @classmethod
    def new(
        cls,
        type: EventType,
        table: str = "",
        version: int = 0,
        payload: dict[str, Any] | None = None,
        *,
        id: str | None = None,
        at_ms: int | None = None,
    ) -> Envelope:
        return cls(
            id=id or uuid.uuid4().hex,
            type=type.value,
            table=table,
            version=version,
            time=at_ms if at_ms is not None else int(time.time() * 1000),
            payload=payload or {},
        )

    def to_fields(self) -> dict[str, str]:
        """The stream entry's fields."""
        return {
            "id": self.id,
            "type": self.type,
            "table": self.table,
            "version": str(self.version),
            "time": str(self.time),
            "payload": json.dumps(self.payload, separators=(",", ":"), sort_keys=True),
        }

    @classmethod
    def from_fields(cls, fields: dict[str, str] | dict[bytes, bytes]) -> Envelope:
        """Parse a stream entry; raises :class:`MalformedEvent` naming the field and the problem."""
        try:
            text = {
                (k.decode() if isinstance(k, bytes) else k): (
                    v.decode() if isinstance(v, bytes) else v
                )
                for k, v in fields.items()
            }
        except UnicodeDecodeError:
            raise MalformedEvent("the entry is not UTF-8 text") from None
        try:
            payload = json.loads(text.get("payload", "{}"))
        except ValueError as err:
            raise MalformedEvent(f"payload: not JSON ({err})") from None
        if not isinstance(payload, dict):
            raise MalformedEvent("payload: not a JSON object")
        numbers = {}
        for name in ("version", "time"):
            raw = text.get(name, "0" if name == "version" else "")
            try:
                numbers[name] = int(raw)
            except ValueError:
                raise MalformedEvent(f"{name}: {raw!r} is not a whole number") from None
        try:
            return cls(
                id=text.get("id", ""),
                type=text.get("type", ""),
                table=text.get("table", ""),
                version=numbers["version"],
                time=numbers["time"],
                payload=payload,
            )
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "entry"
            raise MalformedEvent(f"{where}: {first['msg']}") from None
