"""Tables and seats: create, list, join, leave, bots, start, close.

Every change runs in one PostgreSQL transaction that first locks the table's row, so two
players racing for the last seat, or two clicks on "start", are served one after the other.
Checks come before writes: a refused request raises and the transaction rolls back, leaving
nothing changed. Starting calls the engine while the row is locked, so the engine is asked
once per table; if it fails, the table stays open exactly as it was.

After a change commits, the table's public summary goes to the live feed (private tables are
never announced).
"""

from __future__ import annotations

import json
import secrets
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import structlog
from psycopg import AsyncConnection, errors
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool
from redis.asyncio import Redis

from inferno_auth import Claims, Role
from inferno_rules import OptionError, UnknownGame, get_game, validate_options
from inferno_rules.options import validate_players

from . import feed
from .engine import EngineError, EngineGateway, SeatAssignment, TableSettings
from .errors import Conflict, EngineUnavailable, Forbidden, InvalidField, NotFound
from .list_cache import PageCache
from .schemas import ClockSettings, SeatPublic, TableCreate, TablePublic

log = structlog.get_logger("inferno_lobby.tables")

_SELECT = """
SELECT t.*,
       COALESCE((SELECT json_agg(json_build_object(
                    'seat', s.seat, 'account_id', s.account_id, 'name', s.name, 'bot', s.bot)
                    ORDER BY s.seat)
                 FROM seats s WHERE s.table_id = t.id), '[]'::json) AS seats
FROM tables t
"""

# One page of the table list as JSON, in TablePublic's shape (see Tables.list_json).
_LIST_PAGE = """
WITH page AS (
    SELECT t.*, count(*) OVER () AS total FROM tables t
    WHERE {cond} ORDER BY t.created_at DESC, t.id LIMIT %s OFFSET %s
)
SELECT json_build_object(
    'data', COALESCE(json_agg(json_build_object(
        'game', p.game, 'players', p.players, 'options', p.options,
        'clock', json_build_object(
            'decision_seconds', p.decision_seconds,
            'time_bank_seconds', p.time_bank_seconds,
            'increment_seconds', p.increment_seconds),
        'spectator_delay_seconds', p.spectator_delay_seconds, 'private', p.private,
        'id', p.id, 'status', p.status, 'owner_id', p.owner_id,
        'seats', COALESCE(s.seats, '[]'::json), 'open_seats', p.players - COALESCE(s.n, 0),
        'quick_play', p.quick_play, 'seed_commitment', p.seed_commitment,
        'invite_code', NULL,
        'created_at', floor(extract(epoch FROM p.created_at) * 1000)::bigint,
        'started_at', floor(extract(epoch FROM p.started_at) * 1000)::bigint)
        ORDER BY p.created_at DESC, p.id), '[]'::json),
    'count', COALESCE(max(p.total), 0))::text AS body,
    count(p.id) = 0 AS empty
FROM page p LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object(
               'seat', x.seat,
               'player_id', COALESCE(x.account_id::text, 'bot:' || p.id || ':' || x.seat),
               'name', x.name, 'bot', x.bot) ORDER BY x.seat) AS seats,
           count(*) AS n
    FROM seats x WHERE x.table_id = p.id
) s ON TRUE
"""


@dataclass(frozen=True, slots=True)
class Table:
    row: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.row["id"])

    @property
    def status(self) -> str:
        return str(self.row["status"])

    @property
    def players(self) -> int:
        return int(self.row["players"])

    @property
    def owner_id(self) -> str | None:
        owner = self.row["owner_id"]
        return str(owner) if owner else None

    @property
    def seats(self) -> list[SeatPublic]:
        return [
            SeatPublic(
                seat=s["seat"],
                player_id=s["account_id"] or f"bot:{self.id}:{s['seat']}",
                name=s["name"],
                bot=s["bot"],
            )
            for s in self.row["seats"]
        ]

    def seat_of(self, account_id: str) -> int | None:
        for s in self.row["seats"]:
            if s["account_id"] == account_id:
                return int(s["seat"])
        return None

    def with_seat(self, seat: int, account_id: str | None, name: str) -> Table:
        """This table after ``_seat`` wrote that seat (saves reading it back)."""
        taken = {"seat": seat, "account_id": account_id, "name": name, "bot": account_id is None}
        seats = sorted([*self.row["seats"], taken], key=lambda s: s["seat"])
        return Table({**self.row, "seats": seats})

    def without_seat(self, seat: int) -> Table:
        return Table({**self.row, "seats": [s for s in self.row["seats"] if s["seat"] != seat]})

    def free_seats(self) -> list[int]:
        taken = {s["seat"] for s in self.row["seats"]}
        return [n for n in range(self.players) if n not in taken]

    def public(self, viewer: str | None = None, operator: bool = False) -> TablePublic:
        row = self.row
        insider = operator or (
            viewer is not None and (viewer == self.owner_id or self.seat_of(viewer) is not None)
        )
        return TablePublic(
            id=self.id,
            game=row["game"],
            players=self.players,
            options=row["options"],
            clock=ClockSettings(
                decision_seconds=row["decision_seconds"],
                time_bank_seconds=row["time_bank_seconds"],
                increment_seconds=row["increment_seconds"],
            ),
            spectator_delay_seconds=row["spectator_delay_seconds"],
            private=row["private"],
            status=self.status,  # type: ignore[arg-type]
            owner_id=self.owner_id,
            seats=self.seats,
            open_seats=len(self.free_seats()),
            quick_play=row["quick_play"],
            seed_commitment=row["seed_commitment"],
            invite_code=row["invite_code"] if insider else None,
            created_at=row["created_at"],
            started_at=row["started_at"],
        )

    def visible_to(self, who: Claims, invite_code: str | None = None) -> bool:
        """May ``who`` see this table? Anyone may see a public table; a private one only its
        owner, its seated players, operators, and whoever holds its invite code."""
        if not self.row["private"] or who.role == Role.OPERATOR:
            return True
        if who.subject == self.owner_id or self.seat_of(who.subject) is not None:
            return True
        code = self.row["invite_code"]
        return bool(invite_code and code) and secrets.compare_digest(str(invite_code), str(code))

    def must_be_visible_to(self, who: Claims, invite_code: str | None, action: str) -> None:
        if not self.visible_to(who, invite_code):
            raise Forbidden(
                f"this table is private; {action} it with its invite code",
                code="invite_required",
            )

    def settings(self) -> TableSettings:
        if get_game(self.row["game"]).info.nature.real_time:
            # A real-time game (Burn in Hell) has no turns: every seat may act at any moment,
            # and a turn clock would time all of them out at once and force moves the game
            # does not have. Its table gets no turn clock; the game's own timers run it.
            return TableSettings(
                0, 0, 0, self.row["spectator_delay_seconds"], bool(self.row["private"])
            )
        return TableSettings(
            decision_seconds=self.row["decision_seconds"],
            time_bank_seconds=self.row["time_bank_seconds"],
            increment_seconds=self.row["increment_seconds"],
            spectator_delay_seconds=self.row["spectator_delay_seconds"],
            private=bool(self.row["private"]),
        )


def check_game(game: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """The table's complete options, or :class:`InvalidField` naming what the game refuses."""
    try:
        info = get_game(game).info
    except UnknownGame as err:
        from inferno_rules import all_games

        raise InvalidField(("body", "game"), str(err), ", ".join(all_games()), game) from None
    try:
        validate_players(info, players)
    except OptionError as err:
        raise InvalidField(("body", "players"), err.message, err.allowed, players) from None
    try:
        return dict(validate_options(info, options))
    except OptionError as err:
        raise InvalidField(
            ("body", "options", err.option), err.message, err.allowed, options.get(err.option)
        ) from None


def _may_manage(table: Table, who: Claims) -> bool:
    return who.role == Role.OPERATOR or (
        table.owner_id is not None and who.subject == table.owner_id
    )


class Tables:
    """The table operations, over the lobby's pool, Redis (for the feed) and the engine."""

    def __init__(
        self,
        pool: AsyncConnectionPool,
        redis: Redis,
        prefix: str,
        engine: EngineGateway,
        feed_max_length: int,
        list_cache_seconds: float = 0.0,
    ) -> None:
        self._pool = pool
        self._redis = redis
        self._prefix = prefix
        self.engine = engine
        self._feed_max = feed_max_length
        self.cache = PageCache(list_cache_seconds)

    # -------------------------------------------------------------- reading
    async def get(self, table_id: str, conn: AsyncConnection | None = None) -> Table:
        if conn is None:
            async with self._pool.connection() as own:
                return await self.get(table_id, own)
        cur = await conn.execute(_SELECT + " WHERE t.id = %s", (table_id,))
        row = await cur.fetchone()
        if row is None:
            raise NotFound(f"there is no table {table_id!r}", code="no_such_table")
        return Table(row)

    async def list_json(
        self,
        *,
        game: str | None,
        status: str | None,
        open_seats: int | None,
        include_private: bool,
        limit: int,
        offset: int,
        mine: str | None = None,
    ) -> str:
        """A page of tables as the JSON text of ``TablesPublic``, built by PostgreSQL
        (``mine``: only the tables that account owns or holds a seat at).

        Listing is the lobby's hottest read, so the whole page is assembled in one query and
        passed through untouched; ``tests/services/lobby/test_tables.py`` checks that each
        entry equals :meth:`Table.public` of the same table (minus the invite code, which a
        list never shows).
        """
        where, args = ["TRUE"], []
        if game is not None:
            where.append("t.game = %s")
            args.append(game)
        if status is not None:
            where.append("t.status = %s")
            args.append(status)
        if open_seats is not None:
            where.append("t.players - (SELECT count(*) FROM seats s WHERE s.table_id = t.id) >= %s")
            args.append(open_seats)
        if mine is not None:  # the account's own: it owns the table or holds a seat there
            where.append(
                "(t.owner_id = %s OR EXISTS "
                "(SELECT 1 FROM seats m WHERE m.table_id = t.id AND m.account_id = %s))"
            )
            args += [mine, mine]
        if not include_private:
            where.append("NOT t.private")
        key = (game, status, open_seats, include_private, limit, offset, mine)
        if (cached := self.cache.get(key)) is not None:
            return cached
        generation = self.cache.generation
        cond = " AND ".join(where)
        async with self._pool.connection() as conn:
            cur = await conn.execute(
                _LIST_PAGE.replace("{cond}", cond), (*args, limit, offset), prepare=True
            )
            row = await cur.fetchone()
            body = str(row["body"]) if row else '{"data":[],"count":0}'
            if row is None or (row["empty"] and offset > 0):  # past the end: count apart
                cur = await conn.execute(f"SELECT count(*) AS n FROM tables t WHERE {cond}", args)
                total = (await cur.fetchone() or {"n": 0})["n"]
                body = json.dumps({"data": [], "count": total})
        self.cache.put(key, generation, body)
        return body

    # -------------------------------------------------------------- changing
    async def create(self, owner: Claims, data: TableCreate) -> Table:
        options = check_game(data.game, data.players, data.options)
        table_id = uuid.uuid4().hex
        async with self._pool.connection() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO tables (id, game, options, players, owner_id, private, invite_code,"
                " decision_seconds, time_bank_seconds, increment_seconds,"
                " spectator_delay_seconds) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
                (
                    table_id,
                    data.game,
                    Jsonb(options),
                    data.players,
                    owner.subject,
                    data.private,
                    secrets.token_urlsafe(9) if data.private else None,
                    data.clock.decision_seconds,
                    data.clock.time_bank_seconds,
                    data.clock.increment_seconds,
                    data.spectator_delay_seconds,
                ),
            )
            if data.take_seat:
                await self._seat(conn, table_id, 0, owner.subject, owner.name)
            table = await self.get(table_id, conn)
        await self._announce("table.opened", table)
        return table

    async def join(
        self, table_id: str, who: Claims, seat: int | None, invite_code: str | None
    ) -> Table:
        async with self._pool.connection() as conn, conn.transaction():
            table = await self._lock(conn, table_id)
            table.must_be_visible_to(who, invite_code, "join")
            self._must_be_open(table)
            if table.seat_of(who.subject) is not None:
                raise Conflict(
                    f"you already sit at seat {table.seat_of(who.subject)}", code="already_seated"
                )
            seat = self._pick_seat(table, seat)
            await self._seat(conn, table_id, seat, who.subject, who.name)
        table = table.with_seat(seat, who.subject, who.name)
        await self._announce_seats(table)
        return table

    async def leave(self, table_id: str, who: Claims) -> Table:
        async with self._pool.connection() as conn, conn.transaction():
            table = await self._lock(conn, table_id)
            seat = table.seat_of(who.subject)
            if seat is None:
                raise Conflict("you are not seated at this table", code="not_seated")
            self._must_be_open(table)
            await conn.execute(
                "DELETE FROM seats WHERE table_id = %s AND seat = %s", (table_id, seat)
            )
        table = table.without_seat(seat)
        await self._announce_seats(table)
        return table

    async def add_bot(self, table_id: str, who: Claims, name: str | None) -> Table:
        async with self._pool.connection() as conn, conn.transaction():
            table = await self._lock(conn, table_id)
            self._must_manage(table, who, "add bots")
            self._must_be_open(table)
            seat = self._pick_seat(table, None)
            name = name or f"Bot {seat + 1}"
            await self._seat(conn, table_id, seat, None, name)
        table = table.with_seat(seat, None, name)
        await self._announce_seats(table)
        return table

    async def remove_bot(self, table_id: str, who: Claims, seat: int) -> Table:
        async with self._pool.connection() as conn, conn.transaction():
            table = await self._lock(conn, table_id)
            self._must_manage(table, who, "remove bots")
            self._must_be_open(table)
            if not any(s.seat == seat and s.bot for s in table.seats):
                raise NotFound(f"there is no bot at seat {seat}", code="no_such_bot")
            await conn.execute(
                "DELETE FROM seats WHERE table_id = %s AND seat = %s", (table_id, seat)
            )
            table = await self.get(table_id, conn)
        await self._announce_seats(table)
        return table

    async def start(self, table_id: str, who: Claims) -> Table:
        async with self._pool.connection() as conn, conn.transaction():
            table = await self._lock(conn, table_id)
            self._must_manage(table, who, "start it")
            self._must_be_open(table)
            table = await self._start_locked(conn, table)
        await self._announce("table.started", table)
        return table

    async def close(self, table_id: str, who: Claims) -> Table:
        async with self._pool.connection() as conn, conn.transaction():
            table = await self._lock(conn, table_id)
            self._must_manage(table, who, "close it")
            if table.status != "open":
                raise Conflict(
                    f"only a table that has not started can be closed; this one is {table.status}",
                    code="not_open",
                )
            await conn.execute(
                "UPDATE tables SET status = 'closed', ended_at = now() WHERE id = %s",
                (table_id,),
            )
            table = await self.get(table_id, conn)
        await self._announce("table.closed", table)
        return table

    async def open_quick_play(
        self, game: str, players: int, humans: Iterable[tuple[str, str]]
    ) -> Table:
        """A started table for matched players, the empty seats filled with bots."""
        options = check_game(game, players, {})
        defaults = ClockSettings()
        table_id = uuid.uuid4().hex
        async with self._pool.connection() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO tables (id, game, options, players, quick_play, decision_seconds,"
                " time_bank_seconds, increment_seconds, spectator_delay_seconds)"
                " VALUES (%s,%s,%s,%s,TRUE,%s,%s,%s,0)",
                (
                    table_id,
                    game,
                    Jsonb(options),
                    players,
                    defaults.decision_seconds,
                    defaults.time_bank_seconds,
                    defaults.increment_seconds,
                ),
            )
            seat = -1
            for seat, (account_id, name) in enumerate(humans):
                await self._seat(conn, table_id, seat, account_id, name)
            for bot in range(seat + 1, players):
                await self._seat(conn, table_id, bot, None, f"Bot {bot + 1}")
            table = await self._start_locked(conn, await self.get(table_id, conn))
        await self._announce("table.started", table)
        return table

    async def is_listed(self, table_id: str) -> bool:
        """True for a table of this lobby that the public list may show (not private)."""
        return await self.feed_delay(table_id) is not None

    async def feed_delay(self, table_id: str) -> int | None:
        """The spectator delay (seconds) of a table the public list may show; ``None`` for a
        private table or one this lobby does not know."""
        async with self._pool.connection() as conn:
            cur = await conn.execute(
                "SELECT private, spectator_delay_seconds FROM tables WHERE id = %s", (table_id,)
            )
            row = await cur.fetchone()
        if row is None or row["private"]:
            return None
        return int(row["spectator_delay_seconds"])

    async def mark_ended(self, table_id: str, status: str) -> bool:
        """Record that the engine finished or aborted a table (idempotent)."""
        async with self._pool.connection() as conn:
            cur = await conn.execute(
                "UPDATE tables SET status = %s, ended_at = now()"
                " WHERE id = %s AND status = 'started'",
                (status, table_id),
            )
        self.cache.invalidate()
        return cur.rowcount == 1

    # -------------------------------------------------------------- helpers
    async def _lock(self, conn: AsyncConnection, table_id: str) -> Table:
        # Lock first, read after: a statement that waited for the lock still sees the seats as
        # they were when it began, so the seats must be read by a new statement.
        cur = await conn.execute("SELECT id FROM tables WHERE id = %s FOR UPDATE", (table_id,))
        if await cur.fetchone() is None:
            raise NotFound(f"there is no table {table_id!r}", code="no_such_table")
        return await self.get(table_id, conn)

    async def _seat(
        self, conn: AsyncConnection, table_id: str, seat: int, account_id: str | None, name: str
    ) -> None:
        try:
            await conn.execute(
                "INSERT INTO seats (table_id, seat, account_id, bot, name) VALUES (%s,%s,%s,%s,%s)",
                (table_id, seat, account_id, account_id is None, name),
            )
        except errors.UniqueViolation:
            # Unreachable while the table row is locked; if it ever happens, the whole
            # transaction rolls back and the player gets a clear answer, not a 500.
            raise Conflict(f"seat {seat} was just taken; try again", code="seat_taken") from None

    async def _start_locked(self, conn: AsyncConnection, table: Table) -> Table:
        if table.free_seats():
            free = len(table.free_seats())
            raise Conflict(
                f"the table has {free} empty seat{'s' if free > 1 else ''}; "
                "add bots or wait for players",
                code="seats_empty",
            )
        seats = [SeatAssignment(s.seat, s.player_id, s.name, s.bot) for s in table.seats]
        try:
            commitment = await self.engine.create_table(
                table.id, table.row["game"], dict(table.row["options"]), seats, table.settings()
            )
        except EngineError as err:
            raise EngineUnavailable(str(err)) from None
        await conn.execute(
            "UPDATE tables SET status = 'started', seed_commitment = %s, started_at = now()"
            " WHERE id = %s",
            (commitment, table.id),
        )
        log.info("table_started", table_id=table.id, game=table.row["game"], seats=len(seats))
        return await self.get(table.id, conn)

    @staticmethod
    def _must_be_open(table: Table) -> None:
        if table.status != "open":
            raise Conflict(
                f"the table is {table.status}; seats change only before it starts",
                code="not_open",
            )

    @staticmethod
    def _must_manage(table: Table, who: Claims, what: str) -> None:
        if not _may_manage(table, who):
            raise Forbidden(
                f"only the table's owner or an operator may {what}", code="not_table_owner"
            )

    @staticmethod
    def _pick_seat(table: Table, seat: int | None) -> int:
        free = table.free_seats()
        if not free:
            raise Conflict("the table is full", code="table_full")
        if seat is None:
            return free[0]
        if seat >= table.players:
            raise InvalidField(
                ("body", "seat"),
                f"this table has seats 0 to {table.players - 1}; got {seat}",
                f"0 to {table.players - 1}",
                seat,
            )
        if seat not in free:
            raise Conflict(f"seat {seat} is taken", code="seat_taken")
        return seat

    async def _announce_seats(self, table: Table) -> None:
        changes = ["table.seats_changed"] + ([] if table.free_seats() else ["table.filled"])
        await self._announce(changes, table)

    async def _announce(self, changes: str | list[str], table: Table) -> None:
        self.cache.invalidate()
        if table.row["private"]:
            return
        summary = table.public().model_dump(mode="json", exclude={"invite_code"})
        changes = [changes] if isinstance(changes, str) else changes
        await feed.publish(self._redis, self._prefix, changes, summary, self._feed_max)
