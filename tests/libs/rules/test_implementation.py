"""Which rules core is loaded (pure-Python source or mypyc build), and that both play alike.

``make test`` runs the whole suite on the compiled build (when a C compiler built one) and the
rules tests again on the source; these tests check that the choice asked for through
``INFERNO_RULES_IMPL`` is the one that runs, that a missing, stale or foreign build is never
loaded by accident, and that the build plays every game byte for byte like the source.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import inferno_rules
from inferno_rules import native
from inferno_rules.games import oh_hell

LIBS = str(Path(inferno_rules.__file__).resolve().parent.parent)

# Plays a few seeded random games of every game and prints a digest of every state's bytes and
# every event, with the implementation that ran and where its Oh Hell module came from.
PLAYOUT = """
import hashlib, json, random, inferno_rules
from inferno_rules import all_games
from inferno_rules.games import oh_hell
digest = hashlib.sha256()
for name, game in all_games().items():
    for players in range(game.info.min_players, game.info.max_players + 1):
        rng = random.Random(f"{name}/{players}")
        state = game.new_game(players, game.info.short_options(), f"seed-{name}-{players}")
        digest.update(repr(game.opening_events(state)).encode())
        while not game.is_over(state):
            decision = game.decision(state)
            if decision.tick_at is not None and (not decision.seats or rng.random() < 0.4):
                out = game.apply(state, -1, ("tick", decision.tick_at))
            else:
                seat = rng.choice(decision.seats)
                out = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            digest.update(game.encode(out.state) + repr(out.events).encode())
            state = out.state
        digest.update(repr(game.result(state)).encode())
print(json.dumps([inferno_rules.IMPLEMENTATION, oh_hell.__file__, digest.hexdigest()]))
"""


def run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("INFERNO_RULES_")}
    environ.update(env, PYTHONPATH=LIBS)
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environ, timeout=240
    )


def playout(**env: str) -> tuple[str, str, str]:
    out = run(PLAYOUT, **env)
    assert out.returncode == 0, out.stderr
    impl, path, digest = json.loads(out.stdout)
    return impl, path, digest


def test_this_run_loads_the_implementation_it_asked_for() -> None:
    asked = os.environ.get(native.IMPL_ENV, "auto")
    loaded_from_source = oh_hell.__file__.endswith(".py")
    assert ("pure" if loaded_from_source else "compiled") == inferno_rules.IMPLEMENTATION
    if asked in ("pure", "compiled"):
        assert asked == inferno_rules.IMPLEMENTATION


def test_pure_loads_the_source_even_when_a_build_exists() -> None:
    impl, path, _ = playout(INFERNO_RULES_IMPL="pure")
    assert impl == "pure"
    assert path == str(Path(LIBS) / "inferno_rules" / "games" / "oh_hell.py")


def test_compiled_without_a_build_is_refused_with_the_reason(tmp_path: Path) -> None:
    out = run(
        "import inferno_rules",
        INFERNO_RULES_IMPL="compiled",
        INFERNO_RULES_NATIVE_DIR=str(tmp_path),
    )
    assert out.returncode != 0
    assert "INFERNO_RULES_IMPL=compiled, but there is no compiled build in" in out.stderr


def test_an_unknown_choice_is_refused() -> None:
    out = run("import inferno_rules", INFERNO_RULES_IMPL="fast")
    assert out.returncode != 0
    assert "INFERNO_RULES_IMPL='fast': choose one of auto, pure, compiled" in out.stderr


@pytest.mark.parametrize(
    ("manifest", "reason"),
    [
        ({"python": "someone-else", "source_sha256": "x"}, "the compiled build is for"),
        ({"python": native.python_tag(), "source_sha256": "0" * 64}, "the compiled build is stale"),
    ],
)
def test_a_foreign_or_stale_build_is_never_loaded(
    tmp_path: Path, manifest: dict[str, str], reason: str
) -> None:
    (tmp_path / native.MANIFEST).write_text(json.dumps(manifest))
    refused = run(
        "import inferno_rules",
        INFERNO_RULES_IMPL="compiled",
        INFERNO_RULES_NATIVE_DIR=str(tmp_path),
    )
    assert refused.returncode != 0
    assert reason in refused.stderr
    impl, _, _ = playout(INFERNO_RULES_NATIVE_DIR=str(tmp_path))  # auto falls back
    assert impl == "pure"


def test_the_source_digest_changes_with_any_source_byte(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "x.py").write_text("A = 1\n")
    before = native.source_digest(tmp_path)
    (tmp_path / "games" / "x.py").write_text("A = 2\n")
    assert native.source_digest(tmp_path) != before


def test_the_compiled_build_plays_byte_for_byte_like_the_source() -> None:
    reason = native.unusable_because(native.build_dir())
    if reason is not None:
        pytest.skip(f"no usable compiled build here: {reason}")
    compiled = playout(INFERNO_RULES_IMPL="compiled")
    pure = playout(INFERNO_RULES_IMPL="pure")
    assert compiled[0] == "compiled" and not compiled[1].endswith(".py")
    assert pure[0] == "pure" and pure[1].endswith(".py")
    assert compiled[2] == pure[2]
