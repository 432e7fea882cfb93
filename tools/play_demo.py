"""The rules core alone: one game of Oh Hell between four random players, hand by hand.

No server is involved (``make run`` starts the platform itself: docs/run.md); this shows the
rules core working end to end. Run ``python tools/play_demo.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import random

from inferno_rules import Applied, commitment, get_game, new_seed


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Play one game of Oh Hell between random players and print the score sheet."
    )
    parser.add_argument("--players", type=int, default=4, help="3 to 7 (default 4)")
    parser.add_argument("--order", default="ASC", help="ASC, DESC, UP_DOWN or DOWN_UP")
    parser.add_argument("--seed", default=None, help="replay a game from its seed")
    args = parser.parse_args()

    game = get_game("oh_hell")
    seed = args.seed or new_seed()
    try:
        state = game.new_game(args.players, {"ORDER": args.order}, seed)
    except ValueError as err:
        parser.error(str(err))
    print(f"Oh Hell, {args.players} players, seed commitment {commitment(seed)[:16]}…")
    rng = random.Random(seed)
    while not game.is_over(state):
        seat = state.to_act[0]
        out = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        assert isinstance(out, Applied)
        for event in out.events:
            if event.kind == "hand_scored":
                d = event.data
                print(f"hand {d['hand']:>2}: bids {d['bids']} won {d['won']} -> {d['scores']}")
        state = out.state
    result = game.result(state)
    assert result is not None
    print("winners:", ", ".join(f"seat {w}" for w in result.winners), "| seed:", seed)


if __name__ == "__main__":
    main()
