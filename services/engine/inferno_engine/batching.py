"""Redis commands from concurrent calls, sent together: automatic pipelining.

A lone command through redis-py's asyncio client costs this process about 100 µs of CPU more
than the same command inside a pipeline (taking a connection, timeouts, one send and one
receive per pipeline), and even inside a redis-py pipeline a command costs about twice what it
costs written straight to a connection (measured on the development machines). An engine under
load has many calls wanting Redis at once. So the store and the bus publisher queue their
commands here. At most :data:`IN_FLIGHT` pipelines are out at a time: a command queued while
the connections are idle goes out on the next turn of the event loop (no added wait); commands
queued while pipelines are out wait for one to come back and then go out together, however
many there are. The busier the engine, the bigger the pipelines and the cheaper each command;
this is what ioredis calls auto-pipelining and Lettuce does by default. redis-py has none,
hence this small piece.

A command no caller is waiting for (the bus publisher's) may be queued with ``within``: it
does not start a pipeline of its own but rides along with the next one the calls start, or
goes out when ``within`` has passed, whichever comes first.

Each command is independent (a whole change is one atomic Lua script), and a caller waits for
its own reply before it sends a command that depends on it, so batching changes no semantics.
"""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.connection import Connection
from redis.exceptions import ConnectionError, NoScriptError
from redis.exceptions import TimeoutError as RedisTimeoutError

#: Pipelines out at once. Two rather than one so a slow reply does not hold up everything.
IN_FLIGHT = 2

Queued = tuple[tuple[Any, ...], "asyncio.Future[Any]"]


class Batcher:
    def __init__(self, client: aioredis.Redis, in_flight: int = IN_FLIGHT) -> None:
        self.client = client
        self.in_flight = in_flight
        self._queue: list[Queued] = []
        self._scheduled = False  # a send is due on the next loop turn
        self._urgent = False  # the queue holds a command that may not wait
        self._timer: asyncio.TimerHandle | None = None  # when the queue must go at the latest
        self._sending: set[asyncio.Task[None]] = set()  # held so they are not collected
        self._idle: list[Connection] = []  # this batcher's connections not in use now

    async def script(self, source: str, keys: list[str], args: list[Any]) -> Any:
        """Run a Lua script (by SHA, loading it if Redis does not know it yet)."""
        sha = _sha(source)
        try:
            return await self.command("EVALSHA", sha, len(keys), *keys, *args)
        except NoScriptError:
            return await self.command("EVAL", source, len(keys), *keys, *args)

    def command(self, *args: Any, within: float | None = None) -> asyncio.Future[Any]:
        """Queue one command; the future gets its reply (or its error). With ``within`` (in
        seconds) the command waits for other commands to ride along with, up to that long."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._queue.append((args, future))
        if within is None:
            self._urgent = True
            self._schedule(loop)
        elif self._timer is None:
            self._timer = loop.call_later(within, self._due)
        return future

    def _due(self) -> None:
        self._timer = None
        if self._queue:
            self._urgent = True
            self._schedule(asyncio.get_running_loop())

    def _schedule(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._urgent and not self._scheduled and len(self._sending) < self.in_flight:
            self._scheduled = True
            loop.call_soon(self._send_queued)

    def _send_queued(self) -> None:
        self._scheduled = False
        self._urgent = False
        if self._timer is not None:  # everything queued goes now
            self._timer.cancel()
            self._timer = None
        batch, self._queue = self._queue, []
        if not batch:
            return
        task = asyncio.ensure_future(self._send(batch))
        self._sending.add(task)
        task.add_done_callback(self._sent)

    def _sent(self, task: asyncio.Task[None]) -> None:
        self._sending.discard(task)
        self._schedule(asyncio.get_running_loop())

    async def _send(self, batch: list[Queued]) -> None:
        try:
            replies = await self._exchange([args for args, _ in batch])
        except BaseException as err:  # the connection failed (or shutdown): every caller hears it
            lost = err if isinstance(err, Exception) else ConnectionError("the send was stopped")
            for _, future in batch:
                if not future.done():
                    future.set_exception(lost)
            if lost is not err:
                raise
            return
        for (_, future), reply in zip(batch, replies, strict=True):
            if future.done():
                continue
            if isinstance(reply, Exception):
                future.set_exception(reply)
            else:
                future.set_result(reply)

    async def _exchange(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        """Send the commands on one connection, then read their replies (a command's error
        reply is its result). The connection is this batcher's own: one per pipeline in flight,
        taken from the pool once and kept, which spares redis-py's per-pipeline bookkeeping.
        A connection that breaks is dropped and the whole batch sent once more on a new one,
        as redis-py's own retry does: every command here may run twice (a change's script
        checks the version and the action id; a bus envelope sent twice has one id).
        """
        for attempt in (1, 2):
            conn = self._idle.pop() if self._idle else await self._new_connection()
            try:
                replies = await _round_trip(conn, commands)
            except (ConnectionError, RedisTimeoutError, OSError):
                await conn.disconnect()
                self._idle.append(conn)  # reconnects when next used
                if attempt == 2:
                    raise
                continue
            except BaseException:  # cancelled mid-exchange: the replies are out of step
                await conn.disconnect()
                self._idle.append(conn)
                raise
            self._idle.append(conn)
            return replies
        raise AssertionError("unreachable")

    async def _new_connection(self) -> Connection:
        conn: Connection = await self.client.connection_pool.get_connection()
        return conn


async def _round_trip(conn: Connection, commands: list[tuple[Any, ...]]) -> list[Any]:
    """Write the packed commands and read as many replies, an error reply as its exception,
    under one timeout for the whole exchange. ``send_packed_command`` wraps each write in
    ``asyncio.wait_for`` (a task and an extra loop turn per pipeline) and ``read_response``
    opens a timeout per reply; together they cost more than the packing and parsing. The
    writer and the hiredis parser are redis-py's own (private, pinned version); the errors
    raised are redis-py's, as there."""
    if not conn.is_connected:
        await conn.connect_check_health(check_health=False)
    packed = conn.pack_commands(commands)
    parser = conn._parser
    replies: list[Any] = []
    try:
        async with asyncio.timeout(conn.socket_timeout):
            conn._writer.writelines(packed)
            await conn._writer.drain()
            for _ in commands:
                replies.append(await parser.read_response())
    except TimeoutError:
        raise RedisTimeoutError("Timeout talking to Redis") from None
    except OSError as err:
        raise ConnectionError(f"Error while talking to Redis: {err.args}") from None
    return replies


_SHAS: dict[str, str] = {}


def _sha(source: str) -> str:
    sha = _SHAS.get(source)
    if sha is None:
        sha = _SHAS[source] = hashlib.sha1(source.encode()).hexdigest()
    return sha
