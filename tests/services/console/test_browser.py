"""The console in a real browser: Playwright (PyPI) driving Debian's Chromium, headless.

Nothing downloads a browser: ``/usr/bin/chromium`` is the system's (``.ci/run`` installs it).
The tests sign in, watch a table of bots change without reloading, open the board of each
game, pause and resume with a reason and find the audit line, and are refused as a player.
With ``INFERNO_CONSOLE_SCREENSHOTS=DIR`` they save the main pages' screenshots there
(``docs/console/`` holds the ones ``docs/console.md`` shows).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from inferno_proto.codecs import CODECS
from inferno_rules import all_games

from .conftest import PASSWORD, Platform

CHROMIUM = "/usr/bin/chromium"
SHOTS = os.environ.get("INFERNO_CONSOLE_SCREENSHOTS", "")
#: Small, quick tables of each game (bots in every seat).
TABLES = {
    "oh_hell": (4, {}),
    "inferno": (4, {}),
    "num_inferno": (4, {"ROUNDS": 1}),
    "burn_in_hell": (4, {"MATCH": "OPEN"}),
    "dantes_inferno": (3, {"ROUND_CAP": 5}),
}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        found = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        yield found
        found.close()


def grown(page: Page, check: Callable[[], bool], timeout: float = 20.0) -> None:
    """Wait until ``check()`` holds, reading the page from outside (the console's
    Content-Security-Policy forbids the eval that ``wait_for_function`` needs)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the page did not change in time"
        page.wait_for_timeout(100)


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=False)


def sign_in(browser: Browser, platform: Platform, username: str) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{platform.console}/")
    expect(page).to_have_url(f"{platform.console}/sign-in?next=/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    return page


def test_a_player_is_refused(platform: Platform, browser: Browser) -> None:
    page = sign_in(browser, platform, platform.player)
    expect(page.locator("#error")).to_contain_text("not an operator")
    page.goto(f"{platform.console}/health")
    expect(page).to_have_url(f"{platform.console}/sign-in?next=/health")


def test_the_list_follows_a_bots_table_without_reloading(
    browser: Browser, platform: Platform
) -> None:
    page = sign_in(browser, platform, platform.operator)
    expect(page.locator("h1")).to_contain_text("Live tables")
    page.evaluate("window.notReloaded = true")
    table = platform.bots_table("oh_hell", 4)
    row = page.locator(f"#t-{table}")
    expect(row).to_be_visible()  # it arrived over SSE: the page was loaded before the table
    first = int(row.locator(".version").inner_text())
    grown(page, lambda: int(row.locator(".version").inner_text()) > first + 3)
    assert page.evaluate("window.notReloaded") is True
    expect(row.locator(".seat")).to_have_count(4)


def test_each_game_has_its_board(browser: Browser, platform: Platform) -> None:
    games = sorted(set(all_games()) & set(CODECS))
    assert {"oh_hell", "inferno", "num_inferno", "burn_in_hell"} <= set(games)
    page = sign_in(browser, platform, platform.operator)
    for game in games:
        players, options = TABLES.get(game, (4, {}))
        table = platform.bots_table(game, players, options)
        page.goto(f"{platform.console}/tables/{table}")
        board = page.locator("#board")
        expect(board.locator("section.part, svg").first).to_be_visible()
        if game == "dantes_inferno":
            expect(board.locator("svg .tile").first).to_be_visible()
        expect(board).not_to_contain_text("refused")
        # The board redraws itself as the bots move.
        version = page.locator("#version").inner_text()
        if game != "burn_in_hell":  # a real-time game may wait for its countdown
            expect(page.locator("#version")).not_to_have_text(version, timeout=15_000)
        if SHOTS and game in ("oh_hell", "burn_in_hell", "dantes_inferno"):
            # A picture with cards on the table: past Burn in Hell's countdown and first deals.
            grown(page, lambda: int(page.locator("#version").inner_text()) > 6)
            shot(page, f"board-{game}")
    page.goto(f"{platform.console}/")
    expect(page.locator("#tables tbody tr")).not_to_have_count(0)
    shot(page, "live-tables")


def test_pause_and_resume_with_a_reason_then_the_audit_line(
    browser: Browser, platform: Platform
) -> None:
    page = sign_in(browser, platform, platform.operator)
    table = platform.bots_table("inferno", 4)
    page.goto(f"{platform.console}/tables/{table}")
    page.on("dialog", lambda dialog: dialog.accept())
    pause = page.locator(f"form[action='/tables/{table}/pause']")
    pause.locator("input[name=reason]").fill("a player reports a bug")
    pause.locator("input[name=confirm]").check()
    pause.locator("button").click()
    expect(page.locator("#said")).to_contain_text("pause: paused")
    expect(page.locator("#status")).to_have_text("paused")
    expect(page.locator("#audit")).to_contain_text("a player reports a bug")
    shot(page, "table-paused")
    resume = page.locator(f"form[action='/tables/{table}/resume']")
    resume.locator("input[name=reason]").fill("bug ruled out")
    resume.locator("input[name=confirm]").check()
    resume.locator("button").click()
    expect(page.locator("#said")).to_contain_text("resume: resumed")
    page.goto(f"{platform.console}/audit")
    audit = page.locator("#audit")
    expect(audit).to_contain_text("bug ruled out")
    expect(audit).to_contain_text(platform.operator)
    shot(page, "audit")
    page.goto(f"{platform.console}/health")
    expect(page.locator("#services")).to_contain_text("engine")
    shot(page, "health")
