"""A table as text: the status line, the game's board (``boards/``, one module per game),
whose turn it is, your legal moves and, once it is over, who won and why (``ending``) and the
revealed seed.

Only what the engine sent for this seat is shown; the engine already hides the other seats'
cards, and nothing here could show them.
"""

from __future__ import annotations

from inferno_proto import engine_pb2
from inferno_proto.decisions import waiting_on

from .boards import BOARDS
from .clocks import clock_lines
from .ending import end_lines
from .moves import describe
from .seats import seat_name

_STATUS = {
    engine_pb2.TABLE_STATUS_LIVE: "live",
    engine_pb2.TABLE_STATUS_PAUSED: "paused",
    engine_pb2.TABLE_STATUS_FINISHED: "finished",
    engine_pb2.TABLE_STATUS_ABORTED: "aborted",
}


#: Legal moves listed at most (a board game has hundreds; any legal move may still be typed).
LISTED = 40


def status(view: engine_pb2.GetViewResponse) -> str:
    return _STATUS.get(view.status, "unknown")


def render(view: engine_pb2.GetViewResponse) -> str:
    lines = [f"table {view.table_id} · {view.game} · {status(view)} · version {view.version}"]
    board = BOARDS.get(view.WhichOneof("game_view") or "")
    if board is not None:
        lines += board(view)
    # Who the table waits for (Dante's Inferno: every seat may trade, only some must act).
    waiting = ", ".join(seat_name(view, s) for s in waiting_on(view.decision))
    if view.legal_actions:
        moves = [describe(a) for a in view.legal_actions]
        shown = (
            moves if len(moves) <= LISTED else [*moves[:LISTED], f"… {len(moves) - LISTED} more"]
        )
        lines.append("your move; legal: " + ", ".join(shown))
    elif waiting:
        lines.append(f"waiting for: {waiting}")
    if view.status in (engine_pb2.TABLE_STATUS_LIVE, engine_pb2.TABLE_STATUS_PAUSED):
        lines += clock_lines(view)
    lines += end_lines(view)
    if view.seed:
        lines.append(f"seed (revealed): {view.seed}")
    return "\n".join(lines)
