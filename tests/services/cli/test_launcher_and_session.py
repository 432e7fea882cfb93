"""The launcher's pieces (token key, Redis choice, port checks) and the client's session file."""

from __future__ import annotations

import json
import socket
import stat
from pathlib import Path

import httpx
import pytest

from inferno_cli import stack
from inferno_cli.__main__ import _option, main
from inferno_cli.embedded import choose_redis, redis_version
from inferno_cli.lobby_api import _problem
from inferno_cli.session import Session


def test_the_token_key_is_made_once_private_and_kept(tmp_path: Path) -> None:
    key = stack.token_key(tmp_path)
    assert len(key) >= 32
    assert stat.S_IMODE((tmp_path / "token_key").stat().st_mode) == 0o600
    assert stack.token_key(tmp_path) == key


def _fake_redis(folder: Path, name: str, version: str) -> str:
    path = folder / name
    path.write_text(f"#!/bin/sh\necho 'Redis server v={version} sha=0 bits=64'\n")
    path.chmod(0o755)
    return str(path)


def test_a_redis_new_enough_is_preferred(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = _fake_redis(tmp_path, "old", "6.2.14")
    new = _fake_redis(tmp_path, "new", "7.2.4")
    assert redis_version(new) == (7, 2, 4)
    assert redis_version(str(tmp_path / "missing")) == ()
    monkeypatch.setattr("inferno_cli.embedded.redis_binaries", lambda: [old, new])
    assert choose_redis() == (new, (7, 2, 4))
    monkeypatch.setattr("inferno_cli.embedded.redis_binaries", lambda: [old])
    assert choose_redis() == (old, (6, 2, 14))  # the launcher warns about this one


def test_the_launcher_refuses_a_port_in_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code = stack.main(["--data-dir", str(tmp_path / "d"), "--lobby-port", str(port)])
    assert code == 2
    assert f"port {port} (--lobby-port) is not free" in capsys.readouterr().err
    assert not (tmp_path / "d").exists()  # nothing was started or written


def test_a_port_taken_as_a_service_starts_is_not_mistaken_for_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two launches at once: another program takes the port the launcher chose for a service
    (here the browsers' engine) and answers its health check. The launcher does not call the
    service up on the impostor's answer; it sees its own process stop, chooses another port,
    and the service comes up there, its own process holding it."""
    import threading
    from dataclasses import replace
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Healthy(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args: object) -> None:
            pass

    impostor = ThreadingHTTPServer(("127.0.0.1", 0), Healthy)
    taken = impostor.server_address[1]
    threading.Thread(target=impostor.serve_forever, daemon=True).start()
    launcher = stack.Stack(stack.parser().parse_args(["--data-dir", str(tmp_path / "d")]))
    (launcher.data / "logs").mkdir(parents=True)
    launcher.redis_url, launcher.database_url = "redis://127.0.0.1:1/0", "postgresql://x/y"
    launcher.ports = replace(launcher.ports, web=taken)
    web = next(s for s in stack.SERVICES if s.name == "engine-web")
    try:
        launcher._start_service(web, "k" * 32)
        assert launcher.ports.web != taken
        assert web.process is not None and web.process.poll() is None
        assert launcher.ports.web in (stack.listening_ports(web.process.pid) or set())
        ready = httpx.get(f"http://127.0.0.1:{launcher.ports.web}/health/ready", timeout=5)
        assert ready.status_code == 200
        said = capsys.readouterr().out
        assert f"engine-web: its port was taken as it started; trying again ({taken} → " in said
    finally:
        launcher.stop()
        impostor.shutdown()
        impostor.server_close()


def test_the_session_file_is_private_and_survives_garbage(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "session.json"
    session = Session()
    session.take(
        {
            "access_token": "a.b.c",
            "refresh_token": "d.e.f",
            "account": {"username": "dante", "id": "42"},
        }
    )
    session.save(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert Session.load(path) == session
    path.write_text("{not json")
    assert Session.load(path) == Session()
    assert Session.load(tmp_path / "absent.json") == Session()


def test_lobby_refusals_become_sentences() -> None:
    plain = httpx.Response(409, json={"detail": "the table is full", "code": "table_full"})
    assert _problem(plain) == "the table is full"
    fields = httpx.Response(
        422,
        json={"detail": [{"loc": ["body", "options", "ORDER"], "msg": "must be one of ASC"}]},
    )
    assert _problem(fields) == "options.ORDER: must be one of ASC"
    assert "502" in _problem(httpx.Response(502, text="bad gateway"))
    # Scoring's refusals read the same way, in its name.
    assert _problem(httpx.Response(503, text="down"), "scoring") == "scoring answered 503: down"
    assert _problem(httpx.Response(422, json={"detail": "limit: at most 100"}), "scoring") == (
        "limit: at most 100"
    )


def test_options_are_typed_and_named_in_capitals() -> None:
    assert _option("hook=true") == ("HOOK", True)
    assert _option("ORDER=DESC") == ("ORDER", "DESC")
    assert _option("ROUNDS=-3") == ("ROUNDS", -3)


def test_bad_command_lines_are_refused_before_any_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = ["--session", str(tmp_path / "s.json"), "--lobby", "http://127.0.0.1:9"]
    with pytest.raises(SystemExit) as exit_:
        main([*session, "create", "--option", "HOOK"])
    assert exit_.value.code == 2
    assert "options are NAME=VALUE" in capsys.readouterr().err
    assert main([*session, "bots", "t1", "--count", "0"]) == 1
    assert "--count must be at least 1" in capsys.readouterr().err
    assert main([*session, "tables"]) == 1
    assert "sign in first" in capsys.readouterr().err
    assert not (tmp_path / "s.json").exists()


def test_an_unreachable_lobby_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"access_token": "x", "refresh_token": "", "username": "d"}))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound, never listening: connections are refused
        code = main(["--session", str(path), "--lobby", f"http://127.0.0.1:{port}", "tables"])
    assert code == 1
    assert f"cannot reach the lobby at http://127.0.0.1:{port}" in capsys.readouterr().err


def test_help_explains_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for command in ("signup", "login", "tables", "create", "join", "bots", "start", "view"):
        assert command in out
    assert "inferno play TABLE" in out
