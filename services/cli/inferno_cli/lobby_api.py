"""The lobby's REST API as the client uses it: accounts, tables, seats, bots, start.

Every refusal becomes a :class:`ClientError` carrying the lobby's own sentence for people
(``detail``), so the command line can print it as is. An expired access token is renewed once
with the refresh token and the request retried.
"""

from __future__ import annotations

from typing import Any

import httpx

from .session import Session


class ClientError(Exception):
    """A request the lobby or the engine refused, with a message for the player."""


def _problem(response: httpx.Response, service: str = "the lobby") -> str:
    """The refusal in the service's own words (FastAPI's ``detail``; the lobby and scoring
    answer alike)."""
    try:
        body = response.json()
    except ValueError:
        return f"{service} answered {response.status_code}: {response.text[:200]}"
    detail = body.get("detail") if isinstance(body, dict) else None
    if isinstance(detail, list):  # FastAPI's validation shape: name each field and the reason
        parts = []
        for item in detail:
            where = ".".join(str(p) for p in item.get("loc", []) if p != "body")
            parts.append(f"{where}: {item.get('msg')}" if where else str(item.get("msg")))
        return "; ".join(parts)
    return str(detail or f"{service} answered {response.status_code}")


class Lobby:
    def __init__(self, base_url: str, session: Session, timeout: float = 10.0) -> None:
        self.session = session
        self.http = httpx.Client(base_url=base_url.rstrip("/"), timeout=timeout)
        self.renewed = False

    def close(self) -> None:
        self.http.close()

    def _send(self, method: str, path: str, *, auth: bool = True, **kw: Any) -> Any:
        headers = {}
        if auth:
            if not self.session.access_token:
                raise ClientError("sign in first: inferno signup NAME or inferno login NAME")
            headers["Authorization"] = f"Bearer {self.session.access_token}"
        try:
            response = self.http.request(method, path, headers=headers, **kw)
            if response.status_code == 401 and auth and self.session.refresh_token:
                self.renew()
                headers["Authorization"] = f"Bearer {self.session.access_token}"
                response = self.http.request(method, path, headers=headers, **kw)
        except httpx.HTTPError as err:
            raise ClientError(f"cannot reach the lobby at {self.http.base_url}: {err}") from err
        if response.status_code >= 400:
            raise ClientError(_problem(response))
        return response.json() if response.content else None

    def renew(self) -> None:
        response = self.http.post(
            "/auth/refresh", json={"refresh_token": self.session.refresh_token}
        )
        if response.status_code != 200:
            raise ClientError("your session has expired: log in again (inferno login NAME)")
        self.session.take(response.json())
        self.renewed = True

    # accounts
    def signup(self, username: str, password: str, display_name: str | None) -> None:
        body = {"username": username, "password": password}
        if display_name:
            body["display_name"] = display_name
        self.session.take(self._send("POST", "/auth/signup", auth=False, json=body))

    def login(self, username: str, password: str) -> None:
        body = {"username": username, "password": password}
        self.session.take(self._send("POST", "/auth/login", auth=False, json=body))

    def me(self) -> dict[str, Any]:
        return dict(self._send("GET", "/accounts/me"))

    def guest(self, display_name: str | None) -> None:
        body = {"display_name": display_name} if display_name else None
        self.session.take(self._send("POST", "/auth/guest", auth=False, json=body))

    def games(self) -> list[dict[str, Any]]:
        return list(self._send("GET", "/games", auth=False))

    def rules(self, game: str) -> str:
        try:
            response = self.http.get(f"/games/{game}/rules")
        except httpx.HTTPError as err:
            raise ClientError(f"cannot reach the lobby at {self.http.base_url}: {err}") from err
        if response.status_code >= 400:
            raise ClientError(_problem(response))
        return response.text

    # tables
    def tables(self, game: str | None, status: str | None, open_seats: int | None) -> list[dict]:
        params: dict[str, Any] = {}
        if game:
            params["game"] = game
        if status:
            params["status"] = status
        if open_seats is not None:
            params["open_seats"] = open_seats
        return list(self._send("GET", "/tables", params=params)["data"])

    def table(self, table_id: str) -> dict[str, Any]:
        return dict(self._send("GET", f"/tables/{table_id}"))

    def create(
        self,
        game: str,
        players: int,
        options: dict[str, Any],
        private: bool,
        clock: dict[str, int] | None = None,
        spectator_delay_seconds: int = 0,
    ) -> dict:
        """Open a table. ``clock``: the lobby's ``ClockSettings`` (``decision_seconds``,
        ``time_bank_seconds``, ``increment_seconds``); absent, the lobby's defaults."""
        body: dict[str, Any] = {"game": game, "players": players, "options": options}
        body["private"] = private
        if clock is not None:
            body["clock"] = clock
        if spectator_delay_seconds:
            body["spectator_delay_seconds"] = spectator_delay_seconds
        return dict(self._send("POST", "/tables", json=body))

    def join(self, table_id: str, seat: int | None, invite_code: str | None) -> dict:
        body: dict[str, Any] = {}
        if seat is not None:
            body["seat"] = seat
        if invite_code:
            body["invite_code"] = invite_code
        return dict(self._send("POST", f"/tables/{table_id}/seats", json=body))

    def add_bot(self, table_id: str) -> dict:
        return dict(self._send("POST", f"/tables/{table_id}/bots", json={}))

    def start(self, table_id: str) -> dict:
        return dict(self._send("POST", f"/tables/{table_id}/start"))

    def mine(self, status: str | None) -> list[dict]:
        params = {"status": status} if status else {}
        return list(self._send("GET", "/tables/mine", params=params)["data"])

    def leave(self, table_id: str) -> None:
        self._send("DELETE", f"/tables/{table_id}/seats/me")

    def close_table(self, table_id: str) -> dict:
        return dict(self._send("POST", f"/tables/{table_id}/close"))

    def spectator_token(self, table_id: str, invite_code: str | None = None) -> dict:
        """A token the engine shows the table's public view to, delayed as the table says."""
        body = {"invite_code": invite_code} if invite_code else None
        return dict(self._send("POST", f"/tables/{table_id}/spectators", json=body))

    def quickplay(self, game: str, players: int) -> dict:
        return dict(self._send("POST", "/quickplay", json={"game": game, "players": players}))

    def ticket(self) -> dict:
        return dict(self._send("GET", "/quickplay"))
