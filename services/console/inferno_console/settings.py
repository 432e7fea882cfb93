"""The console's one Settings object, read from ``INFERNO_*`` environment variables.

Created once at start. Outside local development it refuses the built-in token key, as the
lobby does, and insists on secure cookies.
"""

from __future__ import annotations

from typing import Self

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

#: Only for local development and tests (the lobby's default, so the two agree out of the box).
DEFAULT_TOKEN_KEY = "inferno-local-development-key-not-for-production"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="INFERNO_", extra="ignore", populate_by_name=True)

    env: str = "local"
    redis_url: str = "redis://127.0.0.1:6379/0"
    redis_prefix: str = "inferno:"
    host: str = Field(default="127.0.0.1", validation_alias="INFERNO_CONSOLE_HOST")
    port: int = Field(default=8002, validation_alias="INFERNO_CONSOLE_PORT")

    # The key the lobby signs tokens with: the console checks that a sign-in is an operator's.
    token_key: str = DEFAULT_TOKEN_KEY
    token_algorithm: str = "HS256"

    lobby_url: str = "http://127.0.0.1:8000"
    engine_address: str = "127.0.0.1:50051"
    # Health page: where each service answers. Empty = not deployed here (shown as such).
    scoring_url: str = "http://127.0.0.1:8001"
    engine_metrics_url: str = "http://127.0.0.1:9101/metrics"
    worker_metrics_url: str = "http://127.0.0.1:9102"
    dispatcher_metrics_url: str = "http://127.0.0.1:9103"

    # An operator's session lasts this long without use; the engine token inside it is renewed
    # through the lobby (which re-reads the account, so a withdrawn operator is out within
    # the access token's life).
    session_idle_seconds: int = Field(default=8 * 3600, ge=60)
    # Cookies marked Secure (HTTPS only); off for local development on plain HTTP.
    secure_cookies: bool = False

    # How often the health page samples the services, and how many samples it keeps (1 h).
    health_every_seconds: float = Field(default=10.0, gt=0)
    health_samples: int = Field(default=360, ge=2)
    # A live table with no change for this long counts as stuck (the list's default filter).
    stuck_minutes: float = Field(default=5.0, gt=0)
    # Live list pushes are gathered for this long, then sent as one message per page.
    push_every_seconds: float = Field(default=0.25, gt=0)
    # The live list is saved to Redis this often, so a restart reads the bus from there on.
    live_snapshot_seconds: float = Field(default=30.0, gt=0)
    log_level: str = "INFO"

    @model_validator(mode="after")
    def _no_default_secret(self) -> Self:
        if self.env != "local" and self.token_key == DEFAULT_TOKEN_KEY:
            raise ValueError(
                "INFERNO_TOKEN_KEY is the built-in development key; set the deployment's key"
            )
        if self.env != "local" and not self.secure_cookies:
            raise ValueError("outside local development set INFERNO_SECURE_COOKIES=true (HTTPS)")
        return self
