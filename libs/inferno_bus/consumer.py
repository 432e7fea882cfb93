"""Consuming bus events in a consumer group: at-least-once delivery, nothing dropped silently.

A :class:`Consumer` reads a bus stream in batches (``XREADGROUP``, 100 at a time by default)
and hands the parsed envelopes to a batch handler. The life of a message:

1. At start the group is created if missing (``BUSYGROUP`` is fine: idempotent) and the
   consumer first re-reads its *own* pending messages (id ``0``): what it was handed before a
   crash and never acknowledged. Only then does it read new ones (``>``).
2. Now and then it reclaims messages any consumer of the group left pending for longer than
   ``claim_idle_ms`` (``XAUTOCLAIM``): a consumer that died, or a message whose handler failed.
3. A message is acknowledged only after the handler returned. The handler may refuse single
   messages (it returns ``{entry_id: reason}``); those go to the dead-letter stream.
4. An exception listed in ``transient`` (say, PostgreSQL unreachable) means "not now": the
   consumer keeps the batch (refreshing its claim so no other consumer takes it over),
   reports itself not ready, backs off and tries the same batch again, so such outages never
   count against a message. Any other exception is blamed on the
   messages: the batch is split in halves, each handled on its own (and split again while it
   fails), so the good messages of a big batch are handled after a few calls and the culprit
   stays pending; it is reclaimed later, and on its ``max_deliveries``-th failure it is
   dead-lettered.
5. A malformed envelope, a trimmed entry, or a message delivered more than ``max_deliveries``
   times (e.g. one that kills the process) goes straight to the dead-letter stream.

Dead-letter entries carry ``reason``, ``source_stream``, ``source_id``, ``group``,
``consumer``, ``deliveries``, ``dead_at`` (ms) and ``entry`` (the original fields as a JSON
object), and are written in the same MULTI as the XACK, so a message is never both lost and
acknowledged. Handlers must be idempotent: after a crash between commit and XACK the same
message comes again. :meth:`Consumer.run` stops cleanly on :meth:`Consumer.stop` (wire it to
SIGTERM with :func:`stop_on_signals`): the batch in hand is finished and acknowledged first.
"""

from __future__ import annotations

import contextlib
import json
import logging
import signal
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import redis
from pydantic import ValidationError

from . import metrics
from .envelope import Envelope, MalformedEvent, stream_key
from .publisher import DEFAULT_MAXLEN

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Message:
    """One bus message handed to a handler."""

    entry_id: str  # the Redis stream entry id
    envelope: Envelope
    deliveries: int  # how many times Redis handed it out, this time included


#: A batch handler: does its work for every message (idempotently), and returns the messages
#: it refuses for good, ``{entry_id: reason}``, or None. Raising means nothing was done.
Handler = Callable[[Sequence[Message]], Mapping[str, str] | None]

_REDIS_DOWN = (redis.ConnectionError, redis.TimeoutError)
#: Slack between an entry's delivery time and its consumer's last-seen time set by one call.
_SAME_CALL_MS = 50


def _reason(err: MalformedEvent) -> str:
    # Envelope keeps only the first line of pydantic's message ("1 validation error for
    # Envelope"); the field and the problem are what a person needs.
    cause = err.__cause__
    if isinstance(cause, ValidationError):
        return "; ".join(
            f"{'.'.join(str(part) for part in e['loc']) or 'envelope'}: {e['msg']}"
            for e in cause.errors()
        )
    return str(err)


def _text(value: Any) -> str:
    return value.decode(errors="replace") if isinstance(value, bytes) else str(value)


class Consumer:
    """One consumer of a group on one bus stream. Not thread-safe: one thread runs it."""

    def __init__(
        self,
        client: redis.Redis,
        prefix: str,
        group: str,
        name: str,
        handler: Handler,
        *,
        purpose: str = "tables",
        batch_size: int = 100,
        block_ms: int = 500,
        claim_idle_ms: int = 30_000,
        max_deliveries: int = 5,
        start_id: str = "0",
        transient: tuple[type[BaseException], ...] = (),
        backoff_max_s: float = 5.0,
        metrics_every_s: float = 5.0,
        dead_letter_maxlen: int = DEFAULT_MAXLEN,
    ) -> None:
        if batch_size < 1 or max_deliveries < 1 or claim_idle_ms < 1:
            raise ValueError("batch_size, max_deliveries and claim_idle_ms must be positive")
        self.client = client
        self.stream = stream_key(prefix, purpose)
        self.dead_letter_stream = stream_key(prefix, "dead_letter")
        self.group = group
        self.name = name
        self.handler = handler
        self.batch_size = batch_size
        self.block_ms = block_ms
        self.claim_idle_ms = claim_idle_ms
        self.max_deliveries = max_deliveries
        self.start_id = start_id
        self.transient = transient
        # A held batch's claim is refreshed once per back-off: keep that well inside the idle
        # time after which others may reclaim it.
        self.backoff_max_s = min(backoff_max_s, claim_idle_ms / 3000)
        self.metrics_every_s = metrics_every_s
        self.dead_letter_maxlen = dead_letter_maxlen
        self._stop = threading.Event()
        self._ready = threading.Event()
        self.last_error: str | None = None
        self._claim_cursor = "0-0"
        self._next_claim = 0.0
        self._next_metrics = 0.0

    # -- life cycle ---------------------------------------------------------------------------

    @property
    def ready(self) -> bool:
        """True while the last attempt to read or handle succeeded."""
        return self._ready.is_set()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def stop(self) -> None:
        """Ask :meth:`run` to return after the batch in hand (safe from a signal handler)."""
        self._stop.set()

    def wait(self, seconds: float) -> bool:
        """Sleep up to ``seconds``; True (at once) if a stop was asked."""
        return self._stop.wait(seconds)

    def ensure_group(self) -> None:
        """Create the group (and the stream) unless it exists."""
        try:
            self.client.xgroup_create(self.stream, self.group, id=self.start_id, mkstream=True)
        except redis.ResponseError as err:
            if "BUSYGROUP" not in str(err):
                raise

    def run(self) -> None:
        """Create the group, drain own pending, then read new messages until stopped."""
        backoff = 0.1
        started = False
        while not self._stop.is_set():
            try:
                if not started:
                    self.ensure_group()
                    self.drain_pending()
                    started = True
                self.poll()
                backoff = 0.1
            except redis.ResponseError as err:
                if "NOGROUP" not in str(err) and "no longer exists" not in str(err):
                    raise
                # The stream or the group was deleted under us (an operator reset): recreate
                # it rather than crash in a loop.
                self._not_ready(f"consumer group missing, recreating it: {err}")
                started = False
            except _REDIS_DOWN as err:
                self._not_ready(f"redis unreachable: {err}")
                self._stop.wait(backoff)
                backoff = min(backoff * 2, self.backoff_max_s)
        log.info("consumer %s of %s stopped", self.name, self.group)

    def poll(self, block_ms: int | None = None) -> int:
        """One step: reclaim what is due, read one batch of new messages, handle it.
        Returns how many messages were read."""
        now = time.monotonic()
        if now >= self._next_claim:
            self.reclaim()
            self._next_claim = now + self.claim_idle_ms / 2000
        if now >= self._next_metrics:
            self._observe()
            self._next_metrics = now + self.metrics_every_s
        reply = self.client.xreadgroup(
            self.group,
            self.name,
            {self.stream: ">"},
            count=self.batch_size,
            block=self.block_ms if block_ms is None else block_ms,
        )
        self._ready.set()
        entries = reply[0][1] if reply else []
        if entries:
            self._process(entries, deliveries=None)
        return len(entries)

    def drain_pending(self) -> int:
        """Handle the messages this consumer was handed before and never acknowledged."""
        after = "0"
        total = 0
        while not self._stop.is_set():
            reply = self.client.xreadgroup(
                self.group, self.name, {self.stream: after}, count=self.batch_size
            )
            entries = reply[0][1] if reply else []
            if not entries:
                break
            after = _text(entries[-1][0])
            self._process(entries, deliveries=self._deliveries(entries))
            total += len(entries)
        return total

    def reclaim(self) -> int:
        """Take over messages left pending longer than ``claim_idle_ms`` and handle them."""
        total = 0
        while not self._stop.is_set():
            reply = self.client.xautoclaim(
                self.stream,
                self.group,
                self.name,
                min_idle_time=self.claim_idle_ms,
                start_id=self._claim_cursor,
                count=self.batch_size,
            )
            cursor, entries = _text(reply[0]), reply[1]
            trimmed = reply[2] if len(reply) > 2 else []
            if trimmed:
                # Redis already dropped them from the PEL; say so instead of staying silent.
                log.warning("%d pending entries of %s were trimmed away", len(trimmed), self.group)
            if entries:
                metrics.MESSAGES.labels(self.stream, self.group, "reclaimed").inc(len(entries))
                self._process(entries, deliveries=self._deliveries(entries))
                total += len(entries)
            self._claim_cursor = cursor
            if cursor == "0-0":
                break
        return total

    def wait_for_older(
        self, messages: Sequence[Message], timeout_s: float = 2.0, poll_s: float = 0.005
    ) -> bool:
        """Wait until no other consumer of the group is working on an entry older than the
        oldest of ``messages``; True if so, False after ``timeout_s`` (or when stopping).

        For handlers whose effects depend on stream order (scoring rates in finish order):
        with several consumers, a later batch could otherwise be written before an earlier
        one that is still being prepared. A handler calls this after its own preparation and
        just before writing, so consumers still prepare in parallel and write in stream
        order. "Working on" means handed out at that consumer's latest read or claim, less
        than ``claim_idle_ms`` ago, and not acknowledged yet: an entry left by a dead
        consumer, or left pending after its handler failed, is not waited for.
        The order is a preference, not a guarantee (the wait is bounded), so the handler must
        still be correct when entries are written out of order.
        """
        if not messages:
            return True
        oldest = min(messages, key=lambda m: tuple(map(int, m.entry_id.split("-")))).entry_id
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                busy = self._older_in_work(oldest)
            except _REDIS_DOWN:
                return False  # the handler goes on; acknowledging will wait for Redis
            if not busy:
                return True
            if time.monotonic() >= deadline or self._stop.wait(poll_s):
                return False

    def _older_in_work(self, entry_id: str) -> bool:
        # A consumer works on what it was handed at its last read or claim: an entry handed
        # out no earlier than the consumer's last interaction with Redis ("idle"). An entry
        # handed out before that was left pending (its handler failed) and is not waited for.
        # "idle" and "time since delivered" are read by two calls, so Redis measures them at
        # two moments: the gap between them (however long this thread waited in between, on a
        # loaded machine easily more than the slack) is added to the slack.
        asked = time.monotonic()
        for info in self.client.xinfo_consumers(self.stream, self.group):
            name = _text(info["name"])
            if name == self.name or not int(info["pending"]):
                continue
            last_seen_ms = int(info["idle"])
            rows = self.client.xpending_range(
                self.stream, self.group, min="-", max=f"({entry_id}", count=16, consumername=name
            )
            gap_ms = (time.monotonic() - asked) * 1000
            for row in rows:
                handed_ms = int(row["time_since_delivered"])
                same_call = handed_ms <= last_seen_ms + gap_ms + _SAME_CALL_MS
                if handed_ms < self.claim_idle_ms and same_call:
                    return True
        return False

    # -- handling -----------------------------------------------------------------------------

    def _deliveries(self, entries: Sequence[tuple[Any, Any]]) -> dict[str, int]:
        ids = [_text(entry_id) for entry_id, _ in entries]
        rows = self.client.xpending_range(
            self.stream,
            self.group,
            min=ids[0],
            max=ids[-1],
            count=len(ids) * 2 + 10,
            consumername=self.name,
        )
        return {_text(row["message_id"]): int(row["times_delivered"]) for row in rows}

    def _process(
        self, entries: Sequence[tuple[Any, Any]], deliveries: Mapping[str, int] | None
    ) -> None:
        fields_by_id: dict[str, dict[str, str]] = {}
        dead: dict[str, str] = {}
        counts: dict[str, int] = {}
        messages: list[Message] = []
        for raw_id, raw_fields in entries:
            entry_id = _text(raw_id)
            count = 1 if deliveries is None else deliveries.get(entry_id, 1)
            counts[entry_id] = count
            fields = {_text(k): _text(v) for k, v in (raw_fields or {}).items()}
            fields_by_id[entry_id] = fields
            if not raw_fields:
                dead[entry_id] = "the entry was trimmed from the stream before it was handled"
                continue
            try:
                envelope = Envelope.from_fields(fields)
            except MalformedEvent as err:
                dead[entry_id] = f"malformed envelope: {_reason(err)}"
                continue
            if count > self.max_deliveries:
                dead[entry_id] = (
                    f"delivered {count} times without being handled (limit {self.max_deliveries})"
                )
                continue
            messages.append(Message(entry_id, envelope, count))
        handled, refused = self._handle(messages)
        dead.update(refused)
        in_stream_order = {
            entry_id: dead[entry_id] for entry_id in fields_by_id if entry_id in dead
        }
        self._settle(handled, in_stream_order, fields_by_id, counts)

    def _handle(self, messages: Sequence[Message]) -> tuple[list[str], dict[str, str]]:
        """Run the handler; returns (handled ids, refused ids with reasons). Messages in
        neither stay pending."""
        if not messages:
            return [], {}
        backoff = 0.1
        while True:
            started = time.perf_counter()
            try:
                refused = dict(self.handler(messages) or {})
            except self.transient as err:
                self._not_ready(f"{type(err).__name__}: {err}")
                self._keep(messages)
                if self._stop.wait(backoff):
                    return [], {}  # stopping: the batch stays pending for the next start
                backoff = min(backoff * 2, self.backoff_max_s)
                continue
            except Exception as err:
                if len(messages) > 1:
                    # Bisect: each half is handled on its own, so one bad message costs
                    # about 2·log2(batch) handler calls, not one per message of the batch.
                    handled: list[str] = []
                    refused = {}
                    middle = len(messages) // 2
                    for half in (messages[:middle], messages[middle:]):
                        half_handled, half_refused = self._handle(half)
                        handled += half_handled
                        refused.update(half_refused)
                    return handled, refused
                message = messages[0]
                metrics.MESSAGES.labels(self.stream, self.group, "failed").inc()
                log.warning(
                    "handler failed on %s (delivery %d of %d): %r",
                    message.entry_id,
                    message.deliveries,
                    self.max_deliveries,
                    err,
                )
                if message.deliveries >= self.max_deliveries:
                    return [], {
                        message.entry_id: f"handler failed {message.deliveries} times, "
                        f"last with {type(err).__name__}: {err}"
                    }
                return [], {}
            metrics.HANDLER_SECONDS.labels(self.stream, self.group).observe(
                time.perf_counter() - started
            )
            self._ready.set()
            self.last_error = None
            known = {m.entry_id for m in messages}
            refused = {k: v for k, v in refused.items() if k in known}
            return [m.entry_id for m in messages if m.entry_id not in refused], refused

    def _keep(self, messages: Sequence[Message]) -> None:
        """Reset the idle time of messages held through an outage, so other consumers do not
        reclaim them (which would count deliveries until they are dead-lettered). XCLAIM with
        JUSTID leaves the delivery counter alone."""
        with contextlib.suppress(*_REDIS_DOWN):  # Redis down too: nobody can reclaim them
            self.client.xclaim(
                self.stream, self.group, self.name, 0, [m.entry_id for m in messages], justid=True
            )

    def _settle(
        self,
        handled: Iterable[str],
        dead: Mapping[str, str],
        fields_by_id: Mapping[str, Mapping[str, str]],
        counts: Mapping[str, int],
    ) -> None:
        """Dead-letter and acknowledge in one MULTI: both happen or neither."""
        handled = list(handled)
        if not handled and not dead:
            return
        pipe = self.client.pipeline(transaction=True)
        now_ms = str(int(time.time() * 1000))
        for entry_id, reason in dead.items():
            log.warning("dead-lettering %s from %s: %s", entry_id, self.stream, reason)
            pipe.xadd(
                self.dead_letter_stream,
                {
                    "reason": reason,
                    "source_stream": self.stream,
                    "source_id": entry_id,
                    "group": self.group,
                    "consumer": self.name,
                    "deliveries": str(counts.get(entry_id, 1)),
                    "dead_at": now_ms,
                    "entry": json.dumps(fields_by_id.get(entry_id, {}), sort_keys=True),
                },
                maxlen=self.dead_letter_maxlen,
                approximate=True,
            )
        pipe.xack(self.stream, self.group, *handled, *dead)
        pipe.execute()
        if handled:
            metrics.MESSAGES.labels(self.stream, self.group, "handled").inc(len(handled))
        if dead:
            metrics.MESSAGES.labels(self.stream, self.group, "dead_lettered").inc(len(dead))

    def _not_ready(self, reason: str) -> None:
        if self._ready.is_set() or self.last_error is None:
            log.warning("consumer %s not ready: %s", self.name, reason)
        self._ready.clear()
        self.last_error = reason

    def _observe(self) -> None:
        with contextlib.suppress(LookupError):  # the group is created by run()
            metrics.observe_backlog(self.client, self.stream, self.group)


def stop_on_signals(
    stop: Callable[[], None], signals: Sequence[signal.Signals] = (signal.SIGTERM, signal.SIGINT)
) -> None:
    """Call ``stop`` when the process gets one of ``signals`` (main thread only)."""
    for sig in signals:
        signal.signal(sig, lambda _signum, _frame: stop())
