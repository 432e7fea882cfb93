"""The life of a game (rules spec §3–§6, §10): setup and the snake-order token placement, the
start of a turn and its pending fights, rolls and re-rolls, fights against demons and Lucifer,
retreats, the resource roll with its 7, doubles and 2/12 rewards, the end of a turn, the round
cap and the final ranking.

**Randomness, exactly** (so a revealed seed can be checked; :mod:`inferno_rules.seeding`):
ring I's 28 tiles go to its non-corner positions in position order from
``shuffled(seed, "tiles:I", RING_TILES[0])``; each stack is ``shuffled(seed, "stack:<name>",
tiles)`` with its top first; the first placer is ``Stream(seed, "placer").below(n)`` and the
first to play ``Stream(seed, "first").below(n)``; the k-th die of the game (0-based, re-rolls
included) is ``Stream(seed, "die:<k>").die()``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core import Event, rank_seats
from ...seeding import Stream, shuffled
from .board import (
    C9,
    CIRCLE_CORNERS,
    CORNER_TILE,
    ENTRY_SPACES,
    NOWHERE,
    PLAIN_CELLS,
    RESOURCES,
    RING_TILES,
    STACK_TILES,
    STACKS,
    TARGET,
    TILES,
    YIELD,
    circle_of,
    distance,
    pays,
    ring_of,
    space_name,
)
from .state import (
    BONUS_CHOICE,
    DEMON_CHOICE,
    DEMONS,
    FIGHT,
    FIGHT_ROLL,
    MAIN,
    NOBODY,
    OVER,
    PLACING,
    RESOURCE_ROLL,
    RETREAT_CHOICE,
    TOKEN_CHOICE,
    DanteState,
    Work,
)
from .tiles import token_targets, usable


def lay_out(work: Work) -> None:
    """Setup steps 1–4 (§3): the board, the stacks, and the placement order."""
    seed = work.s.seed
    n = work.players
    board = [""] * 81
    for cell, tile in CORNER_TILE.items():
        board[cell] = tile
    for cell, tile in zip(PLAIN_CELLS[0], shuffled(seed, "tiles:I", RING_TILES[0]), strict=True):
        board[cell] = tile
    work.board = board
    work.stacks = [shuffled(seed, f"stack:{name}", STACK_TILES[name]) for name in STACKS]
    placer = Stream(seed, "placer").below(n)
    order = [(placer + i) % n for i in range(n)]
    work.place_order = order + order[::-1] + order
    work.active = placer
    work.phase = PLACING
    work.emit("setup", {"first_placer": placer, "order": list(work.place_order)})


def place_first_token(work: Work, seat: int, space: int) -> None:
    """One setup placement; after the last, a random player takes the first turn (§3.5)."""
    work.tokens[seat].append(space)
    work.place_order.pop(0)
    work.emit("token_entered", {"seat": seat, "space": space_name(space), "setup": True})
    if work.place_order:
        work.active = work.place_order[0]
        return
    first = Stream(work.s.seed, "first").below(work.players)
    work.first = first
    work.round_no = 1
    work.phase = MAIN  # settled again by freeze
    start_turn(work, first)


def free_entry_spaces(work: Work | DanteState) -> list[int]:
    taken = {space for spaces in work.tokens for space in spaces}
    return [s for s in ENTRY_SPACES if s not in taken and usable(work.board, work.down, s)]


# ---------------------------------------------------------------------- turns
def start_turn(work: Work, seat: int) -> None:
    """Step 1 (§4, §5): the pending fights are fixed now; without any, the resource roll."""
    work.active = seat
    work.stage = FIGHT
    work.free_step = False
    work.free_demon = False
    work.pushed = []
    work.offers = []
    work.pending = [space for space in work.tokens[seat] if space in work.demons]
    work.emit(
        "turn_start",
        {"seat": seat, "round": work.round_no, "fights": [space_name(s) for s in work.pending]},
    )
    carry_on(work)


def carry_on(work: Work) -> None:
    """After a roll or a choice is settled: the next fight is the player's pick; with none left
    in step 1, the resource roll comes (§4)."""
    if work.phase == OVER or work.choices or work.roll:
        return
    if work.stage == FIGHT and not work.pending:
        roll_dice(work, RESOURCE_ROLL, -1)


def roll_dice(work: Work, kind: str, space: int) -> None:
    """Show a roll; it takes effect only when accepted (§4's re-roll choice point)."""
    first, second = work.die(), work.die()
    work.roll = (kind, space, first, second, 0)
    where = space_name(space) if space >= 0 else None
    work.emit(
        "dice",
        {"kind": kind, "seat": work.active, "space": where, "dice": [first, second], "rerolls": 0},
    )


def reroll(work: Work, die: int) -> None:
    assert work.roll
    kind, space, first, second, count = work.roll
    fresh = work.die()
    dice = [first, second]
    dice[die] = fresh
    work.roll = (kind, space, dice[0], dice[1], count + 1)
    where = space_name(space) if space >= 0 else None
    work.emit(
        "dice",
        {
            "kind": kind,
            "seat": work.active,
            "space": where,
            "dice": dice,
            "rerolls": count + 1,
            "rerolled": die,
        },
    )


def start_fight(work: Work, space: int) -> None:
    work.pending.remove(space)
    roll_dice(work, FIGHT_ROLL, space)


def accept_roll(work: Work) -> None:
    """The shown roll takes effect (§5, §6)."""
    assert work.roll
    kind, space, first, second, rerolls = work.roll
    work.roll = ()
    if kind == RESOURCE_ROLL:
        work.stage = MAIN
        resource_roll(work, first, second, rerolls)
    else:
        fight(work, kind, space, [first, second], rerolls)
    carry_on(work)


def fight(work: Work, kind: str, space: int, dice: list[int], rerolls: int) -> None:
    """An accepted fight roll against the demon (or Lucifer) on ``space`` (§5). The ``fight``
    event names where a beaten token went (``retreat_to``: null when it left play or while its
    owner chooses among equally close squares)."""
    win = sum(dice) >= TARGET[circle_of(space)]
    data: dict[str, object] = {
        "demon" if kind == FIGHT_ROLL else "lucifer": space_name(space),
        "token": space_name(space),
        "seat": work.active,
        "roll": dice,
        "rerolls": rerolls,
        "result": "win" if win else "lose",
        "retreat_to": None,
    }
    if win:
        work.emit("fight", data)
        if kind == FIGHT_ROLL:
            work.demons.discard(space)
        else:
            win_game(work, work.active)
        return
    at = len(work.events)
    to = retreat(work, space)
    data["retreat_to"] = space_name(to) if to >= 0 else None
    work.events.insert(at, Event("fight", data))


def retreat(work: Work, space: int) -> int:
    """A beaten token retreats to the closest free corner square of the circle below, or lower
    (§5); the owner picks among equally close squares; with none free it leaves play. Returns
    where it went, or ``NOWHERE`` (left play, or the owner's choice is pending)."""
    circle = circle_of(space)
    circles = [1] if circle == 1 else list(range(circle - 1, 0, -1))
    cell = space // 2
    for below in circles:
        free = [s for s in CIRCLE_CORNERS[below] if s != space and work.owner(s) == NOBODY]
        if not free:
            continue
        near = min(distance(cell, s // 2) for s in free)
        closest = [s for s in free if distance(cell, s // 2) == near]
        if len(closest) == 1:
            seat = work.owner(space)
            move_token(work, space, closest[0])
            work.emit(
                "retreat",
                {"seat": seat, "from": space_name(space), "to": space_name(closest[0])},
            )
            return closest[0]
        work.retreat = (space, *closest)
        work.choices.append(RETREAT_CHOICE)
        return NOWHERE
    seat = work.owner(space)
    work.tokens[seat].remove(space)
    work.emit("retreat", {"seat": seat, "from": space_name(space), "to": None, "removed": True})
    return NOWHERE


def move_token(work: Work, frm: int, to: int) -> None:
    seat = work.owner(frm)
    tokens = work.tokens[seat]
    tokens[tokens.index(frm)] = to


def resource_roll(work: Work, first: int, second: int, rerolls: int) -> None:
    """§6 in order: a 7 brings a demon; any other total pays every player; then the doubles
    bonus; then a 2 or 12 places the good or bad token."""
    total = first + second
    work.emit(
        "roll",
        {"seat": work.active, "dice": [first, second], "rerolls": rerolls, "total": total},
    )
    if total == 7:
        if DEMONS - len(work.demons) > 0 and demon_squares(work):
            work.choices.append(DEMON_CHOICE)
        else:
            work.emit("demon_placed", {"space": None, "reason": "none_available"})
    else:
        collect(work, total)
    if first == second:
        work.choices.append(BONUS_CHOICE)
    if total in (2, 12) and token_targets(work.board, work.down, NOBODY):
        work.choices.append(TOKEN_CHOICE)


def demon_squares(work: Work | DanteState) -> list[int]:
    """Corner squares of circles 1–8 with no demon: where a 7 puts one (§6)."""
    return [s for c in range(1, 9) for s in CIRCLE_CORNERS[c] if s not in work.demons]


def collect(work: Work, total: int) -> None:
    """Every token on a face-up tile showing ``total`` collects its ring's yield (§6.2)."""
    got: list[dict[str, int]] = []
    for seat in range(work.players):
        amounts = [0, 0, 0, 0]
        for space in work.tokens[seat]:
            cell = space // 2
            if space == C9 or cell in work.down or not pays(work.board[cell], total):
                continue
            gain = YIELD[ring_of(cell)]
            if cell == work.good:
                gain *= 2
            if cell == work.bad:
                gain = 0
            amounts[RESOURCES.index(TILES[work.board[cell]][1])] += gain
        work.gain(seat, amounts)
        got.append({res: n for res, n in zip(RESOURCES, amounts, strict=True) if n})
    work.emit("collect", {"total": total, "players": got})


def end_turn(work: Work) -> None:
    """Open offers expire; the next player clockwise starts, or the match ends at its cap."""
    if work.offers:
        work.emit("offers_expired", {"ids": [offer[0] for offer in work.offers]})
        work.offers = []
    work.emit("turn_end", {"seat": work.active})
    following = (work.active + 1) % work.players
    if following == work.first:
        if work.s.cap and work.round_no >= work.s.cap:
            finish(work, "round_cap")
            return
        work.round_no += 1
    start_turn(work, following)


def win_game(work: Work, seat: int) -> None:
    work.winner = seat
    work.emit("game_won", {"seat": seat})
    finish(work, "lucifer")


def finish(work: Work, reason: str) -> None:
    work.phase = OVER
    work.roll = ()
    work.choices = []
    work.pending = []
    work.offers = []
    scores = final_scores(work.tokens, work.winner)
    ranking = final_ranking(work.tokens, work.resources, work.winner)
    work.emit(
        "game_over",
        {
            "reason": reason,
            "scores": list(scores),
            "ranking": list(ranking),
            "winners": [s for s in range(work.players) if ranking[s] == 1],
        },
    )


def deepest(spaces: Sequence[int]) -> int:
    return max((circle_of(s) for s in spaces), default=0)


def final_scores(
    tokens: list[list[int]] | tuple[tuple[int, ...], ...], winner: int
) -> tuple[int, ...]:
    """Per seat, the deepest circle one of its tokens stands in (0 with none); 10 for the seat
    that beat Lucifer."""
    return tuple(10 if seat == winner else deepest(t) for seat, t in enumerate(tokens))


def final_ranking(
    tokens: list[list[int]] | tuple[tuple[int, ...], ...],
    resources: list[list[int]] | tuple[tuple[int, int, int, int], ...],
    winner: int,
) -> tuple[int, ...]:
    """The match cap's tie-break: the deepest token first, then the most resources held; still
    equal, the place is shared. A Lucifer winner is first alone."""
    scores = final_scores(tokens, winner)
    keys = [
        score * 1_000_000 + min(sum(res), 999_999)
        for score, res in zip(scores, resources, strict=True)
    ]
    return rank_seats(keys, lower_wins=False)
