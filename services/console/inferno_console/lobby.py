"""The lobby, seen from the console: log an operator in and renew their token, over HTTP.

The console holds no accounts. The lobby checks the password (and its rate limits), and the
console accepts the answer only if the access token, verified with the shared key, carries the
operator role. Renewal goes through the lobby's refresh, which re-reads the account, so a role
withdrawn there ends the console session within the access token's life.
"""

from __future__ import annotations

from dataclasses import dataclass

import httpx

from inferno_auth import Claims, Role, TokenError, verify_token


class SignInRefused(Exception):
    """The lobby or the console said no; the text says why, for the person at the form."""


@dataclass(frozen=True)
class OperatorTokens:
    claims: Claims
    access_token: str
    refresh_token: str


class Lobby:
    def __init__(self, url: str, key: str, algorithm: str, timeout: float = 5.0) -> None:
        self._http = httpx.AsyncClient(base_url=url, timeout=timeout)
        self._key, self._algorithm = key, algorithm

    async def close(self) -> None:
        await self._http.aclose()

    async def log_in(self, username: str, password: str, address: str) -> OperatorTokens:
        body = {"username": username, "password": password}
        return await self._tokens("/auth/login", body, address)

    async def refresh(self, refresh_token: str) -> OperatorTokens:
        return await self._tokens("/auth/refresh", {"refresh_token": refresh_token}, "")

    async def _tokens(self, path: str, body: dict[str, str], address: str) -> OperatorTokens:
        headers = {"X-Forwarded-For": address} if address else {}
        try:
            answer = await self._http.post(path, json=body, headers=headers)
        except httpx.HTTPError as err:
            raise SignInRefused(f"the lobby cannot be reached ({type(err).__name__})") from None
        if answer.status_code == 429:
            raise SignInRefused("too many attempts; wait a minute and try again")
        if answer.status_code in (401, 422):
            raise SignInRefused("wrong username or password")
        if answer.status_code != 200:
            raise SignInRefused(f"the lobby answered {answer.status_code}; try again later")
        data = answer.json()
        try:
            claims = verify_token(data["access_token"], self._key, algorithms=(self._algorithm,))
        except (TokenError, KeyError) as err:
            raise SignInRefused(f"the lobby's token was refused: {err}") from None
        if claims.role is not Role.OPERATOR:
            raise SignInRefused("this account is not an operator; ask an administrator")
        return OperatorTokens(claims, data["access_token"], data["refresh_token"])
