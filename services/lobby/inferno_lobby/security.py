"""Passwords (argon2id) and the tokens the lobby hands out (signed with the engine's key).

Hashing is slow on purpose, so it runs in a worker thread and never blocks the event loop. A
log-in for an unknown username still verifies against a dummy hash, so the answer's timing does
not tell an attacker which usernames exist.
"""

from __future__ import annotations

from dataclasses import dataclass

import anyio.to_thread
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from inferno_auth import Claims, Role, TokenError, issue_token, verify_token

from .errors import Unauthorized
from .settings import Settings


class Passwords:
    def __init__(self, settings: Settings) -> None:
        self._hasher = PasswordHasher(
            time_cost=settings.password_time_cost, memory_cost=settings.password_memory_kib
        )
        self._dummy = self._hasher.hash("not a real password")

    async def hash(self, password: str) -> str:
        return await anyio.to_thread.run_sync(self._hasher.hash, password)

    async def verify(self, stored_hash: str | None, password: str) -> bool:
        """True when ``password`` matches; a missing hash (a guest) never matches."""

        def check() -> bool:
            try:
                return self._hasher.verify(stored_hash or self._dummy, password) and bool(
                    stored_hash
                )
            except (VerificationError, InvalidHashError):
                return False

        return await anyio.to_thread.run_sync(check)


@dataclass(frozen=True, slots=True)
class TokenPair:
    access_token: str
    refresh_token: str
    expires_in: int


class Tokens:
    """Issues and checks the lobby's tokens with the key the engine verifies."""

    def __init__(self, settings: Settings) -> None:
        self._key = settings.token_key
        self._algorithm = settings.token_algorithm
        self._access_ttl = settings.access_token_ttl_seconds
        self._refresh_ttl = settings.refresh_token_ttl_seconds
        self._spectator_ttl = settings.spectator_token_ttl_seconds

    def pair(self, subject: str, role: Role, name: str) -> TokenPair:
        access = issue_token(
            self._key,
            subject,
            role,
            ttl_seconds=self._access_ttl,
            name=name,
            algorithm=self._algorithm,
        )
        refresh = issue_token(
            self._key,
            subject,
            role,
            ttl_seconds=self._refresh_ttl,
            name=name,
            kind="refresh",
            algorithm=self._algorithm,
        )
        return TokenPair(access, refresh, self._access_ttl)

    def spectator(self, subject: str, name: str, table_id: str) -> tuple[str, int]:
        token = issue_token(
            self._key,
            subject,
            Role.SPECTATOR,
            ttl_seconds=self._spectator_ttl,
            name=name,
            table=table_id,
            algorithm=self._algorithm,
        )
        return token, self._spectator_ttl

    def check(self, token: str, kind: str = "access") -> Claims:
        try:
            return verify_token(token, self._key, algorithms=(self._algorithm,), kind=kind)
        except TokenError as err:
            raise Unauthorized(str(err), code="invalid_token") from None
