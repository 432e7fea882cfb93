"""An in-process engine for the lobby's tests: it records each CreateTable call and holds the
table with the real rules core, the way the engine will (minus gRPC and Redis).

It also answers "my view" for a bearer token exactly as the engine is meant to: verify the
lobby's token with the shared key, find the caller's seat, return the rules core's view for
that seat. That lets the tests show the lobby's tokens work for the engine's checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inferno_auth import verify_token
from inferno_lobby.engine import EngineError, SeatAssignment, TableSettings
from inferno_rules import Viewer, commitment, get_game, new_seed


@dataclass
class HeldTable:
    game: str
    options: dict[str, Any]
    seats: list[SeatAssignment]
    settings: TableSettings | None
    seed: str
    state: Any


class InProcessEngine:
    def __init__(self, token_key: str) -> None:
        self.token_key = token_key
        self.tables: dict[str, HeldTable] = {}
        self.calls: list[str] = []
        self.fail_with: str | None = None  # set to make the next calls fail

    async def create_table(
        self,
        table_id: str,
        game: str,
        options: dict[str, Any],
        seats: list[SeatAssignment],
        settings: TableSettings | None = None,
    ) -> str:
        self.calls.append(table_id)
        if self.fail_with:
            raise EngineError(self.fail_with)
        if table_id not in self.tables:  # idempotent by table id, as the port requires
            seed = new_seed()
            state = get_game(game).new_game(len(seats), options, seed)
            self.tables[table_id] = HeldTable(game, options, seats, settings, seed, state)
        return commitment(self.tables[table_id].seed)

    def view_for(self, table_id: str, bearer_token: str) -> dict[str, Any]:
        claims = verify_token(bearer_token, self.token_key)
        held = self.tables[table_id]
        seat = next(s.seat for s in held.seats if s.player_id == claims.subject)
        return get_game(held.game).view(held.state, Viewer.of_seat(seat))
