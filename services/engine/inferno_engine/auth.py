"""Who the caller is and what it may do at a table, from its verified token claims.

The call wrapper (``interceptors.py``) verifies the bearer token and puts the
:class:`~inferno_auth.Claims` in :data:`current_caller`; the table logic asks the functions here
which seat a caller acts for and whose eyes it sees through. Every rule of the proto's
AUTHENTICATION section lives here.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from typing import Any

from inferno_auth import Claims, Role, TokenError, verify_token
from inferno_rules import SPECTATOR, Viewer

from .errors import PermissionDenied, Unauthenticated

current_caller: ContextVar[Claims | None] = ContextVar("current_caller", default=None)

SEATED_ROLES = (Role.PLAYER, Role.BOT)


def authenticate(
    metadata: Sequence[tuple[str, str | bytes]], key: str, algorithms: tuple[str, ...]
) -> Claims:
    """The claims of the call's ``authorization: Bearer …`` token, or :class:`Unauthenticated`."""
    header = next((v for k, v in metadata if k == "authorization"), None)
    if header is None:
        raise Unauthenticated("sign in first: the call carries no authorization token")
    if isinstance(header, bytes):
        header = header.decode(errors="replace")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthenticated("the authorization metadata must be 'Bearer <token>'")
    try:
        return verify_token(token.strip(), key, algorithms=algorithms)
    except TokenError as err:
        raise Unauthenticated(str(err), reason="bad_token") from None


class VerifiedTokens:
    """The claims of tokens already verified, looked up instead of verified again.

    A client sends the same token with every call, and checking its signature is a large part
    of a cheap call. An entry is found only by the exact ``authorization`` value it was
    verified from (any other bytes, a tampered token say, are verified afresh and refused), and
    only while its token has not expired (then it is verified again, and refused once the
    verifier refuses it). Refused tokens are never remembered. At most ``size`` entries; the
    least recently used goes first.
    """

    def __init__(
        self,
        key: str,
        algorithms: tuple[str, ...],
        size: int = 10_000,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.key, self.algorithms, self.size, self.clock = key, algorithms, size, clock
        self._claims: OrderedDict[str | bytes, Claims] = OrderedDict()

    def __len__(self) -> int:
        return len(self._claims)

    def claims(self, metadata: Sequence[tuple[str, str | bytes]]) -> Claims:
        """The caller's claims, or :class:`Unauthenticated` (as :func:`authenticate`)."""
        header = next((v for k, v in metadata if k == "authorization"), None)
        if header is not None:
            known = self._claims.get(header)
            if known is not None and known.expires_at > self.clock():
                self._claims.move_to_end(header)
                return known
        claims = authenticate(metadata, self.key, self.algorithms)
        if header is not None:
            self._claims[header] = claims
            self._claims.move_to_end(header)
            while len(self._claims) > self.size:
                self._claims.popitem(last=False)
        return claims


def caller() -> Claims:
    claims = current_caller.get()
    if claims is None:  # only if a servicer runs without the call wrapper
        raise Unauthenticated("sign in first: the call carries no authorization token")
    return claims


def require_role(claims: Claims, *roles: Role) -> None:
    if claims.role not in roles:
        allowed = " or ".join(r.value for r in roles)
        raise PermissionDenied(
            f"only a {allowed} may do this; your token is for a {claims.role.value}",
            reason="wrong_role",
        )


def check_table_claim(claims: Claims, table_id: str) -> None:
    """A token bound to one table (spectator, bot) works only there."""
    if claims.table is not None and claims.table != table_id:
        raise PermissionDenied("your token is for another table", reason="wrong_table")


def seat_of(claims: Claims, seats: list[dict[str, Any]]) -> int | None:
    for seat in seats:
        if seat["player_id"] == claims.subject:
            return int(seat["seat"])
    return None


def plays_here(claims: Claims, seats: list[dict[str, Any]]) -> bool:
    """Whether the caller sits at the table as a player: a player or bot, or an operator whose
    own account took a seat there. At their own table the seat's role wins: an operator plays
    it like anyone (their hand, their moves) and its full view is closed to them while it is
    played (see ``Tables.full_view``)."""
    if claims.role in SEATED_ROLES:
        return True
    return claims.role == Role.OPERATOR and seat_of(claims, seats) is not None


def acting_seat(claims: Claims, seats: list[dict[str, Any]], requested: int | None) -> int:
    """The seat a SubmitAction is for; refuses anyone acting for someone else."""
    if claims.role == Role.SERVICE:
        if requested is None:
            raise PermissionDenied(
                "a service must name the seat it moves for", reason="seat_required"
            )
        if not 0 <= requested < len(seats):
            raise PermissionDenied(f"there is no seat {requested} at this table", "no_such_seat")
        return requested
    if not plays_here(claims, seats):
        require_role(claims, *SEATED_ROLES, Role.SERVICE)
    mine = seat_of(claims, seats)
    if mine is None:
        raise PermissionDenied("you have no seat at this table", reason="not_seated")
    if requested is not None and requested != mine:
        raise PermissionDenied(
            f"you play seat {mine}; you cannot act for seat {requested}", reason="not_your_seat"
        )
    return mine


def viewer_of(claims: Claims, seats: list[dict[str, Any]], requested: int | None) -> Viewer:
    """Whose eyes GetView and StreamEvents see through. Operators' full view is separate."""
    if claims.role == Role.SERVICE:
        if requested is None:
            return SPECTATOR
        if not 0 <= requested < len(seats):
            raise PermissionDenied(f"there is no seat {requested} at this table", "no_such_seat")
        return Viewer.of_seat(requested)
    if plays_here(claims, seats):
        mine = seat_of(claims, seats)
        if mine is None:
            raise PermissionDenied(
                "you have no seat at this table; watch it with a spectator token",
                reason="not_seated",
            )
        if requested is not None and requested != mine:
            raise PermissionDenied(
                f"you play seat {mine}; you cannot see seat {requested}'s view",
                reason="not_your_seat",
            )
        return Viewer.of_seat(mine)
    if requested is not None:
        raise PermissionDenied("only a seated player sees a seat's view", reason="not_your_seat")
    return SPECTATOR
