"""StreamEvents at scale: what 200 followers of 20 tables cost one engine process in Redis.

``python -m bench.engine_streams [--baseline-tree PATH]`` starts a private ``redis-server`` (so
its command counters and client list hold this engine's traffic only) and one engine process,
creates 20 tables of four seats and opens 10 streams on each (the four seats and six
spectators: 200 followers), then measures

- *idle*, 6 s with no move: the engine's Redis connections, how many of them are blocked in a
  stream read, and the stream reads (``XREAD``/``XRANGE``) per second;
- *moves*, every table making a forced move every 0.25 s for 6 s: Redis commands and stream
  reads per move, and the engine's CPU seconds per move (every follower receives every move:
  the run waits until they all have).

With ``--baseline-tree`` (a checkout of another commit, e.g. ``git worktree add /tmp/base
main``) it runs the same against that tree's engine first and reports both side by side, with
the load average. Writes ``docs/benchmarks/engine_streams.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import grpc
import psutil
import redis

from inferno_auth import Role, issue_token
from inferno_proto import engine_pb2 as pb
from inferno_proto import engine_pb2_grpc

from .engine_submit import free_port
from .report import write_section

ROOT = Path(__file__).resolve().parents[1]
KEY = uuid.uuid4().hex * 2
TABLES, SEATS = 20, 4
SPECTATORS = int(os.environ.get("BENCH_SPECTATORS", "6"))
PHASE = 6.0
EVERY = 0.25
READS = ("xread", "xrange", "xrevrange")


@dataclass
class Row:
    tree: str
    followers: int
    connections: int
    blocked: int
    idle_reads_per_s: float
    moves: int
    commands_per_move: float
    reads_per_move: float
    cpu_ms_per_move: float


def start_redis() -> tuple[subprocess.Popen[bytes], int, str]:
    port = free_port()
    workdir = tempfile.mkdtemp(prefix="bench-redis-")
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"],
        cwd=workdir,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    client = redis.Redis(port=port)
    for _ in range(100):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    client.close()
    return process, port, workdir


def start_engine(tree: Path, redis_port: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(tree / "libs"), str(tree / "services" / "engine")]),
        "INFERNO_REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
        "INFERNO_REDIS_PREFIX": "bench:",
        "INFERNO_ENGINE_HOST": "127.0.0.1",
        "INFERNO_ENGINE_PORT": str(port),
        "INFERNO_TOKEN_KEY": KEY,
        "INFERNO_LOG_LEVEL": "WARNING",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "inferno_engine"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(os.environ.get("BENCH_LOG", os.devnull), "ab"),  # noqa: SIM115
    )
    return process, f"127.0.0.1:{port}"


def label(tree: Path) -> str:
    """The tree's commit, marked when its files differ from it."""

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-C", str(tree), *args], capture_output=True, text=True, check=False
        ).stdout.strip()

    changed = " + local changes" if git("status", "--porcelain", "--untracked-files=no") else ""
    return f"`{git('rev-parse', '--short', 'HEAD')}`{changed} ({tree.name})"


def counters(client: redis.Redis) -> dict[str, int]:
    stats = client.info("commandstats")
    return {name.removeprefix("cmdstat_"): int(v["calls"]) for name, v in stats.items()}


def redis_ports(pid: int, redis_port: int) -> set[int]:
    return {
        c.laddr.port
        for c in psutil.Process(pid).net_connections(kind="tcp")
        if c.raddr and c.raddr.port == redis_port and c.status == psutil.CONN_ESTABLISHED
    }


def blocked(client: redis.Redis, ports: set[int]) -> int:
    return sum(
        1
        for c in client.client_list()
        if int(c["addr"].rsplit(":", 1)[1]) in ports and "b" in c["flags"]
    )


async def measure(tree: Path) -> Row:
    redis_process, redis_port, workdir = start_redis()
    engine, address = start_engine(tree, redis_port)
    client = redis.Redis(port=redis_port)
    channel = grpc.aio.insecure_channel(address)
    stub = engine_pb2_grpc.EngineStub(channel)
    service = (("authorization", f"Bearer {issue_token(KEY, 'bench', Role.SERVICE)}"),)
    followers: list[asyncio.Task[None]] = []
    try:
        await asyncio.wait_for(channel.channel_ready(), 20)
        for _ in range(100):
            try:
                await stub.GetView(pb.GetViewRequest(table_id="none"), metadata=service)
            except grpc.aio.AioRpcError as err:
                if err.code() == grpc.StatusCode.NOT_FOUND:
                    break
            await asyncio.sleep(0.1)
        tables = [f"t{i}" for i in range(TABLES)]
        for table_id in tables:
            request = pb.CreateTableRequest(table_id=table_id, game="oh_hell")
            for s in range(SEATS):
                request.seats.add(player_id=f"{table_id}-p{s}", name=f"P{s}")
            await stub.CreateTable(request, metadata=service)
        marks: dict[str, list[list[int]]] = {t: [] for t in tables}

        async def follow(table_id: str, token: str, mark: list[int]) -> None:
            metadata = (("authorization", f"Bearer {token}"),)
            request = pb.StreamEventsRequest(table_id=table_id)
            async for batch in stub.StreamEvents(request, metadata=metadata):
                mark[0] = batch.events[-1].version

        for table_id in tables:
            tokens = [issue_token(KEY, f"{table_id}-p{s}", Role.PLAYER) for s in range(SEATS)]
            tokens += [issue_token(KEY, f"fan{n}", Role.SPECTATOR) for n in range(SPECTATORS)]
            for token in tokens:
                mark = [0]
                marks[table_id].append(mark)
                followers.append(asyncio.create_task(follow(table_id, token, mark)))
        for _ in range(600):  # everyone caught up
            if all(m[0] for t in tables for m in marks[t]):
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(1.0)  # and waiting for news

        ports = redis_ports(engine.pid, redis_port)
        before = counters(client)
        await asyncio.sleep(PHASE)
        after = counters(client)
        idle_reads = sum(after.get(c, 0) - before.get(c, 0) for c in READS) / PHASE
        waiting = blocked(client, ports)

        versions = {}
        decisions = {}
        for table_id in tables:
            view = await stub.GetView(pb.GetViewRequest(table_id=table_id), metadata=service)
            versions[table_id] = view.version
            decisions[table_id] = list(view.decision.seats)
        moves = 0
        cpu_before = sum(psutil.Process(engine.pid).cpu_times()[:2])
        before = counters(client)

        async def mover(table_id: str) -> None:
            nonlocal moves
            stop = time.monotonic() + PHASE
            while time.monotonic() < stop and decisions[table_id]:
                answer = await stub.SubmitAction(
                    pb.SubmitActionRequest(
                        table_id=table_id,
                        expected_version=versions[table_id],
                        action_id=uuid.uuid4().hex,
                        seat=decisions[table_id][0],
                        forced=True,
                    ),
                    metadata=service,
                )
                versions[table_id] = answer.version
                decisions[table_id] = list(answer.decision.seats)
                moves += 1
                await asyncio.sleep(EVERY)

        await asyncio.gather(*(mover(t) for t in tables))
        for _ in range(200):  # until every follower has taken every move in
            if all(m[0] == versions[t] for t in tables for m in marks[t]):
                break
            await asyncio.sleep(0.05)
        else:
            late = [(t, m[0], versions[t]) for t in tables for m in marks[t] if m[0] != versions[t]]
            raise RuntimeError(f"{len(late)} followers did not receive every move: {late[:5]}")
        after = counters(client)
        cpu_after = sum(psutil.Process(engine.pid).cpu_times()[:2])
        commands = sum(after.values()) - sum(before.values())
        reads = sum(after.get(c, 0) - before.get(c, 0) for c in READS)
        return Row(
            tree=label(tree),
            followers=len(followers),
            connections=len(ports),
            blocked=waiting,
            idle_reads_per_s=idle_reads,
            moves=moves,
            commands_per_move=commands / max(moves, 1),
            reads_per_move=reads / max(moves, 1),
            cpu_ms_per_move=(cpu_after - cpu_before) * 1000 / max(moves, 1),
        )
    finally:
        for task in followers:
            task.cancel()
        await asyncio.gather(*followers, return_exceptions=True)
        await channel.close()
        engine.terminate()
        try:
            engine.wait(20)
        except subprocess.TimeoutExpired:
            engine.kill()
            engine.wait(5)
        client.close()
        redis_process.terminate()
        redis_process.wait(10)
        shutil.rmtree(workdir, ignore_errors=True)


def report(rows: list[Row], load: tuple[float, float, float], note: str = "") -> str:
    lines = [
        "## StreamEvents: 200 followers of 20 tables on one engine",
        "",
        "`python -m bench.engine_streams`: a private redis-server, one engine, 20 tables with 10",
        "streams each (4 seats, 6 spectators). *Idle*: 6 s without moves. *Moves*: every table",
        "makes a forced move every 0.25 s for 6 s. Redis figures from `INFO commandstats` and",
        "`CLIENT LIST`; CPU is the engine process's user+system time.",
        "",
        "| engine | followers | Redis connections | blocked in a read | idle stream reads/s "
        "| moves | Redis commands/move | stream reads/move | engine CPU ms/move |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r.tree} | {r.followers} | {r.connections} | {r.blocked} | "
            f"{r.idle_reads_per_s:.1f} | {r.moves} | {r.commands_per_move:.1f} | "
            f"{r.reads_per_move:.1f} | {r.cpu_ms_per_move:.1f} |"
        )
    if note:
        lines += ["", note]
    lines += ["", f"Load average while measuring: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}."]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline-tree", type=Path, help="another checkout to compare with")
    parser.add_argument("--note", default="", help="a sentence for the report (the baseline)")
    args = parser.parse_args()
    if shutil.which("redis-server") is None:
        raise SystemExit("this benchmark needs redis-server on the PATH")
    rows = []
    trees = ([args.baseline_tree] if args.baseline_tree else []) + [ROOT]
    for tree in trees:
        rows.append(asyncio.run(measure(tree.resolve())))
        print(rows[-1], flush=True)
    text = report(rows, os.getloadavg(), args.note)
    print(text)
    write_section("engine_streams", text)


if __name__ == "__main__":
    main()
