"""The generated code in libs/inferno_proto/gen is exactly what `make proto` makes from proto/."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from .conftest import ROOT

GENERATED = ROOT / "libs" / "inferno_proto" / "gen"


def test_generated_code_matches_the_proto(tmp_path) -> None:
    make = shutil.which("make")
    if make is None:
        pytest.fail("make is needed to regenerate the proto code")
    out = tmp_path / "gen"
    subprocess.run(
        [make, "-s", "proto", f"PY={sys.executable}", "STAMP=", f"PROTO_GEN={out}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=120,
    )
    fresh = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    committed = {
        p.relative_to(GENERATED): p.read_bytes()
        for p in GENERATED.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert fresh.keys() == committed.keys()
    stale = [str(path) for path in fresh if fresh[path] != committed[path]]
    assert not stale, f"run `make proto`: {stale} differ from proto/"
