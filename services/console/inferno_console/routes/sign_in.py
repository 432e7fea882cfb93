"""Signing in through the lobby (operators only) and out; both written to the audit log."""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..deps import Checked, ConsoleDep
from ..lobby import SignInRefused
from ..sessions import COOKIE
from ..settings import Settings

router = APIRouter()
#: The sign-in form's own CSRF token travels in this cookie and in the form (double submit).
SIGN_IN_CSRF = "inferno_console_signin"


@router.get("/sign-in", response_class=HTMLResponse)
async def sign_in_form(console: ConsoleDep, next: str = "/") -> Response:
    token = secrets.token_urlsafe(24)
    answer = console.page("sign_in.html", csrf=token, next=local(next), error=None, who=None)
    set_cookie(answer, SIGN_IN_CSRF, token, console.settings, max_age=3600)
    return answer


@router.post("/sign-in")
async def sign_in(
    request: Request,
    console: ConsoleDep,
    username: Annotated[str, Form(max_length=40)],
    password: Annotated[str, Form(max_length=128)],
    csrf: Annotated[str, Form(max_length=100)],
    next: Annotated[str, Form(max_length=300)] = "/",
) -> Response:
    expected = request.cookies.get(SIGN_IN_CSRF, "")
    if not expected or not secrets.compare_digest(expected, csrf):
        raise PermissionError("the sign-in form is stale; open it again")
    address = request.client.host if request.client else ""
    try:
        tokens = await console.lobby.log_in(username, password, address)
    except SignInRefused as err:
        return console.page(
            "sign_in.html", 401, csrf=csrf, next=local(next), error=str(err), who=None
        )
    session = await console.sessions.open(tokens)
    await console.audit.write(session.operator_id, session.name, "sign in", "", "", "signed in")
    answer = RedirectResponse(local(next), status_code=303)
    set_cookie(answer, COOKIE, session.id, console.settings, console.settings.session_idle_seconds)
    answer.delete_cookie(SIGN_IN_CSRF)
    return answer


@router.post("/sign-out")
async def sign_out(who: Checked, console: ConsoleDep) -> Response:
    await console.sessions.close(who.id)
    await console.audit.write(who.operator_id, who.name, "sign out", "", "", "signed out")
    answer = RedirectResponse("/sign-in", status_code=303)
    answer.delete_cookie(COOKIE)
    return answer


def set_cookie(answer: Response, name: str, value: str, settings: Settings, max_age: int) -> None:
    answer.set_cookie(
        name,
        value,
        max_age=max_age,
        httponly=True,
        samesite="strict",
        secure=settings.secure_cookies,
        path="/",
    )


def local(target: str) -> str:
    """Only a path of this site: never send a signed-in operator elsewhere."""
    return target if target.startswith("/") and not target.startswith("//") else "/"
