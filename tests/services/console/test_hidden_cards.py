"""Over whole games of bots, neither the live list nor the board shows a hidden card.

The reference for "hidden" is the rules core's ``private_tokens(state)`` (every card a seat
holds, and the deck), read from the engine's stored state in Redis just before and just after
each look at the console, and taken from whichever of the two has the version the board was
drawn from (a look that matches neither is not counted: a card can go from a hand to the table
and into a taken pile between two reads).
Every word of the list's JSON, the board's HTML and the table's page is checked against them,
except the page's event log: it retells moves that were public when made (a card played face
up), which the rules may hide later (Inferno's taken piles), and it comes from the bus, whose
payloads the engine's own tests keep public.
"""

from __future__ import annotations

import re
import time
from typing import Any

import redis

from inferno_proto.codecs import CODECS
from inferno_rules import all_games, get_game

from .conftest import Platform, signed_in

BOT_DELAY_MS = 0
WORDS = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
PAGE_VERSION = re.compile(r'id="version">(\d+)<')
EVENT_LOG = re.compile(r'<ol id="events".*?</ol>', re.S)
#: Short games of each kind (whole games, except Burn in Hell's real-time one: 10 s of it).
GAMES = {
    "oh_hell": (7, {}),
    "inferno": (3, {}),
    "num_inferno": (3, {"ROUNDS": 1}),
    "burn_in_hell": (4, {"MATCH": "OPEN"}),
    "dantes_inferno": (2, {"ROUND_CAP": 3}),
}


def test_the_list_and_the_board_never_show_a_hidden_card(platform: Platform) -> None:
    client = signed_in(platform)
    store = redis.Redis.from_url(platform.stack.redis_url)
    looked: dict[str, int] = {}
    try:
        for game in sorted(set(all_games()) & set(CODECS)):
            players, options = GAMES.get(game, (4, {}))
            rules = get_game(game)
            table = platform.bots_table(game, players, options)
            key = f"{platform.stack.prefix}{{t:{table}}}:state"

            def stored(key: str = key, rules: Any = rules) -> tuple[int, set[str]]:
                version, raw = store.hmget(key, "version", "state")
                if raw is None:
                    return -1, set()
                tokens = set().union(*rules.private_tokens(rules.decode(raw)).values())
                return int(version), tokens

            deadline = time.monotonic() + (10 if game == "burn_in_hell" else 60)
            looks, tries, finished = 0, 0, False
            while time.monotonic() < deadline and not finished:
                before = stored()
                board = client.get(f"/tables/{table}/board")
                listed = client.get("/api/tables")
                page = client.get(f"/tables/{table}") if tries % 10 == 0 else None
                after = stored()
                assert board.status_code == 200 and listed.status_code == 200
                seen = [("board", board.text, int(board.headers["X-Table-Version"]))]
                if page is not None:
                    shown = EVENT_LOG.sub("", page.text)
                    seen.append(("page", shown, int(PAGE_VERSION.search(shown).group(1))))
                for what, text, drawn in seen:
                    matching = [t for v, t in (before, after) if v == drawn]
                    if not matching:
                        continue  # the table moved on while we looked: not counted
                    leaked = set(WORDS.findall(text)) & matching[0]
                    assert not leaked, f"{game}: the {what} shows hidden cards {sorted(leaked)}"
                    looks += what == "board"
                # The list holds no card at all, whatever the version.
                leaked = set(WORDS.findall(listed.text)) & (before[1] | after[1])
                assert not leaked, f"{game}: the list shows hidden cards {sorted(leaked)}"
                tries += 1
                row = next(r for r in listed.json()["tables"] if r["id"] == table)
                finished = row["status"] == "finished"
            looked[game] = looks
            if game != "burn_in_hell":
                assert finished, f"{game}: the bots did not finish in time ({looks} looks)"
                # Once finished, the page replays the bus's moves from the revealed seed.
                ended = client.get(f"/tables/{table}").text
                assert 'id="seed-check">verified: the seed matches' in ended, game
    finally:
        store.close()
    assert all(n >= 5 for n in looked.values()), looked


def test_sealed_bids_stay_sealed_on_the_board_until_the_reveal(platform: Platform) -> None:
    """Oh Hell with sealed bids: while bids are being made, the board shows none of them."""
    client = signed_in(platform)
    rules = get_game("oh_hell")
    table = platform.bots_table("oh_hell", 4, {"SIMULTANEOUS_BIDS": True})
    key = f"{platform.stack.prefix}{{t:{table}}}:state"
    store = redis.Redis.from_url(platform.stack.redis_url)
    sealed_looks, deadline = 0, time.monotonic() + 30
    try:
        while sealed_looks < 5 and time.monotonic() < deadline:
            version, raw = store.hmget(key, "version", "state")
            board = client.get(f"/tables/{table}/board")
            if raw is None or int(board.headers["X-Table-Version"]) != int(version):
                continue
            state = rules.decode(raw)
            if state.phase != "bidding" or all(b < 0 for b in state.bids):
                continue
            # The bid column of the seats table: every cell is the empty mark.
            rows = re.findall(r"<tr[^>]*><th>[^<]*</th><td>.*?</td><td>(.*?)</td>", board.text)
            assert len(rows) == 4, board.text
            assert all("empty" in cell for cell in rows), f"a sealed bid is shown: {rows}"
            sealed_looks += 1
    finally:
        store.close()
    assert sealed_looks >= 5, "never saw the table while bids were sealed"
