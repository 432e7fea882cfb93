"""The lobby's port to the engine: the one call it makes when a table starts.

``EngineGateway`` is what the lobby needs from the engine; the gRPC client that implements it
(``CreateTable``) is wired in by the platform, and tests use an in-process implementation that
drives the real rules core. ``NoEngine`` is the default until then: starting a table answers 503
with a message that says so, rather than pretending.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class SeatAssignment:
    """Who sits where, as the engine and the ``table.created`` event describe it."""

    seat: int
    player_id: str
    name: str
    bot: bool


@dataclass(frozen=True, slots=True)
class TableSettings:
    """The table's clock and spectator delay, for the engine and the timer service."""

    decision_seconds: int
    time_bank_seconds: int
    increment_seconds: int
    spectator_delay_seconds: int
    private: bool = False  # a private table's players and result are never published


class EngineError(Exception):
    """The engine refused or could not be reached; the message is shown to the player."""


class EngineGateway(Protocol):
    async def create_table(
        self,
        table_id: str,
        game: str,
        options: dict[str, Any],
        seats: list[SeatAssignment],
        settings: TableSettings | None = None,
    ) -> str:
        """Ask the engine to hold a new table; returns the seed commitment (SHA-256 hex).

        Must be idempotent by ``table_id``: the lobby may call again after a failure.
        """
        ...


class NoEngine:
    """The gateway used when no engine is connected."""

    async def create_table(
        self,
        table_id: str,
        game: str,
        options: dict[str, Any],
        seats: list[SeatAssignment],
        settings: TableSettings | None = None,
    ) -> str:
        raise EngineError("the game engine is not connected; tables cannot start right now")
