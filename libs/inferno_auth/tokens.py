"""Signed access tokens (JWT via PyJWT) that the engine verifies without calling the lobby.

Claims: ``sub`` (player id), ``role`` (player, spectator, operator, bot, service), ``name``,
``table`` (set on spectator and bot tokens that are valid for one table only), ``typ``
(``access`` or ``refresh``), ``iat``, ``exp``, ``iss`` = ``inferno``.

Keys: HS256 with a shared secret by default; RS256/ES256 with a private key to sign and the
public key to verify (then the engine holds no secret able to mint tokens).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum

import jwt

ISSUER = "inferno"


class Role(StrEnum):
    PLAYER = "player"
    SPECTATOR = "spectator"
    OPERATOR = "operator"
    BOT = "bot"
    SERVICE = "service"  # the lobby and the worker calling the engine


class TokenError(Exception):
    """The token is missing, malformed, expired, or not signed by us."""


@dataclass(frozen=True, slots=True)
class Claims:
    subject: str
    role: Role
    name: str = ""
    table: str | None = None
    kind: str = "access"
    expires_at: int = 0


def issue_token(
    key: str,
    subject: str,
    role: Role,
    *,
    ttl_seconds: int = 900,
    name: str = "",
    table: str | None = None,
    kind: str = "access",
    algorithm: str = "HS256",
    now: float | None = None,
) -> str:
    issued = int(now if now is not None else time.time())
    payload: dict[str, object] = {
        "sub": subject,
        "role": role.value,
        "name": name,
        "typ": kind,
        "iat": issued,
        "exp": issued + ttl_seconds,
        "iss": ISSUER,
    }
    if table is not None:
        payload["table"] = table
    return jwt.encode(payload, key, algorithm=algorithm)


def verify_token(
    token: str,
    key: str,
    *,
    algorithms: tuple[str, ...] = ("HS256",),
    kind: str = "access",
    leeway_seconds: int = 5,
) -> Claims:
    """The claims of a valid token; raises :class:`TokenError` saying what is wrong."""
    try:
        data = jwt.decode(
            token,
            key,
            algorithms=list(algorithms),
            issuer=ISSUER,
            leeway=leeway_seconds,
            options={"require": ["sub", "exp", "iat", "iss"]},
        )
    except jwt.ExpiredSignatureError:
        raise TokenError("the token has expired; sign in again or refresh it") from None
    except jwt.PyJWTError as err:
        raise TokenError(f"the token is not valid: {err}") from None
    if data.get("typ", "access") != kind:
        raise TokenError(f"a {data.get('typ')} token cannot be used here; use an {kind} token")
    try:
        role = Role(data.get("role", ""))
    except ValueError:
        raise TokenError(f"the token has an unknown role {data.get('role')!r}") from None
    return Claims(
        subject=str(data["sub"]),
        role=role,
        name=str(data.get("name", "")),
        table=data.get("table"),
        kind=str(data.get("typ", "access")),
        expires_at=int(data["exp"]),
    )
