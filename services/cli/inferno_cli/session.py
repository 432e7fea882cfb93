"""Where the ``inferno`` client remembers who is signed in, between commands.

One JSON file (``~/.config/inferno/session.json``, or ``INFERNO_SESSION`` / ``--session``)
holds the lobby, engine and scoring addresses and the account's tokens, readable by its owner
only. The addresses are kept at sign-in (the engine's as the lobby publishes it), so later
commands need no ``--lobby`` / ``--engine`` / ``--scoring``; a flag or environment variable
still wins over what the file remembers.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path


def default_path() -> Path:
    if os.environ.get("INFERNO_SESSION"):
        return Path(os.environ["INFERNO_SESSION"])
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "inferno" / "session.json"


@dataclass
class Session:
    username: str = ""
    account_id: str = ""
    access_token: str = ""
    refresh_token: str = ""
    lobby: str = ""
    engine: str = ""
    scoring: str = ""

    @classmethod
    def load(cls, path: Path) -> Session:
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            return cls()
        return cls(**{k: str(data.get(k, "")) for k in asdict(cls())})

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(mode=0o600, exist_ok=True)
        path.chmod(0o600)  # the tokens are as good as the password for a while
        path.write_text(json.dumps(asdict(self), indent=2) + "\n")

    def take(self, tokens: dict[str, object]) -> None:
        """Keep the tokens and account of a lobby ``TokensPublic`` answer."""
        account = tokens["account"]
        assert isinstance(account, dict)
        self.username = str(account["username"])
        self.account_id = str(account["id"])
        self.access_token = str(tokens["access_token"])
        self.refresh_token = str(tokens["refresh_token"])
