"""SubmitAction throughput and latency of one engine process, beside a bare grpc.aio echo.

``python -m bench.engine_submit`` starts, on this machine and against the real Redis, one
engine process (``python -m inferno_engine``) and one bare ``grpc.aio`` echo server, then drives
both from one grpc.aio client process in the same way:

- *closed loop*, 50 and 200 tables: every table has one call in flight at all times (the
  moment an answer arrives the table's next move goes out); gives the most calls per second.
  For the engine a call is a SubmitAction of a forced move (the service role's timeout move, so
  the client need not know the hands): the full path of a move (token check, read, rules,
  Lua commit, bus publish). For the echo it is a unary call with a payload of the same size.
- *paced*, 200 tables: every table moves every 0.5 s (400 moves/s in all, far faster than people
  play); gives the latency a player sees under that load. The echo is paced the same way, so
  the latency the machine itself adds (other work on its cores) is seen beside the engine's.

``--against REF`` instead compares this tree's engine with the engine of an earlier commit
(``git archive REF``), both on the pure-Python rules core, in alternating closed-loop rounds of
50 tables in the same run (``docs/benchmarks/engine_submit_against.md``): how a change to the
move path is shown to cost nothing.

It prints the engine's rate as a fraction of the echo's, the p50/p99 latencies, and the CPU time
per call of the server process and of the client process (this one): CPU per call does not
depend on what else the machine is doing the way calls/s and latencies do, and the client's
shows whether the client, not the server, set the pace. It writes
``docs/benchmarks/engine_submit.md`` (and restitches ``docs/benchmarks.md``). Runs in about a
minute; keys go under a fresh prefix that is deleted at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path

import grpc
import redis
from tqdm import tqdm

from inferno_auth import Role, issue_token
from inferno_proto import engine_pb2 as pb
from inferno_proto import engine_pb2_grpc

from .report import write_section

ROOT = Path(__file__).resolve().parents[1]
REDIS_URL = os.environ.get("INFERNO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
KEY = uuid.uuid4().hex * 2
SECONDS = 6.0
WARMUP = 1.0
ECHO = "/bench.Echo/Echo"
PACED = "one call per caller every 0.5 s"


# --------------------------------------------------------------------------- servers
async def _echo_server(port: int) -> None:
    async def echo(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        return request

    server = grpc.aio.server()
    handler = grpc.unary_unary_rpc_method_handler(echo)  # bytes in, bytes out
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler("bench.Echo", {"Echo": handler}),)
    )
    server.add_insecure_port(f"127.0.0.1:{port}")
    await server.start()
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    await server.stop(1)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def spawn(args: list[str], env: dict[str, str], root: Path = ROOT) -> subprocess.Popen[bytes]:
    path = os.pathsep.join([str(root / "libs"), str(root / "services" / "engine"), str(root)])
    return subprocess.Popen(
        [sys.executable, *args],
        env={**os.environ, "PYTHONPATH": path, **env},
        stdout=subprocess.DEVNULL,
        stderr=open(os.environ.get("BENCH_LOG", os.devnull), "ab"),
    )


async def wait_ready(address: str, probe: Callable[[grpc.aio.Channel], Awaitable[object]]) -> None:
    deadline = time.monotonic() + 20
    while True:
        try:
            async with grpc.aio.insecure_channel(address) as channel:
                await probe(channel)
            return
        except grpc.aio.AioRpcError:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.1)


# --------------------------------------------------------------------------- load
class Table:
    """One table driven by the lobby/timer's service token: forced moves, version tracked."""

    def __init__(self, stub: engine_pb2_grpc.EngineStub, metadata, table_id: str) -> None:
        self.stub, self.metadata, self.table_id = stub, metadata, table_id
        self.version, self.seat = 1, 0

    async def open(self) -> None:
        request = pb.CreateTableRequest(table_id=self.table_id, game="oh_hell")
        request.options.oh_hell.order = 2  # DESC: 416 moves, no table ends during a run
        for i in range(4):
            request.seats.add(player_id=f"{self.table_id}-{i}", bot=True)
        await self.stub.CreateTable(request, metadata=self.metadata)
        view = await self.stub.GetView(
            pb.GetViewRequest(table_id=self.table_id), metadata=self.metadata
        )
        self.seat = view.decision.seats[0]

    async def move(self) -> None:
        answer = await self.stub.SubmitAction(
            pb.SubmitActionRequest(
                table_id=self.table_id,
                expected_version=self.version,
                action_id=uuid.uuid4().hex,
                seat=self.seat,
                forced=True,
            ),
            metadata=self.metadata,
        )
        self.version = answer.version
        self.seat = answer.decision.seats[0]


async def closed_loop(
    calls: list[Callable[[], Awaitable[None]]],
) -> tuple[float, list[float], int]:
    """Every caller keeps one call in flight; returns calls/s and latencies after warm-up, and
    how many calls were made in all (warm-up included)."""
    latencies: list[float] = []
    made = 0
    start = time.perf_counter()
    measure_from, stop_at = start + WARMUP, start + WARMUP + SECONDS

    async def run(call: Callable[[], Awaitable[None]]) -> None:
        nonlocal made
        while (now := time.perf_counter()) < stop_at:
            await call()
            made += 1
            if now >= measure_from:
                latencies.append(time.perf_counter() - now)

    await asyncio.gather(*(run(c) for c in calls))
    return len(latencies) / SECONDS, latencies, made


async def paced(
    calls: list[Callable[[], Awaitable[None]]], every: float
) -> tuple[float, list[float], int]:
    """Every caller calls once per ``every`` seconds (spread out); returns calls/s and latencies
    after warm-up, and how many calls were made in all."""
    latencies: list[float] = []
    made = 0
    start = time.perf_counter()
    stop_at = start + WARMUP + SECONDS

    async def run(i: int, call: Callable[[], Awaitable[None]]) -> None:
        nonlocal made
        due = start + every * i / len(calls)
        while due < stop_at:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            sent = time.perf_counter()
            await call()
            made += 1
            if sent >= start + WARMUP:
                latencies.append(time.perf_counter() - sent)
            due += every

    await asyncio.gather(*(run(i, c) for i, c in enumerate(calls)))
    return len(latencies) / SECONDS, latencies, made


def cpu_seconds(process: subprocess.Popen[bytes]) -> float:
    """CPU time used so far by a child process (user + system), from /proc."""
    fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


# --------------------------------------------------------------------------- main
#: calls/s, p50 ms, p99 ms, server CPU µs per call, client CPU µs per call
Row = tuple[float, float, float, float, float]
Load = Callable[[], Awaitable[tuple[float, list[float], int]]]


async def measure(server: subprocess.Popen[bytes], load: Load) -> Row:
    """Run one load; CPU per call counts every call made, warm-up included."""
    server_cpu, client_cpu = cpu_seconds(server), time.process_time()
    rate, latencies, made = await load()
    per_call = 1e6 / max(made, 1)
    return (
        rate,
        pct(latencies, 0.5),
        pct(latencies, 0.99),
        (cpu_seconds(server) - server_cpu) * per_call,
        (time.process_time() - client_cpu) * per_call,
    )


async def bench() -> dict[str, Row]:
    prefix = f"bench:{uuid.uuid4().hex[:8]}:"
    engine_port, echo_port = free_port(), free_port()
    engine = spawn(
        ["-m", "inferno_engine"],
        {
            "INFERNO_REDIS_URL": REDIS_URL,
            "INFERNO_REDIS_PREFIX": prefix,
            "INFERNO_ENGINE_HOST": "127.0.0.1",
            "INFERNO_ENGINE_PORT": str(engine_port),
            "INFERNO_TOKEN_KEY": KEY,
            "INFERNO_LOG_LEVEL": "WARNING",
        },
    )
    echo = spawn(["-m", "bench.engine_submit", "--echo-server", str(echo_port)], {})
    results: dict[str, Row] = {}
    payload = pb.SubmitActionRequest(
        table_id="bench-000", expected_version=100, action_id=uuid.uuid4().hex, seat=1, forced=True
    ).SerializeToString()
    metadata = (("authorization", "Bearer " + issue_token(KEY, "bench", Role.SERVICE)),)
    steps = tqdm(total=6, desc="engine_submit", unit="phase")
    try:
        engine_address, echo_address = f"127.0.0.1:{engine_port}", f"127.0.0.1:{echo_port}"
        await wait_ready(echo_address, lambda ch: ch.unary_unary(ECHO)(b"x"))
        await _wait_engine(engine_address)
        async with (
            grpc.aio.insecure_channel(echo_address) as echo_channel,
            grpc.aio.insecure_channel(engine_address) as engine_channel,
        ):
            echo_call = echo_channel.unary_unary(ECHO)

            async def one_echo() -> None:
                await echo_call(payload)

            stub = engine_pb2_grpc.EngineStub(engine_channel)
            for tables in (50, 200):
                results[f"echo, {tables} callers, closed loop"] = await measure(
                    echo, lambda n=tables: closed_loop([one_echo] * n)
                )
                steps.update()
                boards = [Table(stub, metadata, f"c{tables}-{i}") for i in range(tables)]
                await asyncio.gather(*(b.open() for b in boards))
                results[f"engine, {tables} tables, closed loop"] = await measure(
                    engine, lambda b=boards: closed_loop([x.move for x in b])
                )
                steps.update()
            results[f"echo, 200 callers, {PACED}"] = await measure(
                echo, lambda: paced([one_echo] * 200, every=0.5)
            )
            steps.update()
            boards = [Table(stub, metadata, f"p-{i}") for i in range(200)]
            await asyncio.gather(*(b.open() for b in boards))
            results[f"engine, 200 tables, {PACED}"] = await measure(
                engine, lambda: paced([b.move for b in boards], every=0.5)
            )
            steps.update()
    finally:
        steps.close()
        stop_and_clean([engine, echo], prefix)
    return results


def stop_and_clean(processes: list[subprocess.Popen[bytes]], prefix: str) -> None:
    """Stop the servers (SIGTERM, then SIGKILL) and delete the run's keys."""
    for process in processes:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(match=prefix + "*", count=1000))
    if keys:
        client.delete(*keys)
    client.close()


async def _wait_engine(address: str) -> None:
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    async def probe(channel: grpc.aio.Channel) -> object:
        reply = await health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest())
        if reply.status != health_pb2.HealthCheckResponse.SERVING:
            raise grpc.aio.AioRpcError(grpc.StatusCode.UNAVAILABLE, None, None)
        return reply

    await wait_ready(address, probe)


def report(results: dict[str, Row]) -> str:
    lines = [
        "## Engine: SubmitAction throughput and latency (`python -m bench.engine_submit`)",
        "",
        "One engine process and one bare `grpc.aio` echo server, driven by one grpc.aio client "
        "process on the same machine, against the real Redis. Closed loop: each table keeps "
        "one call in flight. Paced: each table (each echo caller) calls every 0.5 s. *Server "
        "CPU per call* is the server process's own CPU time divided by the calls it answered, "
        "*client CPU per call* the same for the client process: unlike calls/s and latencies "
        "they do not depend much on what else the machine is doing.",
        "",
        "| run | calls/s | p50 ms | p99 ms | server CPU µs/call | client CPU µs/call |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, (rate, p50, p99, server, client) in results.items():
        lines.append(
            f"| {name} | {rate:,.0f} | {p50:.1f} | {p99:.1f} | {server:,.0f} | {client:,.0f} |"
        )
    lines.append("")
    for tables in (50, 200):
        engine = results[f"engine, {tables} tables, closed loop"]
        echo = results[f"echo, {tables} callers, closed loop"]
        lines.append(
            f"- {tables} tables: the engine answers {engine[0] / echo[0]:.0%} of the echo's "
            f"calls/s (goal ≥ 50%); its server CPU per call is {engine[3] / echo[3]:.1f}× the "
            f"echo's."
        )
    engine = results[f"engine, 200 tables, {PACED}"]
    echo = results[f"echo, 200 callers, {PACED}"]
    lines.append(
        f"- 200 paced tables: p99 {engine[2]:.1f} ms (goal < 25 ms); the bare echo paced the "
        f"same way in the same run: p99 {echo[2]:.1f} ms. Server CPU per call "
        f"{engine[3]:,.0f} µs, {engine[3] / echo[3]:.1f}× the echo's."
    )
    lines.append(
        f"- load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores."
    )
    return "\n".join(lines) + "\n"


ROUNDS = 3


def engine_env(port: int, prefix: str) -> dict[str, str]:
    return {
        "INFERNO_REDIS_URL": REDIS_URL,
        "INFERNO_REDIS_PREFIX": prefix,
        "INFERNO_ENGINE_HOST": "127.0.0.1",
        "INFERNO_ENGINE_PORT": str(port),
        "INFERNO_TOKEN_KEY": KEY,
        "INFERNO_LOG_LEVEL": "WARNING",
        "INFERNO_RULES_IMPL": "pure",  # the other tree has no compiled build: both pure
    }


async def against(ref: str, tree: Path) -> dict[str, list[Row]]:
    """This tree's engine and ``ref``'s, 50 tables each, closed loop, in alternating rounds."""
    prefix = f"bench:{uuid.uuid4().hex[:8]}:"
    sides = {"this tree": ROOT, f"{ref}": tree}
    ports = {name: free_port() for name in sides}
    servers = {
        name: spawn(["-m", "inferno_engine"], engine_env(ports[name], prefix), root)
        for name, root in sides.items()
    }
    metadata = (("authorization", "Bearer " + issue_token(KEY, "bench", Role.SERVICE)),)
    rows: dict[str, list[Row]] = {name: [] for name in sides}
    steps = tqdm(total=ROUNDS * len(sides), desc=f"engine_submit vs {ref}", unit="round")
    try:
        for name in sides:
            await _wait_engine(f"127.0.0.1:{ports[name]}")
        for round_no in range(ROUNDS):
            for name in sides:
                async with grpc.aio.insecure_channel(f"127.0.0.1:{ports[name]}") as channel:
                    stub = engine_pb2_grpc.EngineStub(channel)
                    tag = "a" if name == "this tree" else "b"
                    boards = [Table(stub, metadata, f"{tag}{round_no}-{i}") for i in range(50)]
                    await asyncio.gather(*(b.open() for b in boards))
                    rows[name].append(
                        await measure(
                            servers[name], lambda b=boards: closed_loop([x.move for x in b])
                        )
                    )
                steps.update()
    finally:
        steps.close()
        stop_and_clean(list(servers.values()), prefix)
    return rows


def against_report(ref: str, rows: dict[str, list[Row]]) -> str:
    def median(values: list[float]) -> float:
        return sorted(values)[len(values) // 2]

    lines = [
        f"## Engine: SubmitAction, this tree against `{ref}` (`python -m bench.engine_submit "
        f"--against {ref}`)",
        "",
        f"Both engines on the pure-Python rules core, 50 tables in a closed loop each, "
        f"{ROUNDS} alternating rounds in the same run (medians; every round in the table).",
        "",
        "| engine | calls/s per round | median calls/s | median server CPU µs/call | p99 ms |",
        "|---|---|---:|---:|---:|",
    ]
    medians = {}
    for name, runs in rows.items():
        rate, cpu = median([r[0] for r in runs]), median([r[3] for r in runs])
        medians[name] = (rate, cpu)
        per_round = ", ".join(f"{r[0]:,.0f}" for r in runs)
        lines.append(
            f"| {name} | {per_round} | {rate:,.0f} | {cpu:,.0f} | "
            f"{median([r[2] for r in runs]):.1f} |"
        )
    (new_rate, new_cpu), (old_rate, old_cpu) = medians["this tree"], medians[ref]
    lines += [
        "",
        f"- this tree answers {new_rate / old_rate:.0%} of `{ref}`'s calls/s at "
        f"{new_cpu / old_cpu:.0%} of its server CPU per call.",
        f"- load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores.",
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--echo-server", type=int, help=argparse.SUPPRESS)
    parser.add_argument(
        "--against",
        metavar="REF",
        help="compare this tree's engine with the engine of commit REF (same run, both pure)",
    )
    args = parser.parse_args()
    if args.echo_server:
        asyncio.run(_echo_server(args.echo_server))
        return
    if args.against:
        import tempfile

        with tempfile.TemporaryDirectory(prefix="engine-ref-") as tmp:
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", args.against],
                capture_output=True,
                check=True,
            ).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            text = against_report(args.against, asyncio.run(against(args.against, Path(tmp))))
        print(text)
        write_section("engine_submit_against", text)
        return
    text = report(asyncio.run(bench()))
    print(text)
    write_section("engine_submit", text)


if __name__ == "__main__":
    main()
