"""Quick play: wait in a queue for a game and a player count, be seated automatically."""

from __future__ import annotations

from fastapi import APIRouter, Response, status

from ...schemas import QuickPlayRequest, QuickPlayTicket
from ..deps import CurrentPlayer, LobbyDep
from ..responses import errors

router = APIRouter(prefix="/quickplay", tags=["quick play"])


@router.post(
    "",
    status_code=status.HTTP_202_ACCEPTED,
    responses=errors(401, 403, 409),
    summary="Join the queue; the ticket says when you are seated (also on the feed)",
)
async def join_queue(
    body: QuickPlayRequest, who: CurrentPlayer, lobby: LobbyDep
) -> QuickPlayTicket:
    return await lobby.matchmaker.enqueue(who, body.game, body.players)


@router.get("", responses=errors(401, 403, 404), summary="Your quick-play ticket")
async def my_ticket(who: CurrentPlayer, lobby: LobbyDep) -> QuickPlayTicket:
    return await lobby.matchmaker.ticket(who.subject)


@router.delete(
    "",
    status_code=status.HTTP_204_NO_CONTENT,
    responses=errors(401, 403, 404),
    summary="Leave the queue",
)
async def leave_queue(who: CurrentPlayer, lobby: LobbyDep) -> Response:
    await lobby.matchmaker.leave(who.subject)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
