"""Draw a Dante's Inferno position: play a seeded game with bots for some moves, write its SVG.

The picture is :func:`inferno_pictures.dantes_inferno.svg` of the position's view (a seat's or
a spectator's). ``docs/games/dantes-inferno-board.svg`` is made by::

    python tools/dantes_picture.py --out docs/games/dantes-inferno-board.svg

Run ``python tools/dantes_picture.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from inferno_pictures.dantes_inferno import svg
from inferno_rules import SPECTATOR, Applied, Viewer, get_game
from inferno_worker.bots import get_bot


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python tools/dantes_picture.py",
        description=(
            "Play a seeded game of Dante's Inferno with bots on the rules core (no server) for a "
            "given number of moves, then write the position as an SVG picture: the board and "
            "its rings, tiles (in their resource's colour, with their numbers; face down, "
            "dark), tokens per seat, demons, the good and bad tokens, and each seat's "
            "resources. SVG only (open it in a browser)."
        ),
    )
    p.add_argument("--players", type=int, default=4, help="seats, 2 to 6 (default: 4)")
    p.add_argument("--seed", default="picture", help="the table's seed (default: picture)")
    p.add_argument(
        "--moves", type=int, default=300, help="moves to play before drawing (default: 300)"
    )
    p.add_argument(
        "--cap", type=int, default=12, help="the match's ROUND_CAP, 0 for none (default: 12)"
    )
    p.add_argument(
        "--bots",
        nargs="+",
        default=["heuristic", "random"],
        help="bots filling the seats in turn (default: heuristic random)",
    )
    p.add_argument(
        "--seat", type=int, help="draw this seat's view (default: a spectator's, the same board)"
    )
    p.add_argument("--out", type=Path, required=True, help="the SVG file to write")
    return p


def position(players: int, seed: str, moves: int, cap: int, bots: Sequence[str]) -> object:
    """The state after ``moves`` moves (or at the end, if the game ends first)."""
    game = get_game("dantes_inferno")
    seats = [get_bot("dantes_inferno", bots[s % len(bots)]) for s in range(players)]
    rng = random.Random(seed)
    state = game.new_game(players, {"ROUND_CAP": cap}, seed)
    last = -1
    for _ in range(moves):
        if game.is_over(state):
            break
        waiting = game.waiting_on(state)
        seat = next((s for s in waiting if s != last), waiting[0])
        last = seat
        view = game.view(state, Viewer.of_seat(seat))
        action = seats[seat].choose(view, game.legal_actions(state, seat), rng)
        out = game.apply(state, seat, action)
        assert isinstance(out, Applied), out
        state = out.state
    return state


def main(argv: Sequence[str] | None = None) -> int:
    prog = parser()
    args = prog.parse_args(argv)
    if not 2 <= args.players <= 6:
        prog.error(f"Dante's Inferno seats 2 to 6 players; got {args.players}")
    if args.moves < 0:
        prog.error(f"--moves must be 0 or more; got {args.moves}")
    if args.seat is not None and not 0 <= args.seat < args.players:
        prog.error(f"there is no seat {args.seat} at {args.players} seats")
    try:
        state = position(args.players, args.seed, args.moves, args.cap, args.bots)
    except LookupError as err:
        prog.error(str(err))
    game = get_game("dantes_inferno")
    viewer = SPECTATOR if args.seat is None else Viewer.of_seat(args.seat)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(svg(game.view(state, viewer)), encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
