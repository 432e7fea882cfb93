"""The whole platform (``python -m inferno_cli.stack``) as one child process of a test.

It waits for the launcher's ``ready`` line, reads the addresses it prints, and stops it with
SIGTERM as a person's Ctrl-C would, keeping the launcher's exit code and output for checks.
The ``inferno`` client is run the same way, as a real process (:func:`run_cli`).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.support.engine_process import free_port
from tests.support.json_logs import read_lines

ROOT = Path(__file__).resolve().parents[2]
PYTHONPATH = os.pathsep.join(
    str(ROOT / p)
    for p in (
        "libs",
        "services/engine",
        "services/lobby",
        "services/scoring",
        "services/worker",
        "services/cli",
    )
)


def child_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env = {k: v for k, v in env.items() if k not in ("INFERNO_REDIS_URL", "INFERNO_DATABASE_URL")}
    return {**env, "PYTHONPATH": PYTHONPATH, **extra}


class StackProcess:
    def __init__(self, data_dir: Path, *, prefix: str, **env: str) -> None:
        self.data_dir = data_dir
        self.engine_port, self.lobby_port, self.scoring_port = free_port(), free_port(), free_port()
        self.lobby = f"http://127.0.0.1:{self.lobby_port}"
        self.engine = f"127.0.0.1:{self.engine_port}"
        self.scoring = f"http://127.0.0.1:{self.scoring_port}"
        args = [sys.executable, "-m", "inferno_cli.stack", "--data-dir", str(data_dir)]
        args += ["--prefix", prefix, "--engine-port", str(self.engine_port)]
        args += ["--lobby-port", str(self.lobby_port), "--scoring-port", str(self.scoring_port)]
        redis_port = free_port()
        args += ["--redis-port", str(redis_port), "--postgres-port", str(free_port())]
        # Where the engine keeps its tables (for ``inferno_engine.verify`` in the tests).
        self.prefix = prefix
        self.redis_url = env.get("REDIS_URL") or f"redis://127.0.0.1:{redis_port}/0"
        self.lines: list[str] = []
        self.ready = threading.Event()
        self.started_at = time.monotonic()
        self.process = subprocess.Popen(
            args,
            env=child_env(**env),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            if line.startswith("Ctrl-C stops everything"):
                self.ready.set()

    def log_lines(self, **fields: object) -> list[dict[str, object]]:
        """Every service's JSON log lines (``<data>/logs/*.log``) that have these fields."""
        logs = sorted((self.data_dir / "logs").glob("*.log"))
        return [line for path in logs for line in read_lines(path, **fields)]

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def wait_ready(self, timeout: float = 90.0) -> float:
        """Seconds the stack took to come up; raises with its output if it did not."""
        deadline = time.monotonic() + timeout
        while not self.ready.wait(0.2):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the stack did not come up:\n{self.output}")
        return time.monotonic() - self.started_at

    def stop(self, timeout: float = 60.0) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        time.sleep(0.1)  # let the reader thread take the last lines
        return int(self.process.returncode)

    def child_pids(self) -> list[int]:
        """The pids the launcher reported for its services ("… is up (pid N)")."""
        return [
            int(line.rsplit("pid ", 1)[1].rstrip(")"))
            for line in self.lines
            if " is up (pid " in line
        ]


def run_cli(
    stack: StackProcess, session: Path, *args: str, timeout: float = 120.0, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """``inferno --lobby … --engine … --session … ARGS`` as a real process."""
    command = [sys.executable, "-m", "inferno_cli", "--lobby", stack.lobby]
    command += ["--engine", stack.engine, "--session", str(session), *args]
    return subprocess.run(
        command, env=child_env(), capture_output=True, text=True, timeout=timeout, input=stdin
    )


def spawn_cli(stack: StackProcess, session: Path, *args: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "inferno_cli", "--lobby", stack.lobby]
    command += ["--engine", stack.engine, "--session", str(session), *args]
    return subprocess.Popen(
        command, env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
