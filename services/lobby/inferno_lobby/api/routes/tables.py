"""Tables: create, list and filter, look at one, sit down, leave, bots, start, close, watch."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response, status

from inferno_auth import Role

from ...errors import Conflict
from ...schemas import (
    GAME_NAME,
    BotCreate,
    SeatRequest,
    SpectatorTokenPublic,
    TableCreate,
    TablePublic,
    TablesPublic,
    TableStatus,
)
from ..deps import Address, CurrentPlayer, LobbyDep
from ..responses import errors

router = APIRouter(prefix="/tables", tags=["tables"])

TableId = Annotated[
    str, Path(pattern=r"^[0-9a-f]{32}$", examples=["0f3c9a1e5b7d4c2a8e6f1b3d5a7c9e0f"])
]


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    responses=errors(401, 403, 429),
    summary="Open a table (options are checked against the game)",
)
async def create_table(
    body: TableCreate, who: CurrentPlayer, lobby: LobbyDep, address: Address
) -> TablePublic:
    s = lobby.settings
    await lobby.limiter.hit(
        "table_creation", s.table_create_limit, account=who.subject, address=address
    )
    table = await lobby.tables.create(who, body)
    lobby.metrics.events.labels("table_opened").inc()
    return table.public(who.subject)


@router.get(
    "", response_model=TablesPublic, summary="List tables, filtered by game, status and open seats"
)
async def list_tables(
    lobby: LobbyDep,
    game: Annotated[
        str | None, Query(max_length=40, pattern=GAME_NAME, examples=["oh_hell"])
    ] = None,
    status: TableStatus | None = None,
    open_seats: Annotated[
        int | None, Query(ge=0, le=16, description="At least this many free seats.")
    ] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
    offset: Annotated[int, Query(ge=0, le=100_000)] = 0,
) -> Response:
    page = await lobby.tables.list_json(
        game=game,
        status=status,
        open_seats=open_seats,
        include_private=False,
        limit=limit,
        offset=offset,
    )
    # The hot read of the lobby: PostgreSQL builds the JSON, FastAPI passes it through.
    return Response(page, media_type="application/json")


@router.get(
    "/mine",
    response_model=TablesPublic,
    responses=errors(401),
    summary="Your tables: those you hold a seat at or own, private ones included, newest first",
)
async def my_tables(
    who: CurrentPlayer,
    lobby: LobbyDep,
    status: TableStatus | None = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
    offset: Annotated[int, Query(ge=0, le=100_000)] = 0,
) -> Response:
    """What a reinstalled app calls to find its games: live (``started``) and recent tables
    where the signed-in account sits, and the tables it opened (its private ones too)."""
    page = await lobby.tables.list_json(
        game=None,
        status=status,
        open_seats=None,
        include_private=True,
        limit=limit,
        offset=offset,
        mine=who.subject,
    )
    return Response(page, media_type="application/json")


InviteCode = Annotated[
    str | None,
    Query(
        max_length=64,
        pattern=r"^[A-Za-z0-9_-]*$",
        description="A private table's invite code (not needed by its owner and players).",
    ),
]


@router.get(
    "/{table_id}",
    responses=errors(401, 403, 404),
    summary="One table (a private one: for its owner, players, and invite holders)",
)
async def get_table(
    table_id: TableId, who: CurrentPlayer, lobby: LobbyDep, invite_code: InviteCode = None
) -> TablePublic:
    table = await lobby.tables.get(table_id)
    table.must_be_visible_to(who, invite_code, "see")
    return table.public(who.subject, who.role == Role.OPERATOR)


@router.post(
    "/{table_id}/seats",
    responses=errors(401, 403, 404, 409),
    summary="Take a seat (a private table needs its invite code)",
)
async def join_table(
    table_id: TableId, who: CurrentPlayer, lobby: LobbyDep, body: SeatRequest | None = None
) -> TablePublic:
    body = body or SeatRequest()
    table = await lobby.tables.join(table_id, who, body.seat, body.invite_code)
    return table.public(who.subject, who.role == Role.OPERATOR)


@router.delete(
    "/{table_id}/seats/me", responses=errors(401, 403, 404, 409), summary="Leave your seat"
)
async def leave_table(table_id: TableId, who: CurrentPlayer, lobby: LobbyDep) -> TablePublic:
    table = await lobby.tables.leave(table_id, who)
    return table.public(who.subject, who.role == Role.OPERATOR)


@router.post(
    "/{table_id}/bots",
    responses=errors(401, 403, 404, 409),
    summary="Seat a bot in the first free seat (owner or operator)",
)
async def add_bot(
    table_id: TableId, who: CurrentPlayer, lobby: LobbyDep, body: BotCreate | None = None
) -> TablePublic:
    table = await lobby.tables.add_bot(table_id, who, body.name if body else None)
    return table.public(who.subject, who.role == Role.OPERATOR)


@router.delete(
    "/{table_id}/bots/{seat}",
    responses=errors(401, 403, 404, 409),
    summary="Take a bot off its seat (owner or operator)",
)
async def remove_bot(
    table_id: TableId,
    seat: Annotated[int, Path(ge=0, le=15)],
    who: CurrentPlayer,
    lobby: LobbyDep,
) -> TablePublic:
    table = await lobby.tables.remove_bot(table_id, who, seat)
    return table.public(who.subject, who.role == Role.OPERATOR)


@router.post(
    "/{table_id}/start",
    responses=errors(401, 403, 404, 409, 503),
    summary="Start the game: the engine takes the table (owner or operator)",
)
async def start_table(table_id: TableId, who: CurrentPlayer, lobby: LobbyDep) -> TablePublic:
    table = await lobby.tables.start(table_id, who)
    lobby.metrics.events.labels("table_started").inc()
    return table.public(who.subject, who.role == Role.OPERATOR)


@router.post(
    "/{table_id}/close",
    responses=errors(401, 403, 404, 409),
    summary="Close a table that has not started (owner or operator)",
)
async def close_table(table_id: TableId, who: CurrentPlayer, lobby: LobbyDep) -> TablePublic:
    table = await lobby.tables.close(table_id, who)
    return table.public(who.subject, who.role == Role.OPERATOR)


@router.post(
    "/{table_id}/spectators",
    responses=errors(401, 403, 404, 409),
    summary="A spectator token for this table; the engine shows it the public view, delayed",
)
async def spectate(
    table_id: TableId, who: CurrentPlayer, lobby: LobbyDep, body: SeatRequest | None = None
) -> SpectatorTokenPublic:
    table = await lobby.tables.get(table_id)
    table.must_be_visible_to(who, body.invite_code if body else None, "watch")
    if table.status in ("closed", "aborted"):
        raise Conflict(f"the table is {table.status}; there is nothing to watch", code="not_live")
    token, ttl = lobby.tokens.spectator(who.subject, who.name, table.id)
    return SpectatorTokenPublic(
        token=token,
        table_id=table.id,
        delay_seconds=table.row["spectator_delay_seconds"],
        expires_in=ttl,
    )
