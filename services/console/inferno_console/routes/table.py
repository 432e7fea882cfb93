"""One table: its page (facts, board, event log, audit lines), the board alone (redrawn by the
page on each change), its live updates, the audited full view, and the actions."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from markupsafe import Markup

from inferno_proto import decisions

from .. import boards, replay
from ..console import Console, now_ms
from ..deps import Checked, ConsoleDep, Operator
from ..engine import STATUS, EngineRefused, public_log, view_dict
from ..live import LiveTable
from ..sessions import Session
from .tables import follow

router = APIRouter()
ACTIONS = ("pause", "resume", "abort", "hand-over")
#: Verdicts of the log replay for tables the live list no longer holds (bounded).
VERDICTS: dict[str, str] = {}


async def board_of(console: Console, who: Session, table_id: str) -> tuple[Markup, dict[str, Any]]:
    """The spectator board (the engine's public view, live) and the facts of its answer."""
    table = console.live.tables.get(table_id)
    names = [s.get("name") or f"seat {s['seat']}" for s in (table.seats if table else [])]
    try:
        reply = await console.engine.view(who.access_token, table_id)
    except EngineRefused as err:
        return Markup('<p class="refused">{}</p>').format(str(err)), {}
    facts = {
        "status": STATUS.get(reply.status, "?"),
        "version": reply.version,
        "seed_commitment": reply.seed_commitment,
        "seed": reply.seed,
        "to_act": decisions.waiting_on(reply.decision),
        "clocks": reply.clocks,
        "game": reply.game,
        "players": len(reply.seats),
    }
    names = [s.name or f"seat {s.seat}" for s in reply.seats] or names
    shown = view_dict(reply)
    if shown is not None:
        facts["options"] = shown.get("options")
    if shown is None:
        return boards.generic.board({"message": str(reply)}, names), facts
    return boards.draw(reply.game, shown, names) + seat_clocks(reply, names), facts


def seat_clocks(reply: Any, names: list[str]) -> Markup:
    """Each seat's own clock from GetView's ``Clocks.seats`` (turn-based tables): its bank,
    whether the table waits for it, when its time per decision ends and when it is moved for,
    and its timeouts in a row. Redrawn with the board, so it follows the table."""
    seats = list(reply.clocks.seats)
    if not seats:
        return Markup("")

    def due(ms: int) -> Markup:
        if not ms:
            return Markup("—")
        return Markup('<span class="deadline" data-ms="{}"></span>').format(ms)

    rows = [
        Markup(
            '<tr class="seat-clock{}" data-seat="{}"><th>{}</th><td class="bank">{}</td>'
            '<td>{}</td><td class="turn-due">{}</td><td class="due">{}</td><td>{}</td></tr>'
        ).format(
            " deciding" if c.deciding else "",
            c.seat,
            names[c.seat] if 0 <= c.seat < len(names) else f"seat {c.seat}",
            f"{c.bank_ms / 1000:g} s",
            "deciding" if c.deciding else "",
            due(c.turn_deadline_ms),
            due(c.deadline_ms),
            c.timeouts_in_row,
        )
        for c in seats
    ]
    head = Markup(
        '<h3>Seats\' clocks</h3><table class="list seat-clocks" id="seat-clocks"><tr><th>seat</th>'
        "<th>bank</th><th></th><th>time per decision ends</th><th>moved for at</th>"
        "<th>timeouts in a row</th></tr>"
    )
    return head + Markup("").join(rows) + Markup("</table>")


async def table_page(
    console: Console, who: Session, table_id: str, said: str = "", code: int = 200
) -> Response:
    table = console.live.tables.get(table_id)
    board, facts = await board_of(console, who, table_id)
    if table is None and not facts:
        return console.page(
            "message.html",
            404,
            who=who,
            title="No such table",
            text=(f"{said} — " if said else "")
            + f"no live table {table_id!r} is known to the console",
        )
    return console.page(
        "table.html",
        code,
        who=who,
        table=table,
        table_id=table_id,
        board=board,
        facts=facts,
        row=table.row(now_ms(), console.live.stuck_ms) if table else None,
        events=list(table.events)[-100:][::-1] if table else [],
        audit=await console.audit.newest(20, table=table_id),
        said=said,
        seed_check=await fairness(console, who, table_id, table, facts),
        now_ms=now_ms(),
    )


async def fairness(
    console: Console, who: Session, table_id: str, table: LiveTable | None, facts: dict[str, Any]
) -> str:
    """The seed check and a replay: from the bus's moves where they are all public and the
    console saw the table from its start, else from the ended table's public event log
    (sealed moves, real-time games, an aborted table, one the console saw only in part;
    ``replay.py``)."""
    seed, commitment = facts.get("seed", ""), facts.get("seed_commitment", "")
    if not seed:
        return ""
    if table is not None and table.verdict is not None:
        return table.verdict
    if table_id in VERDICTS:
        return VERDICTS[table_id]
    game = facts.get("game", "")
    verdict: str | None = None
    if table is not None and table.status == "finished" and table.game == game:
        ok, why = replay.check(
            table.game,
            table.options,
            len(table.seats),
            seed,
            commitment,
            table.played,
            table.scores,
            table.from_start,
        )
        verdict = why if ok is not None else None
    if verdict is None and facts.get("status") in ("finished", "aborted"):
        known = table is not None and table.game == game
        options = table.options if known and table is not None else facts.get("options") or {}
        finished = facts["status"] == "finished"
        scores = table.scores if known and table is not None and finished else None
        try:
            log = await public_log(console.engine, who.access_token, table_id)
        except EngineRefused as err:  # said, not kept: the next look tries again
            said = "matches" if replay.seed_matches(seed, commitment) else "does NOT match"
            return f"the seed {said} its commitment; the log could not be read ({err})"
        ok, verdict = await asyncio.to_thread(
            replay.check_log,
            game,
            options,
            int(facts.get("players") or 0),
            seed,
            commitment,
            log,
            scores or None,
            finished,
        )
    if verdict is None:
        ok = replay.seed_matches(seed, commitment)
        return (
            "the seed matches its commitment" if ok else "MISMATCH: the seed is not the commitment"
        )
    if table is not None:
        table.verdict = verdict
    else:
        if len(VERDICTS) >= 1000:
            VERDICTS.pop(next(iter(VERDICTS)))
        VERDICTS[table_id] = verdict
    return verdict


@router.get("/tables/{table_id}", response_class=HTMLResponse)
async def show_table(who: Operator, console: ConsoleDep, table_id: str) -> Response:
    said = await console.sessions.take_flash(who.id)
    return await table_page(console, who, table_id, said)


@router.get("/tables/{table_id}/board", response_class=HTMLResponse)
async def board_fragment(who: Operator, console: ConsoleDep, table_id: str) -> Response:
    board, facts = await board_of(console, who, table_id)
    return HTMLResponse(board, headers={"X-Table-Version": str(facts.get("version", ""))})


@router.get("/events/tables/{table_id}")
async def table_events(
    request: Request, who: Operator, console: ConsoleDep, table_id: str
) -> StreamingResponse:
    return follow(request, console.live, table_id)


@router.post("/tables/{table_id}/full-view", response_class=HTMLResponse)
async def full_view(
    who: Checked,
    console: ConsoleDep,
    table_id: str,
    reason: Annotated[str, Form(max_length=300)] = "",
) -> Response:
    reason = reason.strip()
    if not reason:
        return await table_page(console, who, table_id, "the full view needs a reason", 422)
    audit = console.audit
    try:
        reply = await console.engine.full_view(who.access_token, table_id, reason)
    except EngineRefused as err:
        await audit.write(who.operator_id, who.name, "full view", table_id, reason, str(err))
        return await table_page(console, who, table_id, str(err), 409)
    await audit.write(who.operator_id, who.name, "full view", table_id, reason, "shown")
    names = [s.name or f"seat {s.seat}" for s in reply.seats]
    shown = view_dict(reply, full=True)
    board = (
        boards.draw(reply.game, shown, names)
        if shown is not None
        else boards.generic.board({"message": str(reply)}, names)
    )
    return console.page("full_view.html", who=who, table_id=table_id, board=board, reason=reason)


@router.post("/tables/{table_id}/{action}", response_class=HTMLResponse)
async def act(
    who: Checked,
    console: ConsoleDep,
    table_id: str,
    action: str,
    reason: Annotated[str, Form(max_length=300)] = "",
    confirm: Annotated[str, Form(max_length=10)] = "",
    seat: Annotated[int | None, Form(ge=0, le=16)] = None,
) -> Response:
    """Pause, resume, abort or hand a seat to a bot: a reason and a confirmation first; the
    engine's answer or refusal goes to the audit log and to the operator (a refusal on the
    same page; a success after a redirect to the table's page)."""
    if action not in ACTIONS:
        return console.page(
            "message.html",
            404,
            who=who,
            title="No such action",
            text=f"{action!r} is not an action; try one of {', '.join(ACTIONS)}",
        )
    reason = reason.strip()
    if not reason:
        return await table_page(console, who, table_id, f"{action}: give a reason", 422)
    if confirm != "yes":
        return await table_page(console, who, table_id, f"{action}: tick the box to confirm", 422)
    if action == "hand-over" and seat is None:
        return await table_page(console, who, table_id, "hand over: choose the seat", 422)
    engine, token = console.engine, who.access_token
    try:
        if action == "pause":
            outcome = await engine.pause(token, table_id, reason)
        elif action == "resume":
            outcome = await engine.resume(token, table_id, reason)
        elif action == "abort":
            outcome = await engine.abort(token, table_id, reason)
        else:
            outcome = await engine.hand_over(token, table_id, int(seat or 0), reason)
        refused = False
    except EngineRefused as err:
        outcome, refused = str(err), True
    what = action if action != "hand-over" else f"hand over seat {seat}"
    await console.audit.write(who.operator_id, who.name, what, table_id, reason, outcome)
    if refused:  # nothing changed: the same page, with why
        return await table_page(console, who, table_id, f"{what}: {outcome}", 409)
    # Done: back to the table's own address, so a reload does not send the action again.
    await console.sessions.flash(who.id, f"{what}: {outcome}")
    return RedirectResponse(f"/tables/{table_id}", status_code=303)
