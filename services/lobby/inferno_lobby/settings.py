"""The lobby's one Settings object, read from ``INFERNO_*`` environment variables.

Created once at start. Outside local development (``INFERNO_ENV`` other than ``local``) it
refuses to start with the built-in token key, so a deployment can never sign tokens with a
secret that is published in this repository.
"""

from __future__ import annotations

from typing import Self

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

#: Only for local development and tests; refused anywhere else (see ``_no_default_secret``).
DEFAULT_TOKEN_KEY = "inferno-local-development-key-not-for-production"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="INFERNO_", extra="ignore")

    env: str = "local"
    database_url: str = "postgresql://postgres@127.0.0.1:5432/postgres"
    db_schema: str = Field(default="lobby", pattern=r"^[a-z_][a-z0-9_]*$")
    db_pool_size: int = Field(default=10, ge=1)
    redis_url: str = "redis://127.0.0.1:6379/0"
    redis_prefix: str = "inferno:"
    host: str = "127.0.0.1"
    # True when a proxy we trust (the ingress) adds X-Forwarded-For; then rate limits count
    # by the address it reports instead of the proxy's own.
    behind_proxy: bool = False
    port: int = 8000

    token_key: str = DEFAULT_TOKEN_KEY
    token_algorithm: str = "HS256"
    access_token_ttl_seconds: int = Field(default=900, ge=1)
    refresh_token_ttl_seconds: int = Field(default=30 * 24 * 3600, ge=1)
    spectator_token_ttl_seconds: int = Field(default=4 * 3600, ge=1)

    # argon2id cost; the defaults are argon2-cffi's (RFC 9106 low-memory profile).
    password_time_cost: int = Field(default=3, ge=1)
    password_memory_kib: int = Field(default=65536, ge=8)

    # Fixed-window rate limits: at most N attempts per window, per account and per address.
    rate_window_seconds: int = Field(default=60, ge=1)
    # Log-in attempts count per (account, address) pair, so a stranger guessing from elsewhere
    # never locks the owner out, and per address alone, looser (one address trying many
    # accounts).
    login_limit: int = Field(default=10, ge=1)
    login_address_limit: int = Field(default=50, ge=1)
    signup_limit: int = Field(default=5, ge=1)
    table_create_limit: int = Field(default=20, ge=1)

    # Quick play: how long a lone human waits for others before bots fill the table.
    quickplay_bot_wait_seconds: float = Field(default=20.0, ge=0)
    quickplay_sweep_seconds: float = Field(default=1.0, gt=0)

    # Table-list pages are cached this long at most (emptied by any change; 0 turns it off).
    list_cache_seconds: float = Field(default=2.0, ge=0)

    # The engine: its gRPC address (empty: no engine, starting a table answers 503), and per-game
    # deployments as "game=host:port,…" for games served by engines of their own.
    engine_address: str = ""
    engine_addresses: str = ""
    engine_timeout_seconds: float = Field(default=5.0, gt=0)
    # Timeouts in a row after which the worker hands a seat of a lobby table to a bot; sent with
    # every table so players' apps can warn before it happens (0: the worker's default, unshown).
    hand_over_after: int = Field(default=3, ge=0, le=100)

    # Scoring's read API, for rating-aware quick play (empty: match by waiting time only).
    scoring_url: str = ""

    # The live feed keeps this many recent lobby changes.
    feed_max_length: int = Field(default=10_000, ge=100)

    @field_validator("engine_addresses")
    @classmethod
    def _engine_addresses(cls, value: str) -> str:
        from .engine_grpc import parse_addresses

        parse_addresses(value)  # fail at start, naming the bad item
        return value

    @model_validator(mode="after")
    def _no_default_secret(self) -> Self:
        if self.env != "local" and self.token_key == DEFAULT_TOKEN_KEY:
            raise ValueError(
                "INFERNO_TOKEN_KEY must be set to a secret of your own outside local "
                f"development (INFERNO_ENV is {self.env!r})"
            )
        if self.token_algorithm.startswith("HS") and len(self.token_key) < 32:
            raise ValueError("INFERNO_TOKEN_KEY must be at least 32 characters for HMAC signing")
        return self
