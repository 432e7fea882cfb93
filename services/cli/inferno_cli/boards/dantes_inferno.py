"""Dante's Inferno: the 9×9 board of rings drawn as a grid, then the turn, the roll, each
seat's resources and tokens, and the open offers.

Each position is two lines: the tile (its resource and the numbers its outer/inner spaces pay,
``R 8·2``; a corner ``◇ 6``; the centre ``LUCIFER``; face down ``▓▓▓``; empty ``·``) and what
stands on it (``1o`` seat 1's token on the outer space, ``2i`` on the inner one, ``D`` a demon,
``+``/``−`` the good and bad tokens). Everything here is public; the stacks' order is never sent.
"""

from __future__ import annotations

from inferno_proto import dantes_inferno_pb2, engine_pb2
from inferno_rules.games.dantes_inferno.board import TILES

from ..seats import seat_name

SIZE = 9
WIDTH = 8
RING_NAMES = ("I", "II", "III", "IV", "IX")


def _tile_text(tile: str, face_up: bool) -> str:
    if not tile:
        return "·"
    if not face_up:
        return "▓▓▓"
    _ring, colour, outer, inner = TILES[tile]
    if tile.startswith("IX"):
        return "LUCIFER"
    if not colour:
        return f"◇ {outer}"
    return f"{colour} {outer}·{inner}"


def _occupants(g: dantes_inferno_pb2.DantesInfernoView) -> dict[str, list[str]]:
    """What stands on each position, by position name ``(r,c)``."""
    on: dict[str, list[str]] = {}
    for seat, tokens in enumerate(g.tokens):
        for space in tokens.spaces:
            cell, level = _cell_level(space)
            on.setdefault(cell, []).append(f"{seat}{level}")
    for space in g.demons:
        on.setdefault(_cell_level(space)[0], []).append("D")
    if g.HasField("good"):
        on.setdefault(g.good, []).append("+")
    if g.HasField("bad"):
        on.setdefault(g.bad, []).append("−")
    return on


def _cell_level(space: str) -> tuple[str, str]:
    """``(0,3)/o`` → ``("(0,3)", "o")``; the centre ``C9`` stands on ``(4,4)``."""
    if space == "C9":
        return "(4,4)", ""
    cell, _, level = space.partition("/")
    return cell, level


def grid(g: dantes_inferno_pb2.DantesInfernoView) -> list[str]:
    """The board, two lines per row, columns 0–8 across."""
    tiles = {t.position: _tile_text(t.tile, t.face_up) for t in g.tiles}
    on = _occupants(g)
    lines = ["     " + "".join(f"{c:^{WIDTH}}" for c in range(SIZE))]
    for r in range(SIZE):
        top = [tiles.get(f"({r},{c})", "·") for c in range(SIZE)]
        below = [" ".join(on.get(f"({r},{c})", [])) for c in range(SIZE)]
        lines.append(f"  {r}  " + "".join(f"{t:^{WIDTH}}"[:WIDTH] for t in top))
        lines.append("     " + "".join(f"{b:^{WIDTH}}"[:WIDTH] for b in below))
    return lines


def _amounts(r: dantes_inferno_pb2.DantesInfernoResources) -> str:
    return f"Y{r.y} R{r.r} B{r.b} G{r.g}"


def _given(r: dantes_inferno_pb2.DantesInfernoResources) -> str:
    parts = [f"{n}{name}" for name, n in (("Y", r.y), ("R", r.r), ("B", r.b), ("G", r.g)) if n]
    return " ".join(parts) or "nothing"


def _turn(view: engine_pb2.GetViewResponse) -> str:
    g = view.dantes_inferno
    who = seat_name(view, g.active)
    if g.phase == "placing":
        return f"setup: {who} places a token on a free outer space of ring I"
    if g.phase == "over":
        if g.HasField("winner"):
            return f"over: {seat_name(view, g.winner)} beat Lucifer"
        return "over: the round cap was reached (deepest token wins, then most resources)"
    words = {
        "fight": f"{who} picks the next fight: {', '.join(g.fights)}",
        "roll": f"{who} rolled {' + '.join(map(str, g.roll.dice))}: accept or reroll 0/1",
        "choose": f"{who} chooses: {g.choice}",
        "main": f"{who}'s turn: build, move, trade, then end turn",
    }
    return words.get(g.phase, g.phase)


def board(view: engine_pb2.GetViewResponse) -> list[str]:
    g = view.dantes_inferno
    cap = f" of {g.round_cap}" if g.round_cap else " (no cap)"
    supply = f"demons in the box {g.demon_supply}"
    stacks = " ".join(f"{s.stack}:{s.size}" for s in g.stacks)
    lines = [f"round {g.round}{cap} · {g.phase} · stacks {stacks} · {supply}"]
    lines += grid(g)
    lines.append(_turn(view))
    for seat, (res, tokens) in enumerate(zip(g.resources, g.tokens, strict=True)):
        marks = " ← active" if seat == g.active and g.phase != "over" else ""
        lines.append(
            f"  seat {seat}: {seat_name(view, seat):<24} {_amounts(res)} · "
            f"tokens {' '.join(tokens.spaces) or '-'}{marks}"
        )
    for offer in g.offers:
        note = f" ({offer.note})" if offer.note else ""
        lines.append(
            f"  offer {offer.id}: seat {offer.from_seat} → seat {offer.to_seat}: gives "
            f"{_given(offer.give)} for {_given(offer.get)}{note}"
        )
    if g.phase == "main":
        used = []
        if g.free_step_used:
            used.append("free step used")
        if g.free_demon_move_used:
            used.append("free demon move used")
        if used:
            lines.append("  " + ", ".join(used))
    return lines
