"""The engine's settings, read once from ``INFERNO_*`` environment variables.

The engine refuses to start without a token key: a deployment that forgot it must fail at once
rather than accept every token or none.
"""

from __future__ import annotations

from functools import cached_property

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from inferno_rules import all_games


class Settings(BaseSettings):
    """Environment: ``INFERNO_REDIS_URL``, ``INFERNO_REDIS_PREFIX``, ``INFERNO_ENGINE_PORT``,
    ``INFERNO_ENGINE_GAMES`` (comma-separated, empty = every game), ``INFERNO_TOKEN_KEY``
    (shared secret, or the public key for RS256/ES256), ``INFERNO_TOKEN_ALGORITHMS``,
    ``INFERNO_ENGINE_METRICS_PORT`` (0 = no metrics endpoint), ``INFERNO_ENGINE_GRACE_SECONDS``,
    ``INFERNO_REDIS_CONNECTIONS`` (pool for moves and reads), ``INFERNO_REDIS_FOLLOWER_CONNECTIONS``
    (one per followed table waiting for news: a process reads each table once for all its
    followers), ``INFERNO_PRESENCE_TTL_SECONDS`` (a seat's open stream counts as connected this
    long after its engine last vouched for it; an engine vouches every third of it).
    """

    model_config = SettingsConfigDict(env_prefix="INFERNO_", extra="ignore")

    redis_url: str = "redis://127.0.0.1:6379/0"
    redis_prefix: str = "inferno:"
    redis_connections: int = Field(default=64, ge=1)
    redis_follower_connections: int = Field(default=5000, ge=1)
    engine_host: str = "[::]"
    engine_port: int = Field(default=50051, ge=0, le=65535)
    engine_games: str = ""
    token_key: str = Field(min_length=1)
    token_algorithms: str = "HS256"
    engine_metrics_port: int = Field(default=0, ge=0, le=65535)
    #: The address /metrics listens on (``make run`` keeps every listener on 127.0.0.1).
    engine_metrics_host: str = "0.0.0.0"
    engine_grace_seconds: float = Field(default=10.0, ge=0)
    log_level: str = "INFO"
    presence_ttl_seconds: float = Field(default=30.0, gt=0, le=3600)
    #: A seat's connect or disconnect less than this after its last announcement is announced
    #: only then, as the seat's streams stand at that moment (0 = every change at once).
    presence_debounce_seconds: float = Field(default=2.0, ge=0, le=60)

    @field_validator("engine_games")
    @classmethod
    def _known_games(cls, value: str) -> str:
        known = all_games()
        for name in _split(value):
            if name not in known:
                raise ValueError(f"unknown game {name!r}; the games are: {', '.join(known)}")
        return value

    @cached_property
    def games(self) -> frozenset[str]:
        """The games this deployment serves."""
        return frozenset(_split(self.engine_games) or all_games())

    @cached_property
    def algorithms(self) -> tuple[str, ...]:
        return tuple(_split(self.token_algorithms))


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]
