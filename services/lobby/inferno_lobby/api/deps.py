"""Typed dependencies for the routes: the lobby, the signed-in account, the caller's address.

``CurrentPlayer`` accepts the access tokens of players and operators; spectator and bot tokens
(valid for one table at the engine) are refused here. Every dependency is ``async``: FastAPI
runs a plain ``def`` dependency in a worker thread, which costs more than the work itself.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from inferno_auth import Claims, Role

from ..errors import Forbidden, Unauthorized
from ..lobby import Lobby


async def get_lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


LobbyDep = Annotated[Lobby, Depends(get_lobby)]
#: The longest bearer token looked at (the refresh body's bound too).
MAX_TOKEN_CHARS = 4096

_bearer = HTTPBearer(auto_error=False, description="An access token from /auth.")


async def get_claims(
    lobby: LobbyDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Claims:
    if credentials is None:
        raise Unauthorized("sign in first: send 'Authorization: Bearer <access token>'")
    if len(credentials.credentials) > MAX_TOKEN_CHARS:  # ours are well under 1,000
        raise Unauthorized(
            f"the token is not valid: longer than {MAX_TOKEN_CHARS} characters",
            code="invalid_token",
        )
    claims = lobby.tokens.check(credentials.credentials)
    if claims.role not in (Role.PLAYER, Role.OPERATOR):
        raise Forbidden(f"a {claims.role.value} token cannot be used in the lobby")
    return claims


CurrentPlayer = Annotated[Claims, Depends(get_claims)]


async def get_address(request: Request, lobby: LobbyDep) -> str:
    """The caller's address, for per-address rate limits. Behind a trusted proxy it is the
    last entry of X-Forwarded-For: the one that proxy added (earlier ones are the client's
    word and could be forged)."""
    if lobby.settings.behind_proxy:
        forwarded = request.headers.get("x-forwarded-for", "")
        if forwarded.strip():
            return forwarded.rsplit(",", 1)[-1].strip()[:100].lower()
    return request.client.host if request.client else "unknown"


Address = Annotated[str, Depends(get_address)]
