"""Locust users for ``bench.lobby_load``: the bare baseline, listing tables, join and leave.

Read by the ``locust`` command in a separate process (locust patches the standard library with
gevent, so it never runs inside the benchmark's own process). ``LOBBY_BENCH_TOKENS`` names a
JSON file with the access tokens and table ids the join/leave users share.
"""

from __future__ import annotations

import itertools
import json
import os
import random

from locust import constant, task
from locust.contrib.fasthttp import FastHttpUser

_SETUP: dict[str, list[str]] = {}
if "LOBBY_BENCH_TOKENS" in os.environ:
    with open(os.environ["LOBBY_BENCH_TOKENS"]) as setup_file:
        _SETUP = json.load(setup_file)
_TOKENS = itertools.cycle(_SETUP.get("tokens", [""]))


class BareUser(FastHttpUser):
    wait_time = constant(0)

    @task
    def bare(self) -> None:
        self.client.get("/bare", name="bare endpoint")


class ListTablesUser(FastHttpUser):
    wait_time = constant(0)

    @task
    def list_tables(self) -> None:
        self.client.get("/tables?status=open&limit=20", name="list tables")


class JoinLeaveUser(FastHttpUser):
    wait_time = constant(0)

    def on_start(self) -> None:
        self.headers = {"Authorization": f"Bearer {next(_TOKENS)}"}

    @task
    def join_and_leave(self) -> None:
        table = random.choice(_SETUP["tables"])
        with self.client.post(
            f"/tables/{table}/seats", headers=self.headers, name="join", catch_response=True
        ) as answer:
            # A full table (409) is a correct, cheap answer under load, not a failure.
            if answer.status_code not in (200, 409):
                answer.failure(f"join answered {answer.status_code}")
                return
            answer.success()
            if answer.status_code == 409:
                return
        self.client.delete(f"/tables/{table}/seats/me", headers=self.headers, name="leave")
