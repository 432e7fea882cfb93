"""The engine for browsers (issue 14.10): the gRPC-web bridge in front of a real engine, used by
a client written as a web page would be (clients/node/web.js: fetch and protobufjs, no gRPC
library), in both wire modes; and what the bridge answers to requests that are not gRPC-web."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest

from inferno_engine.grpc_web import frame, read_request, trailers
from inferno_proto import engine_pb2 as pb

from ...support.engine_process import ROOT, free_port
from .client import create_table
from .conftest import NODE_CLIENT, token

pytestmark = pytest.mark.anyio
PLAYERS = ["ana", "bruno", "carla"]


@pytest.fixture
def bridge(engine) -> Iterator[str]:
    port = free_port()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "libs"), str(ROOT / "services" / "engine")]),
    }
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "inferno_engine.grpc_web", "--engine", engine.address),
            *("--port", str(port), "--allow-origin", "https://play.example"),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            if httpx.get(base + "/health/ready", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"the bridge did not start: {process.stderr.read().decode()}")
        time.sleep(0.1)
    yield base
    process.terminate()
    process.wait(timeout=10)


@pytest.mark.parametrize("text", [False, True], ids=["binary", "text"])
async def test_a_web_client_plays_a_whole_game_through_the_bridge(
    engine, bridge, node_client, text
) -> None:
    before = int(time.time() * 1000)
    await create_table(engine.address, "web", PLAYERS, {"order": 2}, turn_seconds=60)
    done = subprocess.run(
        [node_client, str(NODE_CLIENT / "web.js")],
        env={
            **os.environ,
            "WEB_ADDRESS": bridge,
            "TABLE_ID": "web",
            "TOKENS": json.dumps([token(name) for name in PLAYERS]),
            "TEXT": "1" if text else "0",
        },
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    moves = 15 * 3 + 3 * sum(range(1, 16))
    assert summary["moves"] == moves and summary["version"] == 1 + moves
    assert summary["status"] == "TABLE_STATUS_FINISHED"
    assert summary["streamed"] > moves, "the server stream came through frame by frame"
    # A refusal reaches the page as the engine's status and reason.
    assert summary["refused"]["code"] == 16 and summary["refused"]["reason"] == "bad_token"
    # Every streamed event has its time, in order, as a plain JavaScript number.
    times = summary["times"]
    assert times == sorted(times) and before <= times[0] <= times[-1] <= time.time() * 1000
    assert summary["seats"] == 3, "each seat's clock reached the page"


async def test_what_is_not_a_grpc_web_call_gets_a_clear_answer(engine, bridge) -> None:
    path = "/inferno.engine.v1.Engine/GetView"
    async with httpx.AsyncClient(base_url=bridge) as http:
        wrong_path = await http.post("/inferno.engine.v1.Engine/Nope", content=b"")
        assert wrong_path.status_code == 404 and "GetView" in wrong_path.text
        wrong_kind = await http.post(path, content=b"{}", headers={"content-type": "text/json"})
        assert wrong_kind.status_code == 415 and "grpc-web" in wrong_kind.text
        broken = await http.post(
            path, content=b"\x00\x00", headers={"content-type": "application/grpc-web+proto"}
        )
        assert broken.status_code == 200
        fields = _trailer(broken.content)
        assert fields["grpc-status"] == "3" and "frame" in fields["grpc-message"]
        # A page of an origin allowed gets CORS; others get none.
        allowed = await http.options(path, headers={"origin": "https://play.example"})
        assert allowed.status_code == 204
        assert allowed.headers["access-control-allow-origin"] == "https://play.example"
        assert "authorization" in allowed.headers["access-control-allow-headers"]
        assert "inferno-reason" in allowed.headers["access-control-expose-headers"]
        other = await http.options(path, headers={"origin": "https://evil.example"})
        assert "access-control-allow-origin" not in other.headers
        # A well-formed call for a table that does not exist: the engine's NOT_FOUND, in words.
        request = pb.GetViewRequest(table_id="nowhere").SerializeToString()
        missing = await http.post(
            path,
            content=frame(request),
            headers={
                "content-type": "application/grpc-web+proto",
                "authorization": f"Bearer {token('ana')}",
            },
        )
        fields = _trailer(missing.content)
        assert fields["grpc-status"] == "5" and "nowhere" in fields["grpc-message"]


def test_frames_and_trailers_are_read_and_written_as_the_protocol_says() -> None:
    import grpc

    assert read_request(frame(b"abc")) == b"abc"
    for bad in (b"", b"\x00\x00\x00\x00\x05abc", b"\x01\x00\x00\x00\x01a", frame(b"a") + b"x"):
        with pytest.raises(ValueError):
            read_request(bad)
    written = trailers(grpc.StatusCode.NOT_FOUND, "no table ‘x’ 100%", [("inferno-reason", "r")])
    assert written[0] == 0x80
    fields = _trailer(written)
    assert fields == {
        "grpc-status": "5",
        "grpc-message": "no table %E2%80%98x%E2%80%99 100%25",
        "inferno-reason": "r",
    }


def _trailer(body: bytes) -> dict[str, str]:
    """The trailer frame's fields (the last frame of a gRPC-web answer)."""
    at = 0
    while at < len(body):
        flag, length = body[at], int.from_bytes(body[at + 1 : at + 5], "big")
        payload = body[at + 5 : at + 5 + length]
        if flag & 0x80:
            lines = [line for line in payload.decode().split("\r\n") if line]
            return dict(line.split(":", 1) for line in lines)
        at += 5 + length
    raise AssertionError("no trailer frame")
