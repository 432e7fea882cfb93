"""The console over real HTTP against the whole platform: sign-in for operators only, the live
list, a table's page and board, actions with a reason and a confirm step, CSRF, the audit log,
the probes. The browser tests (``test_browser.py``) drive the same pages in Chromium."""

from __future__ import annotations

import re
import time

import httpx

from .conftest import PASSWORD, Platform, signed_in


def _wait(check, timeout: float = 20.0, every: float = 0.2):
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found or time.monotonic() > deadline:
            return found
        time.sleep(every)


def test_a_player_cannot_sign_in_and_pages_need_a_session(platform: Platform) -> None:
    with httpx.Client(base_url=platform.console, timeout=10) as client:
        assert client.get("/").status_code == 303  # to the sign-in form
        assert client.get("/api/tables").status_code == 401
        form = client.get("/sign-in")
        csrf = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
        refused = client.post(
            "/sign-in", data={"username": platform.player, "password": PASSWORD, "csrf": csrf}
        )
        assert refused.status_code == 401
        assert "not an operator" in refused.text
        wrong = client.post(
            "/sign-in", data={"username": platform.operator, "password": "nope-nope", "csrf": csrf}
        )
        assert wrong.status_code == 401 and "wrong username or password" in wrong.text
        assert client.get("/api/tables").status_code == 401
        # Without the form's CSRF token (cookie and field must agree) nobody signs in.
        client.cookies.clear()
        forged = client.post(
            "/sign-in", data={"username": platform.operator, "password": PASSWORD, "csrf": "x"}
        )
        assert forged.status_code == 403


def test_the_session_cookie_is_httponly_and_strict(platform: Platform) -> None:
    client = signed_in(platform)
    cookie = next(c for c in client.cookies.jar if c.name == "inferno_console")
    assert cookie.has_nonstandard_attr("HttpOnly")
    assert cookie.get_nonstandard_attr("SameSite", "").lower() == "strict"
    page = client.get("/")
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    assert page.headers["x-frame-options"] == "DENY"
    assert page.headers["cache-control"] == "no-store"


def test_live_list_table_page_pause_and_resume_are_audited(platform: Platform) -> None:
    client = signed_in(platform)
    table = platform.bots_table("oh_hell", 4)

    def listed():
        rows = client.get("/api/tables").json()["tables"]
        return next((r for r in rows if r["id"] == table and r["version"] > 2), None)

    row = _wait(listed)
    assert row and row["game"] == "oh_hell" and [s["kind"] for s in row["seats"]] == ["bot"] * 4
    page = client.get(f"/tables/{table}")
    assert page.status_code == 200 and 'class="board"' in page.text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)

    # No CSRF token, no reason, no confirmation: refused, nothing changes.
    assert (
        client.post(f"/tables/{table}/pause", data={"reason": "x", "confirm": "yes"}).status_code
        == 403
    )
    no_reason = client.post(f"/tables/{table}/pause", data={"csrf": csrf, "confirm": "yes"})
    assert no_reason.status_code == 422 and "give a reason" in no_reason.text
    unconfirmed = client.post(f"/tables/{table}/pause", data={"csrf": csrf, "reason": "dispute"})
    assert unconfirmed.status_code == 422

    paused = client.post(
        f"/tables/{table}/pause",
        data={"csrf": csrf, "reason": "dispute at seat 2", "confirm": "yes"},
    )
    # Done: a redirect to the table's own page, which says what happened once.
    assert paused.status_code == 303 and paused.headers["location"] == f"/tables/{table}"
    shown = client.get(f"/tables/{table}").text
    assert "pause: paused" in shown
    assert "pause: paused" not in client.get(f"/tables/{table}").text
    assert _wait(lambda: (listed() or {}).get("status") == "paused")
    again = client.post(
        f"/tables/{table}/pause", data={"csrf": csrf, "reason": "twice", "confirm": "yes"}
    )
    assert again.status_code == 409 and "the engine refused" in again.text
    resumed = client.post(
        f"/tables/{table}/resume",
        data={"csrf": csrf, "reason": "settled", "confirm": "yes"},
        follow_redirects=True,
    )
    assert resumed.status_code == 200 and "resume: resumed" in resumed.text
    audit = client.get("/audit").text
    for words in ("dispute at seat 2", "settled", "the engine refused"):
        assert words in audit
    assert platform.operator in audit


def test_the_probes_answer_without_a_session(platform: Platform) -> None:
    assert httpx.get(f"{platform.console}/health/live").status_code == 200
    ready = httpx.get(f"{platform.console}/health/ready")
    assert ready.status_code == 200 and ready.json()["ready"] is True


def test_health_page_and_metrics(platform: Platform) -> None:
    client = signed_in(platform)
    platform.bots_table("num_inferno", 3, {"ROUNDS": 1})

    def sampled_twice() -> str | None:
        text = client.get("/health").text
        return text if text.count("<svg") >= 8 and "moves per second" in text else None

    page = _wait(sampled_twice, timeout=15)
    assert page, client.get("/health").text
    services = re.search(r'<table class="list" id="services">.*?</table>', page, re.S).group(0)
    for name in ("lobby", "scoring", "engine", "worker", "dispatcher", "redis"):
        row = re.search(rf'data-service="{name}">.*?</tr>', services, re.S)
        assert row and 'class="up"' in row.group(0), f"{name} is not shown up"
    lags = re.search(r'id="lags">.*?</table>', page, re.S).group(0)
    assert "dispatcher" in lags or "lobby" in lags or "scoring" in lags  # the bus's groups
    metrics = httpx.get(f"{platform.console}/metrics").text
    assert "inferno_console_celery_queue_depth" in metrics
    assert re.search(r'inferno_console_tables\{status="live"\} [1-9]', metrics)


def test_full_view_hand_over_and_abort_are_audited_and_refusals_are_in_words(
    platform: Platform,
) -> None:
    client = signed_in(platform)
    table = platform.bots_table("oh_hell", 4)
    page = client.get(f"/tables/{table}")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)

    # The spectator board shows hand sizes only; the full view needs a reason and shows hands.
    assert "every hand (full view)" not in client.get(f"/tables/{table}/board").text
    no_reason = client.post(f"/tables/{table}/full-view", data={"csrf": csrf})
    assert no_reason.status_code == 422
    full = client.post(f"/tables/{table}/full-view", data={"csrf": csrf, "reason": "cheat report"})
    assert full.status_code == 200 and "every hand (full view)" in full.text

    handed = client.post(
        f"/tables/{table}/hand-over",
        data={"csrf": csrf, "seat": "2", "reason": "player left", "confirm": "yes"},
        follow_redirects=True,
    )
    assert handed.status_code == 200 and "seat 2" in handed.text, handed.text
    assert _wait(
        lambda: any(
            r["id"] == table and r["seats"][2]["kind"] == "handed over"
            for r in client.get("/api/tables").json()["tables"]
        )
    )
    aborted = client.post(
        f"/tables/{table}/abort",
        data={"csrf": csrf, "reason": "test over", "confirm": "yes"},
        follow_redirects=True,
    )
    assert aborted.status_code == 200 and "abort: aborted" in aborted.text
    assert "the seed matches its commitment" in aborted.text
    refused = client.post(
        f"/tables/{table}/resume", data={"csrf": csrf, "reason": "undo", "confirm": "yes"}
    )
    assert refused.status_code == 409 and "the engine refused" in refused.text
    unknown = client.post(
        "/tables/0123456789abcdef0123456789abcdef/pause",
        data={"csrf": csrf, "reason": "x", "confirm": "yes"},
    )
    assert unknown.status_code in (404, 409) and "the engine refused" in unknown.text

    audit = client.get("/audit").text
    for words in ("full view", "cheat report", "hand over seat 2", "player left", "test over"):
        assert words in audit, words
    # The same lines in the console's JSON log, by table id (docs/logging.md).
    logged = platform.stack.log_lines(event="operator action", table_id=table)
    assert {line["action"] for line in logged} >= {"full view", "hand over seat 2", "abort"}
    assert all(line["service"] == "console" for line in logged)


def test_filters_and_sorts_of_the_list(platform: Platform) -> None:
    client = signed_in(platform)
    table = platform.bots_table("num_inferno", 3, {"ROUNDS": 1})
    assert _wait(lambda: any(r["id"] == table for r in client.get("/api/tables").json()["tables"]))
    games = {r["game"] for r in client.get("/api/tables?game=num_inferno").json()["tables"]}
    assert games == {"num_inferno"}
    assert not client.get("/api/tables?game=num_inferno&status=aborted").json()["tables"] or all(
        r["status"] == "aborted"
        for r in client.get("/api/tables?game=num_inferno&status=aborted").json()["tables"]
    )
    busiest = client.get("/api/tables?sort=busiest").json()["tables"]
    counts = [r["moves_last_minute"] for r in busiest]
    assert counts == sorted(counts, reverse=True)
    page = client.get("/?game=num_inferno").text
    assert f'id="t-{table}"' in page and 'data-game="oh_hell"' not in page


def test_a_session_renews_its_token_through_the_lobby_and_ends_when_the_lobby_says_no(
    platform: Platform,
) -> None:
    import json

    import redis

    client = signed_in(platform)
    store = redis.Redis.from_url(platform.stack.redis_url)
    try:
        session_id = client.cookies["inferno_console"]
        key = f"{platform.stack.prefix}console:session:{session_id}"
        record = json.loads(store.get(key))
        # The engine token is about to expire: the next page renews it through the lobby.
        record["access_expires_at"] = int(time.time()) + 5
        store.set(key, json.dumps(record))
        assert client.get("/api/tables").status_code == 200
        renewed = json.loads(store.get(key))
        assert renewed["access_expires_at"] > time.time() + 60  # a fresh 15-minute token
        # The lobby refuses to renew (a revoked or forged refresh token): signed out.
        renewed["access_expires_at"] = int(time.time())
        renewed["refresh_token"] = "not-a-token"
        store.set(key, json.dumps(renewed))
        assert client.get("/api/tables").status_code == 401
        assert store.get(key) is None
    finally:
        store.close()


def test_an_operator_who_holds_a_seat_sees_no_board_there(platform: Platform) -> None:
    client = signed_in(platform)
    tokens = platform.lobby_tokens(platform.operator)
    auth = {"Authorization": f"Bearer {tokens['access_token']}"}
    with httpx.Client(base_url=platform.stack.lobby, headers=auth, timeout=10) as lobby:
        body = {"game": "oh_hell", "players": 3, "take_seat": True, "options": {}}
        table = lobby.post("/tables", json=body).json()["id"]
        for _ in range(2):
            assert lobby.post(f"/tables/{table}/bots", json={}).status_code in (200, 201)
        assert lobby.post(f"/tables/{table}/start").status_code == 200
    board = client.get(f"/tables/{table}/board").text
    assert "you hold a seat at this table" in board and "data-card" not in board
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get(f"/tables/{table}").text).group(1)
    full = client.post(f"/tables/{table}/full-view", data={"csrf": csrf, "reason": "curious"})
    assert full.status_code == 409 and "the engine refused" in full.text


def test_the_command_line_explains_itself_and_refuses_bad_settings() -> None:
    import subprocess
    import sys

    from tests.integration.stack_process import child_env

    helped = subprocess.run(
        [sys.executable, "-m", "inferno_console", "--help"],
        env=child_env(), capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert helped.returncode == 0 and "grant-operator" in helped.stdout
    refused = subprocess.run(
        [sys.executable, "-m", "inferno_console"],
        env=child_env(INFERNO_ENV="production"), capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert refused.returncode == 2 and "built-in development key" in refused.stderr


def test_a_spectators_stream_is_counted_on_the_list_and_the_page(platform: Platform) -> None:
    """A spectator opens StreamEvents on the engine with the lobby's spectator token; the
    engine's ``table.spectators`` count reaches the list and the table's page, and goes back to
    0 when the stream closes."""
    import contextlib
    import threading

    import grpc

    from inferno_proto import engine_pb2 as pb
    from inferno_proto import engine_pb2_grpc

    client = signed_in(platform)
    table = platform.bots_table("oh_hell", 4)
    auth = {"Authorization": f"Bearer {platform.lobby_tokens(platform.player)['access_token']}"}
    token = httpx.post(
        f"{platform.stack.lobby}/tables/{table}/spectators", headers=auth, timeout=10
    ).json()["token"]

    def counted() -> int | None:
        rows = client.get("/api/tables").json()["tables"]
        return next((r["spectators"] for r in rows if r["id"] == table), None)

    assert _wait(lambda: counted() is not None) and counted() == 0
    assert 'id="spectators">0<' in client.get(f"/tables/{table}").text
    channel = grpc.insecure_channel(platform.stack.engine)
    stream = engine_pb2_grpc.EngineStub(channel).StreamEvents(
        pb.StreamEventsRequest(table_id=table), metadata=(("authorization", f"Bearer {token}"),)
    )

    def read() -> None:
        with contextlib.suppress(grpc.RpcError):  # cancelled at the end
            for _ in stream:
                pass

    threading.Thread(target=read, daemon=True).start()
    try:
        assert _wait(lambda: counted() == 1, timeout=30), counted()
        assert 'id="spectators">1<' in client.get(f"/tables/{table}").text
    finally:
        stream.cancel()
    assert _wait(lambda: counted() == 0, timeout=30), counted()
    channel.close()


def test_each_seats_clock_and_bank_and_the_waited_seats_deadline(platform: Platform) -> None:
    """A person (the player) and three bots, 60 s a decision and a 30 s bank: when the table
    waits for the person, the list's deadline is that seat's own (from the bus), and the page
    shows every seat's bank, the person's deadline and who is deciding (from GetView).

    The bus's ``table.created`` names no first decider, so a table whose first decision is the
    person's shows nobody to act in the list until someone moves: the test takes a table (of up
    to five) where a bot moves first."""
    auth = {"Authorization": f"Bearer {platform.lobby_tokens(platform.player)['access_token']}"}
    client = signed_in(platform)

    def open_table() -> str:
        with httpx.Client(base_url=platform.stack.lobby, headers=auth, timeout=10) as lobby:
            body = {
                "game": "oh_hell",
                "players": 4,
                "clock": {"decision_seconds": 60, "time_bank_seconds": 30},
            }
            made = lobby.post("/tables", json=body)
            assert made.status_code == 201, made.text
            table = made.json()["id"]
            for _ in range(3):
                assert lobby.post(f"/tables/{table}/bots", json={}).status_code in (200, 201)
            assert lobby.post(f"/tables/{table}/start").status_code == 200
        return str(table)

    def waiting_for_the_person(table: str):
        rows = client.get("/api/tables").json()["tables"]
        row = next((r for r in rows if r["id"] == table), None)
        return row if row and row["to_act"] == [platform.player] else None

    for _ in range(5):
        table = open_table()
        row = _wait(lambda table=table: waiting_for_the_person(table), timeout=20)
        if row:
            break
    seen = [r for r in client.get("/api/tables").json()["tables"] if r["id"] == table]
    assert row, f"the list never showed a table waiting for the person: {seen}"
    assert row["deadline_ms"] > time.time() * 1000 + 60_000  # 60 s a decision + 30 s bank
    page = client.get(f"/tables/{table}").text
    clocks = re.findall(r'<tr class="seat-clock( deciding)?" data-seat="(\d)">(.*?)</tr>', page)
    assert [int(seat) for _, seat, _ in clocks] == [0, 1, 2, 3], page
    assert all('class="bank">30 s<' in cells for _, _, cells in clocks)
    deciding = {int(seat): cells for mark, seat, cells in clocks if mark}
    assert list(deciding) == [0]
    due = re.search(r'class="due"><span class="deadline" data-ms="(\d+)"', deciding[0])
    assert due and int(due.group(1)) == row["deadline_ms"]
    assert all('class="due">—<' in cells for _, seat, cells in clocks if seat != "0")
