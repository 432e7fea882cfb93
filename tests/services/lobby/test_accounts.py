"""Accounts and tokens: sign-up, log-in, guests, refresh, expiry, roles, rate limits."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from inferno_auth import Role, issue_token, verify_token
from inferno_lobby.settings import DEFAULT_TOKEN_KEY, Settings

from .conftest import TEST_KEY, bearer, sign_up, snapshot


def test_sign_up_gives_tokens_the_engine_accepts(client: TestClient) -> None:
    tokens = sign_up(client, "beatrice")
    assert tokens["token_type"] == "bearer"
    claims = verify_token(tokens["access_token"], TEST_KEY)
    assert claims.role is Role.PLAYER
    assert claims.subject == tokens["account"]["id"]
    assert claims.name == "beatrice"
    me = client.get("/accounts/me", headers=bearer(tokens))
    assert me.status_code == 200
    assert me.json() == {
        "username": "beatrice",
        "id": tokens["account"]["id"],
        "display_name": "beatrice",
        "role": "player",
        "guest": False,
    }


def test_the_password_is_stored_as_an_argon2_hash(client: TestClient, lobby_db: str) -> None:
    sign_up(client, "beatrice", "paradiso-33")
    (row,) = snapshot(lobby_db)["accounts"]
    stored = row[3]
    assert stored.startswith("$argon2id$")
    assert "paradiso-33" not in stored


def test_duplicate_username_is_409_whatever_the_case(client: TestClient, lobby_db: str) -> None:
    sign_up(client, "Beatrice")
    before = snapshot(lobby_db)
    answer = client.post("/auth/signup", json={"username": "beatrice", "password": "other-pass"})
    assert answer.status_code == 409
    assert answer.json() == {"detail": "the username 'beatrice' is taken", "code": "username_taken"}
    assert snapshot(lobby_db) == before


def test_log_in_with_the_right_password(client: TestClient) -> None:
    signed = sign_up(client, "virgil", "mantua-70bc")
    answer = client.post("/auth/login", json={"username": "VIRGIL", "password": "mantua-70bc"})
    assert answer.status_code == 200
    assert answer.json()["account"]["id"] == signed["account"]["id"]


@pytest.mark.parametrize(
    ("username", "password"), [("virgil", "wrong-password"), ("nobody", "mantua-70bc")]
)
def test_wrong_password_or_unknown_user_is_401(
    client: TestClient, lobby_db: str, username: str, password: str
) -> None:
    sign_up(client, "virgil", "mantua-70bc")
    before = snapshot(lobby_db)
    answer = client.post("/auth/login", json={"username": username, "password": password})
    assert answer.status_code == 401
    # The same words either way: the answer does not reveal which usernames exist.
    assert answer.json()["detail"] == "wrong username or password"
    assert answer.headers["WWW-Authenticate"] == "Bearer"
    assert snapshot(lobby_db) == before


def test_too_many_log_in_attempts_is_429(make_client, lobby_db: str) -> None:
    client = make_client(login_limit=3)
    sign_up(client, "virgil", "mantua-70bc")
    for _ in range(3):
        wrong = client.post("/auth/login", json={"username": "virgil", "password": "guess-1234"})
        assert wrong.status_code == 401
    before = snapshot(lobby_db)
    # Even the right password is refused now: the limit stops guessing, not just failures.
    answer = client.post("/auth/login", json={"username": "virgil", "password": "mantua-70bc"})
    assert answer.status_code == 429
    assert int(answer.headers["Retry-After"]) >= 1
    assert "too many log in attempts" in answer.json()["detail"]
    assert snapshot(lobby_db) == before


def _log_in(client: TestClient, username: str, password: str, address: str) -> int:
    return client.post(
        "/auth/login",
        json={"username": username, "password": password},
        headers={"X-Forwarded-For": address},
    ).status_code


def test_a_stranger_guessing_cannot_lock_the_owner_out(make_client) -> None:
    """Issue 22.3: log-in attempts count per account *and* address together."""
    client = make_client(login_limit=10, login_address_limit=50, behind_proxy=True)
    sign_up(client, "virgil", "mantua-70bc")
    stranger = [_log_in(client, "virgil", "nope-nope", "203.0.113.9") for _ in range(11)]
    assert stranger == [401] * 10 + [429]
    # The stranger is stopped, still even with the right password…
    assert _log_in(client, "virgil", "mantua-70bc", "203.0.113.9") == 429
    # …but the owner, from their own address, logs in.
    assert _log_in(client, "VIRGIL", "mantua-70bc", "198.51.100.7") == 200


def test_log_in_limit_counts_per_address_across_accounts(make_client) -> None:
    # One address trying account after account meets the looser per-address limit.
    client = make_client(login_limit=2, login_address_limit=3)
    statuses = [
        client.post("/auth/login", json={"username": name, "password": "nope-nope"}).status_code
        for name in ("one", "two", "three", "four")
    ]
    assert statuses == [401, 401, 401, 429]


#: Spellings of "inferno"; a spelling logs in exactly when it folds (NFKC, then casefold) to
#: the account's key. PostgreSQL's lower() maps 'İ' to 'i' (it did log in, with a fresh
#: counter: Python's lower() gives 'i̇'), and does not know the fullwidth forms.
SPELLINGS = {
    "inferno": True,
    "INFERNO": True,
    "InFeRnO": True,
    "\uff29\uff2e\uff26\uff25\uff32\uff2e\uff2f": True,  # fullwidth ＩＮＦＥＲＮＯ
    "\u2071nferno": True,  # superscript i: NFKC gives i
    "\u0130NFERNO": False,  # İNFERNO: folds to 'i̇nferno', another name
    "\u0131nferno": False,  # ınferno (dotless i): another name
}


def test_one_normalisation_for_the_account_and_its_counter(make_client) -> None:
    """Issue 22.3: every spelling that reaches the account counts on the account's counter;
    a spelling with a counter of its own reaches no account."""
    client = make_client(login_limit=3, behind_proxy=True)
    signed = sign_up(client, "inferno", "paradiso-33")
    for n, (spelling, same) in enumerate(SPELLINGS.items()):
        # A fresh address for each spelling, so only the pair counter is at work.
        answer = client.post(
            "/auth/login",
            json={"username": spelling, "password": "paradiso-33"},
            headers={"X-Forwarded-For": f"192.0.2.{n + 1}"},
        )
        assert answer.status_code == (200 if same else 401), spelling
        if same:
            assert answer.json()["account"]["id"] == signed["account"]["id"]
    # Three wrong guesses under three spellings exhaust one counter: every spelling that
    # reaches the account is refused now, and no other spelling logs in.
    for spelling in ("inferno", "INFERNO", "\uff49\uff4e\uff46\uff45\uff52\uff4e\uff4f"):
        assert _log_in(client, spelling, "wrong-guess", "198.51.100.7") == 401
    for spelling, same in SPELLINGS.items():
        status = _log_in(client, spelling, "paradiso-33", "198.51.100.7")
        assert status == (429 if same else 401), spelling


def test_username_keys_are_nfkc_case_folded(client: TestClient, lobby_db: str) -> None:
    sign_up(client, "Inferno")
    url, _, schema = lobby_db.partition("#")
    import psycopg

    with psycopg.connect(url) as conn:
        rows = conn.execute(f"SELECT username, username_key FROM {schema}.accounts").fetchall()
    assert rows == [("Inferno", "inferno")]
    taken = client.post("/auth/signup", json={"username": "INFERNO", "password": "long-enough"})
    assert taken.status_code == 409


def test_too_many_sign_ups_from_one_address_is_429(make_client, lobby_db: str) -> None:
    client = make_client(signup_limit=2)
    sign_up(client, "first")
    sign_up(client, "second")
    before = snapshot(lobby_db)
    answer = client.post("/auth/signup", json={"username": "third", "password": "long-enough"})
    assert answer.status_code == 429
    assert snapshot(lobby_db) == before


def test_sign_up_attempts_for_one_username_are_limited_across_addresses(make_client) -> None:
    client = make_client(signup_limit=2, behind_proxy=True)
    statuses = [
        client.post(
            "/auth/signup",
            json={"username": "virgil", "password": "long-enough"},
            headers={"X-Forwarded-For": f"10.0.0.{n}"},
        ).status_code
        for n in (1, 2, 3)
    ]
    assert statuses == [201, 409, 429]


@pytest.mark.parametrize(
    "body",
    [
        {"username": "ab", "password": "long-enough"},
        {"username": "with space", "password": "long-enough"},
        {"username": "fine", "password": "short"},
        {"username": "fine"},
        {"username": "fine", "password": "long-enough", "display_name": "\x00bad"},
    ],
)
def test_bad_sign_up_is_422_and_stores_nothing(
    client: TestClient, lobby_db: str, body: dict[str, str]
) -> None:
    answer = client.post("/auth/signup", json=body)
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"][0] == "body"
    assert snapshot(lobby_db)["accounts"] == []


def test_guest_gets_a_player_token_and_cannot_log_in(client: TestClient) -> None:
    answer = client.post("/auth/guest", json={"display_name": "Virgil"})
    assert answer.status_code == 201
    guest = answer.json()
    assert guest["account"]["guest"] is True
    assert guest["account"]["display_name"] == "Virgil"
    assert verify_token(guest["access_token"], TEST_KEY).role is Role.PLAYER
    login = client.post(
        "/auth/login", json={"username": guest["account"]["username"], "password": "anything"}
    )
    assert login.status_code == 401


def test_refresh_gives_a_new_pair_and_access_tokens_cannot_refresh(client: TestClient) -> None:
    tokens = sign_up(client, "beatrice")
    answer = client.post("/auth/refresh", json={"refresh_token": tokens["refresh_token"]})
    assert answer.status_code == 200
    assert client.get("/accounts/me", headers=bearer(answer.json())).status_code == 200
    wrong_kind = client.post("/auth/refresh", json={"refresh_token": tokens["access_token"]})
    assert wrong_kind.status_code == 401
    # And a refresh token is not an access token either.
    me = client.get("/accounts/me", headers={"Authorization": f"Bearer {tokens['refresh_token']}"})
    assert me.status_code == 401


def test_expired_token_is_401(client: TestClient) -> None:
    tokens = sign_up(client, "beatrice")
    stale = issue_token(
        TEST_KEY,
        tokens["account"]["id"],
        Role.PLAYER,
        ttl_seconds=60,
        now=time.time() - 3600,
    )
    answer = client.get("/accounts/me", headers={"Authorization": f"Bearer {stale}"})
    assert answer.status_code == 401
    assert "expired" in answer.json()["detail"]


@pytest.mark.parametrize(
    "header",
    [None, "Bearer not-a-jwt", f"Bearer {issue_token('some-other-key-' * 3, 'x', Role.PLAYER)}"],
)
def test_missing_or_forged_token_is_401(client: TestClient, header: str | None) -> None:
    headers = {"Authorization": header} if header else {}
    assert client.get("/accounts/me", headers=headers).status_code == 401


def test_spectator_tokens_do_not_open_the_lobby(client: TestClient) -> None:
    token = issue_token(TEST_KEY, "someone", Role.SPECTATOR, table="t1")
    answer = client.get("/accounts/me", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 403


def test_settings_refuse_the_default_key_outside_local() -> None:
    assert Settings(env="local").token_key == DEFAULT_TOKEN_KEY
    with pytest.raises(ValidationError, match="INFERNO_TOKEN_KEY"):
        Settings(env="production")
    with pytest.raises(ValidationError, match="at least 32"):
        Settings(env="production", token_key="short")
    assert Settings(env="production", token_key="x" * 40).token_key == "x" * 40


def test_settings_come_from_inferno_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INFERNO_REDIS_PREFIX", "tenant7:")
    monkeypatch.setenv("INFERNO_QUICKPLAY_BOT_WAIT_SECONDS", "5")
    settings = Settings()
    assert settings.redis_prefix == "tenant7:"
    assert settings.quickplay_bot_wait_seconds == 5
    assert settings.port == 8000
