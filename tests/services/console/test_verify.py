"""A finished or aborted table's page shows a real replay for every game, through the whole
platform: Oh Hell with sealed bids (the bus carries no bid until the reveal) and Burn in Hell
(real time: the bus does not say when a command was made), both replayed from the table's
public event log with the revealed seed."""

from __future__ import annotations

import re
import time

from .conftest import Platform, signed_in

BOT_DELAY_MS = 0
CHECK = re.compile(r'id="seed-check">([^<]*)<')


def _wait(check, timeout: float):
    deadline = time.monotonic() + timeout
    while not (found := check()) and time.monotonic() < deadline:
        time.sleep(0.3)
    return found


def test_sealed_bids_replay_from_the_public_log_once_finished(platform: Platform) -> None:
    client = signed_in(platform)
    table = platform.bots_table("oh_hell", 7, {"SIMULTANEOUS_BIDS": True})

    def ended() -> bool:
        rows = client.get("/api/tables").json()["tables"]
        return any(r["id"] == table and r["status"] == "finished" for r in rows)

    assert _wait(ended, 90), "the bots did not finish"
    said = CHECK.search(client.get(f"/tables/{table}").text)
    assert said, "no seed check on the page"
    assert said.group(1).startswith("verified: the seed matches its commitment and "), said[1]
    assert "public log replay" in said.group(1)


def test_a_real_time_table_replays_from_the_public_log_once_aborted(platform: Platform) -> None:
    client = signed_in(platform)
    table = platform.bots_table("burn_in_hell", 4, {"MATCH": "OPEN"})

    def moved() -> bool:
        rows = client.get("/api/tables").json()["tables"]
        return any(r["id"] == table and r["version"] > 30 for r in rows)

    assert _wait(moved, 60), "the bots did not play"
    page = client.get(f"/tables/{table}").text
    assert 'id="seed-check"' not in page  # no seed before the end
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    aborted = client.post(
        f"/tables/{table}/abort",
        data={"csrf": csrf, "reason": "replay check", "confirm": "yes"},
        follow_redirects=True,
    )
    assert aborted.status_code == 200, aborted.text
    said = CHECK.search(client.get(f"/tables/{table}").text)
    assert said, "no seed check on the page"
    assert said.group(1).startswith("verified: the seed matches its commitment and "), said[1]
