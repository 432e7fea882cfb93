"""The life of a round (rules spec §2, §7, §8, §9): the deal, whose turn it is, the end of a
trick and who leads the next, the end of a round, its placement points and the next round.

**The deal, exactly** (so a revealed seed can be checked): round *r* (0-based) shuffles
:data:`~.cards.DECK` with ``shuffled(seed, "deal:<r>", DECK)`` (:mod:`inferno_rules.seeding`) and
deals it one card at a time clockwise from the round's starting player: card *i* goes to seat
``(starter + i) mod n``. Round 1's starting player is ``Stream(seed, "starter").below(n)``.
"""

from __future__ import annotations

from ...core import rank_seats
from ...seeding import Stream, shuffled
from .cards import DECK, sort_hand
from .legal import has_legal_lead, is_blocked
from .state import NOBODY, OVER, PLAYING, UP, Work


def first_starter(seed: str, players: int) -> int:
    return Stream(seed, "starter").below(players)


def deal(work: Work, round_no: int, starter: int) -> None:
    """Start round ``round_no``: deal every card, UP direction, the starter leads."""
    n = work.players
    deck = shuffled(work.s.seed, f"deal:{round_no}", DECK)
    hands: list[list[str]] = [[] for _ in range(n)]
    for i, card in enumerate(deck):
        hands[(starter + i) % n].append(card)
    work.hands = [list(sort_hand(h)) for h in hands]
    work.round_no = round_no
    work.starter = starter
    work.phase = PLAYING
    work.direction = UP
    work.finished = []
    work.blocked = []
    work.last_trick = ()
    work.last_winner = NOBODY
    work.new_trick()
    work.emit(
        "deal",
        {
            "round": round_no + 1,
            "rounds": work.s.rounds,
            "starter": starter,
            "hand_sizes": [len(h) for h in work.hands],
        },
    )
    for seat in range(n):
        work.emit("hand", {"seat": seat, "cards": list(work.hands[seat])}, frozenset((seat,)))
    for seat in range(n):
        if is_blocked(work.hands[seat]):  # cannot happen with 18+ cards, but the rule is general
            work.blocked.append(seat)
            work.emit("blocked", {"seat": seat})
    give_lead(work, starter)


def next_seat(work: Work, after: int) -> int:
    """The next seat clockwise after ``after`` that holds cards and has not passed this trick,
    other than the last player; :data:`NOBODY` when there is none (the trick is over)."""
    n = work.players
    for step in range(1, n + 1):
        seat = (after + step) % n
        if seat == work.last_player or seat in work.passed or not work.hands[seat]:
            continue
        return seat
    return NOBODY


def give_lead(work: Work, seat: int) -> None:
    """The lead goes to ``seat``, or clockwise to the first seat with cards and a legal lead
    (a seat skipped this way is not marked as passed: §8's lead passing)."""
    n = work.players
    skipped: list[int] = []
    for step in range(n):
        candidate = (seat + step) % n
        if not work.hands[candidate]:
            continue
        if has_legal_lead(work.hands[candidate]):
            if skipped:
                work.emit("lead_passed", {"skipped": skipped, "to": candidate})
            work.to_act = (candidate,)
            return
        skipped.append(candidate)
    raise AssertionError("a live round always has a seat with a legal lead")


def end_trick(work: Work, winner: int) -> None:
    """The trick is won by ``winner``; he leads the next, or the next seat with cards (§7)."""
    work.emit("trick_won", {"seat": winner})
    work.last_trick = tuple(work.plays)
    work.last_winner = winner
    work.new_trick()
    give_lead(work, winner)


def round_over(work: Work) -> bool:
    """At most one unblocked player still holds cards (§8)."""
    live = [s for s in range(work.players) if work.hands[s] and s not in work.blocked]
    return len(live) <= 1


def end_round(work: Work) -> None:
    """Rank, score (the k-th finisher scores n - k, blocked players 0), then the next round."""
    n = work.players
    order = list(work.finished)
    for seat in range(n):
        if work.hands[seat] and seat not in work.blocked:
            order.append(seat)
            work.emit("finish", {"seat": seat, "rank": len(order)})
    blocked = sorted(s for s in work.blocked if work.hands[s])
    points = [0] * n
    ranks = [len(order) + 1] * n
    for place, seat in enumerate(order, start=1):
        points[seat] = n - place
        ranks[seat] = place
    winner = order[0] if order else NOBODY
    work.totals = [a + b for a, b in zip(work.totals, points, strict=True)]
    if winner != NOBODY:
        work.wins[winner] += 1
    work.history.append((work.round_no, tuple(points), tuple(order), tuple(blocked)))
    work.emit(
        "round_end",
        {
            "round": work.round_no + 1,
            "winner": None if winner == NOBODY else winner,
            "order": order,
            "blocked": blocked,
            "ranks": ranks,
            "points": points,
            "totals": list(work.totals),
        },
    )
    if work.round_no + 1 < work.s.rounds:
        starter = winner if winner != NOBODY else (work.starter + 1) % n
        deal(work, work.round_no + 1, starter)
        return
    work.phase = OVER
    work.to_act = ()
    work.new_trick()
    ranking = match_ranking(work.totals, work.wins)
    winners = [s for s in range(n) if ranking[s] == 1]
    work.emit(
        "game_over",
        {
            "totals": list(work.totals),
            "round_wins": list(work.wins),
            "ranking": list(ranking),
            "winners": winners,
        },
    )


def match_ranking(
    totals: list[int] | tuple[int, ...], wins: list[int] | tuple[int, ...]
) -> tuple[int, ...]:
    """Highest total first; ties broken by rounds won; still tied, the place is shared (§9)."""
    keys = [total * 100 + won for total, won in zip(totals, wins, strict=True)]
    return rank_seats(keys, lower_wins=False)
