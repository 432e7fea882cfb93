"""A Node.js client written from the .proto alone (clients/node/play.js) plays a whole game."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from inferno_proto import engine_pb2 as pb

from .client import Client, create_table
from .conftest import NODE_CLIENT, ROOT, token

pytestmark = pytest.mark.anyio
PLAYERS = ["ana", "bruno", "carla"]


async def test_the_node_client_plays_a_whole_game(engine, node_client) -> None:
    await create_table(engine.address, "node", PLAYERS, {"order": 2})  # 15 hands for three
    done = subprocess.run(
        [node_client, str(NODE_CLIENT / "play.js")],
        env={
            **os.environ,
            "ENGINE_ADDRESS": engine.address,
            "TABLE_ID": "node",
            "TOKENS": json.dumps([token(name) for name in PLAYERS]),
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    moves = 15 * 3 + 3 * sum(range(1, 16))
    assert summary["moves"] == moves
    assert summary["version"] == 1 + moves
    assert summary["status"] == "TABLE_STATUS_FINISHED"
    assert summary["streamed"] > moves

    viewer = Client(engine.address, "ana")
    try:
        final = await viewer.view("node")
    finally:
        await viewer.close()
    assert final.status == pb.TABLE_STATUS_FINISHED
    assert [s.score for s in final.oh_hell.seats] == summary["scores"]


LOAD_BURN_IN_HELL = """
const path = require('node:path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');
const definition = protoLoader.loadSync('inferno/engine/v1/engine.proto', {
  includeDirs: [process.argv[1]], keepCase: true, longs: Number, enums: String,
  defaults: true, oneofs: true,
});
const v1 = grpc.loadPackageDefinition(definition).inferno.engine.v1;
const fields = (name) => v1[name].type.field.map((f) => f.name);
const nested = (name, inner) =>
  v1[name].type.nestedType.find((t) => t.name === inner).field.map((f) => f.name);
console.log(JSON.stringify({
  action: fields('BurnInHellAction'),
  view: fields('BurnInHellView'),
  event: fields('BurnInHellEvent'),
  offer: nested('BurnInHellAction', 'Offer'),
  engine: typeof v1.Engine,
}));
"""


def test_the_node_client_loads_the_burn_in_hell_messages(node_client) -> None:
    """The .proto files load in Node.js as a mobile developer loads them, Burn in Hell's
    messages with every field the Python code has."""
    from inferno_proto import burn_in_hell_pb2 as bih

    done = subprocess.run(
        [node_client, "-e", LOAD_BURN_IN_HELL, str(ROOT / "proto")],
        cwd=NODE_CLIENT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)

    def names(message) -> list[str]:
        return [f.name for f in message.DESCRIPTOR.fields]

    assert loaded["action"] == names(bih.BurnInHellAction)
    assert loaded["view"] == names(bih.BurnInHellView)
    assert loaded["event"] == names(bih.BurnInHellEvent)
    assert loaded["offer"] == names(bih.BurnInHellAction.Offer)
    assert loaded["engine"] == "function"
