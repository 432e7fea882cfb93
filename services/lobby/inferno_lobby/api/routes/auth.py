"""Sign-up, log-in, guests and token refresh; who am I."""

from __future__ import annotations

from fastapi import APIRouter, status

from inferno_auth import Role

from ...accounts import (
    Account,
    create_account,
    create_guest,
    find_by_username,
    get_account,
    username_key,
)
from ...errors import NotFound, Unauthorized
from ...schemas import AccountCreate, AccountPublic, GuestCreate, LogIn, Refresh, TokensPublic
from ..deps import Address, CurrentPlayer, LobbyDep
from ..responses import errors

router = APIRouter(tags=["accounts"])


def _public(account: Account) -> AccountPublic:
    return AccountPublic(
        id=account.id,
        username=account.username,
        display_name=account.display_name,
        role=account.role,  # type: ignore[arg-type]
        guest=account.guest,
    )


def _tokens(lobby: LobbyDep, account: Account) -> TokensPublic:
    pair = lobby.tokens.pair(account.id, Role(account.role), account.display_name)
    return TokensPublic(
        access_token=pair.access_token,
        refresh_token=pair.refresh_token,
        expires_in=pair.expires_in,
        account=_public(account),
    )


@router.post(
    "/auth/signup",
    status_code=status.HTTP_201_CREATED,
    responses=errors(409, 429),
    summary="Create an account (and sign in)",
)
async def sign_up(body: AccountCreate, lobby: LobbyDep, address: Address) -> TokensPublic:
    s = lobby.settings
    await lobby.limiter.hit(
        "sign_up", s.signup_limit, account=username_key(body.username), address=address
    )
    password_hash = await lobby.passwords.hash(body.password)
    async with lobby.pool.connection() as conn:
        account = await create_account(
            conn, body.username, body.display_name or body.username, password_hash
        )
    lobby.metrics.events.labels("sign_up").inc()
    return _tokens(lobby, account)


@router.post("/auth/login", responses=errors(401, 429), summary="Sign in with a password")
async def log_in(body: LogIn, lobby: LobbyDep, address: Address) -> TokensPublic:
    s = lobby.settings
    key = username_key(body.username)
    # Per account *and* address: wrong guesses from elsewhere never lock the owner out; per
    # address alone, looser: one address cannot try account after account.
    await lobby.limiter.hit_each(
        "log_in",
        {
            "account_address": (f"{key}|{address}", s.login_limit),
            "address": (address, s.login_address_limit),
        },
    )
    async with lobby.pool.connection() as conn:
        account = await find_by_username(conn, body.username)
    stored = account.password_hash if account else None
    if not await lobby.passwords.verify(stored, body.password) or account is None:
        lobby.metrics.events.labels("log_in_refused").inc()
        raise Unauthorized("wrong username or password", code="wrong_credentials")
    lobby.metrics.events.labels("log_in").inc()
    return _tokens(lobby, account)


@router.post(
    "/auth/guest",
    status_code=status.HTTP_201_CREATED,
    responses=errors(429),
    summary="Play as a guest, without a password",
)
async def guest(lobby: LobbyDep, address: Address, body: GuestCreate | None = None) -> TokensPublic:
    await lobby.limiter.hit("sign_up", lobby.settings.signup_limit, address=address)
    async with lobby.pool.connection() as conn:
        account = await create_guest(conn, body.display_name if body else None)
    lobby.metrics.events.labels("guest").inc()
    return _tokens(lobby, account)


@router.post("/auth/refresh", responses=errors(401), summary="Trade a refresh token for new tokens")
async def refresh(body: Refresh, lobby: LobbyDep) -> TokensPublic:
    claims = lobby.tokens.check(body.refresh_token, kind="refresh")
    async with lobby.pool.connection() as conn:
        account = await get_account(conn, claims.subject)
    if account is None:
        raise Unauthorized("this account no longer exists", code="no_such_account")
    return _tokens(lobby, account)


@router.get("/accounts/me", responses=errors(401, 403, 404), summary="The signed-in account")
async def me(who: CurrentPlayer, lobby: LobbyDep) -> AccountPublic:
    async with lobby.pool.connection() as conn:
        account = await get_account(conn, who.subject)
    if account is None:
        raise NotFound("this account no longer exists", code="no_such_account")
    return _public(account)
