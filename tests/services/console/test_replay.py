"""The console's replay check from public moves: a true record verifies, a changed move, a
wrong seed or wrong scores do not, and hidden moves are said to need the engine's log."""

from __future__ import annotations

import hashlib
import random

from inferno_console.replay import check
from inferno_rules import get_game


def played(game: str, players: int, seed: str) -> tuple[list, list[int]]:
    rules = get_game(game)
    state, rng, moves = rules.new_game(players, {}, seed), random.Random(seed), []
    version = 1
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        action = rng.choice(rules.legal_actions(state, seat))
        state = rules.apply(state, seat, action).state
        arg = list(action.arg) if isinstance(action.arg, tuple) else action.arg
        moves.append((version, seat, action.kind, arg, True))
        version += 1
    return moves, list(rules.result(state).scores)


def test_a_true_record_verifies_and_a_changed_one_does_not() -> None:
    seed = "console-replay-seed"
    commitment = hashlib.sha256(seed.encode()).hexdigest()
    for game, players in (("oh_hell", 4), ("num_inferno", 3), ("inferno", 3)):
        moves, scores = played(game, players, seed)
        ok, why = check(game, {}, players, seed, commitment, moves, scores, True)
        assert ok is True, (game, why)
        wrong_scores = [s + 1 for s in scores]
        assert check(game, {}, players, seed, commitment, moves, wrong_scores, True)[0] is False
        swapped = [moves[1], moves[0], *moves[2:]]
        assert check(game, {}, players, seed, commitment, swapped, scores, True)[0] is False
        other = hashlib.sha256(b"another seed").hexdigest()
        ok, why = check(game, {}, players, seed, other, moves, scores, True)
        assert ok is False and "commitment" in why


def test_hidden_moves_real_time_and_missing_history_are_not_guessed() -> None:
    seed = "s"
    commitment = hashlib.sha256(seed.encode()).hexdigest()
    sealed = [(1, 0, "bid", None, False)]
    assert check("oh_hell", {}, 4, seed, commitment, sealed, [0] * 4, True)[0] is None
    assert check("burn_in_hell", {}, 4, seed, commitment, [], [0] * 4, True)[0] is None
    assert check("oh_hell", {}, 4, seed, commitment, [], [0] * 4, False)[0] is None


def logged(game: str, players: int, options: dict, seed: str, real_time: bool, steps: int = 10**6):
    """A game of random moves, as the engine's public log would hold it (version by version,
    the events a spectator may see, as protobuf), and its final scores (None: not over)."""
    from inferno_proto import engine_pb2 as pb
    from inferno_proto.codecs import codec
    from inferno_rules import CLOCK, SPECTATOR, Action, Applied, visible_events

    rules, rng, log = get_game(game), random.Random(seed), []
    state = rules.new_game(players, options, seed)

    def write(version: int, events) -> None:
        for event in visible_events(list(events), SPECTATOR):
            msg = pb.Event(version=version)
            if codec(game).fill_event(msg, event):
                log.append(msg)

    write(1, rules.opening_events(state))
    version = 1
    while not rules.is_over(state) and version < steps:
        events = []
        if real_time:
            due = rules.decision(state).tick_at
            at = due if rng.random() < 0.5 else state.now + rng.randrange(1, 2000)
            if due is not None:
                at = min(at, due)
            out = rules.apply(state, CLOCK, Action("tick", at))
            if isinstance(out, Applied):
                state, events = out.state, list(out.events)
            if at == due:
                if events:
                    version += 1
                    write(version, events)
                continue
        seat = rng.choice(list(rules.waiting_on(state)) or list(range(players)))
        choices = rules.legal_actions(state, seat)
        if not choices:
            continue
        out = rules.apply(state, seat, rng.choice(choices))
        if not isinstance(out, Applied):
            continue
        state = out.state
        version += 1
        write(version, [*events, *out.events])
    result = rules.result(state)
    return log, (list(result.scores) if result else None)


def test_sealed_bids_and_a_real_time_game_replay_from_the_public_log() -> None:
    from inferno_console.replay import check_log

    seed = "console-log-seed"
    commitment = hashlib.sha256(seed.encode()).hexdigest()
    sealed = {"SIMULTANEOUS_BIDS": True}
    log, scores = logged("oh_hell", 5, sealed, seed, False)
    assert any(e.oh_hell.HasField("bid_sealed") for e in log)
    ok, why = check_log("oh_hell", sealed, 5, seed, commitment, log, scores, True)
    assert ok is True, why
    # Wrong scores, another seed's deals, a changed reveal: each is a mismatch.
    wrong = [s + 1 for s in scores]
    assert check_log("oh_hell", sealed, 5, seed, commitment, log, wrong, True)[0] is False
    other = "another-seed"
    ok, why = check_log(
        "oh_hell", sealed, 5, other, hashlib.sha256(other.encode()).hexdigest(), log, scores, True
    )
    assert ok is False and "first deal" in why
    changed = [type(e)() for e in log]
    for copy, event in zip(changed, log, strict=True):
        copy.CopyFrom(event)
    reveal = next(e for e in changed if e.oh_hell.HasField("bids_revealed"))
    bids = reveal.oh_hell.bids_revealed.bids
    bids[0] = (bids[0] + 1) % 2
    ok, why = check_log("oh_hell", sealed, 5, seed, commitment, changed, scores, True)
    assert ok is False and "MISMATCH at version" in why, why

    # Burn in Hell: real time, Circles formed face down, a part of a game (as at an abort).
    log, _ = logged("burn_in_hell", 4, {"MATCH": "OPEN"}, seed, True, steps=250)
    ok, why = check_log("burn_in_hell", {"MATCH": "OPEN"}, 4, seed, commitment, log, None, False)
    assert ok is True, why
    dealt = [e for e in log if e.burn_in_hell.HasField("dealt")]
    dealt[len(dealt) // 2].burn_in_hell.dealt.card = dealt[0].burn_in_hell.dealt.card
    ok, why = check_log("burn_in_hell", {"MATCH": "OPEN"}, 4, seed, commitment, log, None, False)
    assert ok is False, why
