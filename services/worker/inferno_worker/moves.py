"""The moves the worker makes: a bot's move, a timeout's default move, a real-time clock tick.

Both re-read the table through the engine and do nothing if it moved on (another version, not
that seat's decision, table over). Both send a deterministic action id (``bot:<version>:<seat>``,
``timeout:<version>:<seat>``) so a repeated or re-delivered task is answered from the engine's
record and applied once; a bot's choice is seeded by table, version and seat, so a repeat
chooses the same move. Plain functions, so tests and the tasks share them.
"""

from __future__ import annotations

import logging
import random
import time

from inferno_proto import engine_pb2
from inferno_proto.codecs import action_from_proto, action_to_proto, view_dict
from inferno_proto.decisions import waiting_on

from .bots import UnknownBot, choose_or_pass, get_bot
from .due_ticks import DueTicks
from .engine_client import EngineClient, Refused
from .game_kinds import is_real_time
from .table_records import TableRecords

log = logging.getLogger(__name__)


class BadMove(ValueError):
    """A task was called with arguments that cannot name a move."""


def refused(err: Refused, table_id: str) -> str:
    """What a refused call comes to, in words; a permanent refusal is logged as a warning
    (retrying cannot help, and the dispatcher's reconciliation will look at the table)."""
    if err.permanent:
        log.warning("engine refused the worker's call for table %s: %s", table_id, err)
        return f"refused ({err})"
    return f"moved on ({err})"


def check_args(table_id: object, version: object, seat: object, current: bool = False) -> None:
    """``current``: version 0 is allowed, meaning the table's version when the move is made."""
    if not isinstance(table_id, str) or not table_id:
        raise BadMove(f"table_id must be a non-empty string, got {table_id!r}")
    lowest = 0 if current else 1
    if isinstance(version, bool) or not isinstance(version, int) or version < lowest:
        raise BadMove(f"version must be a table version (an integer from 1), got {version!r}")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise BadMove(f"seat must be a seat number (an integer from 0), got {seat!r}")


def _current(reply: engine_pb2.GetViewResponse, version: int, seat: int) -> str | None:
    """Why the move no longer applies, or None if it does (``version`` 0: any version).

    In a simultaneous decision (sealed bids, Dante's Inferno's MAIN step) the other seats' moves
    do not end this seat's decision: while the table still waits for it, the bot moves at the
    version it reads (its action id names that version, so two tasks moving at one version
    apply once). Otherwise other seats could keep a bot from ever moving by moving first."""
    if reply.status != engine_pb2.TABLE_STATUS_LIVE:
        return "table not live"
    still_waited = reply.decision.simultaneous and seat in waiting_on(reply.decision)
    if version and reply.version != version and not still_waited:
        return f"table moved on to version {reply.version}"
    if seat not in reply.decision.seats:
        return "not this seat's decision"
    return None


def bot_move(
    engine: EngineClient,
    records: TableRecords,
    bot_name: str,
    table_id: str,
    version: int,
    seat: int,
) -> str:
    """Play ``seat`` at ``version`` with a bot; returns what happened, in words.

    ``version`` 0 is a real-time table's bot looking at the table as it is now: it acts at
    the version it reads (the action id names that version, so a repeat applies nothing
    twice), and may pass when its bot sees nothing worth doing."""
    check_args(table_id, version, seat, current=True)
    record = records.get(table_id)
    if record is None:
        return "unknown table"
    if seat >= len(record.seats):
        raise BadMove(f"table {table_id} has {len(record.seats)} seats; there is no seat {seat}")
    if version == 0 and not is_real_time(record.game):
        raise BadMove(
            f"version must be a table version (an integer from 1): {record.game} is turn-based, "
            "only a real-time table's bot moves at whatever version is current (0)"
        )
    if not record.moved_by_bot(seat, int(time.time() * 1000)):
        return "seat is played by its human"
    takeover = not record.is_bot(seat)
    # A bot seat acts with its own token like any client; an abandoned human seat (or one away
    # past its grace) is played by the worker's service token, flagged forced, so the log
    # shows who really moved.
    token = (
        engine.service_token() if takeover else engine.bot_token(record.player_id(seat), table_id)
    )
    try:
        reply = engine.view(table_id, seat if takeover else None, token)
        why = _current(reply, version, seat)
        if why is not None:
            return why
        legal = [action_from_proto(a) for a in reply.legal_actions]
        try:
            bot = get_bot(record.game, bot_name)
        except UnknownBot:
            bot = get_bot(record.game, "random")
        at = reply.version
        rng = random.Random(f"{table_id}:{at}:{seat}")
        view = view_dict(reply)
        if version == 0:  # a real-time table: the bot may see nothing worth doing now
            action = choose_or_pass(bot, view, legal, rng)
            if action is None:
                return "passed"
        else:
            action = bot.choose(view, legal, rng)
        done = engine.submit(
            table_id,
            at,
            f"bot:{at}:{seat}",
            token,
            action=action_to_proto(record.game, action),
            seat=seat if takeover else None,
            forced=takeover,
        )
    except Refused as err:
        return refused(err, table_id)
    return "replayed" if done.replayed else "moved"


def timeout_move(engine: EngineClient, table_id: str, version: int, seat: int) -> str:
    """The seat's time ran out: the engine's default move for it, flagged forced.

    No GetView first: the engine itself refuses a move for a table that is not live, at
    another version, or not waiting for that seat (:class:`Refused`), so one call does."""
    check_args(table_id, version, seat)
    token = engine.service_token()
    try:
        done = engine.submit(
            table_id, version, f"timeout:{version}:{seat}", token, seat=seat, forced=True
        )
    except Refused as err:
        return refused(err, table_id)
    return "replayed" if done.replayed else "moved"


def clock_tick(engine: EngineClient, ticks: DueTicks, table_id: str, due_ms: int) -> str:
    """A real-time table's clock reached a tick it asked for: the engine commits whatever fell
    due (a card dealt, a hold or an offer over…) and says when the next one is due.

    Exactly once by construction: the engine compares the game with its own clock, so a tick
    fired twice or early finds nothing due and changes nothing. A paused, finished or unknown
    table refuses (:class:`Refused`): nothing to do, and no next tick (a resume announces one).
    """
    if not isinstance(table_id, str) or not table_id:
        raise BadMove(f"table_id must be a non-empty string, got {table_id!r}")
    if isinstance(due_ms, bool) or not isinstance(due_ms, int) or due_ms < 0:
        raise BadMove(f"due_ms must be a time in ms (an integer from 0), got {due_ms!r}")
    try:
        reply = engine.advance_clock(table_id, engine.service_token())
    except Refused as err:
        return refused(err, table_id)
    if reply.next_tick_at_ms:
        ticks.add(table_id, reply.next_tick_at_ms)
    return "ticked" if reply.advanced else "nothing due"


def close_idle(engine: EngineClient, table_id: str, version: int) -> str:
    """End a table nobody moved at since ``version`` (AbortTable, reason "idle")."""
    if not isinstance(table_id, str) or not table_id:
        raise BadMove(f"table_id must be a non-empty string, got {table_id!r}")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise BadMove(f"version must be a table version (an integer from 1), got {version!r}")
    token = engine.operator_token()
    try:
        reply = engine.view(table_id, None, token)
        if reply.version != version:
            return f"table moved on to version {reply.version}"
        if reply.status not in (engine_pb2.TABLE_STATUS_LIVE, engine_pb2.TABLE_STATUS_PAUSED):
            return "table not live"
        engine.abort(table_id, "idle: no move for too long", token)
    except Refused as err:
        return refused(err, table_id)
    return "closed"
