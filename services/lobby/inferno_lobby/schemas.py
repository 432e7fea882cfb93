"""The lobby's request and response bodies, in families: Base, Create, Public.

Field limits here are the first line of defence (FastAPI answers 422 before any code runs);
game-specific checks (options, seat counts) come from the rules registry in :mod:`.tables`.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from inferno_rules import all_games

Username = Field(
    min_length=3,
    max_length=32,
    pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$",
    description="3–32 letters, digits, '_', '.', '-', starting with a letter or digit.",
    examples=["beatrice"],
)
DisplayName = Field(
    default=None,
    min_length=1,
    max_length=40,
    pattern=r"^[^\x00-\x1f\x7f]*[^\s\x00-\x1f\x7f][^\x00-\x1f\x7f]*$",
    description="The name other players see; no control characters.",
    examples=["Beatrice"],
)
OPTION_NAME_CHARS, OPTION_VALUE_CHARS = 40, 64
#: An option's value; strings are short (the longest choice any game has is a word or two).
OptionValue = (
    bool | Annotated[int, Field(ge=-(2**31), le=2**31 - 1)] | Annotated[str, Field(max_length=64)]
)
#: An option's name as the rules spell it (ORDER, DEAL_INTERVAL_MS).
OptionName = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_]+$")]
#: No control characters (PostgreSQL text cannot hold NUL, and names must print).
PRINTABLE = r"^[^\x00-\x1f\x7f]*$"
GAME_NAME = r"^[a-z0-9_]+$"
#: The games a table or a queue may be for, as the OpenAPI document lists them.
GAMES = {"enum": sorted(all_games())}


class Problem(BaseModel):
    """Why a request was refused."""

    detail: str = Field(examples=["the username 'beatrice' is taken"])
    code: str = Field(examples=["username_taken"])


class Unreadable(BaseModel):
    """The request body is not JSON (or not UTF-8)."""

    detail: str = Field(examples=["There was an error parsing the body"])
    code: str = Field(default="unreadable", examples=["unreadable"])


# ------------------------------------------------------------------ accounts
class AccountBase(BaseModel):
    username: str = Username


class AccountCreate(AccountBase):
    model_config = ConfigDict(
        strict=True,
        json_schema_extra={
            "examples": [{"username": "beatrice", "password": "paradiso-33", "display_name": "Bea"}]
        },
    )
    password: str = Field(min_length=8, max_length=128, examples=["paradiso-33"])
    display_name: str | None = DisplayName


class LogIn(BaseModel):
    model_config = ConfigDict(
        strict=True,
        json_schema_extra={"examples": [{"username": "beatrice", "password": "paradiso-33"}]},
    )
    username: str = Field(min_length=1, max_length=64, pattern=PRINTABLE)
    password: str = Field(min_length=1, max_length=128)


class GuestCreate(BaseModel):
    model_config = ConfigDict(
        strict=True, json_schema_extra={"examples": [{"display_name": "Virgil"}]}
    )
    display_name: str | None = DisplayName


class Refresh(BaseModel):
    model_config = ConfigDict(strict=True)
    refresh_token: str = Field(min_length=1, max_length=4096, pattern=r"^[A-Za-z0-9_.=-]+$")


class AccountPublic(AccountBase):
    username: str
    id: str = Field(examples=["6f1c2b9e-3f0a-4c2e-9a53-2f8f3f0d9c11"])
    display_name: str
    role: Literal["player", "operator"]
    guest: bool


class TokensPublic(BaseModel):
    """Bearer tokens: ``access_token`` for the lobby and the engine, ``refresh_token`` to
    get a new pair when it expires."""

    access_token: str
    refresh_token: str
    token_type: Literal["bearer"] = "bearer"
    expires_in: int = Field(description="Seconds until the access token expires.", examples=[900])
    account: AccountPublic


# ------------------------------------------------------------------ tables
class ClockSettings(BaseModel):
    """Time per decision, a bank to draw on when it runs out, and a bonus per decision."""

    model_config = ConfigDict(strict=True)

    decision_seconds: int = Field(default=30, ge=1, le=3600)
    time_bank_seconds: int = Field(default=120, ge=0, le=36000)
    increment_seconds: int = Field(default=0, ge=0, le=600)


class TableBase(BaseModel):
    game: str = Field(
        min_length=1,
        max_length=40,
        pattern=GAME_NAME,
        examples=["oh_hell"],
        json_schema_extra=GAMES,
    )
    players: int = Field(ge=1, le=16, examples=[4], description="Seats at the table.")
    options: dict[OptionName, OptionValue] = Field(
        default_factory=dict,
        max_length=32,
        description="The game's options (see GET /games); missing ones take their default.",
        examples=[{"ORDER": "DESC", "HOOK": True}],
    )
    clock: ClockSettings = Field(default_factory=ClockSettings)
    spectator_delay_seconds: int = Field(default=0, ge=0, le=3600)
    private: bool = Field(
        default=False, description="Private tables are unlisted and joined by invite code."
    )

    @field_validator("options", mode="before")
    @classmethod
    def _short_options(cls, value: Any) -> Any:
        # One clear error per bad option, before the union of value types would give three.
        if isinstance(value, dict):
            for name, option in value.items():
                if isinstance(name, str) and len(name) > OPTION_NAME_CHARS:
                    raise ValueError(
                        f"option names have at most {OPTION_NAME_CHARS} characters; "
                        f"got one of {len(name)}"
                    )
                if isinstance(option, str) and len(option) > OPTION_VALUE_CHARS:
                    raise ValueError(
                        f"option {name} takes at most {OPTION_VALUE_CHARS} characters; "
                        f"got {len(option)}"
                    )
        return value


class TableCreate(TableBase):
    model_config = ConfigDict(
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "game": "oh_hell",
                    "players": 4,
                    "options": {"ORDER": "DESC", "HOOK": True},
                    "clock": {"decision_seconds": 30, "time_bank_seconds": 120},
                    "spectator_delay_seconds": 10,
                    "private": False,
                }
            ]
        },
    )
    take_seat: bool = Field(default=True, description="Seat the creator at seat 0.")


class SeatPublic(BaseModel):
    seat: int
    player_id: str
    name: str
    bot: bool


TableStatus = Literal["open", "started", "finished", "aborted", "closed"]


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class TablePublic(TableBase):
    id: str
    status: TableStatus
    owner_id: str | None
    seats: list[SeatPublic]
    open_seats: int
    quick_play: bool
    seed_commitment: str | None = Field(
        description="SHA-256 of the table's seed, published by the engine when it starts."
    )
    invite_code: str | None = Field(
        default=None, description="Shown to the owner and seated players of a private table."
    )
    created_at: int = Field(description="Milliseconds since the Unix epoch.")
    started_at: int | None = Field(default=None, description="Milliseconds since the Unix epoch.")

    @field_validator("created_at", "started_at", mode="before")
    @classmethod
    def _epoch_ms(cls, value: Any) -> Any:
        # Every time the platform sends is ms since the epoch (scoring, the engine, the bus);
        # the database gives datetimes (or, inside JSON, their ISO text).
        if isinstance(value, str):
            value = datetime.fromisoformat(value)
        if isinstance(value, datetime):  # exact, floored like the list's SQL
            return (value - EPOCH) // timedelta(milliseconds=1)
        return value


class TablesPublic(BaseModel):
    data: list[TablePublic]
    count: int


class SeatRequest(BaseModel):
    model_config = ConfigDict(
        strict=True, json_schema_extra={"examples": [{"seat": 2}, {"invite_code": "x"}]}
    )
    seat: int | None = Field(default=None, ge=0, le=15, description="Any free seat if absent.")
    invite_code: str | None = Field(default=None, max_length=64, pattern=r"^[A-Za-z0-9_-]*$")


class BotCreate(BaseModel):
    model_config = ConfigDict(strict=True)
    name: str | None = DisplayName


class SpectatorTokenPublic(BaseModel):
    token: str
    table_id: str
    delay_seconds: int = Field(description="The engine shows spectators the table this late.")
    expires_in: int


# ------------------------------------------------------------------ games
class OptionPublic(BaseModel):
    name: str
    kind: Literal["bool", "int", "enum"]
    default: OptionValue
    allowed: str
    description: str
    choices: list[str] = []


class GamePublic(BaseModel):
    name: str = Field(examples=["oh_hell"])
    display_name: str
    min_players: int
    max_players: int
    engine_address: str | None = Field(
        default=None,
        description="Where this game's tables live: the host:port of the engine's gRPC API "
        "(games can have engines of their own). Null when no engine is connected.",
    )
    options: list[OptionPublic]


# ------------------------------------------------------------------ quick play
class QuickPlayRequest(BaseModel):
    model_config = ConfigDict(
        strict=True, json_schema_extra={"examples": [{"game": "oh_hell", "players": 4}]}
    )
    game: str = Field(min_length=1, max_length=40, pattern=GAME_NAME, json_schema_extra=GAMES)
    players: int = Field(ge=1, le=16)


class QuickPlayTicket(BaseModel):
    status: Literal["waiting", "seated"]
    game: str
    players: int
    waiting_since: int = Field(description="Milliseconds since the Unix epoch.")
    table_id: str | None = None


# ------------------------------------------------------------------ health
class Health(BaseModel):
    status: Literal["ok", "unavailable"]
    checks: dict[str, str] = {}
