"""Typed dependencies of the routes: the console's parts, the signed-in operator, and an
operator whose POST carries their session's CSRF token."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from .console import Console
from .sessions import COOKIE, Session


class NotSignedIn(Exception):
    """No operator's session here: pages send to the sign-in form, the rest answer 401."""


def get_console(request: Request) -> Console:
    return request.app.state.console  # type: ignore[no-any-return]


ConsoleDep = Annotated[Console, Depends(get_console)]


async def operator(request: Request, console: ConsoleDep) -> Session:
    """The signed-in operator of this request (their session cookie), else sign in first."""
    found = await console.sessions.find(request.cookies.get(COOKIE))
    if found is None:
        raise NotSignedIn()
    return found


Operator = Annotated[Session, Depends(operator)]


async def checked(request: Request, who: Operator) -> Session:
    """An operator whose POST carries their session's CSRF token."""
    form = await request.form()
    sent = form.get("csrf")
    if not who.csrf_ok(sent if isinstance(sent, str) else None):
        raise PermissionError("this form is stale or was not sent by the console; reload the page")
    return who


Checked = Annotated[Session, Depends(checked)]
